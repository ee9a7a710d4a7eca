#!/bin/sh
# CPU speed of the schedules a user can click (bench/cpu-speed/KERNEL.ls;
# KERNEL.avx2.ls instead on a machine without AVX-512, where present;
# KERNEL.openmp.ls, where present, for the OpenMP target alone),
# emitted through the OpenMP target and through the Halide target (Halide's
# LLVM back-end), side by side with the original built by gcc -O3
# -march=native, by clang's Polly (-O3 -mllvm -polly -mllvm -polly-parallel)
# and, for gemm, OpenBLAS's dgemm; PolyBench stand-in, one run of everything.
# Every build may fuse multiply-adds into FMAs (gcc and clang with
# -march=native do; the Halide target with --fp-contract), none reassociates.
#
#   bench/cpu_speed.sh [BUILD_DIR] [DATASET] [THREADS] [KERNELS...]
#   e.g. bench/cpu_speed.sh build LARGE 2 gemm jacobi-2d
#
# Prints one line per kernel: seconds (POLYBENCH_TIME: the region alone; best
# of RUNS=3) and, in brackets, the speed-up over gcc -O3. OpenBLAS needs
# libopenblas-dev (apt-get install libopenblas-dev; not a build dependency);
# "n/a" when it is absent.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
dataset=${2:-LARGE}
threads=${3:-2}
[ $# -ge 3 ] && shift 3 || shift $#
kernels=${*:-"gemm 2mm jacobi-2d heat-3d seidel-2d covariance"}
runs=${RUNS:-3}
cli="$build/app/loopscape-cli"
poly="$root/tests/data/polybench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS="$threads" OPENBLAS_NUM_THREADS="$threads" HL_NUM_THREADS="$threads"

path_of() {
  case "$1" in
    gemm) echo linear-algebra/blas/gemm ;;
    2mm) echo linear-algebra/kernels/2mm ;;
    covariance) echo datamining/covariance ;;
    *) echo "stencils/$1" ;;
  esac
}

best() {  # best POLYBENCH_TIME of $runs runs of program $1
  b=""
  for _ in $(seq "$runs"); do
    t=$("$1" 2>/dev/null | tail -n 1)
    b=$(printf '%s\n%s\n' "$t" "$b" | grep . | sort -g | head -n 1)
  done
  echo "$b"
}

ratio() {  # "t (x)" with x = base / t
  if [ "$2" = n/a ]; then echo n/a; else awk -v b="$1" -v t="$2" 'BEGIN { printf "%s (%.2fx)", t, b / t }'; fi
}

polly_ok=1
echo 'int main(void){return 0;}' > "$work/p.c"
clang-14 -O3 -mllvm -polly -mllvm -polly-parallel "$work/p.c" -o "$work/p" 2>/dev/null || polly_ok=0
blas_ok=1
echo "int main(void){return 0;}" | gcc -x c - -o "$work/b" -lopenblas 2>/dev/null || blas_ok=0

printf '%-11s %-7s %10s %18s %18s %18s %18s\n' kernel dataset gcc-O3 polly openmp halide openblas
for k in $kernels; do
  dir="$poly/$(path_of "$k")"
  src="$dir/$k.c"
  script="$root/bench/cpu-speed/$k.ls"
  # Register blocks are sized for the vector registers: 32 of 8 doubles with AVX-512, 16 of 4 with AVX2.
  if ! grep -q avx512f /proc/cpuinfo && [ -e "$root/bench/cpu-speed/$k.avx2.ls" ]; then
    script="$root/bench/cpu-speed/$k.avx2.ls"
  fi
  omp_script="$script"  # KERNEL.openmp.ls, when present, is the OpenMP target's own choice
  [ -e "$root/bench/cpu-speed/$k.openmp.ls" ] && omp_script="$root/bench/cpu-speed/$k.openmp.ls"
  flags="-I $poly/utilities -I $dir -D${dataset}_DATASET -DPOLYBENCH_TIME"
  "$cli" emit "$src" -I "$poly/utilities" -D"${dataset}_DATASET" --target openmp --script "$omp_script" -o "$work/$k.omp.c"
  # --fp-contract: Halide may fuse FMAs as gcc -march=native does for the others.
  "$cli" emit "$src" -I "$poly/utilities" -D"${dataset}_DATASET" --target halide --fp-contract --script "$script" \
    -o "$work/$k.hl.c" 2>/dev/null
  # shellcheck disable=SC2086
  gcc -O3 -march=native $flags "$src" "$poly/utilities/polybench.c" -o "$work/$k.gcc" -lm
  # shellcheck disable=SC2086
  gcc -O3 -march=native -fopenmp $flags "$work/$k.omp.c" "$poly/utilities/polybench.c" -o "$work/$k.omp" -lm
  # shellcheck disable=SC2086
  gcc -O3 -march=native $flags "$work/$k.hl.c" "$work/$k.hl.halide.o" "$poly/utilities/polybench.c" \
    -o "$work/$k.hl" -lm -lpthread -ldl
  g=$(best "$work/$k.gcc")
  p=n/a
  if [ "$polly_ok" = 1 ]; then
    # shellcheck disable=SC2086
    clang-14 -O3 -march=native -mllvm -polly -mllvm -polly-parallel $flags "$src" "$poly/utilities/polybench.c" \
      -o "$work/$k.polly" -lm -lgomp && p=$(best "$work/$k.polly")
  fi
  b=n/a
  if [ "$k" = gemm ] && [ "$blas_ok" = 1 ]; then
    # shellcheck disable=SC2086
    gcc -O3 -march=native $flags "$root/bench/cpu-speed/openblas_gemm.c" -o "$work/blas" -lopenblas && b=$(best "$work/blas")
  fi
  printf '%-11s %-7s %10s %18s %18s %18s %18s\n' "$k" "$dataset" "$g" "$(ratio "$g" "$p")" \
    "$(ratio "$g" "$(best "$work/$k.omp")")" "$(ratio "$g" "$(best "$work/$k.hl")")" "$(ratio "$g" "$b")"
done

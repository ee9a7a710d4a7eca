#!/bin/sh
# Run time of the time-tiled stencils (samples/scripts/time_tiling) against the
# original compiled by gcc -O3 -march=native and by clang's Polly
# (-O3 -mllvm -polly -mllvm -polly-parallel), on the PolyBench stand-in.
#
#   bench/time_tiling.sh [BUILD_DIR] [DATASET] [THREADS] [KERNELS...]
#   e.g. bench/time_tiling.sh build LARGE 2 jacobi-2d heat-3d
#
# Prints one line per kernel: seconds (POLYBENCH_TIME, best of RUNS=3) of the
# original with gcc, with Polly, and of the emitted OpenMP program with gcc.
# SCRIPTS=DIR times DIR/KERNEL.ls instead (e.g. scripts written by
# `loopscape-cli autoschedule`).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
dataset=${2:-LARGE}
threads=${3:-2}
[ $# -ge 3 ] && shift 3 || shift $#
kernels=${*:-"jacobi-1d jacobi-2d heat-3d seidel-2d fdtd-2d"}
runs=${RUNS:-3}
scripts=${SCRIPTS:-$root/samples/scripts/time_tiling}
cli="$build/app/loopscape-cli"
poly="$root/tests/data/polybench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS="$threads"

best() {  # best POLYBENCH_TIME of $runs runs of program $1
  b=""
  for _ in $(seq "$runs"); do
    t=$("$1" 2>/dev/null | tail -n 1)
    b=$(printf '%s\n%s\n' "$t" "$b" | grep . | sort -g | head -n 1)
  done
  echo "$b"
}

polly_ok=1
echo 'int main(void){return 0;}' > "$work/p.c"
clang-14 -O3 -mllvm -polly -mllvm -polly-parallel "$work/p.c" -o "$work/p" 2>/dev/null || polly_ok=0

printf '%-10s %-7s %10s %10s %10s\n' kernel dataset gcc-O3 polly tiled
for k in $kernels; do
  src="$poly/stencils/$k/$k.c"
  flags="-I $poly/utilities -I $poly/stencils/$k -D${dataset}_DATASET -DPOLYBENCH_TIME"
  "$cli" emit "$src" "$poly/utilities/polybench.c" -I "$poly/utilities" --target openmp \
    --script "$scripts/$k.ls" -o "$work/$k.tiled.c"
  # shellcheck disable=SC2086
  gcc -O3 -march=native $flags "$src" "$poly/utilities/polybench.c" -o "$work/$k.gcc" -lm
  # shellcheck disable=SC2086
  gcc -O3 -march=native -fopenmp $flags "$work/$k.tiled.c" "$poly/utilities/polybench.c" -o "$work/$k.tiled" -lm
  p=n/a
  if [ "$polly_ok" = 1 ]; then
    # shellcheck disable=SC2086
    clang-14 -O3 -march=native -mllvm -polly -mllvm -polly-parallel $flags "$src" "$poly/utilities/polybench.c" \
      -o "$work/$k.polly" -lm -lgomp && p=$(best "$work/$k.polly")
  fi
  printf '%-10s %-7s %10s %10s %10s\n' "$k" "$dataset" "$(best "$work/$k.gcc")" "$p" "$(best "$work/$k.tiled")"
done

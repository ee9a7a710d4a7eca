#!/bin/sh
# Run time of what a user gets without expert clicks, on the 30 kernels of
# the PolyBench/C stand-in (tests/data/polybench): the original built with
# gcc -O3 -march=native (1 thread), clang-14's Polly, and the OpenMP target's
# code for the default schedule (`emit --target openmp`, no command), for
# the automatic schedule (`autoschedule`, replayed) and for the measured one
# (`autoschedule --tune` at the kernel's dataset, replayed), each built with
# gcc -O3 -march=native -fopenmp and run on THREADS threads. TUNE=0 leaves
# the tuned column out (it builds and runs every candidate: about half the
# script's time).
#
#   bench/polybench_speed.sh [BUILD_DIR] [THREADS] [KERNELS...]
#   e.g. bench/polybench_speed.sh build 2 atax durbin jacobi-1d
#
# Each kernel runs at the dataset of issue 26's table (LARGE; EXTRALARGE for
# the kernels that take milliseconds at LARGE; MEDIUM for floyd-warshall,
# adi and seidel-2d). Prints seconds (POLYBENCH_TIME: the region alone, best
# of RUNS=2) and speed-ups over gcc -O3, then the geometric means and the
# number of kernels below 0.95x. Every variant also runs with
# POLYBENCH_DUMP_ARRAYS at MINI size and is compared with the original's
# output (both built with -ffp-contract=off, so a difference is a wrong
# result, not an FMA that rounds otherwise); a difference is printed as
# DIFFERS (for Polly: its speed-up with a `*`, as Polly may contract and
# reorder floating-point operations).
# Polly: clang-14 -O3 -march=native -mllvm -polly -mllvm -polly-parallel
# (Polly's own defaults otherwise); "n/a" when clang-14 or Polly is missing.
#
# PEERS=1 adds Halide 14's own autoschedulers (hl-mull: Mullapudi2016;
# hl-adams: Adams2019 with its built-in weights; hl-li: Li2018; Debian's
# libhalide14-0 ships them) on the
# kernels Halide expresses, and OpenBLAS's dgemm for gemm (libopenblas-dev).
# The Halide pipelines are bench/halide-peers/halide_peers.cpp, built here
# as the loopscape-halide-peers target, run on THREADS threads; their MINI
# output is compared with the original's up to the last printed digit (Halide
# turns a division by a constant into a multiplication). The default kernel
# list is then those six: gemm 2mm jacobi-2d heat-3d, and two image kernels,
# blur and conv3x3 (bench/halide-peers/NAME/NAME.c, PolyBench style).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
threads=${2:-2}
[ $# -ge 2 ] && shift 2 || shift $#
runs=${RUNS:-2}
tune=${TUNE:-1}
peers=${PEERS:-0}
export OPENBLAS_NUM_THREADS="$threads"
cli="$build/app/loopscape-cli"
poly="$root/tests/data/polybench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# blur's temporary T is 200 MB on the stack at LARGE (bench/halide-peers/blur/blur.c).
ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)"

dataset_of() {
  case "$1" in
    gemver|gesummv|atax|bicg|mvt|durbin|trisolv|jacobi-1d) echo EXTRALARGE ;;
    floyd-warshall|adi|seidel-2d) echo MEDIUM ;;
    *) echo LARGE ;;
  esac
}

best() {  # best POLYBENCH_TIME of $runs runs of program $1
  b=""
  for _ in $(seq "$runs"); do
    t=$(OMP_NUM_THREADS="$2" timeout 300 "$1" 2>/dev/null | tail -n 1) || t=""
    b=$(printf '%s\n%s\n' "$t" "$b" | grep . | sort -g | head -n 1)
  done
  echo "${b:-fail}"
}

speedup() {  # base / t, or the reason there is none
  case "$2" in
    n/a|fail|DIFFERS|-) echo "$2" ;;
    *) awk -v b="$1" -v t="$2" 'BEGIN { printf "%.2fx", b / t }' ;;
  esac
}

same_output() {  # $1 $2: programs built with -DMINI_DATASET -DPOLYBENCH_DUMP_ARRAYS
  "$1" 2>"$work/want" >/dev/null && "$2" 2>"$work/got" >/dev/null &&
    cmp -s "$work/want" "$work/got"
}

source_of() {  # a PolyBench kernel, or an image kernel of the peers' benchmark
  rel=$(grep "/$1/$1.c\$" "$poly/kernels.txt" || :)
  if [ -n "$rel" ]; then echo "$poly/$rel"; else echo "$root/bench/halide-peers/$1/$1.c"; fi
}

polly_ok=1
echo 'int main(void){return 0;}' > "$work/p.c"
clang-14 -O3 -mllvm -polly -mllvm -polly-parallel "$work/p.c" -o "$work/p" 2>/dev/null || polly_ok=0

peer_columns=""
if [ "$peers" = 1 ]; then
  peer_columns="hl-mull hl-adams hl-li openblas"
  peer_program="$build/bench/loopscape-halide-peers"
  cmake --build "$build" --target loopscape-halide-peers >"$work/peers.build" 2>&1 || peer_program=""
  blas_ok=1
  echo 'int main(void){return 0;}' | gcc -x c - -o "$work/b" -lopenblas 2>/dev/null || blas_ok=0
  default_kernels="gemm 2mm jacobi-2d heat-3d blur conv3x3"
else
  default_kernels=$(sed 's|.*/||; s|\.c$||' "$poly/kernels.txt")
fi

peer_time() {  # $1 kernel, $2 dataset, $3 column: seconds, or why there are none
  case "$3" in
    hl-mull) scheduler=Mullapudi2016 ;;
    hl-adams) scheduler=Adams2019 ;;
    hl-li) scheduler=Li2018 ;;
  esac
  if [ "$3" = openblas ]; then
    if [ "$1" != gemm ]; then echo -
    elif [ "$blas_ok" = 0 ]; then echo n/a
    else
      # shellcheck disable=SC2086
      gcc -O3 -march=native -I "$poly/utilities" -I "$dir" -D"$2_DATASET" "$root/bench/cpu-speed/openblas_gemm.c" \
        -o "$work/blas" -lopenblas && best "$work/blas" "$threads"
    fi
    return
  fi
  case "$1" in gemm|2mm|jacobi-2d|heat-3d|blur|conv3x3) ;; *) echo -; return ;; esac
  [ -n "$peer_program" ] || { echo n/a; return; }
  if ! LOOPSCAPE_DUMP="$work/$1.$3.dump" HL_NUM_THREADS="$threads" timeout 600 "$peer_program" "$1" MINI "$scheduler" \
      "$threads" >/dev/null 2>>"$work/$1.$3.err"; then echo fail; return; fi
  if ! awk -f "$root/bench/halide-peers/close_dumps.awk" "$work/$1.want" "$work/$1.$3.dump" >/dev/null; then
    echo DIFFERS; return
  fi
  t=$(HL_NUM_THREADS="$threads" timeout 900 "$peer_program" "$1" "$2" "$scheduler" "$threads" "$runs" 2>>"$work/$1.$3.err") ||
    t=fail
  echo "${t:-fail}"
}

kernels=${*:-$default_kernels}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')), $threads threads, best of $runs"
variants="default auto"
[ "$tune" = 1 ] && variants="default auto tuned"
# shellcheck disable=SC2086
printf '%-15s %-10s %9s %8s %8s %8s %8s %8s %8s %8s %8s\n' kernel dataset gcc-O3 polly $variants $peer_columns |
  sed 's/  *$//'
for k in $kernels; do
  src=$(source_of "$k")
  dir=$(dirname "$src")
  ds=$(dataset_of "$k")
  "$cli" autoschedule "$src" -I "$poly/utilities" -o "$work/$k.auto.ls" >/dev/null 2>&1 || : > "$work/$k.auto.ls"
  if [ "$tune" = 1 ]; then
    OMP_NUM_THREADS="$threads" "$cli" autoschedule --tune --repetitions 1 "$src" -I "$poly/utilities" \
      -D"${ds}_DATASET" "$poly/utilities/polybench.c" -o "$work/$k.tuned.ls" >"$work/$k.tune.log" 2>&1 ||
      : > "$work/$k.tuned.ls"
  fi
  for size in "$ds" MINI; do
    flags="-I $poly/utilities -I $dir -D${size}_DATASET"
    extra="-DPOLYBENCH_TIME"
    # gcc contracts a * b + c into one FMA where the loop's shape lets it, so
    # the same operations in another loop order can round differently (the
    # sign of a zero in gramschmidt); without contraction every variant's
    # output must match the original's bit for bit.
    [ "$size" = MINI ] && extra="-DPOLYBENCH_DUMP_ARRAYS -ffp-contract=off"
    # shellcheck disable=SC2086
    gcc -O3 -march=native $flags $extra "$src" "$poly/utilities/polybench.c" -o "$work/$k.gcc.$size" -lm
    for variant in $variants; do
      script_option=""
      [ "$variant" != default ] && script_option="--script $work/$k.$variant.ls"
      # shellcheck disable=SC2086
      if "$cli" emit "$src" -I "$poly/utilities" -D"${size}_DATASET" --target openmp $script_option \
          -o "$work/$k.$variant.$size.c" 2>"$work/$k.$variant.err"; then
        # shellcheck disable=SC2086
        gcc -O3 -march=native -fopenmp $flags $extra "$work/$k.$variant.$size.c" "$poly/utilities/polybench.c" \
          -o "$work/$k.$variant.$size" -lm 2>>"$work/$k.$variant.err" || rm -f "$work/$k.$variant.$size"
      fi
    done
    if [ "$polly_ok" = 1 ]; then
      # shellcheck disable=SC2086
      clang-14 -O3 -march=native -mllvm -polly -mllvm -polly-parallel $flags $extra "$src" \
        "$poly/utilities/polybench.c" -o "$work/$k.polly.$size" -lm -lgomp 2>/dev/null || rm -f "$work/$k.polly.$size"
    fi
  done
  g=$(best "$work/$k.gcc.$ds" 1)
  line=$(printf '%-15s %-10s %9s' "$k" "$ds" "$g")
  for variant in polly $variants; do
    mark=""
    if [ "$variant" = polly ] && [ "$polly_ok" = 0 ]; then t=n/a
    elif [ ! -x "$work/$k.$variant.$ds" ] || [ ! -x "$work/$k.$variant.MINI" ]; then t=fail
    elif ! OMP_NUM_THREADS="$threads" same_output "$work/$k.gcc.MINI" "$work/$k.$variant.MINI"; then
      t=DIFFERS
      [ "$variant" = polly ] && { mark="*"; t=$(best "$work/$k.$variant.$ds" "$threads"); }
    else t=$(best "$work/$k.$variant.$ds" "$threads")
    fi
    line="$line $(printf '%8s' "$(speedup "$g" "$t")$mark")"
  done
  if [ "$peers" = 1 ]; then
    "$work/$k.gcc.MINI" 2>"$work/$k.want" >/dev/null || :
    for column in $peer_columns; do
      line="$line $(printf '%8s' "$(speedup "$g" "$(peer_time "$k" "$ds" "$column")")")"
    done
  fi
  echo "$line"
done | tee "$work/table"
awk '{ if (NF > last) last = NF
       for (c = 4; c <= NF; ++c) { x = $c; sub(/\*$/, "", x)
         if (x ~ /x$/) { v = substr(x, 1, length(x) - 1) + 0; s[c] += log(v); n[c]++; if (v < 0.95) slow[c]++ } } }
     END { printf "%-15s %-10s %9s", "geomean", "", "";
           for (c = 4; c <= last; ++c) if (n[c]) printf " %7.2fx", exp(s[c] / n[c]); else printf " %8s", "-"; printf "\n";
           printf "%-15s %-10s %9s", "below 0.95x", "", "";
           for (c = 4; c <= last; ++c) printf " %8d", slow[c]; printf "\n" }' "$work/table"
echo "(* Polly's output at MINI differs from gcc's: it may contract and reorder floating-point operations)"

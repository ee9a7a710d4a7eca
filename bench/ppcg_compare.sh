#!/bin/bash
# Loopscape's time-tiled stencils beside PPCG's (issue 24, item 3). PPCG is
# not packaged for Debian 12; build it from source (docs/guide/benchmarks.md,
# "Time tiling against PPCG" says how) and pass its binary. For jacobi-2d,
# heat-3d and seidel-2d of the PolyBench stand-in this builds:
#   original   the kernel as written
#   ppcg       `ppcg --target=c --openmp --tile --tile-size=32` (isl's
#              scheduler: PPCG's own time tiling)
#   loopscape  `loopscape-cli emit --target openmp` of the kernel's script in
#              samples/scripts/time_tiling (tiles run as a wavefront)
# all with gcc -O3 -march=native -fopenmp, runs each RUNS times at DATASET
# with THREADS threads (best POLYBENCH_TIME), checks at MINI that every
# variant prints the original's arrays (PPCG and Loopscape generate again for
# MINI: PPCG writes the time-step count into its loops), and times both code
# generators end to end on the kernel.
#
#   bench/ppcg_compare.sh PPCG [BUILD_DIR] [DATASET] [THREADS] [RUNS]
#
# Prints a table; nothing is asserted.
set -euo pipefail
ppcg=${1:?usage: bench/ppcg_compare.sh PPCG [BUILD_DIR] [DATASET] [THREADS] [RUNS]}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$root/build}
dataset=${3:-LARGE}
threads=${4:-2}
runs=${5:-3}
cli=$build/app/loopscape-cli
poly=$root/tests/data/polybench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=$threads

best() {  # best POLYBENCH_TIME of $runs runs of program $1
  local b="" t
  for ((k = 0; k < runs; k++)); do
    t=$("$1" 2>/dev/null | tail -n 1)
    b=$(printf '%s\n%s\n' "$t" "$b" | grep . | sort -g | head -n 1)
  done
  echo "$b"
}

seconds_of() {  # wall seconds of a command
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

generate() {  # generate VARIANT KERNEL SIZE OUT: the variant's C file for SIZE
  local variant=$1 k=$2 size=$3 out=$4 src=$poly/stencils/$2/$2.c
  case $variant in
    ppcg) "$ppcg" --target=c --openmp --tile --tile-size=32 -I "$poly/utilities" -D"${size}_DATASET" "$src" -o "$out" ;;
    loopscape) "$cli" emit "$src" "$poly/utilities/polybench.c" -I "$poly/utilities" -D"${size}_DATASET" \
                 --target openmp --script "$root/samples/scripts/time_tiling/$k.ls" -o "$out" ;;
    original) cp "$src" "$out" ;;
  esac
}

compile() {  # compile C_FILE KERNEL SIZE EXE [extra flags]
  local c=$1 k=$2 size=$3 exe=$4
  shift 4
  gcc -O3 -march=native -fopenmp -I "$poly/utilities" -I "$poly/stencils/$k" -D"${size}_DATASET" "$@" \
    "$c" "$poly/utilities/polybench.c" -o "$exe" -lm
}

printf '%-10s %-10s %12s %14s %s\n' kernel variant seconds "generate (s)" "MINI arrays"
for k in jacobi-2d heat-3d seidel-2d; do
  generate original "$k" MINI "$work/$k.original.mini.c"
  compile "$work/$k.original.mini.c" "$k" MINI "$work/$k.original.mini" -DPOLYBENCH_DUMP_ARRAYS
  "$work/$k.original.mini" 2> "$work/$k.original.dump" > /dev/null
  for variant in original ppcg loopscape; do
    took=$(seconds_of generate "$variant" "$k" "$dataset" "$work/$k.$variant.c")
    compile "$work/$k.$variant.c" "$k" "$dataset" "$work/$k.$variant" -DPOLYBENCH_TIME
    generate "$variant" "$k" MINI "$work/$k.$variant.mini.c"
    compile "$work/$k.$variant.mini.c" "$k" MINI "$work/$k.$variant.mini" -DPOLYBENCH_DUMP_ARRAYS
    "$work/$k.$variant.mini" 2> "$work/$k.$variant.dump" > /dev/null
    verdict=$(cmp -s "$work/$k.original.dump" "$work/$k.$variant.dump" && echo same || echo DIFFER)
    [ "$variant" = original ] && took=-
    printf '%-10s %-10s %12s %14s %s\n' "$k" "$variant" "$(best "$work/$k.$variant")" "$took" "$verdict"
  done
done

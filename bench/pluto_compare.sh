#!/bin/bash
# Loopscape's time-tiled code beside Pluto's (issue 24, item 3). Pluto is not
# packaged for Debian 12; its repository's first commit (097a3b3, removed in
# 1a6373f) holds the code it generated for its examples
# (examples/<kernel>/.body.c, sequential, with the time CLooG took in its
# header). This builds, for jacobi-2d-imper and seidel:
#   original   the kernel as written (bench/pluto/<kernel>.c)
#   pluto      the same program with Pluto's listing as its kernel
#   loopscape  `loopscape-cli emit --target c` of bench/pluto/<kernel>.ls,
#              the same tiling made by commands
#   loopscape-omp  the same, then the tiles run as a wavefront (OpenMP, all cores)
# all with gcc -O3 -march=native, runs each RUNS times (the best time), checks
# that every variant prints the original's checksum, and times the commands
# (`loopscape-cli bench`, every printer) and `emit` end to end.
#
#   bench/pluto_compare.sh PLUTO_CHECKOUT [BUILD_DIR] [RUNS]
#   (PLUTO_CHECKOUT: a clone of https://github.com/bondhugula/pluto with
#    `git checkout 097a3b3`)
#
# Prints a table; nothing is asserted.
set -euo pipefail
pluto=${1:?usage: bench/pluto_compare.sh PLUTO_CHECKOUT [BUILD_DIR] [RUNS]}
here=$(cd "$(dirname "$0")" && pwd)
build=${2:-$here/../build}
runs=${3:-3}
cli=$build/app/loopscape-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cflags="-O3 -march=native"

best() {  # best seconds of RUNS runs of a program; its checksum in $work/sum
  local program=$1 seconds best=""
  for ((k = 0; k < runs; k++)); do
    seconds=$("$program" 2>&1 >"$work/sum" | awk '/^seconds/ { print $2 }')
    if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$seconds; fi
  done
  echo "$best"
}

printf '%-16s %-14s %9s %s\n' kernel variant seconds checksum
for kernel in jacobi-2d-imper seidel; do
  source=$here/pluto/$kernel.c
  body=$pluto/examples/$kernel/.body.c
  [ -f "$body" ] || { echo "no $body: is $pluto a checkout of Pluto?" >&2; exit 2; }
  gcc $cflags "$source" -o "$work/original"
  gcc $cflags -DPLUTO_BODY="\"$body\"" "$source" -o "$work/pluto"
  "$cli" emit "$source" --script "$here/pluto/$kernel.ls" --target c -o "$work/tiled.c"
  gcc $cflags "$work/tiled.c" -o "$work/loopscape"
  { cat "$here/pluto/$kernel.ls"; printf 'S0.skew(T1, I1, 1, 1, w, p)\nS0.parallelize(p)\n'; } > "$work/wavefront.ls"
  "$cli" emit "$source" --script "$work/wavefront.ls" --target openmp -o "$work/wavefront.c"
  gcc $cflags -fopenmp "$work/wavefront.c" -o "$work/loopscape-omp"
  expected=""
  for variant in original pluto loopscape loopscape-omp; do
    seconds=$(best "$work/$variant")
    sum=$(cat "$work/sum")
    [ -n "$expected" ] || expected=$sum
    verdict=$([ "$sum" = "$expected" ] && echo "$sum" || echo "$sum DIFFERS")
    printf '%-16s %-14s %9s %s\n' "$kernel" "$variant" "$seconds" "$verdict"
  done
  start=$(date +%s.%N)
  "$cli" emit "$source" --script "$here/pluto/$kernel.ls" --target c > /dev/null
  end=$(date +%s.%N)
  printf '%-16s emit --target c end to end: %.2f s; Pluto listing header: %s\n' "$kernel" "$(echo "$end - $start" | bc)" \
    "$(grep -o 'in [0-9.]*s' "$body" | head -1)"
  "$cli" bench "$source" --script "$here/pluto/$kernel.ls" --repetitions 5 | grep -E '^(apply|AST|median)' | sed "s/^/$kernel  last command: /"
done

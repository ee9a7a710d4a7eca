#!/bin/sh
# Opening a C++ program for the first time (issue 24: under 1 s): for each
# bundled C++ sample, the time of `loopscape-cli info` with an empty cache of
# built programs (build against the engine, run it, load what it defines),
# then of a second open (from the cache), and the window's open (offscreen,
# until the views are filled and painted) with an empty cache. Medians of
# RUNS runs, in seconds.
#
#   bench/cpp_open.sh [BUILD_DIR] [RUNS]
#
# Prints one line per sample; nothing is asserted.
set -eu
build=${1:-build}
runs=${2:-5}
app=$(cd "$build/app" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: > "$work/empty.ls"

seconds() {  # wall seconds of a command, its output dropped
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || echo "(exit $?)" >&2
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
median() { sort -n | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.2f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }

printf '%-24s %10s %10s %10s\n' sample "first s" "cached s" "window s"
for sample in "$here"/samples/*.cpp; do
  first="" cached="" window=""
  k=0
  while [ $k -lt "$runs" ]; do
    cache="$work/cache-$k"
    rm -rf "$cache" && mkdir "$cache"
    first="$first $(LOOPSCAPE_CPP_CACHE="$cache" seconds "$app/loopscape-cli" info "$sample")"
    cached="$cached $(LOOPSCAPE_CPP_CACHE="$cache" seconds "$app/loopscape-cli" info "$sample")"
    rm -rf "$cache" && mkdir "$cache"
    ms=$(LOOPSCAPE_CPP_CACHE="$cache" QT_QPA_PLATFORM=offscreen "$app/loopscape-window-bench" "$sample" "$work/empty.ls" 2>/dev/null |
         awk '$3 == "(open)" { print $4 }')
    window="$window $(echo "${ms:-0} / 1000" | bc -l)"
    k=$((k + 1))
  done
  printf '%-24s %10s %10s %10s\n' "$(basename "$sample")" \
    "$(echo $first | tr ' ' '\n' | median)" "$(echo $cached | tr ' ' '\n' | median)" "$(echo $window | tr ' ' '\n' | median)"
done

#!/bin/sh
# The table of docs/guide/autoschedule.md ("On the 30 PolyBench kernels"):
# for each kernel of the PolyBench/C stand-in, the steps `autoschedule`
# writes, the commands among them, and whether isl's schedule was reached by
# commands or set in one `reschedule` step (with the reason).
#
#   bench/autoschedule_table.sh [BUILD_DIR]
#
# Register blocks are sized for AVX-512 (VECTOR_REGISTERS=avx2 or sse for
# another machine), so the table does not depend on where it runs.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case "$build" in /*) ;; *) build="$PWD/$build" ;; esac
cli="$build/app/loopscape-cli"
poly="$root/tests/data/polybench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| kernel | steps | commands | result |"
echo "| --- | --- | --- | --- |"
grep -v '^#' "$poly/kernels.txt" | while read -r f _; do
  [ -n "$f" ] || continue
  n=$(basename "$f" .c)
  script="$work/$n.ls"
  (cd "$poly" && "$cli" autoschedule "$f" --vector-registers "${VECTOR_REGISTERS:-avx512}" -I utilities -I "$(dirname "$f")" -o "$script" >/dev/null 2>&1) || {
    echo "| $n | | | autoschedule failed |"
    continue
  }
  steps=$(grep -v '^#' "$script" | grep -c . || :)
  commands=$(grep -v '^#' "$script" | grep . | sed -E 's/^[A-Za-z0-9_]+\.([a-z_]+)\(.*/\1/' | sort | uniq -c |
    awk '{printf "%s%s×%s", (NR > 1 ? ", " : ""), $2, $1}')
  result=commands
  # The first refusal, shortened to the command and what it breaks.
  fallback=$(sed -n 's/^# not expressed as commands: //p' "$script" |
    sed -E 's/ was refused: error: .* is illegal: ([0-9]+ broken dependences?).*/ is illegal (\1)/;
            s/ was refused: error: .* would change nothing.*/ changes nothing/')
  kept=$(sed -n "s/^# isl's schedule is not kept: \([^ ]*\)'s innermost loop.*/\1/p" "$script")
  if [ -n "$kept" ]; then result="original order kept ($kept's innermost loop would walk its accesses worse)"
  elif [ -n "$fallback" ]; then result="fallback: $fallback"
  elif grep -q "^# isl's schedule without fusion" "$script"; then result="commands (isl's schedule without fusion)"
  elif grep -q "^# isl's schedule with locality" "$script"; then result="commands (isl's schedule with locality first)"
  fi
  echo "| $n | $steps | $commands | $result |"
done

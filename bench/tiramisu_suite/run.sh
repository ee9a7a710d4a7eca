#!/bin/bash
# Runs every wrapper a build of bench/tiramisu_suite made, with the suite's
# own check on (RUN_REF=1 RUN_TIRAMISU=1), and prints one line per kernel:
# passed when the wrapper printed "succeeded" and neither "failed" nor an
# error, and exited 0. Exit status: the number of kernels that did not pass.
#   bench/tiramisu_suite/run.sh BUILD_DIR
set -u
build=${1:?usage: run.sh BUILD_DIR}
failures=0
passed=0
while read -r name; do
  [ -n "$name" ] || continue
  dir="$build/$name"
  if [ ! -x "$dir/${name}_wrapper" ]; then
    echo "$name: not built"; failures=$((failures + 1)); continue
  fi
  out=$(cd "$dir" && RUN_REF=1 RUN_TIRAMISU=1 "./${name}_wrapper" 2>&1)
  status=$?
  # The suite colours its messages: drop the escape sequences.
  plain=$(printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g')
  if [ $status -eq 0 ] && grep -q "succeeded" <<<"$plain" && ! grep -qi "failed\|error" <<<"$plain"; then
    printf '%s: passed (%s)\n' "$name" "$(grep -c succeeded <<<"$plain") check(s)"
    passed=$((passed + 1))
  else
    printf '%s: FAILED (exit %d)\n%s\n' "$name" $status "$(tail -5 <<<"$plain")"
    failures=$((failures + 1))
  fi
done < "$build/kernels.txt"
echo "passed $passed of $((passed + failures))"
exit $failures

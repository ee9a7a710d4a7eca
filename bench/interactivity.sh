#!/bin/bash
# How long each click takes on expert schedules (issue 24), through
# `loopscape-cli bench`: apply + legality, then the AST and every printer.
#
#   bench/interactivity.sh [BUILD_DIR] [REPETITIONS]
#
# Times every step of the five time-tiling scripts, the two distributed (MPI)
# scripts and the clicked GPU mapping of sgemm, and the last step of the
# automatic schedule of every PolyBench kernel (written by `loopscape-cli
# autoschedule`). Prints one Markdown table row per step: median and p95 of
# the command (apply + legality), of the code (AST + every printer) and of
# both, in ms. Run it on a quiet machine: builds and tests beside it double
# the figures.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${1:-$root/build}
reps=${2:-5}
cli=$build/app/loopscape-cli
pb=$root/tests/data/polybench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The figures of one `bench` run: command median, p95; code median, p95; total median, p95.
figures() {
  awk '/^apply \+ legality/ {c50=$5; c95=$8}
       /^AST \+ printers/ {for (k = 1; k <= NF; ++k) if ($k == "median") {p50=$(k+1); p95=$(k+4)}}
       /^median_ms=/ {split($1, a, "="); split($2, b, "="); t50=a[2]; t95=b[2]}
       END {printf "%s | %s | %s | %s | %s | %s", c50, c95, p50, p95, t50, t95}'
}

# bench_steps NAME SCRIPT FILE... : one row per command of SCRIPT, on its first k commands.
bench_steps() {
  local name=$1 script=$2
  shift 2
  local commands=()
  mapfile -t commands < <(grep -v '^[[:space:]]*#' "$script" | grep -v '^[[:space:]]*$')
  local k
  for ((k = 1; k <= ${#commands[@]}; ++k)); do
    printf '%s\n' "${commands[@]:0:k}" > "$work/prefix.ls"
    local row
    if row=$("$cli" bench "$@" --script "$work/prefix.ls" --repetitions "$reps" 2>"$work/err" | figures); then
      printf '| %s | %d | `%s` | %s |\n' "$name" "$k" "${commands[k - 1]}" "$row"
    else
      printf '| %s | %d | `%s` | failed: %s |\n' "$name" "$k" "${commands[k - 1]}" "$(head -c 120 "$work/err")"
    fi
  done
}

echo '| case | step | command | command p50 | p95 | code p50 | p95 | total p50 | p95 |'
echo '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |'
for k in jacobi-1d jacobi-2d heat-3d seidel-2d fdtd-2d; do
  bench_steps "time tiling $k" "$root/samples/scripts/time_tiling/$k.ls" \
    "$pb/stencils/$k/$k.c" "$pb/utilities/polybench.c" -I "$pb/utilities"
done
for k in jacobi-2d heat-3d; do
  bench_steps "mpi $k" "$root/samples/scripts/mpi/$k.ls" "$pb/stencils/$k/$k.c" "$pb/utilities/polybench.c" -I "$pb/utilities"
done
bench_steps "gpu sgemm" "$here/gpu/clicked.ls" "$here/gpu/sgemm.c"

# The automatic schedule of every kernel: its last step.
while IFS= read -r file; do
  k=$(basename "$file" .c)
  if ! "$cli" autoschedule "$file" "$pb/utilities/polybench.c" -I "$pb/utilities" -I "$(dirname "$file")" \
         -o "$work/$k.ls" >/dev/null 2>"$work/err"; then
    printf '| auto %s | | | failed: %s |\n' "$k" "$(head -c 120 "$work/err")"
    continue
  fi
  n=$(grep -cv '^[[:space:]]*\(#\|$\)' "$work/$k.ls" || true)
  if [ "$n" = 0 ]; then
    printf '| auto %s | 0 | (no command) | | | | | | |\n' "$k"
    continue
  fi
  row=$("$cli" bench "$file" "$pb/utilities/polybench.c" -I "$pb/utilities" -I "$(dirname "$file")" \
          --script "$work/$k.ls" --repetitions "$reps" 2>"$work/err" | figures) ||
    row="failed: $(head -c 120 "$work/err")"
  printf '| auto %s | %s | last | %s |\n' "$k" "$n" "$row"
done < <(find "$pb" -name '*.c' ! -name polybench.c | sort)

#!/bin/sh
# Programs of N statements (issue 24's scaling table): each statement
#   A[s+1][i][j] = 0.5 * (A[s][i-1][j] + A[s][i][j+1]) + A[s+1][i][j];
# either all in one fused i/j nest or each in its own nest. For each N, the
# time to open the program (`loopscape-cli info`: parse, dependences, tree)
# and to answer one command (`loopscape-cli bench` of S0.interchange(i, j):
# apply + legality, then the AST and every printer), and in the real window
# (offscreen) the time to the views after opening and after the command.
#
#   bench/many_statements.sh [BUILD_DIR] [N ...]     (default N: 5 20 40 80 200)
#
# Prints one line per program; nothing is asserted.
set -eu
build=${1:-build}
[ $# -ge 1 ] && shift
sizes=${*:-"5 20 40 80 200"}
app=$(cd "$build/app" && pwd)
cli="$app/loopscape-cli"
window="$app/loopscape-window-bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'S0.interchange(i, j)' > "$work/interchange.ls"

program() {  # program N fused|separate > FILE.c
  n=$1
  printf '#define N 64\nvoid kernel(int n, double A[%d][N][N]) {\n#pragma scop\n' $((n + 1))
  [ "$2" = fused ] && printf 'for (int i = 1; i < n - 1; i++)\n  for (int j = 1; j < n - 1; j++) {\n'
  s=0
  while [ $s -lt "$n" ]; do
    [ "$2" = separate ] && printf 'for (int i = 1; i < n - 1; i++)\n  for (int j = 1; j < n - 1; j++)\n'
    printf '    A[%d][i][j] = 0.5 * (A[%d][i-1][j] + A[%d][i][j+1]) + A[%d][i][j];\n' $((s + 1)) $s $s $((s + 1))
    s=$((s + 1))
  done
  [ "$2" = fused ] && printf '  }\n'
  printf '#pragma endscop\n}\n'
}

seconds() {  # wall seconds of a command, its output dropped
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || echo "(exit $?)" >&2
  end=$(date +%s.%N)
  printf '%.2f' "$(echo "$end - $start" | bc)"
}

printf '%-22s %9s %12s %12s %14s %14s\n' program "open s" "apply+leg ms" "all code ms" "window open ms" "window cmd ms"
for n in $sizes; do
  for shape in fused separate; do
    file="$work/${shape}${n}.c"
    program "$n" "$shape" > "$file"
    open=$(seconds "$cli" info "$file")
    out=$("$cli" bench "$file" --script "$work/interchange.ls" --repetitions 5 2>&1)
    apply=$(echo "$out" | sed -n 's/^apply + legality: median \([0-9.]*\) ms.*/\1/p')
    total=$(echo "$out" | sed -n 's/^median_ms=\([0-9.]*\) .*/\1/p')
    views=""
    if [ -x "$window" ]; then
      views=$(cd "$work" && HOME="$work" QT_QPA_PLATFORM=offscreen "$window" "$file" "$work/interchange.ls" 2>/dev/null |
        awk '$2 == "0" { o = $4 } $2 == "1" { c = $(NF - 1) } END { printf "%s %s", o, c }')
    fi
    printf '%-22s %9s %12s %12s %14s %14s\n' "$shape, $n statements" "$open" "$apply" "$total" $views
  done
done

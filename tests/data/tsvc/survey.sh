#!/usr/bin/env bash
# Survey of the TSVC_2 kernels (tests/data/tsvc/kernels/*.c): which ones
# loopscape-cli models, and, with --verify, whether a target's code (openmp
# unless --target names another: c, mpi, halide) computes what the original
# does.
#
#   tests/data/tsvc/survey.sh [--verify] [--target T] [CLI]
#
# CLI defaults to build/app/loopscape-cli of this checkout. One line per
# kernel, in the order of TSVC_2's main():
#
#   NAME modelled                      `CLI info NAME.c` succeeded
#   NAME refused FILE:LINE:COL: msg    it exited 2; the first error line it printed
#   NAME timeout                       it ran past 60 s
#   NAME crashed (exit N) msg          any other exit status
#
# With --verify, each modelled kernel is also run through
# `CLI verify NAME.c --target T` (120 s), with the --param values its
# header's `verify-params:` line gives (TSVC_2's arguments), and the line ends
# with `equal`, `different MSG` (exit 4) or `failed MSG` (anything else, MSG
# being the first error line). Totals follow. The CLI runs in kernels/, so
# the places it reports read `s122.c:17:5`.
#
# The survey reports; it does not judge: its exit status is 0 whatever the
# kernels do (2 for bad usage or a missing CLI). Compare the output with
# survey-baseline.txt to see what a change to the engine did.
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
kernels="$here/kernels"

verify=0
cli=""
target=openmp
expect_target=0
for arg in "$@"; do
  if [ "$expect_target" = 1 ]; then target="$arg"; expect_target=0; continue; fi
  case "$arg" in
    --verify) verify=1 ;;
    --target) expect_target=1 ;;
    -h|--help) sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "survey.sh: unknown option $arg" >&2; exit 2 ;;
    *) [ -z "$cli" ] || { echo "survey.sh: one CLI path only" >&2; exit 2; }; cli="$arg" ;;
  esac
done
[ -n "$cli" ] || cli="$root/build/app/loopscape-cli"
case "$cli" in /*) ;; *) cli="$PWD/$cli" ;; esac
if [ ! -x "$cli" ]; then
  echo "survey.sh: no executable CLI at $cli" >&2
  exit 2
fi
[ -d "$kernels" ] || { echo "survey.sh: no $kernels (run convert.py)" >&2; exit 2; }

# TSVC_2's order (s000 s111 s1111 ...), as convert.py writes it in
# kernels.txt; else alphabetical.
if [ -f "$here/kernels.txt" ]; then
  mapfile -t names < "$here/kernels.txt"
else
  mapfile -t names < <(cd "$kernels" && printf '%s\n' ./*.c | sed 's#^\./##; s/\.c$//' | LC_ALL=C sort)
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The first line that looks like an error: `file:line:col: ...`, else one
# that says error, else the first non-empty line.
first_error() {
  local f="$1" line
  line="$(grep -m1 -E '^[^ :]+:[0-9]+(:[0-9]+)?: ' "$f")" ||
    line="$(grep -m1 -iE 'error|differ|fail' "$f")" ||
    line="$(grep -m1 -v '^[[:space:]]*$' "$f")" || line="(no message)"
  printf '%s' "$line" | tr -d '\r' | cut -c1-300
}

n_modelled=0 n_refused=0 n_timeout=0 n_crashed=0
n_equal=0 n_different=0 n_failed=0
for name in "${names[@]}"; do
  file="$name.c"
  [ -f "$kernels/$file" ] || { echo "$name missing"; continue; }
  (cd "$kernels" && timeout 60 "$cli" info "$file" >"$tmp/out" 2>"$tmp/err")
  rc=$?
  cat "$tmp/err" "$tmp/out" >"$tmp/all"
  case $rc in
    0) status="modelled"; n_modelled=$((n_modelled + 1)) ;;
    2) status="refused $(first_error "$tmp/err")"; n_refused=$((n_refused + 1)) ;;
    124|137) status="timeout"; n_timeout=$((n_timeout + 1)) ;;
    *) status="crashed (exit $rc) $(first_error "$tmp/all")"; n_crashed=$((n_crashed + 1)) ;;
  esac
  if [ "$verify" = 1 ] && [ "$rc" = 0 ]; then
    params=()
    line="$(grep -m1 -o 'verify-params:.*' "$kernels/$file")" &&
      read -r -a params <<< "${line#verify-params:}"
    (cd "$kernels" && timeout 120 "$cli" verify "$file" --target "$target" "${params[@]}" \
      >"$tmp/out" 2>"$tmp/err")
    vrc=$?
    # verify's headline (`verify FILE --target T: error`) says nothing the
    # status does not; the message is on the lines after it. Its `harness:`
    # notes (values it chose, arrays it passes as NULL) follow in brackets.
    grep -v -E '^verify .* --target [a-z-]+: ' "$tmp/out" >"$tmp/all"
    grep -v -E '^harness: ' "$tmp/err" >>"$tmp/all"
    notes="$(grep -E '^harness: ' "$tmp/err" | tr -d '\r' | paste -sd ';' - | sed 's/;/; /g')"
    [ -z "$notes" ] || notes=" [$notes]"
    case $vrc in
      0) status="$status equal"; n_equal=$((n_equal + 1)) ;;
      4) status="$status different $(first_error "$tmp/all")$notes"; n_different=$((n_different + 1)) ;;
      124|137) status="$status failed timeout after 120 s$notes"; n_failed=$((n_failed + 1)) ;;
      *) status="$status failed (exit $vrc) $(first_error "$tmp/all")$notes"; n_failed=$((n_failed + 1)) ;;
    esac
  fi
  echo "$name $status"
done

total=${#names[@]}
echo "total $total: modelled $n_modelled, refused $n_refused, timeout $n_timeout, crashed $n_crashed"
if [ "$verify" = 1 ]; then
  echo "verify ($target) of the $n_modelled modelled: equal $n_equal, different $n_different, failed $n_failed"
fi
exit 0

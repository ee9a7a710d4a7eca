#!/bin/sh
# check_compile.sh -- build and run every kernel of the Loopscape PolyBench
# stand-in corpus and check that it dumps its live-out arrays in the
# PolyBench format.
#
# Usage: tests/data/polybench/check_compile.sh [--variants] [DATASET...]
#   DATASET      MINI, SMALL, MEDIUM, ... (default: MINI SMALL)
#   --variants   also rebuild each kernel with harness options that must not
#                change the printed arrays (scalar loop bounds, C99
#                prototypes, padding, inter-array padding, stack arrays,
#                timing) and compare the dumps with the default build.
# Environment: CC (default gcc), CFLAGS (default -O2), KEEP=1 keeps the
# scratch directory.
#
# Each kernel is compiled exactly as
#   $CC $CFLAGS -I utilities -I <kernel dir> utilities/polybench.c <kernel>.c \
#       -lm -DPOLYBENCH_DUMP_ARRAYS -D<DATASET>_DATASET
# Runs are sequential.
set -u

here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 2

CC=${CC:-gcc}
CFLAGS=${CFLAGS:--O2}
variants=0
datasets=""
for a in "$@"; do
  case $a in
    --variants) variants=1 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) datasets="$datasets $a" ;;
  esac
done
[ -n "$datasets" ] || datasets="MINI SMALL"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pbcheck.XXXXXX") || exit 2
if [ "${KEEP:-0}" != 1 ]; then
  trap 'rm -rf "$tmp"' EXIT INT TERM
fi

fail=0
count=0

# build_run <kernel.c> <tag> <extra flags...>: compile, run, leave the
# dump in $tmp/<tag>.err; returns non-zero on any failure.
build_run() {
  b_src=$1; b_tag=$2; shift 2
  b_dir=$(dirname "$b_src")
  # shellcheck disable=SC2086
  if ! $CC $CFLAGS -I utilities -I "$b_dir" utilities/polybench.c "$b_src" -lm \
       -DPOLYBENCH_DUMP_ARRAYS "$@" -o "$tmp/$b_tag.bin" 2>"$tmp/$b_tag.cc"; then
    echo "FAIL compile $b_src ($*)"; sed 's/^/    /' "$tmp/$b_tag.cc" | head -20
    return 1
  fi
  if ! "$tmp/$b_tag.bin" >"$tmp/$b_tag.out" 2>"$tmp/$b_tag.err"; then
    echo "FAIL run $b_src ($*)"; return 1
  fi
  return 0
}

# check_dump <file> <src>: PolyBench dump structure.
check_dump() {
  f=$1; c_src=$2
  if [ "$(head -n 1 "$f")" != "==BEGIN DUMP_ARRAYS==" ]; then
    echo "FAIL dump $c_src: does not start with ==BEGIN DUMP_ARRAYS=="; return 1
  fi
  if ! grep -q '^==END   DUMP_ARRAYS==$' "$f"; then
    echo "FAIL dump $c_src: no ==END   DUMP_ARRAYS== line"; return 1
  fi
  nb=$(grep -c '^begin dump: ' "$f")
  ne=$(grep -c '^end   dump: ' "$f")
  if [ "$nb" -lt 1 ] || [ "$nb" != "$ne" ]; then
    echo "FAIL dump $c_src: $nb begin / $ne end markers"; return 1
  fi
  if grep -v -e '^==' -e '^begin dump: ' -e '^end   dump: ' "$f" \
       | grep -q -v -E '^(-?[0-9]+(\.[0-9]+)? )*$'; then
    if grep -q -i -E '(nan|inf)' "$f"; then
      echo "WARN dump $c_src: contains nan/inf"
    else
      echo "FAIL dump $c_src: unexpected text in value lines"; return 1
    fi
  fi
  return 0
}

while read -r src; do
  case $src in ''|'#'*) continue ;; esac
  count=$((count + 1))
  if [ ! -f "$src" ]; then echo "FAIL missing $src"; fail=1; continue; fi
  ns=$(grep -c '^[[:space:]]*#pragma scop' "$src")
  ne=$(grep -c '^[[:space:]]*#pragma endscop' "$src")
  if [ "$ns" != 1 ] || [ "$ne" != 1 ]; then
    echo "FAIL $src: expected one #pragma scop / endscop pair"; fail=1
  fi
  name=$(basename "$src" .c)
  for ds in $datasets; do
    tag="$name.$ds"
    if build_run "$src" "$tag" "-D${ds}_DATASET" && check_dump "$tmp/$tag.err" "$src [$ds]"; then
      printf 'ok   %-45s %-6s %s values\n' "$src" "$ds" \
        "$(grep -v -e '^==' -e '^begin dump' -e '^end   dump' "$tmp/$tag.err" | wc -w)"
    else
      fail=1; continue
    fi
    if [ $variants = 1 ]; then
      for v in "-DPOLYBENCH_USE_SCALAR_LB" "-DPOLYBENCH_USE_C99_PROTO" \
               "-DPOLYBENCH_PADDING_FACTOR=3" \
               "-DPOLYBENCH_INTER_ARRAY_PADDING_FACTOR=64" \
               "-DPOLYBENCH_STACK_ARRAYS" "-DPOLYBENCH_USE_RESTRICT" \
               "-DPOLYBENCH_TIME"; do
        vt="$tag.v"
        if build_run "$src" "$vt" "-D${ds}_DATASET" "$v"; then
          if ! cmp -s "$tmp/$tag.err" "$tmp/$vt.err"; then
            echo "FAIL $src [$ds] $v: dump differs from default build"; fail=1
          fi
        else
          fail=1
        fi
      done
    fi
  done
done < kernels.txt

if [ "$count" != 30 ]; then
  echo "WARN kernels.txt lists $count kernels (PolyBench/C 4.2 has 30)"
fi
if [ $fail = 0 ]; then echo "ALL OK ($count kernels)"; else echo "FAILURES"; fi
exit $fail

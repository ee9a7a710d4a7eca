#!/bin/sh
# Builds the libFuzzer targets (clang 14, ASan + UBSan) and runs each for a
# given time, keeping its corpus and any crash.
#
#   tests/fuzz/run.sh [BUILD_DIR] [SECONDS] [TARGETS...]
#   e.g. tests/fuzz/run.sh build-fuzz 900               # every target, 15 minutes each
#        tests/fuzz/run.sh build-fuzz 60 scratchpad lesson
#
# Targets: frontend (C source), script (schedule scripts, applied), lesson
# (lesson files), scratchpad (the isl scratchpad's language), session (saved
# session files), cpp_program (what a C++ program run by the app publishes:
# manifest, C and commands, separated by form feeds). Seeds come from the repository's own samples, scripts,
# lessons and tests/fuzz/seeds. A crash (leak, timeout, out of memory) leaves BUILD_DIR/artifacts/NAME-crash-*
# (reproduce: BUILD_DIR/tests/fuzz/fuzz_NAME FILE) and makes the script exit 1.
# JOBS=N runs N targets at a time (default 1).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build-fuzz}
seconds=${2:-900}
[ $# -ge 2 ] && shift 2 || shift $#
targets=${*:-"frontend script lesson scratchpad session cpp_program"}
jobs=${JOBS:-1}

if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOOPSCAPE_FUZZ=ON
fi
cmake --build "$build" -j "$(nproc)" --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)

seeds() {  # the seed files of target $1, one per line: the repository's inputs and past findings
  ls "$root/tests/data/fuzz-regressions/$1/"* 2>/dev/null || true
  case "$1" in
    frontend) ls "$root"/samples/*.c "$root"/tests/data/layer1/*.c "$root"/resources/lessons/kernels/*.c ;;
    script) ls "$root"/samples/scripts/*/*.ls "$root"/bench/cpu-speed/*.ls "$root"/docs/scripts/*.ls ;;
    lesson) ls "$root"/resources/lessons/*.md ;;
    scratchpad) echo "$root/tests/fuzz/seeds/scratchpad.txt" ;;
    session) echo "$root/tests/fuzz/seeds/session.json" ;;
    cpp_program) ls "$root"/tests/fuzz/seeds/cpp_program_*.txt ;;
  esac
}

mkdir -p "$build/artifacts"
status=0
run_one() {
  t=$1
  corpus="$build/corpus/$t"
  mkdir -p "$corpus"
  for f in $(seeds "$t"); do cp -n "$f" "$corpus/" 2>/dev/null || true; done
  log="$build/fuzz_$t.log"
  # A leak in a library we call (clang, LLVM) is not ours to fix here; crashes, overflows and UB are.
  ASAN_OPTIONS=detect_leaks=0 "$build/tests/fuzz/fuzz_$t" "$corpus" -max_total_time="$seconds" -timeout=30 \
    -rss_limit_mb=6144 -max_len=8192 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" >"$log" 2>&1 || true
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo ?)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*' || echo ?)
  # crash-, leak-, timeout- and oom- inputs fail the run; a slow-unit- input
  # (over 10 s once, often a loaded machine) is reported only.
  crashes=$(ls "$build/artifacts/$t-crash-"* "$build/artifacts/$t-leak-"* "$build/artifacts/$t-timeout-"* \
    "$build/artifacts/$t-oom-"* 2>/dev/null | wc -l)
  slow=$(ls "$build/artifacts/$t-slow-unit-"* 2>/dev/null | wc -l)
  printf '%-11s %8ss %12s runs %8s edges covered %3s crashes %3s slow  (log: %s)\n' "$t" "$seconds" "$runs" "$cov" \
    "$crashes" "$slow" "$log"
  [ "$crashes" -eq 0 ]
}
set --
for t in $targets; do
  if [ "$jobs" -gt 1 ]; then
    run_one "$t" &
    set -- "$@" $!
    if [ $# -ge "$jobs" ]; then
      for p in "$@"; do wait "$p" || status=1; done
      set --
    fi
  else
    run_one "$t" || status=1
  fi
done
for p in "$@"; do wait "$p" || status=1; done
exit $status

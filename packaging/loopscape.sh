#!/usr/bin/env bash
# One entry point for building, testing and starting Loopscape from a checkout.
#
#   packaging/loopscape.sh app [FILE.c] [--screenshot OUT.png]
#       install missing packages, build the app, start it (default: samples/matmul.c)
#   packaging/loopscape.sh test [CTEST ARGS...]
#       install missing packages, build everything, run the whole test suite (ctest)
#   packaging/loopscape.sh build
#       install missing packages, build everything
#
# Environment:
#   LOOPSCAPE_BUILD_DIR     build folder (default: build/ in the checkout)
#   LOOPSCAPE_BUILD_TYPE    CMake build type (default: Release)
#   LOOPSCAPE_JOBS          parallel build jobs (default: nproc)
#   LOOPSCAPE_SKIP_DEPS=1   do not run packaging/install-deps.sh
#   CTEST_PARALLEL_LEVEL    parallel tests (ctest's own variable; default: 1)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${LOOPSCAPE_BUILD_DIR:-$ROOT/build}
BUILD_TYPE=${LOOPSCAPE_BUILD_TYPE:-Release}
JOBS=${LOOPSCAPE_JOBS:-$(nproc 2>/dev/null || echo 2)}

log() { printf 'loopscape.sh: %s\n' "$*" >&2; }

usage() { sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

install_deps() {
  if [[ "${LOOPSCAPE_SKIP_DEPS:-0}" == 1 ]]; then
    log "LOOPSCAPE_SKIP_DEPS=1: not checking packages"
    return 0
  fi
  "$ROOT/packaging/install-deps.sh"
}

configure() {
  log "configuring $BUILD_DIR ($BUILD_TYPE)"
  cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE="$BUILD_TYPE"
}

# build [TARGET...]: everything when no target is named.
build() {
  configure
  local targets=()
  local target
  for target in "$@"; do targets+=(--target "$target"); done
  log "building with $JOBS job(s)${*:+: $*}"
  cmake --build "$BUILD_DIR" "${targets[@]}" --parallel "$JOBS"
}

has_display() {
  [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]
}

run_app() {
  install_deps
  build loopscape
  local app="$BUILD_DIR/app/loopscape"
  local args=("$@")
  [[ ${#args[@]} -eq 0 ]] && args=("$ROOT/samples/matmul.c")

  local arg
  for arg in "${args[@]}"; do
    if [[ "$arg" == --screenshot || "$arg" == --screenshot=* ]]; then
      exec "$app" "${args[@]}"  # the app renders offscreen by itself
    fi
  done
  if has_display || [[ -n "${QT_QPA_PLATFORM:-}" && "${QT_QPA_PLATFORM}" != offscreen* && "${QT_QPA_PLATFORM}" != minimal* ]]; then
    exec "$app" "${args[@]}"
  fi

  local shot="$BUILD_DIR/loopscape-screenshot.png"
  log "no display (DISPLAY and WAYLAND_DISPLAY are unset): the window cannot be shown here."
  log "rendering it offscreen instead, into $shot"
  log "to see the window, run this from a desktop session, or over 'ssh -X'."
  QT_QPA_PLATFORM=offscreen "$app" "${args[@]}" --screenshot "$shot"
  log "wrote $shot"
}

# run_tests [CTEST ARGS...]: extra arguments go to ctest (e.g. -R gui).
run_tests() {
  install_deps
  build
  # The runner starts mpirun; Open MPI refuses root unless told otherwise.
  if [[ $(id -u) -eq 0 ]]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  fi
  export QT_QPA_PLATFORM=offscreen
  log "running the test suite"
  ctest --test-dir "$BUILD_DIR" --output-on-failure "$@"
}

main() {
  local command=${1:-}
  [[ $# -gt 0 ]] && shift
  case "$command" in
    app) run_app "$@" ;;
    test) run_tests "$@" ;;
    build) install_deps; build ;;
    -h|--help|help) usage ;;
    *) usage >&2; [[ -z "$command" ]] || log "unknown command: $command"; exit 2 ;;
  esac
}

main "$@"

#!/usr/bin/env bash
# Installs the Debian 12 packages Loopscape needs to build, test and run, and
# only those that are missing. apt-get update runs only when something is
# missing. Runs as root, or through sudo when it is available.
#
#   packaging/install-deps.sh           install what is missing
#   packaging/install-deps.sh --check   list what is missing; exit 1 if anything is
#   packaging/install-deps.sh --list    print the package list
set -euo pipefail

PACKAGES=(
  # toolchain
  cmake g++ make pkg-config
  # the engine: isl, clang 14 / LLVM 14, Halide 14
  libisl-dev libclang-cpp14-dev libclang-14-dev clang-14 llvm-14-dev libhalide14-0-dev
  # the desktop app: Qt 6 widgets and SVG, OpenGL headers Qt's CMake files ask for, Graphviz
  qt6-base-dev qt6-svg-dev libgl-dev libgraphviz-dev
  # the runner's targets: MPI (gcc's libgomp comes with g++ for OpenMP)
  libopenmpi-dev openmpi-bin
  # building the OpenMP 6.0 directive export (tile, interchange, reverse): clang 19 and its OpenMP runtime
  clang-19 libomp-19-dev
  # the sandbox every program the product runs goes into
  bubblewrap
  # running without a display: a virtual X server, and a font for offscreen rendering
  xvfb xauth fonts-dejavu-core
  # the Debian package and its check (packaging/check-package.sh): dpkg-shlibdeps, lintian, validators
  dpkg-dev lintian desktop-file-utils appstream
  # the C++ API reference (cmake --build build --target api-docs; not built by default)
  doxygen
)

log() { printf 'install-deps: %s\n' "$*" >&2; }

is_installed() {
  dpkg-query -W -f='${db:Status-Status}\n' "$1" 2>/dev/null | grep -qx installed
}

missing_packages() {
  local package
  for package in "${PACKAGES[@]}"; do
    is_installed "$package" || printf '%s\n' "$package"
  done
}

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    log "not root and sudo is not installed; run as root: $*"
    return 1
  fi
}

main() {
  case "${1:-}" in
    --list) printf '%s\n' "${PACKAGES[@]}"; return 0 ;;
    --check|"") ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; return 0 ;;
    *) log "unknown option: $1"; return 2 ;;
  esac

  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    log "no dpkg/apt-get here: this script installs Debian 12 packages. Install the"
    log "equivalents of these by hand: ${PACKAGES[*]}"
    [[ "${1:-}" == --check ]] && return 1
    return 0
  fi

  local missing
  mapfile -t missing < <(missing_packages)
  if [[ ${#missing[@]} -eq 0 ]]; then
    log "all ${#PACKAGES[@]} packages are installed"
    return 0
  fi
  if [[ "${1:-}" == --check ]]; then
    printf '%s\n' "${missing[@]}"
    return 1
  fi

  log "installing ${#missing[@]} missing package(s): ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}" </dev/null

  mapfile -t missing < <(missing_packages)
  if [[ ${#missing[@]} -ne 0 ]]; then
    log "still missing after apt-get install: ${missing[*]}"
    return 1
  fi
  log "done"
}

main "$@"

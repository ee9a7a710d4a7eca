#!/usr/bin/env bash
# Builds the Debian packages with CPack and checks them as a user would get them:
#   1. cmake --build BUILD --target package (loopscape and libloopscape-dev .deb)
#   2. desktop-file-validate and appstreamcli validate on packaging/
#   3. lintian on both packages (an E: line fails the check; W:/I: are shown)
#   4. apt-get --simulate install of both: their Depends resolve on this system
#   5. dpkg -x both into a scratch root, then from the installed files only:
#      loopscape-cli --version, loopscape-cli info on an installed sample, the
#      app rendering its window offscreen (it finds its samples), the man pages,
#      and a C++ script written by the installed `loopscape-cli export`, built
#      out of tree with find_package(Loopscape) against the scratch root, run,
#      and compared byte for byte with `loopscape-cli emit`.
#
#   packaging/check-package.sh [--build-dir DIR] [--no-build] [--keep]
#     --build-dir DIR   the CMake build folder (default: $LOOPSCAPE_BUILD_DIR or build)
#     --no-build        check the .deb files already in DIR
#     --keep            keep the scratch root and say where it is
# Exit status: 0 when every check passes, 1 otherwise.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/.." && pwd)
build_dir=${LOOPSCAPE_BUILD_DIR:-build}
build=1
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-package: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ "$build_dir" = /* ]] || build_dir="$source_dir/$build_dir"

failures=0
started=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$*" "$(( $(date +%s) - started ))"; }
ok() { printf 'ok: %s\n' "$*"; }
bad() { printf 'FAILED: %s\n' "$*"; failures=$((failures + 1)); }

if [[ $build -eq 1 ]]; then
  step "building the packages in $build_dir"
  if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S "$source_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
  fi
  rm -f "$build_dir"/loopscape_*.deb "$build_dir"/libloopscape-dev_*.deb
  cmake --build "$build_dir" --parallel "${LOOPSCAPE_JOBS:-$(nproc)}" --target package
fi

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build_dir/CMakeCache.txt")
app_deb=$(ls "$build_dir"/loopscape_"$version"-*.deb 2>/dev/null | head -n1 || true)
dev_deb=$(ls "$build_dir"/libloopscape-dev_"$version"-*.deb 2>/dev/null | head -n1 || true)
if [[ -z "$app_deb" || -z "$dev_deb" ]]; then
  echo "check-package: no loopscape/libloopscape-dev $version packages in $build_dir" >&2
  exit 1
fi
for deb in "$app_deb" "$dev_deb"; do
  printf '%s (%s KiB)\n' "$deb" "$(( $(stat -c %s "$deb") / 1024 ))"
  dpkg-deb --field "$deb" Package Version Depends Recommends Suggests | sed 's/^/  /'
done

step "desktop entry and AppStream metadata"
if command -v desktop-file-validate >/dev/null; then
  if desktop-file-validate "$here/loopscape.desktop"; then ok "desktop-file-validate"; else bad "desktop-file-validate"; fi
else
  echo "skipped: desktop-file-validate is not installed (apt-get install desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null; then
  if appstreamcli validate --no-net "$here/io.github.loopscape.Loopscape.metainfo.xml"; then
    ok "appstreamcli validate"
  else
    bad "appstreamcli validate"
  fi
else
  echo "skipped: appstreamcli is not installed (apt-get install appstream)"
fi

step "lintian"
if command -v lintian >/dev/null; then
  lintian_out=$(lintian --display-info "$app_deb" "$dev_deb" 2>&1 || true)
  printf '%s\n' "${lintian_out:-(no tags)}"
  if grep -q '^E: ' <<<"$lintian_out"; then bad "lintian reports errors"; else ok "lintian: no errors"; fi
else
  echo "skipped: lintian is not installed (apt-get install lintian)"
fi

step "dependencies resolve (apt-get --simulate)"
if command -v apt-get >/dev/null; then
  if sim=$(apt-get install --simulate -q "$app_deb" "$dev_deb" 2>&1); then
    grep -E '^(Inst|Conf) ' <<<"$sim" | grep -v -E ' (loopscape|libloopscape-dev) ' | sed 's/^/  would also /' | head -n 20 || true
    ok "Depends of both packages resolve"
  else
    printf '%s\n' "$sim"
    bad "apt-get cannot resolve the packages' Depends"
  fi
fi

step "installing into a scratch root (dpkg -x)"
root=$(mktemp -d "${TMPDIR:-/tmp}/loopscape-package.XXXXXX")
if [[ $keep -eq 0 ]]; then trap 'rm -rf "$root"' EXIT; fi
dpkg -x "$app_deb" "$root/root"
dpkg -x "$dev_deb" "$root/root"
prefix="$root/root/usr"
ok "$(find "$root/root" -type f | wc -l) files under $root/root"
for f in bin/loopscape bin/loopscape-cli share/loopscape/samples/matmul.c share/loopscape/resources/lessons \
         share/applications/loopscape.desktop share/metainfo/io.github.loopscape.Loopscape.metainfo.xml \
         share/icons/hicolor/scalable/apps/loopscape.svg share/icons/hicolor/48x48/apps/loopscape.png \
         share/man/man1/loopscape.1.gz share/man/man1/loopscape-cli.1.gz share/man/man1/loopscape-run-bundle.1.gz \
         bin/loopscape-run-bundle \
         include/loopscape/api/loopscape.h lib/cmake/Loopscape/LoopscapeConfig.cmake; do
  if [[ -e "$prefix/$f" ]]; then :; else bad "missing /usr/$f"; fi
done

step "the installed loopscape-cli"
cli="$prefix/bin/loopscape-cli"
if [[ "$("$cli" --version)" == "loopscape-cli $version" ]]; then ok "loopscape-cli --version: $version"; else bad "loopscape-cli --version"; fi
if "$cli" info "$prefix/share/loopscape/samples/matmul.c" >"$root/info.txt" 2>&1; then
  ok "loopscape-cli info on the installed matmul.c ($(wc -l <"$root/info.txt") lines)"
else
  cat "$root/info.txt"; bad "loopscape-cli info"
fi

step "the installed app (offscreen)"
if env -u LOOPSCAPE_SAMPLES_DIR QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$root/config" \
     LOOPSCAPE_DATA_DIR="$root/data" "$prefix/bin/loopscape" --screenshot "$root/shot.png" >"$root/app.txt" 2>&1 \
   && [[ -s "$root/shot.png" ]]; then
  ok "loopscape --screenshot drew its default sample from /usr/share/loopscape/samples"
else
  cat "$root/app.txt"; bad "loopscape --screenshot"
fi
for page in loopscape loopscape-cli; do
  if warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$prefix/share/man/man1/$page.1.gz" 2>&1 >/dev/null) \
     && [[ -z "$warnings" ]]; then
    ok "man $page renders without warnings"
  else
    printf '%s\n' "$warnings"; bad "man page $page"
  fi
done

step "an exported C++ script against the installed engine"
app="$root/replay"
mkdir -p "$app"
printf '# tile the product, then run the tiles in parallel\nS1.tile(i, j, 16, 16, i0, j0, i1, j1)\nS1.parallelize(i0)\n' >"$app/tile.ls"
sample="$prefix/share/loopscape/samples/matmul.c"
"$cli" export "$sample" --script "$app/tile.ls" --target openmp -o "$app/replay.cpp"
cat >"$app/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.25)
project(replay LANGUAGES C CXX)
find_package(Loopscape REQUIRED)
add_executable(replay replay.cpp)
target_link_libraries(replay PRIVATE Loopscape::engine)
EOF
if cmake -S "$app" -B "$app/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
       -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$app/configure.txt" 2>&1 \
   && cmake --build "$app/build" --parallel 2 >"$app/build.txt" 2>&1; then
  found=$(sed -n 's/^Loopscape_DIR:PATH=//p' "$app/build/CMakeCache.txt")
  if [[ "$found" == "$prefix/lib/cmake/Loopscape" ]]; then ok "find_package(Loopscape) found $found"; else bad "find_package(Loopscape) found $found"; fi
  (cd "$app" && ./build/replay >replayed.c) && "$cli" emit "$sample" --script "$app/tile.ls" --target openmp >"$app/emitted.c"
  if cmp -s "$app/replayed.c" "$app/emitted.c" && [[ -s "$app/replayed.c" ]]; then
    ok "the exported program prints what emit prints ($(wc -l <"$app/replayed.c") lines)"
  else
    diff "$app/emitted.c" "$app/replayed.c" | head -n 20; bad "exported program output differs from emit"
  fi
else
  cat "$app/configure.txt" "$app/build.txt" 2>/dev/null | tail -n 30; bad "building the exported script"
fi

step "done"
[[ $keep -eq 1 ]] && echo "scratch root kept in $root"
if [[ $failures -gt 0 ]]; then
  echo "check-package: $failures check(s) failed"
  exit 1
fi
echo "check-package: all checks passed"

# `cmake --build build --target package`: the Debian packages, made by CPack.
#   loopscape        the app, loopscape-cli, samples and lessons, the desktop
#                    entry, AppStream metadata, icons and man pages
#   libloopscape-dev the engine library, its headers and its CMake package
#                    (find_package(Loopscape)), for exported C++ scripts
# Depends of both come from the binaries (dpkg-shlibdeps) plus what they open
# at run time; packaging/check-package.sh checks them with lintian and an
# install into a scratch root.
include(GNUInstallDirs)

set(LOOPSCAPE_PACKAGE_CONTACT "Loopscape developers <maintainers@users.noreply.github.com>"
    CACHE STRING "The Maintainer field of the Debian packages")
set(LOOPSCAPE_PACKAGING_DIR ${PROJECT_SOURCE_DIR}/packaging)
set(LOOPSCAPE_PACKAGE_STAGE ${PROJECT_BINARY_DIR}/packaging)

# --- the app's files -------------------------------------------------------
if(TARGET loopscape)
  install(TARGETS loopscape RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Loopscape_app)
endif()
install(TARGETS loopscape-cli loopscape-run-bundle RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Loopscape_app)
# The app looks for its samples at ../share/loopscape/samples from its binary,
# and for the lessons at ../resources/lessons from the samples.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/samples/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/loopscape/samples COMPONENT Loopscape_app)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/lessons
  DESTINATION ${CMAKE_INSTALL_DATADIR}/loopscape/resources COMPONENT Loopscape_app)
# The user guide (Help > User Guide, F1) at ../docs/guide from the samples,
# with the pages and screenshots it links to.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/loopscape/docs COMPONENT Loopscape_app
  FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
install(FILES ${LOOPSCAPE_PACKAGING_DIR}/loopscape.desktop
  DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT Loopscape_app)
install(FILES ${LOOPSCAPE_PACKAGING_DIR}/io.github.loopscape.Loopscape.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT Loopscape_app)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/loopscape.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT Loopscape_app)

# PNG icons at the usual sizes, rendered from the SVG at build time.
set(LOOPSCAPE_ICON_SIZES 16 22 24 32 48 64 128 256 512)
if(LOOPSCAPE_BUILD_GUI)
  add_executable(loopscape-icon-png ${LOOPSCAPE_PACKAGING_DIR}/icon_png.cpp)
  target_compile_options(loopscape-icon-png PRIVATE ${LOOPSCAPE_WARNINGS})
  target_link_libraries(loopscape-icon-png PRIVATE Qt6::Gui Qt6::Svg)
  set(LOOPSCAPE_ICON_PNGS)
  foreach(size ${LOOPSCAPE_ICON_SIZES})
    list(APPEND LOOPSCAPE_ICON_PNGS ${LOOPSCAPE_PACKAGE_STAGE}/icons/${size}x${size}/apps/loopscape.png)
  endforeach()
  add_custom_command(OUTPUT ${LOOPSCAPE_ICON_PNGS}
    COMMAND loopscape-icon-png ${PROJECT_SOURCE_DIR}/resources/icons/loopscape.svg
            ${LOOPSCAPE_PACKAGE_STAGE}/icons ${LOOPSCAPE_ICON_SIZES}
    DEPENDS loopscape-icon-png ${PROJECT_SOURCE_DIR}/resources/icons/loopscape.svg
    COMMENT "Rendering the app icon at ${LOOPSCAPE_ICON_SIZES} pixels")
  add_custom_target(loopscape_icons ALL DEPENDS ${LOOPSCAPE_ICON_PNGS})
  install(DIRECTORY ${LOOPSCAPE_PACKAGE_STAGE}/icons/
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor COMPONENT Loopscape_app)
endif()

# --- what Debian asks of every package: man pages, copyright, changelog -----
# Debian wants them compressed with gzip -9n (no name, no time stamp).
string(TIMESTAMP LOOPSCAPE_MAN_DATE "%Y-%m-%d" UTC)
string(TIMESTAMP LOOPSCAPE_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_PACKAGE_CONTACT "${LOOPSCAPE_PACKAGE_CONTACT}")
find_program(LOOPSCAPE_GZIP gzip REQUIRED)

function(loopscape_gzipped source output)
  add_custom_command(OUTPUT ${output}
    COMMAND ${LOOPSCAPE_GZIP} -9nc ${source} > ${output}
    DEPENDS ${source} VERBATIM)
endfunction()

set(LOOPSCAPE_PACKAGE_DOCS)
foreach(page loopscape loopscape-cli loopscape-run-bundle)
  configure_file(${LOOPSCAPE_PACKAGING_DIR}/man/${page}.1.in ${LOOPSCAPE_PACKAGE_STAGE}/man/${page}.1 @ONLY)
  loopscape_gzipped(${LOOPSCAPE_PACKAGE_STAGE}/man/${page}.1 ${LOOPSCAPE_PACKAGE_STAGE}/man/${page}.1.gz)
  list(APPEND LOOPSCAPE_PACKAGE_DOCS ${LOOPSCAPE_PACKAGE_STAGE}/man/${page}.1.gz)
  install(FILES ${LOOPSCAPE_PACKAGE_STAGE}/man/${page}.1.gz
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT Loopscape_app)
endforeach()

foreach(component_package Loopscape_app:loopscape Loopscape_engine:libloopscape-dev)
  string(REPLACE ":" ";" pair ${component_package})
  list(GET pair 0 component)
  list(GET pair 1 LOOPSCAPE_DEB_PACKAGE)
  set(stage ${LOOPSCAPE_PACKAGE_STAGE}/doc/${LOOPSCAPE_DEB_PACKAGE})
  configure_file(${LOOPSCAPE_PACKAGING_DIR}/debian/changelog.in ${stage}/changelog.Debian @ONLY)
  loopscape_gzipped(${stage}/changelog.Debian ${stage}/changelog.Debian.gz)
  list(APPEND LOOPSCAPE_PACKAGE_DOCS ${stage}/changelog.Debian.gz)
  install(FILES ${LOOPSCAPE_PACKAGING_DIR}/debian/copyright ${stage}/changelog.Debian.gz
    DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${LOOPSCAPE_DEB_PACKAGE} COMPONENT ${component})
  install(FILES ${LOOPSCAPE_PACKAGING_DIR}/debian/${LOOPSCAPE_DEB_PACKAGE}.lintian-overrides
    DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME ${LOOPSCAPE_DEB_PACKAGE} COMPONENT ${component})
endforeach()
add_custom_target(loopscape_package_docs ALL DEPENDS ${LOOPSCAPE_PACKAGE_DOCS})

# --- CPack -----------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME loopscape)
set(CPACK_PACKAGE_VENDOR "The Loopscape developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put it before each
# component's description, whose first line is already its synopsis.
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL Loopscape_app Loopscape_engine)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_LOOPSCAPE_APP_PACKAGE_NAME loopscape)
set(CPACK_DEBIAN_LOOPSCAPE_APP_PACKAGE_SECTION science)
# Beyond the linked libraries: clang's own headers (stddef.h, ...) that the
# front-end reads from its resource directory at run time.
set(CPACK_DEBIAN_LOOPSCAPE_APP_PACKAGE_DEPENDS "libclang-common-14-dev")
# The runner builds what it emits: gcc with OpenMP for openmp/c/hls, mpicc for
# mpi, nvcc for cuda; exported C++ scripts need libloopscape-dev.
set(CPACK_DEBIAN_LOOPSCAPE_APP_PACKAGE_RECOMMENDS "gcc, g++, libc6-dev, bubblewrap")
set(CPACK_DEBIAN_LOOPSCAPE_APP_PACKAGE_SUGGESTS "libopenmpi-dev, openmpi-bin, nvidia-cuda-toolkit, libloopscape-dev")
set(CPACK_DEBIAN_LOOPSCAPE_APP_DESCRIPTION
"explore and transform polyhedral schedules of C loop nests
Loopscape opens a C loop nest (a #pragma scop region, PolyBench style) and
shows its isl schedule tree, plots of the iteration domains with the
dependences as arrows, the dependences as a list and a graph, and the code
generated for C with OpenMP, C with MPI, CUDA, HLS C++ and Halide.
.
Transforms (interchange, tile, skew, fuse, distribute, parallelize, ...) are
offered where you click, each checked for legality against the exact
dependences; every step can be undone, and sessions are autosaved.
.
The package holds the desktop app, the command line tool loopscape-cli (info,
emit, verify, check, export, bench), the bundled samples and the lessons.")

set(CPACK_DEBIAN_LOOPSCAPE_ENGINE_PACKAGE_NAME libloopscape-dev)
set(CPACK_DEBIAN_LOOPSCAPE_ENGINE_PACKAGE_SECTION libdevel)
# The static engine and the CMake package's find_dependency() calls.
set(CPACK_DEBIAN_LOOPSCAPE_ENGINE_PACKAGE_DEPENDS
    "g++, cmake (>= 3.25), libisl-dev, libclang-cpp14-dev, libclang-14-dev, llvm-14-dev, libhalide14-0-dev")
set(CPACK_DEBIAN_LOOPSCAPE_ENGINE_PACKAGE_SUGGESTS "loopscape")
set(CPACK_DEBIAN_LOOPSCAPE_ENGINE_DESCRIPTION
"Loopscape engine library for C++ programs (development files)
The engine of Loopscape as a static library with its headers and a CMake
package: find_package(Loopscape) gives the target Loopscape::engine. C++
programs written by 'loopscape-cli export' build against it and replay a
schedule session (open a C file, apply transforms checked for legality,
print the generated code).")

include(CPack)

# `cmake --install BUILD --component Loopscape_engine --prefix P` installs the
# engine as a CMake package: find_package(Loopscape) gives Loopscape::engine,
# which carries its dependencies (isl, clang-cpp + LLVM) and the isl-first link
# option (engine notes §7), so a consumer executable binds isl_* to libisl 0.25.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(LOOPSCAPE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Loopscape)
set(LOOPSCAPE_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/loopscape)

set_target_properties(loopscape_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(loopscape_tiramisu PROPERTIES EXPORT_NAME tiramisu)
set_target_properties(Loopscape_isl PROPERTIES EXPORT_NAME isl)
set_target_properties(Loopscape_clang PROPERTIES EXPORT_NAME clang)

# Engine headers include each other as "session/session.h": both the package's
# own folder and its parent are on the consumer's include path, so a program
# writes #include <loopscape/api/loopscape.h>.
target_include_directories(loopscape_engine PUBLIC
  $<INSTALL_INTERFACE:${LOOPSCAPE_INSTALL_INCLUDEDIR}>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(loopscape_engine PUBLIC cxx_std_20)
# The in-tree executables call loopscape_bind_isl_first(); consumers get it here.
target_link_options(loopscape_engine INTERFACE
  "$<INSTALL_INTERFACE:LINKER:--no-as-needed>"
  "$<INSTALL_INTERFACE:-lisl>"
  "$<INSTALL_INTERFACE:LINKER:--as-needed>")

# Loopscape::tiramisu: <tiramisu/tiramisu.h> for Tiramisu programs as they are.
target_include_directories(loopscape_tiramisu INTERFACE
  $<INSTALL_INTERFACE:${LOOPSCAPE_INSTALL_INCLUDEDIR}/api/compat>)

install(TARGETS loopscape_engine loopscape_tiramisu Loopscape_isl Loopscape_clang
  EXPORT LoopscapeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Loopscape_engine
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Loopscape_engine)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/
  DESTINATION ${LOOPSCAPE_INSTALL_INCLUDEDIR}
  COMPONENT Loopscape_engine
  FILES_MATCHING PATTERN "*.h")
install(EXPORT LoopscapeTargets
  NAMESPACE Loopscape::
  DESTINATION ${LOOPSCAPE_INSTALL_CMAKEDIR}
  COMPONENT Loopscape_engine)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/LoopscapeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/LoopscapeConfig.cmake
  INSTALL_DESTINATION ${LOOPSCAPE_INSTALL_CMAKEDIR}
  PATH_VARS LOOPSCAPE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/LoopscapeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/LoopscapeConfig.cmake ${PROJECT_BINARY_DIR}/LoopscapeConfigVersion.cmake
  DESTINATION ${LOOPSCAPE_INSTALL_CMAKEDIR}
  COMPONENT Loopscape_engine)

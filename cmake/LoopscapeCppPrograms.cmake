# Opening a C++ program (`loopscape prog.cpp`, `loopscape-cli info prog.cpp`)
# builds it against the engine like the samples are built: the compiler, its
# flags and the engine's headers and libraries are written here, once for the
# build tree and once for an installed package (engine/cpp_program/cpp_build.h
# reads them). Each line is one argument.
string(TOUPPER "${CMAKE_BUILD_TYPE}" _loopscape_config)
separate_arguments(_loopscape_cxx_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_loopscape_config}}")
# -O0 last: a program only describes its computation and runs for a moment,
# and optimising it tripled the time to open it (issue 24: 1.1 s against 0.4 s).
set(_loopscape_compile -std=c++20 ${_loopscape_cxx_flags} -O0 ${LOOPSCAPE_WARNINGS})
# Debian's libLLVM-14 exports Polly's older isl: libisl first (engine notes §7).
set(_loopscape_link_first "-Wl,--no-as-needed" "-lisl" "-Wl,--as-needed" "-Wl,-rpath,${LLVM_LIBRARY_DIR}")
# Linking against the engine and LLVM takes 1.25 s with the default linker,
# 0.38 s with gold (binutils', so wherever g++ is) and 0.2 s with lld. The
# build tree takes lld where it is installed; the package gold, as the
# machine it is installed on may lack lld.
include(CheckLinkerFlag)
check_linker_flag(CXX "-fuse-ld=gold" LOOPSCAPE_LINKER_GOLD)
check_linker_flag(CXX "-fuse-ld=lld" LOOPSCAPE_LINKER_LLD)
set(_loopscape_linker_installed "")
if(LOOPSCAPE_LINKER_GOLD)
  set(_loopscape_linker_installed "-fuse-ld=gold")
endif()
set(_loopscape_linker_build "${_loopscape_linker_installed}")
if(LOOPSCAPE_LINKER_LLD)
  set(_loopscape_linker_build "-fuse-ld=lld")
endif()
set(_loopscape_libraries ${ISL_LIBRARY} $<TARGET_LINKER_FILE:clang-cpp> $<TARGET_LINKER_FILE:LLVM>
    $<TARGET_LINKER_FILE:Halide::Halide>)

function(loopscape_write_cpp_toolchain output include_dirs engine_library linker precompiled_header)
  set(text "compiler\t${CMAKE_CXX_COMPILER}\n")
  foreach(flag IN LISTS _loopscape_compile)
    string(APPEND text "compile\t${flag}\n")
  endforeach()
  foreach(dir IN LISTS include_dirs)
    string(APPEND text "compile\t-I${dir}\n")
  endforeach()
  foreach(flag IN LISTS linker _loopscape_link_first)
    string(APPEND text "link\t${flag}\n")
  endforeach()
  string(APPEND text "link\t${engine_library}\n")
  foreach(library IN LISTS _loopscape_libraries)
    string(APPEND text "link\t${library}\n")
  endforeach()
  # A rebuilt engine invalidates the programs built against it.
  string(APPEND text "stamp\t${engine_library}\n")
  if(precompiled_header)
    string(APPEND text "precompiled\t${precompiled_header}\n")
  endif()
  file(GENERATE OUTPUT ${output} CONTENT "${text}")
endfunction()

# The build tree: engine/ as "api/tiramisu.h", and as <loopscape/api/loopscape.h>
# (what exported sessions include) through a link.
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/cpp-include)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/engine ${PROJECT_BINARY_DIR}/cpp-include/loopscape SYMBOLIC)
set(_loopscape_build_includes "${PROJECT_SOURCE_DIR}/engine;${PROJECT_BINARY_DIR}/cpp-include")
# Tiramisu programs include <tiramisu/tiramisu.h> (engine/api/compat), which brings Halide's headers.
get_target_property(_loopscape_halide_includes Halide::Halide INTERFACE_INCLUDE_DIRECTORIES)
list(GET _loopscape_halide_includes 0 _loopscape_halide_include)
set(_loopscape_tiramisu_build_includes "${PROJECT_SOURCE_DIR}/engine/api/compat;${_loopscape_halide_include}")

# The build tree precompiles the API's headers as it builds, so that even the
# first program opened reads them in a third of a second instead of spending
# five seconds making them (an installed package makes them in its user's
# cache, once). The text is the one cpp_build.cpp writes for that cache.
set(_loopscape_pch_dir ${PROJECT_BINARY_DIR}/cpp-pch)
set(_loopscape_pch ${_loopscape_pch_dir}/loopscape-api.h)
file(MAKE_DIRECTORY ${_loopscape_pch_dir})
file(WRITE ${_loopscape_pch}.in
  "// The engine's API, precompiled once for every C++ program Loopscape builds.\n"
  "#include \"api/tiramisu.h\"\n#include \"api/lappy.h\"\n#include \"api/publish.h\"\n")
configure_file(${_loopscape_pch}.in ${_loopscape_pch} COPYONLY)
set(_loopscape_pch_flags ${_loopscape_compile})
foreach(dir IN LISTS _loopscape_build_includes)
  list(APPEND _loopscape_pch_flags "-I${dir}")
endforeach()
add_custom_command(OUTPUT ${_loopscape_pch}.gch
  COMMAND ${CMAKE_CXX_COMPILER} ${_loopscape_pch_flags} -x c++-header ${_loopscape_pch}
          -o ${_loopscape_pch}.gch -MD -MF ${_loopscape_pch}.d -MT ${_loopscape_pch}.gch
  DEPFILE ${_loopscape_pch}.d
  DEPENDS ${_loopscape_pch}
  COMMENT "Precompiling the engine API's headers for C++ programs"
  VERBATIM)
add_custom_target(loopscape_cpp_pch ALL DEPENDS ${_loopscape_pch}.gch)

loopscape_write_cpp_toolchain(${PROJECT_BINARY_DIR}/loopscape-cpp-toolchain.txt
  "${_loopscape_build_includes};${_loopscape_tiramisu_build_includes}" $<TARGET_FILE:loopscape_engine> "${_loopscape_linker_build}" ${_loopscape_pch})

# The installed package (the engine component's headers and library), its
# paths under @prefix@: the install prefix, found from the file's own place
# (<prefix>/${CMAKE_INSTALL_DATADIR}/loopscape), so `cmake --install --prefix` anywhere works.
loopscape_write_cpp_toolchain(${PROJECT_BINARY_DIR}/installed/loopscape-cpp-toolchain.txt
  "@prefix@/${CMAKE_INSTALL_INCLUDEDIR}/loopscape;@prefix@/${CMAKE_INSTALL_INCLUDEDIR};@prefix@/${CMAKE_INSTALL_INCLUDEDIR}/loopscape/api/compat;${_loopscape_halide_include}"
  @prefix@/${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:loopscape_engine> "${_loopscape_linker_installed}" "")
install(FILES ${PROJECT_BINARY_DIR}/installed/loopscape-cpp-toolchain.txt
  DESTINATION ${CMAKE_INSTALL_DATADIR}/loopscape COMPONENT Loopscape_app)

target_compile_definitions(loopscape_unit_cpp_program PRIVATE
  LOOPSCAPE_CPP_TOOLCHAIN="${PROJECT_BINARY_DIR}/loopscape-cpp-toolchain.txt"
  LOOPSCAPE_CPP_TOOLCHAIN_INSTALLED="${CMAKE_INSTALL_DATADIR}/loopscape/loopscape-cpp-toolchain.txt")

# Opening a C++ program (`loopscape prog.cpp`, `loopscape-cli info prog.cpp`)
# builds it against the engine like the samples are built: the compiler, its
# flags and the engine's headers and libraries are written here, once for the
# build tree and once for an installed package (engine/cpp_program/cpp_build.h
# reads them). Each line is one argument.
string(TOUPPER "${CMAKE_BUILD_TYPE}" _loopscape_config)
separate_arguments(_loopscape_cxx_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_loopscape_config}}")
set(_loopscape_compile -std=c++20 ${_loopscape_cxx_flags} ${LOOPSCAPE_WARNINGS})
# Debian's libLLVM-14 exports Polly's older isl: libisl first (engine notes §7).
set(_loopscape_link_first "-Wl,--no-as-needed" "-lisl" "-Wl,--as-needed" "-Wl,-rpath,${LLVM_LIBRARY_DIR}")
set(_loopscape_libraries ${ISL_LIBRARY} $<TARGET_LINKER_FILE:clang-cpp> $<TARGET_LINKER_FILE:LLVM>
    $<TARGET_LINKER_FILE:Halide::Halide>)

function(loopscape_write_cpp_toolchain output include_dirs engine_library)
  set(text "compiler\t${CMAKE_CXX_COMPILER}\n")
  foreach(flag IN LISTS _loopscape_compile)
    string(APPEND text "compile\t${flag}\n")
  endforeach()
  foreach(dir IN LISTS include_dirs)
    string(APPEND text "compile\t-I${dir}\n")
  endforeach()
  foreach(flag IN LISTS _loopscape_link_first)
    string(APPEND text "link\t${flag}\n")
  endforeach()
  string(APPEND text "link\t${engine_library}\n")
  foreach(library IN LISTS _loopscape_libraries)
    string(APPEND text "link\t${library}\n")
  endforeach()
  # A rebuilt engine invalidates the programs built against it.
  string(APPEND text "stamp\t${engine_library}\n")
  file(GENERATE OUTPUT ${output} CONTENT "${text}")
endfunction()

# The build tree: engine/ as "api/tiramisu.h", and as <loopscape/api/loopscape.h>
# (what exported sessions include) through a link.
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/cpp-include)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/engine ${PROJECT_BINARY_DIR}/cpp-include/loopscape SYMBOLIC)
loopscape_write_cpp_toolchain(${PROJECT_BINARY_DIR}/loopscape-cpp-toolchain.txt
  "${PROJECT_SOURCE_DIR}/engine;${PROJECT_BINARY_DIR}/cpp-include" $<TARGET_FILE:loopscape_engine>)

# The installed package (the engine component's headers and library), its
# paths under @prefix@: the install prefix, found from the file's own place
# (<prefix>/${CMAKE_INSTALL_DATADIR}/loopscape), so `cmake --install --prefix` anywhere works.
loopscape_write_cpp_toolchain(${PROJECT_BINARY_DIR}/installed/loopscape-cpp-toolchain.txt
  "@prefix@/${CMAKE_INSTALL_INCLUDEDIR}/loopscape;@prefix@/${CMAKE_INSTALL_INCLUDEDIR}"
  @prefix@/${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:loopscape_engine>)
install(FILES ${PROJECT_BINARY_DIR}/installed/loopscape-cpp-toolchain.txt
  DESTINATION ${CMAKE_INSTALL_DATADIR}/loopscape COMPONENT Loopscape_app)

target_compile_definitions(loopscape_unit_cpp_program PRIVATE
  LOOPSCAPE_CPP_TOOLCHAIN="${PROJECT_BINARY_DIR}/loopscape-cpp-toolchain.txt"
  LOOPSCAPE_CPP_TOOLCHAIN_INSTALLED="${CMAKE_INSTALL_DATADIR}/loopscape/loopscape-cpp-toolchain.txt")

# Finds the real libraries Loopscape is built on (Debian 12 packages).
find_package(PkgConfig REQUIRED)

find_path(ISL_INCLUDE_DIR isl/cpp.h REQUIRED)
find_library(ISL_LIBRARY NAMES isl REQUIRED)
add_library(Loopscape_isl INTERFACE)
target_include_directories(Loopscape_isl SYSTEM INTERFACE ${ISL_INCLUDE_DIR})
target_link_libraries(Loopscape_isl INTERFACE ${ISL_LIBRARY})

# Debian's ClangConfig.cmake has no version file, so no version is asked for.
find_package(Clang REQUIRED CONFIG HINTS /usr/lib/llvm-14/lib/cmake/clang)
add_library(Loopscape_clang INTERFACE)
target_include_directories(Loopscape_clang SYSTEM INTERFACE ${CLANG_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
target_link_libraries(Loopscape_clang INTERFACE clang-cpp LLVM)
target_compile_definitions(Loopscape_clang INTERFACE
  LOOPSCAPE_CLANG_RESOURCE_DIR="${LLVM_LIBRARY_DIR}/clang/${LLVM_PACKAGE_VERSION}")

# Halide 14 (libhalide14-0-dev): the halide targets lower the loop AST to its IR
# and compile it with its LLVM back-end. Its package needs C enabled (top CMakeLists).
find_package(Halide 14 REQUIRED)

if(LOOPSCAPE_BUILD_GUI)
  find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets Svg Test Concurrent)
  pkg_check_modules(GRAPHVIZ REQUIRED IMPORTED_TARGET libgvc libcgraph)
endif()

set(LOOPSCAPE_WARNINGS -Wall -Wextra -Wpedantic -Wno-unused-parameter)
# gcc 12 at -O2/-O3 reports std::string concatenation as overlapping memcpy
# (a known false positive, GCC bug 105329); it is not in our code.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  list(APPEND LOOPSCAPE_WARNINGS -Wno-restrict)
endif()
# Qt's foreach macro collides with isl::*_list::foreach in isl/cpp.h.
add_compile_definitions(QT_NO_FOREACH)

# Debian's libLLVM-14 exports Polly's older isl; clang-cpp pulls it in. Making
# libisl the first NEEDED entry binds every isl_* call to isl 0.25.
function(loopscape_bind_isl_first target)
  target_link_options(${target} BEFORE PRIVATE "LINKER:--no-as-needed" "-lisl" "LINKER:--as-needed")
endfunction()

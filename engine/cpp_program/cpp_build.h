// SPDX-License-Identifier: Apache-2.0
#pragma once
// Building a user's C++ program against the engine, as the samples are built:
// the compiler and flags come from the toolchain file CMake writes
// (cmake/LoopscapeCppPrograms.cmake), the built executable is kept in a cache
// by a hash of everything that goes into it, so reopening is fast (the 48
// most recently opened are kept).
#include <functional>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

struct CppToolchain {
  std::string file;  // where it was read from
  std::string compiler;
  std::vector<std::string> compile_flags;
  std::vector<std::string> link_flags;
  std::vector<std::string> stamps;  // files whose size and time are part of the hash (the engine library)
  // The API's headers as the build tree precompiled them (HEADER, beside
  // HEADER.gch); empty for an installed package, which makes them in the cache.
  std::string precompiled_header;
};

// The toolchain of an installed package beside this executable
// (<bin>/../share/loopscape), else of the build tree it was built in;
// $LOOPSCAPE_CPP_TOOLCHAIN names another. Throws InputError when none is there.
CppToolchain find_cpp_toolchain();

// $LOOPSCAPE_CPP_CACHE, else $XDG_CACHE_HOME/loopscape/cpp, else ~/.cache/loopscape/cpp.
std::string default_cpp_cache();

struct CppBuildOptions {
  std::string cache_dir;             // empty: default_cpp_cache()
  // The engine API's headers are precompiled once per toolchain (in the
  // cache's pch/ folder, the first program pays for it) and every later
  // program's compile reads them in a third of the time. LOOPSCAPE_CPP_PCH=off
  // turns it off.
  bool precompile_api = true;
  std::function<bool()> cancelled;   // polled while the compiler runs
};

struct CppBuild {
  std::string executable;
  bool cached = false;   // found in the cache: nothing was compiled
  double seconds = 0;    // compiling and linking
  bool precompiled_api = false;  // compiled against the API headers precompiled once per toolchain
};

// The compiler's command for `path` (run in the file's folder), as
// build_cpp_program runs it, less its output file: what the window shows
// before it asks to build and run a program.
std::vector<std::string> cpp_build_command(const std::string& path, const CompileOptions& options);

// Compiles `path` in its own folder (so the compiler and the program name it
// by its file name) with `options`' -D and -I. Compile errors throw InputError
// at the first error's line and column in `path` (as given), its message the
// compiler's diagnostics.
CppBuild build_cpp_program(const std::string& path, const CompileOptions& options, const CppBuildOptions& build = {});

}  // namespace loopscape

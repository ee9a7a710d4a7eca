// SPDX-License-Identifier: Apache-2.0
#pragma once
// Opening a program file, C or C++, the same way in the app and on the command
// line. A C file is read by the C front-end. A C++ program (Tiramisu's
// Layer I, lappy, an exported session) is built against the engine
// (cpp_program/cpp_build.h), run with LOOPSCAPE_PUBLISH (api/publish.h), and
// what it publishes is opened: its program, and its schedule commands for the
// session's history.
#include <functional>
#include <string>
#include <vector>

#include "commands/command.h"
#include "loading/load_program.h"

namespace loopscape {

// .cpp, .cc, .cxx, .C
bool is_cpp_source(const std::string& path);

struct ProgramFileOptions {
  std::string cache_dir;                    // built C++ programs (empty: default_cpp_cache())
  std::function<bool()> cancelled;          // polled while building and running
  double run_timeout_seconds = 300;
};

struct ProgramFile {
  LoadedProgram loaded;                 // the original schedule
  std::vector<CommandCall> calls;       // the commands the C++ program applied (none for C)
  // The file its statements are located in: the C file, the .cpp, or the C
  // file an exported session opens.
  std::string located_in;
  // The C the program carries when it is no file of its own (a C++ program's
  // rendering): what an export of the session embeds. Empty otherwise.
  std::string embedded_c;
  std::string note;      // e.g. which of several definitions was opened
  bool from_cache = false;
  double build_seconds = 0;  // compiling (0 when cached)
  double run_seconds = 0;    // running the program
  // The session's other lines of work (an exported session's keep_variant calls).
  std::vector<std::vector<CommandCall>> variants;
};

// Throws InputError located in the file: a C front-end error, a C++ compile
// error (at its line and column), an InputError the program's API raised, a
// program that publishes nothing.
ProgramFile open_program_file(const std::string& path, const CompileOptions& options,
                              const ProgramFileOptions& file_options = {});

}  // namespace loopscape

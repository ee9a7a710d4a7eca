// SPDX-License-Identifier: Apache-2.0
#pragma once
// File › Export › C++ program and `loopscape-cli export`: a session as a
// readable C++ program against the engine's public API (api/loopscape.h). It
// opens the program, applies the session's commands, publishes the session
// (api/publish.h: so opening the exported file in the app gives the same
// program and history) and prints the code for a target.
#include <string>
#include <vector>

#include "commands/command.h"
#include "cpp_program/program_file.h"
#include "model/program.h"

namespace loopscape {

struct ExportInput {
  std::string input;        // the program's file, as given (C, or the C++ that defined it)
  CompileOptions compile;   // -D, -I, --function
  std::string script;       // the script's path (for comments)
  std::string target;       // what the program prints
  unsigned long isl_quota = 0;
  std::vector<CommandCall> calls;
  // The session's other lines of work (Session::variants), kept beside it.
  std::vector<std::vector<CommandCall>> variants;
  // The program's C when it is no C file of its own (a C++ program's
  // rendering, ProgramFile::embedded_c): the export carries it as text and
  // opens it with loopscape::open_source; `c_name` is the name it carries.
  std::string embedded_c;
  std::string c_name;
};

// The program's text. It prints exactly what `loopscape-cli emit INPUT
// --script SCRIPT --target TARGET` prints; opened in the app, it gives the
// same program, the same history and the same code.
std::string export_cpp(const ExportInput& in);

// Where the export of a session on the file `path` (opened with `options`,
// cpp_program/program_file.h) reads its program: a C file itself; for a C++
// program, the C it carries (`embedded_c`, its name `program_file`), or the
// C file it opens (an exported session: `program_file`, read with
// `program_options`). Sets input, compile, embedded_c and c_name.
void set_export_source(ExportInput& in, const std::string& path, const CompileOptions& options,
                       const std::string& program_file, const CompileOptions& program_options,
                       const std::string& embedded_c);

// A C++ string literal for `text`.
std::string cpp_string(const std::string& text);

}  // namespace loopscape

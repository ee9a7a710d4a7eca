#pragma once
// `loopscape-cli export`: a session (C file + script) as a readable C++ program
// against the engine's public API (api/loopscape.h).
#include <string>
#include <vector>

#include "commands/command.h"
#include "model/program.h"

namespace loopscape::cli {

struct ExportInput {
  std::string input;        // the C file, as given
  CompileOptions compile;   // -D, -I, --function
  std::string script;       // the script's path (for comments)
  std::string target;       // what the program prints
  unsigned long isl_quota = 0;
  std::vector<CommandCall> calls;
};

// The program's text. It prints exactly what `loopscape-cli emit INPUT
// --script SCRIPT --target TARGET` prints.
std::string export_cpp(const ExportInput& in);

// A C++ string literal for `text`.
std::string cpp_string(const std::string& text);

}  // namespace loopscape::cli

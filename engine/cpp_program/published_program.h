// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a C++ program publishes (api/publish.h) and the app reads back: the
// files in the LOOPSCAPE_PUBLISH folder. The program's C goes to program.c,
// its commands to commands.ls, the rest to manifest.txt (one fact a line,
// tab-separated, escaped).
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

// C++ facts of one statement that the C form cannot carry.
struct PublishedStatement {
  std::string name;
  SourceLocation where;                   // where the program declares it
  std::vector<SourceLocation> accesses;   // Statement::accesses' places, in order
  std::string domain_description;
};

struct PublishedProgram {
  std::string name;  // what it is called in messages ("gemm")
  // Read the program from `c_file` (a C file on disk) or from `c_text` (the
  // C the program holds), which carries the name `c_name`.
  bool from_file = false;
  std::string c_file;  // absolute
  std::string c_name;
  std::string c_text;
  CompileOptions options;
  std::string script;  // the session's commands (session/script.h)
  std::vector<std::string> variant_scripts;  // its other lines of work (Session::variants), as scripts
  std::vector<PublishedStatement> statements;
  std::vector<std::string> definitions;  // every definition the program published, in creation order
  // A definition that failed: its message and place (nothing else is set).
  std::string error;
  SourceLocation error_where;
};

// Writes the folder's files. Throws InputError when it cannot.
void write_published(const std::string& folder, const PublishedProgram& published);
// Reads them back; nothing published: std::nullopt-like false. Throws
// InputError when the files are malformed.
bool read_published(const std::string& folder, PublishedProgram* published);

}  // namespace loopscape

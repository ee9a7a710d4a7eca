// SPDX-License-Identifier: Apache-2.0
#include "model/code_running_flags.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "support/error.h"

namespace loopscape {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

std::string flag_runs_code(const std::string& a) {
  if (starts_with(a, "-fplugin") || starts_with(a, "-iplugindir"))
    return "'" + a + "' loads a compiler plugin, code that runs inside the compiler";
  if (a == "-load" || a == "-plugin" || starts_with(a, "-add-plugin") || starts_with(a, "-fpass-plugin"))
    return "'" + a + "' loads a compiler plugin, code that runs inside the compiler";
  if (starts_with(a, "-B") || starts_with(a, "--prefix") || starts_with(a, "-ccc-"))
    return "'" + a + "' makes the compiler run its tools (assembler, linker) from another folder";
  if (starts_with(a, "--driver-mode") || starts_with(a, "--gcc-toolchain") || starts_with(a, "--gcc-install-dir"))
    return "'" + a + "' changes which compiler programs run";
  if (starts_with(a, "-specs") || starts_with(a, "--specs") || starts_with(a, "-wrapper") || starts_with(a, "-fuse-ld") ||
      starts_with(a, "--ld-path"))
    return "'" + a + "' makes the compiler run other programs";
  if (starts_with(a, "-Wl,") && (a.find("plugin") != std::string::npos))
    return "'" + a + "' loads a linker plugin, code that runs inside the linker";
  if (a == "-Xclang" || a == "-Xlinker" || a == "-Xassembler" || a == "-Xpreprocessor" || starts_with(a, "-Xcompiler") ||
      starts_with(a, "-Xarch"))
    return "'" + a + "' passes the next argument to a tool unchecked";
  return {};
}

std::string malformed_define(const std::string& d) {
  const std::size_t end = std::min(d.find('='), d.find('('));
  const std::string name = d.substr(0, end);
  const bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                          std::all_of(name.begin(), name.end(), [](char c) {
                            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                          });
  if (identifier) return {};
  return "'" + d + "' is not a macro definition (NAME or NAME=VALUE)";
}

std::string response_file_runs_code(const std::string& path, unsigned* line, unsigned* column) {
  std::ifstream in(path);
  if (!in) {
    *line = *column = 0;
    return "the response file '" + path + "' cannot be read, so what it passes to the compiler is unknown";
  }
  std::string text;
  unsigned number = 0;
  while (std::getline(in, text)) {
    ++number;
    std::size_t k = 0;
    while (k < text.size()) {
      while (k < text.size() && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r')) ++k;
      if (k >= text.size()) break;
      const std::size_t start = k;
      std::string word;
      char quote = 0;
      for (; k < text.size() && (quote || (text[k] != ' ' && text[k] != '\t' && text[k] != '\r')); ++k) {
        if (quote && text[k] == quote) quote = 0;
        else if (!quote && (text[k] == '"' || text[k] == '\'')) quote = text[k];
        else word += text[k];
      }
      std::string why = flag_runs_code(word);
      if (why.empty() && starts_with(word, "@")) why = "'" + word + "' reads more arguments from another response file";
      if (!why.empty()) {
        *line = number;
        *column = static_cast<unsigned>(start + 1);
        return why;
      }
    }
  }
  return {};
}

void refuse_code_running_options(const CompileOptions& options, const SourceLocation& where) {
  auto refuse = [&](const std::string& what, const std::string& why) {
    throw InputError(where, what + ": " + why + "; inputs may name files, macros and include folders, not flags "
                                               "that run code");
  };
  for (const std::string& d : options.defines) {
    if (const std::string why = flag_runs_code(d); !why.empty()) refuse("a define", why);
    if (const std::string why = malformed_define(d); !why.empty()) refuse("a define", why);
  }
  for (const std::string& i : options.include_dirs)
    if (const std::string why = flag_runs_code(i); !why.empty()) refuse("an include folder", why);
  for (const std::string& s : options.extra_sources) {
    if (starts_with(s, "-")) refuse("an extra source", "'" + s + "' is a compiler flag, not a file");
    if (starts_with(s, "@")) refuse("an extra source", "'" + s + "' is a response file of compiler flags, not a source");
  }
}

}  // namespace loopscape

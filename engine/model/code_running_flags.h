// SPDX-License-Identifier: Apache-2.0
#pragma once
// Compiler arguments that make the compiler run code someone else chose
// (plugins, other tools, other drivers): inputs that carry flags (session
// files, lessons, compile_commands.json, what a C++ program publishes) may
// name files, macros and include folders, never these.
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

// Why `argument` makes the compiler run chosen code, in words ("" when it
// does not). A response file (@FILE) is not read here: see
// response_file_runs_code.
std::string flag_runs_code(const std::string& argument);

// The first argument of the response file `path` that runs code, with its
// line and column in the file; "" when none does. An unreadable file is
// refused too (what it would pass cannot be known).
std::string response_file_runs_code(const std::string& path, unsigned* line, unsigned* column);

// Why `define` is not a macro definition (NAME, NAME=VALUE, NAME(ARGS)=VALUE)
// ("" when it is): anything else would reach the compiler as -D plus text.
std::string malformed_define(const std::string& define);

// Throws InputError at `where` when an option value would reach a compiler
// as such a flag: a define or include folder that is itself a flag, an extra
// source that is a flag or a response file (a source must be a file).
void refuse_code_running_options(const CompileOptions& options, const SourceLocation& where);

}  // namespace loopscape

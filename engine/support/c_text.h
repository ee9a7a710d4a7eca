// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading C source text without a compiler: comments and literals blanked,
// macros, file-scope declarations, a function's parameters, integer
// expressions. Used by the runner's harness and by printers that look at the
// file they splice code into.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopscape {

// The text with comments, string and character literals blanked (same length and lines).
std::string blank_comments_and_strings(const std::string& source);

// Whether the file defines `int main(...)`.
bool defines_main(const std::string& source);

// The replacement text of `#define NAME VALUE` in the file, if it has one.
std::optional<std::string> macro_value(const std::string& source, const std::string& name);

// Whether NAME is declared at file scope (a global variable), not only inside functions.
bool declared_at_file_scope(const std::string& source, const std::string& name);

struct FunctionParameter {
  std::string name;
  std::string declaration;  // as written: "double A[restrict n][n]"
  std::string type;         // the declaration without its name and brackets: "double"
  bool pointer = false;     // an array or pointer parameter
};

// The parameters of the definition of `function` (nullopt when no definition is found).
std::optional<std::vector<FunctionParameter>> function_parameters(const std::string& source,
                                                                  const std::string& function);

// Evaluates an integer C expression of literals, names and + - * / % ( );
// names come from `values`, then from the file's #defines.
std::optional<long> evaluate_integer(const std::string& expression, const std::map<std::string, long>& values,
                                     const std::string& source = {});

// `s` without leading and trailing white space.
std::string trimmed(const std::string& s);
// A C type without const, restrict, volatile, register, static: "const double" -> "double".
std::string without_type_qualifiers(const std::string& type);

}  // namespace loopscape

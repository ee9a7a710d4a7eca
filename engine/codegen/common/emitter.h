// SPDX-License-Identifier: Apache-2.0
#pragma once
// Splicing generated code into the user's file.
#include <optional>
#include <string>

#include "codegen/common/target.h"
#include "model/program.h"

namespace loopscape {

// The program's source file with the scop region [region.begin_offset,
// region.end_offset) replaced by `code`: indented like the region, wrapped in
// `#pragma scop` / `#pragma endscop` when the region was (braces when it was a
// whole function body), temporaries declared in the region declared again,
// and `helpers` (#ifndef-guarded macros) placed on the lines before the
// region, so the file builds in place of the original. `file_prelude` goes
// before the file's first line, `before_function` before the definition of
// the function that holds the region.
// `declarations` replaces the program's own region declarations when given.
std::string emit_file(const Program& program, const std::string& code, const std::string& helpers = {},
                      const std::optional<std::string>& declarations = std::nullopt,
                      const std::string& file_prelude = {}, const std::string& before_function = {});

// Where the definition of `function` starts in `source`: the start of the line
// with its name, or of the storage-class lines ("static") just above it;
// nullopt when the file has no such definition.
std::optional<std::size_t> function_definition_start(const std::string& source, const std::string& function);
// Same for a C-like target's output (throws InputError for tree / isl-ast output).
std::string emit_file(const Program& program, const GeneratedCode& generated);

}  // namespace loopscape

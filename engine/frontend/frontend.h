#pragma once
// The C front-end: clang 14 parses a file; the scop region becomes a Program (Layer I).
#include <memory>
#include <string>

#include "model/program.h"

namespace loopscape {

// Reads `path`, expands macros with the -D/-I of `options`, finds the region
// between `#pragma scop` and `#pragma endscop` (or the body of
// options.function), and builds its Program (statements with their loops and
// textual positions; schedule/original_schedule.h turns those into a tree).
// Throws InputError "file:line:column: what was found and why" for anything
// the model cannot represent.
Program parse_c_file(const std::string& path, const CompileOptions& options,
                     std::shared_ptr<IslContext> isl = std::make_shared<IslContext>());

// Same, for source text held in memory (`display_name` is used in messages).
Program parse_c_source(const std::string& source, const std::string& display_name,
                       const CompileOptions& options,
                       std::shared_ptr<IslContext> isl = std::make_shared<IslContext>());

}  // namespace loopscape

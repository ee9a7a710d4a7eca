// SPDX-License-Identifier: Apache-2.0
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
//
// What the Program holds:
// - file / source_text: the path as given and the whole file text.
// - region: with pragmas, [begin_offset, end_offset) covers whole lines, from
//   the start of the `#pragma scop` line to just after the newline that ends
//   the `#pragma endscop` line (the first pair in the file is used). With
//   options.function, it covers the text strictly inside the body's braces
//   (declarations included) and whole_function_body is set.
// - statements, in source order: named by their C label or S<k>, k being the
//   statement's index in source order (a name a label already takes gets a
//   '_' appended). Each assignment (=, +=, ..., x++ as x += 1) and each
//   initialised declaration in the region is one statement. A chained
//   assignment `x = y = e;` (any depth and assignment operators, also as an
//   initialiser) is one statement per assignment, in the order C runs them:
//   `y = e;` then `x = y;` (reading y back gives the value of `y = e`, with
//   its conversion to y's type). They are numbered in that order, take
//   consecutive positions, and a label in front names the first (`y = e`);
//   the source_text of `x = y` is the text from x to y with a ';'.
//   Assignments nested in other expressions (`A[i] = (b = 2) + 1`, `a = b++`)
//   are refused.
//   Loop::step is the sign of the loop's step (1 or -1); the stride itself is in
//   the domain (an existential / mod constraint). Domains keep the source
//   iterator names and are exactly C's iteration sets (integer division and %
//   truncate toward zero; they are printed with floor/mod where that agrees).
// - accesses of a statement: the write of its target first, then for compound
//   assignments the read of the target, then the reads of the right-hand side
//   in evaluation order (left to right). Relations are restricted to the domain.
// - parameters: integer variables from outside the region that are never
//   assigned in it and appear in a bound, condition or subscript, in order of
//   first appearance; every domain and access is aligned to them; context is
//   their universe. Other read-only outer variables are ExprKind::Variable.
// - arrays: every array and every scalar assigned in the region, in order of
//   first use, with element types after typedefs and macros ("double") and
//   extents as numbers where constant, else the macro-expanded C text; "" for
//   an unknown extent (e.g. `extern double A[];`).
// Pointers are refused (they may alias; their extents are unknown).
Program parse_c_file(const std::string& path, const CompileOptions& options,
                     std::shared_ptr<IslContext> isl = std::make_shared<IslContext>());

// Same, for source text held in memory (`display_name` is used in messages and
// as Program::file; quoted includes are looked up beside it).
Program parse_c_source(const std::string& source, const std::string& display_name,
                       const CompileOptions& options,
                       std::shared_ptr<IslContext> isl = std::make_shared<IslContext>());

}  // namespace loopscape

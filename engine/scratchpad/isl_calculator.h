// SPDX-License-Identifier: Apache-2.0
#pragma once
// The isl scratchpad's language: sets and maps in isl notation combined by
// operators, one statement per line, in the spirit of iscc.
//
//   # a comment
//   A := [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i };   name a value
//   M := { S[i, j] -> S[i, j + 1] }
//   A * B     intersection (a map times a set: the map on that domain)
//   A + B     union
//   A - B     difference (a map minus a set: the map off that domain)
//   M(A)      the image of the set A under the map M; also A . M
//   M . N     composition: M, then N
//   M^-1      the inverse map
//   domain M, range M, deltas M, lexmin A, lexmax A, sample A, coalesce A
//   A << B    the pairs (a, b) with a lexicographically before b (also <<=, >>, >>=)
//   project_out(A, j, ...)   A without the dimensions named j, ...
//
// Operators bind, loosest first: the lexicographic comparisons, + and -, *,
// the dot, the prefix words, then calls and ^-1. A line without ":=" is a
// value to show. Statements end at a line break (outside brackets) or ";".
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "support/error.h"
#include "support/isl_text.h"

namespace loopscape {

struct CalculatorLine {
  SourceLocation where;  // the statement's first character
  std::string name;      // "" for a value that is only shown
  std::string source;    // the statement as typed (without the ":=" part)
  IslObject value;
};

struct CalculatorResult {
  std::vector<CalculatorLine> lines;  // every statement evaluated before the first error, in order
  std::optional<InputError> error;    // the first error; nothing after it was evaluated
  std::vector<std::string> parameters;  // of every value, in order of first appearance

  // The statement on `line` (1-based), or the last one before it; nullptr when none.
  const CalculatorLine* line_at_or_before(unsigned line) const;
};

// Evaluates `text` (named `file` in messages). Throws IslError at the isl quota
// (run it under IslContext::bounded); every other problem is `error`.
CalculatorResult evaluate_isl_calculator(isl::ctx ctx, const std::string& text, const std::string& file = "scratchpad");

}  // namespace loopscape

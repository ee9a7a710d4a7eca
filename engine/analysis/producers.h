// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which instance of a statement produced the value that a read sees, as
// affine expressions of the reader's iterators (dataflow under the original
// schedule). Inlining a statement, or moving the values it stores to another
// place (store_in, storage_fold), rewrites exactly these reads.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "model/expr.h"
#include "model/program.h"

namespace loopscape {

struct ReadOfValues {
  const Statement* reader = nullptr;
  int access = -1;                 // reader->accesses[access], a read
  isl::map pairs;                  // reader instance -> producer instance
  std::vector<ExprPtr> producer;   // the producer's iterator values, in the reader's iterators
};

// Every read that sees values `producer` writes. Throws InputError (at
// `where`) when some read sees them for only part of its instances (the rest
// come from another statement or from before the region), or when the
// producing instance is not one affine function of the reader's iterators.
// Runs under the program's isl quota.
std::vector<ReadOfValues> reads_of_values(const Program& program, const Statement& producer,
                                          const SourceLocation& where);

// The expression of a function defined by one piece (after coalescing);
// nullopt when it has several.
std::optional<isl::multi_aff> only_piece(const isl::pw_multi_aff& function);

// `aff` (on a space whose input dimensions are named by `inputs`, and the
// program's parameters) as an integer expression; nullptr when it has
// divisions or a non-integer coefficient.
ExprPtr affine_expr(const isl::aff& aff, const std::vector<std::string>& inputs);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// How much work one run of a loop does: an estimate of the statement
// instances it executes, as a sum of products of affine factors in the
// parameters and the iterators of the loops around it. It decides whether
// a parallel loop nested inside a sequential one is worth a team of threads
// (codegen/common/c_printer.cpp).
//
// An estimate: a loop's work is its trip count times the mean of its body's
// work at its first and at its last iteration (exact where the body's trip
// counts change linearly with the loop, as in triangular nests), and both
// branches of a condition count as taken.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "codegen/common/loop_ast.h"

namespace loopscape {

struct LoopWork {
  struct Product {
    double coefficient = 1;
    std::vector<ExprPtr> factors;  // affine, none constant
  };
  std::vector<Product> products;  // summed
  bool known = true;              // false when some loop's bound has no usable form

  // The number of instances when no factor is left.
  std::optional<double> constant() const;
  // C text of the estimate, computed in `long` or `double`
  // ("(long) (n - 2) * (m - 2)", "0.5 * (long) (n - 2) * (n - 1)").
  std::string c_text(const std::function<std::string(const ExprPtr&)>& print) const;
};

// Below this many instances per run, a team of threads costs more than the
// loop's work saves: libgomp's fork and join take microseconds, a few
// thousand instances of a PolyBench statement take about as long.
inline constexpr long kParallelRegionMinimumWork = 20000;

// The estimated instances one run of `for_node` executes.
LoopWork loop_work(const LoopNode& for_node);

// `e` with its affine parts normalised: integer terms folded, each name once
// with its coefficient ("n - 1 + 1" -> "n"); min, max and floord keep their
// place with normalised operands.
ExprPtr normalized_affine(const ExprPtr& e);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reduction statements: an update `T = T op E` of one location T (a scalar or
// an array element) with an associative and commutative operator, where E
// and any guard around the statement read nothing of T's array. Such updates
// of the same location may run in any order: a loop that carries only the
// dependences between them (Dependence::reduction) may run in parallel as a
// reduction, each thread combining a private partial result. For floating
// point that reassociates the operation, so the result may differ in its
// last bits; integer sums, products, max and min do not change.
//
// Recognised forms (the operator of `T op= E` or of the right-hand side):
//   sum      T += E, T -= E, T = T + E, T = E + T, T = T - E (chains of + and -)
//   product  T *= E, T = T * E, T = E * T (chains of *)
//   max      if (E > T) T = E; if (T < E) T = E; T = fmax(T, E); T = T > E ? T : E
//   min      the same with < and >, fmin, and T < E ? T : E
#include <optional>
#include <string>

#include "model/program.h"

namespace loopscape {

enum class ReductionOperator { Sum, Product, Max, Min };

struct Reduction {
  ReductionOperator op = ReductionOperator::Sum;
  std::string array;  // the reduced scalar or array
};

// The reduction `statement` performs, if it is one.
std::optional<Reduction> statement_reduction(const Statement& statement);

// E of the update `T = T op E` that `statement` (a reduction) makes, from
// its target and value (as written, or with the iterators replaced: the
// same trees). For max and min under a guard, the value assigned.
ExprPtr reduction_operand(const Statement& statement, const ExprPtr& target, const ExprPtr& value);

// The operator as OpenMP's reduction clause names it: "+", "*", "max", "min".
std::string reduction_clause_operator(ReductionOperator op);
// In words: "sum", "product", "max", "min".
std::string reduction_operator_name(ReductionOperator op);

// Whether the dependence between these two statements on `array` is one
// between updates of one reduction (same array, same operator).
bool is_reduction_pair(const Statement& source, const Statement& sink, const std::string& array);

}  // namespace loopscape

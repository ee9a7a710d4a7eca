// SPDX-License-Identifier: Apache-2.0
#pragma once
// The linear algebra of the automatic schedule: how one statement's loops
// (rows a, outermost first) become the target loops b = T a + c, one loop
// command at a time.
//
// T (unimodular) is factored as T = P2 M P1 with M lower triangular and
// +-1 on its diagonal, P1 and P2 permutations: first interchanges (P1), then
// reversals and skews of an inner loop by an outer one (M), then
// interchanges again (P2, the wavefront pattern "skew, then interchange"),
// and last shifts (c). Skewing an inner loop by an outer one never breaks a
// dependence, so M's steps are legal whenever their start is.
#include <optional>
#include <vector>

namespace loopscape {

using IntMatrix = std::vector<std::vector<long>>;  // rows

// T with target = T * current (both square, rows over the same iterators);
// nullopt when there is none with integer entries and determinant +-1.
std::optional<IntMatrix> unimodular_transform(const IntMatrix& current, const IntMatrix& target);

// x with T x = c; nullopt when it has no integer solution.
std::optional<std::vector<long>> solve_integer(const IntMatrix& t, const std::vector<long>& c);

struct LoopStep {
  enum class Kind { Interchange, Reversal, Skew, Shift };
  Kind kind = Kind::Interchange;
  int outer = 0;  // Interchange, Skew: the outer loop position; Reversal, Shift: the loop
  int inner = 0;  // Interchange, Skew: the inner loop position
  long amount = 0;  // Skew: the factor; Shift: the offset
};

// The first step from loops a (a = current rows, offsets `current_offsets`)
// towards b = target; nullopt when they are equal already. T must be
// unimodular_transform(current, target).
std::optional<LoopStep> next_loop_step(const IntMatrix& t, const std::vector<long>& offset_difference);

}  // namespace loopscape

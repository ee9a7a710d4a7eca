// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reductions a parallel loop of the loop AST runs: legality lets a loop
// that carries only dependences between updates of a reduction run in
// parallel (analysis/legality.h, parallel_reductions), and each target then
// combines private partial results (OpenMP's reduction clause) or runs the
// loop in order where it cannot.
#include <functional>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "analysis/reductions.h"
#include "codegen/common/loop_ast.h"

namespace loopscape {

struct LoopReduction {
  ReductionOperator op = ReductionOperator::Sum;
  std::string array;
  // The element every iteration of the loop updates, in the variables of
  // the loops outside it; empty for a scalar, or when the updates reach
  // several elements (then the whole array is reduced).
  std::vector<ExprPtr> element;
  bool whole_array = false;
};

// The reduction statements under `loop` whose updated element neither the
// loop nor a loop inside it changes, one entry per array.
std::vector<LoopReduction> loop_reductions(const Program& program, const LoopNode& loop);

// Whether the statements under `loop` touch `array` only as updates of its
// reduction: legality makes sure of it for the tags it checks (parallel,
// GPU, distribute); a tag it does not check (HLS's pipeline) must ask.
bool only_updates_touch(const Program& program, const LoopNode& loop, const std::string& array);

// The scalars a parallel `loop` gives each thread its own copy of: those no
// code after the region reads (Array::temporary) that statements under the
// loop write and that are no reduction of the loop, where every statement
// elsewhere in `root` (the whole AST) that touches them neither reads a value
// the loop wrote nor wrote a value the loop reads (by the read-after-write
// dependences). Legality lets a loop carry dependences on such a scalar only then
// (analysis/legality.h, parallel_plan; analysis/private_scalars.h).
// `dependences` is asked only where a statement elsewhere touches a scalar.
std::vector<std::string> loop_private_scalars(const Program& program, const LoopNode& loop, const LoopNode& root,
                                              const std::function<const Dependences&()>& dependences);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/walker.h"

#include "codegen/common/loop_reductions.h"
#include "schedule/original_schedule.h"

namespace loopscape {

const Dependences& LoopAstWalker::dependences() const {
  if (dependences_) return *dependences_;
  if (!computed_) computed_ = compute_dependences(program_, build_original_schedule(program_));
  return *computed_;
}

std::vector<std::string> LoopAstWalker::private_scalars(const LoopNode& n) const {
  return loop_private_scalars(program_, n, root_ ? *root_ : n, [this]() -> const Dependences& { return dependences(); });
}

}  // namespace loopscape

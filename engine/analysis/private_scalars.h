// SPDX-License-Identifier: Apache-2.0
#pragma once
// When a parallel loop may give each thread its own copy of a scalar that
// statements outside the loop also use: no value may flow between the two
// sides (deriche's sweeps each start their rows with ym1 = 0, so the value
// one sweep leaves in ym1 is never read by the next). Legality
// (analysis/legality.h, parallel_plan) and the printers
// (codegen/common/loop_reductions.h, loop_private_scalars) ask the same
// question of the same read-after-write dependences, by statement, so that
// a loop the one accepts is the loop the other prints with private copies.
#include <set>
#include <string>

#include "analysis/dependences.h"

namespace loopscape {

// A read-after-write dependence on `scalar` from a statement in `inside` to
// one in `outside`, or the other way; null when there is none.
const Dependence* flow_across(const Dependences& dependences, const std::string& scalar,
                              const std::set<std::string>& inside, const std::set<std::string>& outside);

}  // namespace loopscape

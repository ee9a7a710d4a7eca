// SPDX-License-Identifier: Apache-2.0
#pragma once
// The schedule of some statements only: the tree without the branches that
// hold none of their instances, so that a walk over it (isl's dataflow visits
// every leaf) costs what those statements cost, not what the program costs.
#include <isl/cpp.h>

namespace loopscape {

// The instances of `instances` in the order `schedule` gives them. Bands keep
// their members and permutability; sequence and set children without any of
// the instances are dropped, marks are dropped. A tree with other node kinds
// (extension, context, guard, expansion) is restricted by intersecting its
// domain instead, which keeps every branch.
isl::schedule schedule_of_instances(const isl::schedule& schedule, const isl::union_set& instances);

}  // namespace loopscape

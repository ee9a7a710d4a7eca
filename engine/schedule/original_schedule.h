// SPDX-License-Identifier: Apache-2.0
#pragma once
// The schedule the source text implies, as an isl schedule tree with named nodes.
#include <isl/cpp.h>

#include "model/program.h"

namespace loopscape {

// domain -> (sequence of filters where a loop body holds several children) ->
// one band per chain of perfectly nested loops (decreasing loops scheduled by
// -i). Bands are named C0, C1, ... in source order and the root R (spec 000),
// with names kept in mark nodes (see schedule/node_names.h).
isl::schedule build_original_schedule(const Program& program);

}  // namespace loopscape

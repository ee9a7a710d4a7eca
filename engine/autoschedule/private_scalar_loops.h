// SPDX-License-Identifier: Apache-2.0
#pragma once
// Loops that carry nothing but the reuse of a scalar each iteration sets
// before it reads it (deriche's sweeps start each row with ym1 = 0): isl's
// scheduler sees the scalar's write-after-read and write-after-write
// dependences and keeps them sequential, where a private copy per thread
// lets them run in parallel (analysis/private_scalars.h).
#include "autoschedule/plan_work.h"

namespace loopscape::autoschedule {

// Runs in parallel the outermost loop of each nest that writes such a
// scalar and has no parallel step yet, where legality accepts it.
void parallelize_with_private_scalars(Work& w);

// Whether some statement writes a temporary scalar (the planner replays its
// steps for this stage only then).
bool writes_temporary_scalar(const Program& program);

}  // namespace loopscape::autoschedule

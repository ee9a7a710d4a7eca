// SPDX-License-Identifier: Apache-2.0
#pragma once
// Pluto's last steps on isl's bands: tile the permutable ones (with the
// intra-tile loop order for consecutive accesses), run the outermost
// coincident loop of each nest in parallel, and, outside tiles, put the loop
// that walks a statement's accesses along consecutive elements innermost.
#include "autoschedule/plan_work.h"

namespace loopscape::autoschedule {

void tile_and_parallelize(Work& w, const Target& t, const AutoScheduleOptions& options, AutoSchedulePlan& plan);

}  // namespace loopscape::autoschedule

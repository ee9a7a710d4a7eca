// SPDX-License-Identifier: Apache-2.0
#pragma once
// The dependence-graph level of every plotted instance: the earliest step it
// could run at if only the dependences ordered it (ISV's "free schedule").
// level(p) = 0 when no dependence ends at p, else 1 + the largest level of
// its sources; the graph is the plot's arrows (RAW, WAR and WAW instance
// pairs at the plotted parameter values). The number of levels is the length
// of the longest dependence chain: no schedule of these points, however
// parallel, has fewer steps. Comparing it with PlotData::step_count() shows
// what the schedule leaves on the table (a skew that turns a sequential nest
// into a wavefront closes the gap).
//
// Linear in points + arrows (Kahn's topological order over a compressed
// adjacency list). When the arrows were capped (PlotData::arrows_truncated)
// the levels are those of the pairs found, so the count is a lower bound and
// PlotData::levels_complete says so.
#include "plot/domain_points.h"

namespace loopscape {

// Sets PlotPoint::level, PlotData::level_points, level_offsets and
// levels_complete from data.points and data.arrows.
void assign_dependence_levels(PlotData& data);

}  // namespace loopscape

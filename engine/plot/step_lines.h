// SPDX-License-Identifier: Apache-2.0
#pragma once
// The wavefront hyperplanes of the schedule's steps on a 2-D plot. The
// points of one step share the values of the step key's time dimensions (the
// sequential ones, plot/domain_points.h); where those are affine in the
// iterators and, on the plotted axes, all proportional to one nonzero normal
// (a, b), the step's points of a statement lie on the line a*x + b*y = c:
// after skewing (i, j) to (i + j, j) and running j in parallel, the lines
// i + j = c. A step is not a line when its key fixes both axes (one point per
// step: a sequential nest), fixes neither (the whole slice runs in one step:
// matmul's (i, j) at fixed k) or is not affine (tile loops).
//
// Why from the schedule's affine expressions and not from the points: a line
// fitted to the points of a step needs two of them, but the first and last
// wavefronts of a skewed domain hold one point each, a slice can cut a step
// down to one point, and collinear points of a step need not be a hyperplane
// of the schedule (a sequential nest's steps are single points, which any
// line passes through). The isl expression gives the direction exactly for
// every step; the points only place the line (c) and bound the segment.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "plot/domain_points.h"

namespace loopscape {

struct StepLine {
  std::uint32_t step = 0;
  long a = 0, b = 0, c = 0;  // a*x + b*y = c; (a, b) primitive, a > 0 or a = 0 < b
  // The segment over the step's points on the line, half a unit past the
  // outermost ones (so a one-point step still shows its direction).
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::uint32_t point_count = 0;
  bool oblique() const { return a != 0 && b != 0; }
};

// The normal of `statement`'s step hyperplanes on the plot whose axes are
// its iterators `x` and `y` (positions in PlotStatement::iterators); nullopt
// when its steps are not lines there.
std::optional<std::pair<long, long>> step_normal(const PlotStatement& statement, int x, int y);

// The lines of the steps of `points` (indices into data.points, all on one
// 2-D slice); axes[s]: the positions of the x and y axes in statement s's
// iterators, -1 where it lacks one. One line per step and distinct line
// (statements whose points of a step lie on the same line share it), by step.
// `line_of`, when given, receives for each entry of `points` the index of its
// line, -1 for a point on none.
std::vector<StepLine> step_lines(const PlotData& data, std::span<const std::uint32_t> points,
                                 std::span<const std::array<int, 2>> axes,
                                 std::vector<std::int32_t>* line_of = nullptr);

}  // namespace loopscape

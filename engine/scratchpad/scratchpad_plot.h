// SPDX-License-Identifier: Apache-2.0
#pragma once
// A scratchpad value as the domain plot draws it: the points of a set, one
// colour per tuple name; a map's pairs as arrows from each domain point to its
// images. A point's time is its own coordinates, so the plot's execution-order
// animation walks the set in lexicographic order.
#include <map>
#include <string>

#include "support/isl_text.h"
#include "plot/domain_points.h"

namespace loopscape {

struct ScratchpadPlotRequest {
  std::map<std::string, long> parameters;  // every parameter the value involves needs one
  std::size_t max_points = 20'000;
  std::size_t max_arrows = 20'000;
};

// Throws std::invalid_argument when a parameter has no value or the value is
// unbounded at these values; IslError at the isl quota (run it bounded).
PlotData scratchpad_plot_data(const IslObject& value, const ScratchpadPlotRequest& request);

}  // namespace loopscape

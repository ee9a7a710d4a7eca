// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parameter values the plot starts at: small ones, grown after a tile
// until at least three tiles show along each tiled loop, as long as the
// domain stays under the plot's point cap; and a sentence saying so.
#include <map>
#include <string>

#include "model/program.h"

namespace loopscape {

struct PlotParameterChoice {
  std::map<std::string, long> values;
  std::string note;  // "" when the small defaults were kept
};

// The most instances the chosen values may give. Where the domain has bounds
// that are not parameters (heat-3d's 500 time steps), the plot at the chosen
// values stops there too: a plot of 100,000 points (the cap for values a user
// drags up) is one blot, and took a third of a time-tiled step's views.
inline constexpr long kChosenPlotPoints = 40000;

// Choices kept between the steps of one program, by the tile loops they
// were made for: a step that leaves those as they were (an interchange inside
// a tile, a parallel loop, an unroll) gets its values without a search,
// which took 30-70 ms a step of a tiled 2mm.
class PlotParameterMemo {
 public:
  const PlotParameterChoice* find(const std::string& key) const;
  void keep(const std::string& key, const PlotParameterChoice& choice);

 private:
  std::map<std::string, PlotParameterChoice> choices_;
};

// `point_cap`: the most instances (all statements) a choice may plot.
// `memo`: where choices are kept between calls for one program, or null.
PlotParameterChoice choose_plot_parameters(const Program& program, const isl::schedule& schedule,
                                           long point_cap = kChosenPlotPoints, PlotParameterMemo* memo = nullptr);

}  // namespace loopscape

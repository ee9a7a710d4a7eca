// SPDX-License-Identifier: Apache-2.0
#include "plot/dependence_levels.h"

#include <algorithm>
#include <numeric>

namespace loopscape {

namespace {

// Successors of every point, compressed: point p's are targets[first[p] .. first[p + 1]).
struct Adjacency {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> targets;
  std::vector<std::uint32_t> in_degree;
};

Adjacency adjacency(const PlotData& data) {
  const std::size_t n = data.points.size();
  Adjacency a;
  a.first.assign(n + 1, 0);
  a.in_degree.assign(n, 0);
  for (const PlotArrow& arrow : data.arrows) {
    if (arrow.source >= n || arrow.sink >= n || arrow.source == arrow.sink) continue;
    ++a.first[arrow.source + 1];
    ++a.in_degree[arrow.sink];
  }
  std::partial_sum(a.first.begin(), a.first.end(), a.first.begin());
  a.targets.resize(a.first[n]);
  std::vector<std::uint32_t> fill(a.first.begin(), a.first.end() - 1);
  for (const PlotArrow& arrow : data.arrows) {
    if (arrow.source >= n || arrow.sink >= n || arrow.source == arrow.sink) continue;
    a.targets[fill[arrow.source]++] = arrow.sink;
  }
  return a;
}

}  // namespace

void assign_dependence_levels(PlotData& data) {
  const std::size_t n = data.points.size();
  Adjacency a = adjacency(data);
  std::vector<std::uint32_t> level(n, 0);
  std::vector<std::uint32_t> ready;
  ready.reserve(n);
  for (std::uint32_t p = 0; p < n; ++p)
    if (a.in_degree[p] == 0) ready.push_back(p);
  std::size_t done = 0;
  for (std::size_t k = 0; k < ready.size(); ++k, ++done) {
    const std::uint32_t p = ready[k];
    for (std::uint32_t e = a.first[p]; e < a.first[p + 1]; ++e) {
      const std::uint32_t q = a.targets[e];
      level[q] = std::max(level[q], level[p] + 1);
      if (--a.in_degree[q] == 0) ready.push_back(q);
    }
  }
  std::uint32_t count = 0;
  for (std::uint32_t p : ready) count = std::max(count, level[p] + 1);
  // The dependences of one program follow its original order, so the graph
  // has no cycle; should pairs from elsewhere make one, its points run last.
  if (done < n) {
    for (std::uint32_t p = 0; p < n; ++p)
      if (a.in_degree[p] > 0) level[p] = count;
    ++count;
    data.notes.push_back("the dependence pairs form a cycle: " + std::to_string(n - done) +
                         " points are put at the last wavefront");
  }

  data.level_offsets.assign(count + 1, 0);
  for (std::uint32_t p = 0; p < n; ++p) {
    data.points[p].level = level[p];
    ++data.level_offsets[level[p] + 1];
  }
  std::partial_sum(data.level_offsets.begin(), data.level_offsets.end(), data.level_offsets.begin());
  data.level_points.resize(n);
  std::vector<std::uint32_t> fill(data.level_offsets.begin(), data.level_offsets.end() - 1);
  for (std::uint32_t p = 0; p < n; ++p) data.level_points[fill[level[p]]++] = p;
  data.levels_complete = !data.arrows_truncated && done == n;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "layer1/loop_nesting.h"

#include <algorithm>
#include <map>

#include "support/text.h"

namespace loopscape::tiramisu::detail {
namespace {

// How many leading loops `o.next` shares with `o.previous`.
std::size_t shared_depth(const Ordering& o, const std::vector<std::string>& previous,
                         const std::vector<std::string>& next) {
  std::size_t depth = 0;
  if (o.depth_level >= 0) {
    depth = static_cast<std::size_t>(o.depth_level) + 1;
    if (depth > previous.size())
      fail(o.at, "level " + std::to_string(o.depth_level) + " is no loop of '" + o.previous->name + "': it has " +
                     std::to_string(previous.size()) + " loop(s) (" + join(previous) + "), levels 0 to " +
                     std::to_string(static_cast<long>(previous.size()) - 1));
  } else {
    if (o.level.empty()) return 0;
    const auto found = std::find(previous.begin(), previous.end(), o.level);
    if (found == previous.end())
      fail(o.at, "'" + o.level + "' is not a loop of '" + o.previous->name + "' (its loops: " + join(previous) + ")");
    depth = static_cast<std::size_t>(found - previous.begin()) + 1;
  }
  const std::string level_text = o.depth_level >= 0 ? "level " + std::to_string(o.depth_level) : "'" + o.level + "'";
  for (std::size_t k = 0; k < depth; ++k)
    if (k >= next.size() || next[k] != previous[k])
      fail(o.at, "'" + o.next->name + "' cannot share the loops of '" + o.previous->name + "' down to " + level_text +
                     ": loop " + std::to_string(k + 1) + " of '" + o.previous->name + "' is '" + previous[k] + "' but '" +
                     o.next->name + "' has " + (k < next.size() ? "'" + next[k] + "'" : "no such loop") +
                     " there (shared loops have one name at one depth)");
  return depth;
}

// The step of each loop of `c`: -1 where loop_reversal shaped it.
std::vector<int> loop_steps(const ComputationData& c, const std::vector<std::string>& iterators) {
  std::vector<int> steps(iterators.size(), 1);
  for (const Reversal& r : c.reversals) {
    std::size_t k = 0;
    if (r.level >= 0) {
      k = static_cast<std::size_t>(r.level);
      if (k >= iterators.size())
        fail(r.at, "loop_reversal of '" + c.name + "' at level " + std::to_string(r.level) + ": it has " +
                       std::to_string(iterators.size()) + " loop(s) (" + join(iterators) + ")");
    } else {
      const auto found = std::find(iterators.begin(), iterators.end(), r.iterator);
      if (found == iterators.end())
        fail(r.at, "loop_reversal of '" + c.name + "': '" + r.iterator + "' is not one of its loops (" +
                       join(iterators) + ")");
      k = static_cast<std::size_t>(found - iterators.begin());
    }
    steps[k] = -steps[k];
  }
  return steps;
}

}  // namespace

std::vector<Placement> nest_statements(const std::vector<Nestable>& statements, const std::vector<Ordering>& orderings) {
  std::map<const ComputationData*, const Nestable*> by_data;
  std::vector<const ComputationData*> order;
  for (const Nestable& s : statements) {
    by_data[s.computation] = &s;
    order.push_back(s.computation);
  }
  std::map<const ComputationData*, Ordering> anchors;
  for (const Ordering& o : orderings) {
    for (const ComputationData* c : {o.previous, o.next})
      if (!by_data.count(c))
        fail(o.at, "'" + c->name + "' is " + (c->is_input ? "an input" : "not scheduled") + ": it has no loops to order");
    std::erase(order, o.next);
    order.insert(std::find(order.begin(), order.end(), o.previous) + 1, o.next);
    anchors[o.next] = o;
  }

  std::vector<Placement> placed;
  std::vector<int> open;          // loop ids, outermost first
  std::vector<int> path;          // index of each open loop among its siblings
  std::vector<int> counters{0};   // next sibling index at each depth
  std::map<const ComputationData*, std::vector<int>> loop_ids;
  std::map<int, int> loop_step;  // loop id -> its step
  int next_id = 0;
  for (const ComputationData* c : order) {
    const std::vector<std::string>& iterators = by_data.at(c)->iterators;
    std::size_t depth = 0;
    auto anchor = anchors.find(c);
    if (anchor != anchors.end()) {
      const Ordering& o = anchor->second;
      depth = shared_depth(o, by_data.at(o.previous)->iterators, iterators);
      const std::vector<int>& ids = loop_ids[o.previous];
      if (ids.size() < depth || open.size() < depth ||
          !std::equal(ids.begin(), ids.begin() + static_cast<long>(depth), open.begin()))
        fail(o.at, "'" + c->name + "' cannot run inside the loops of '" + o.previous->name + "' down to " +
                       (o.depth_level >= 0 ? "level " + std::to_string(o.depth_level) : "'" + o.level + "'") +
                       ": another computation placed between them leaves those loops (or the order is a cycle)");
    }
    open.resize(depth);
    path.resize(depth);
    counters.resize(depth + 1);
    for (std::size_t k = depth; k < iterators.size(); ++k) {
      path.push_back(counters.back()++);
      counters.push_back(0);
      open.push_back(next_id++);
    }
    Placement p;
    p.computation = c;
    const SourceLocation where{c->at.file_name(), c->at.line(), c->at.column()};
    const std::vector<int> steps = loop_steps(*c, iterators);
    for (std::size_t k = 0; k < iterators.size(); ++k) {
      auto [known, added] = loop_step.emplace(open[k], steps[k]);
      if (!added && known->second != steps[k])
        fail(c->reversals.empty() ? c->at : c->reversals.front().at,
             "loop '" + iterators[k] + "' of '" + c->name + "' is shared with computations before it, and runs " +
                 (steps[k] < 0 ? "backwards" : "forwards") + " for '" + c->name + "' but " +
                 (steps[k] < 0 ? "forwards" : "backwards") + " for them: reverse it for all of them, or share fewer loops");
      p.loops.push_back(Loop{iterators[k], open[k], steps[k], where});
    }
    p.position = path;
    p.position.push_back(counters.back()++);
    loop_ids[c] = open;
    placed.push_back(std::move(p));
  }
  return placed;
}

}  // namespace loopscape::tiramisu::detail

// SPDX-License-Identifier: Apache-2.0
#include "scratchpad/scratchpad_plot.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "support/set_points.h"

namespace loopscape {

namespace {

// Tuples are told apart by name and arity: "S[i, j]" and "S[i]" are two.
struct TupleKey {
  std::string name;
  unsigned arity = 0;
  auto operator<=>(const TupleKey&) const = default;
};

class PlotBuilder {
 public:
  explicit PlotBuilder(const ScratchpadPlotRequest& request) : request_(request) {
    for (const auto& [name, value] : request.parameters) data_.parameters.emplace_back(name, value);
    data_.point_limit = request.max_points;
    data_.lexicographic_order = true;
    data_.arrow_caption = "pair of the map";
  }

  // The statement of a tuple, made on first sight with the tuple's dimension names.
  int tuple(const isl::space& space, isl_dim_type type) {
    const char* raw = isl_space_get_tuple_name(space.get(), type);
    const unsigned arity = static_cast<unsigned>(isl_space_dim(space.get(), type));
    const TupleKey key{raw ? raw : "", arity};
    auto [it, inserted] = tuples_.emplace(key, static_cast<int>(data_.statements.size()));
    if (!inserted) return it->second;
    PlotStatement st;
    st.name = !key.name.empty() ? key.name : arity == 0 ? "{ [] }" : "[" + std::to_string(arity) + "]";
    st.program_index = it->second;
    for (unsigned k = 0; k < arity; ++k) {
      const char* dim = isl_space_get_dim_name(space.get(), type, k);
      std::string name = dim ? dim : "i" + std::to_string(k);
      if (std::find(st.iterators.begin(), st.iterators.end(), name) != st.iterators.end()) name += "'";
      st.iterators.push_back(name);
      PlotTimeDim t;
      t.label = name;
      t.affine = true;
      t.coefficients.assign(arity, 0);
      t.coefficients[k] = 1;
      st.time_dims.push_back(t);
    }
    data_.statements.push_back(std::move(st));
    return it->second;
  }

  // The point's index, added when new; nullopt past the cap.
  std::optional<std::uint32_t> point(int statement, std::span<const long> coords) {
    std::vector<long> key(coords.begin(), coords.end());
    key.push_back(statement);
    if (auto found = seen_.find(key); found != seen_.end()) return found->second;
    if (data_.points.size() >= request_.max_points) {
      data_.truncated = true;
      return std::nullopt;
    }
    PlotPoint p;
    p.statement = statement;
    p.coords = static_cast<std::uint32_t>(data_.coordinates.size());
    p.time = static_cast<std::uint32_t>(data_.times.size());
    p.time_size = static_cast<std::uint32_t>(coords.size());
    data_.coordinates.insert(data_.coordinates.end(), coords.begin(), coords.end());
    data_.times.insert(data_.times.end(), coords.begin(), coords.end());
    data_.points.push_back(p);
    data_.statements[static_cast<std::size_t>(statement)].point_count++;
    const auto index = static_cast<std::uint32_t>(data_.points.size() - 1);
    seen_.emplace(std::move(key), index);
    return index;
  }

  void add_set(const isl::set& set) {
    const int statement = tuple(set.get_space(), isl_dim_set);
    const isl::set fixed = concrete(set, data_.statements[static_cast<std::size_t>(statement)].name);
    for_each_point(fixed, [&](const std::vector<long>& values) { return point(statement, values).has_value(); });
  }

  void add_map(const isl::map& map, const std::string& label) {
    const isl::space space = map.get_space();
    const int from = tuple(space, isl_dim_in);
    const int to = tuple(space, isl_dim_out);
    const unsigned n_in = static_cast<unsigned>(isl_space_dim(space.get(), isl_dim_in));
    const isl::set pairs = concrete(map.wrap(), label);
    const auto dependence = static_cast<std::int32_t>(data_.dependence_labels.size());
    data_.dependence_labels.push_back(label);
    for_each_point(pairs, [&](const std::vector<long>& values) {
      const std::span<const long> all(values);
      const auto a = point(from, all.first(n_in));
      const auto b = point(to, all.subspan(n_in));
      if (!a || !b) return false;
      if (data_.arrows.size() >= request_.max_arrows) {
        data_.arrows_truncated = true;
        return false;
      }
      data_.arrows.push_back(PlotArrow{*a, *b, dependence, DependenceKind::ReadAfterWrite, false});
      return true;
    });
  }

  PlotData finish() {
    // Lexicographic order within each tuple, tuples in order of appearance.
    std::vector<std::uint32_t> order(data_.points.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      const PlotPoint& pa = data_.points[a];
      const PlotPoint& pb = data_.points[b];
      if (pa.statement != pb.statement) return pa.statement < pb.statement;
      const auto ca = data_.coords(a), cb = data_.coords(b);
      return std::lexicographical_compare(ca.begin(), ca.end(), cb.begin(), cb.end());
    });
    std::vector<std::uint32_t> rank(order.size());
    std::vector<PlotPoint> points;
    for (std::uint32_t k = 0; k < order.size(); ++k) {
      rank[order[k]] = k;
      points.push_back(data_.points[order[k]]);
      points.back().step = k;
    }
    data_.points = std::move(points);
    for (PlotArrow& arrow : data_.arrows) {
      arrow.source = rank[arrow.source];
      arrow.sink = rank[arrow.sink];
    }
    data_.rebuild_index();
    data_.step_offsets.resize(data_.points.size() + 1);
    std::iota(data_.step_offsets.begin(), data_.step_offsets.end(), 0u);
    data_.step_points.resize(data_.points.size());
    std::iota(data_.step_points.begin(), data_.step_points.end(), 0u);
    data_.level_points = data_.step_points;
    data_.level_offsets = {0u, static_cast<std::uint32_t>(data_.points.size())};
    if (data_.points.empty()) data_.level_offsets = {0u};
    if (data_.truncated)
      data_.notes.push_back("only the first " + std::to_string(request_.max_points) + " points are drawn");
    if (data_.arrows_truncated)
      data_.notes.push_back("only the first " + std::to_string(request_.max_arrows) + " pairs are drawn");
    return std::move(data_);
  }

 private:
  isl::set concrete(const isl::set& set, const std::string& what) const {
    const isl::set fixed = fix_parameters(set, request_.parameters, what);
    require_bounded(fixed, what);
    return fixed;
  }

  const ScratchpadPlotRequest& request_;
  PlotData data_;
  std::map<TupleKey, int> tuples_;
  std::map<std::vector<long>, std::uint32_t> seen_;  // coordinates then statement
};

}  // namespace

PlotData scratchpad_plot_data(const IslObject& value, const ScratchpadPlotRequest& request) {
  PlotBuilder builder(request);
  if (value.is_set()) {
    value.set->foreach_set([&](const isl::set& s) { builder.add_set(s); });
  } else {
    value.map->foreach_map([&](const isl::map& m) { builder.add_map(m, isl_string(m)); });
  }
  return builder.finish();
}

}  // namespace loopscape

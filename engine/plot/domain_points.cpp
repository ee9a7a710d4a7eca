// SPDX-License-Identifier: Apache-2.0
#include "plot/domain_points.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <compare>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>

#include "schedule/data_layout.h"
#include "plot/affine_eval.h"
#include "plot/dependence_levels.h"
#include "plot/lexicographic_keys.h"
#include "plot/plot_domain.h"
#include "support/set_points.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/parallelism.h"
#include "schedule/tags.h"

namespace loopscape {

namespace {

bool lex_less(std::span<const long> a, std::span<const long> b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

// One dimension of the path from the root to a leaf.
struct PathDim {
  PlotTimeDim info;
  std::optional<isl::union_pw_aff> member;  // band member; none for a position
  long position = 0;
  bool tagged_band_member0 = false;
  int member_id = -1;  // TimeWalker::members index of a band member; -1 for a position
};

// The time map of a statement at one leaf.
struct Piece {
  int statement = -1;
  isl::set domain;  // the statement's instances at this leaf
  std::vector<PlotTimeDim> dims;
  std::vector<int> member_ids;      // per dimension, PathDim::member_id
  std::vector<isl::pw_aff> values;  // per dimension, its value on `domain`
};

// S[...] -> [time] of a piece: built only where its times are not computed
// point by point (each dimension a product of maps: 10 ms a step for the 200
// leaves of a fused nest of 200 statements).
isl::map time_map(const Piece& piece) {
  isl::map time = isl::manage(isl_map_from_domain(piece.domain.copy()));
  for (const isl::pw_aff& value : piece.values)
    time = isl::manage(isl_map_flat_range_product(time.release(), isl_map_from_pw_aff(value.copy())));
  return time.intersect_domain(piece.domain);
}

// True when every piece of `pa` depends on floor divisions only.
bool is_tile_expression(const isl::pw_aff& pa) {
  struct State {
    bool tile = true;
    bool any = false;
  } state;
  isl_pw_aff_foreach_piece(
      pa.get(),
      [](isl_set* set, isl_aff* aff, void* user) -> isl_stat {
        auto* st = static_cast<State*>(user);
        const isl_size n_in = isl_aff_dim(aff, isl_dim_in);
        const isl_size n_div = isl_aff_dim(aff, isl_dim_div);
        bool on_iterators = false;
        for (int k = 0; k < n_in; ++k) {
          isl_val* v = isl_aff_get_coefficient_val(aff, isl_dim_in, k);
          if (!isl_val_is_zero(v)) on_iterators = true;
          isl_val_free(v);
        }
        bool on_div = false;
        for (int k = 0; k < n_div; ++k) {
          isl_val* v = isl_aff_get_coefficient_val(aff, isl_dim_div, k);
          if (!isl_val_is_zero(v)) on_div = true;
          isl_val_free(v);
        }
        st->any = true;
        if (on_iterators || !on_div) st->tile = false;
        isl_set_free(set);
        isl_aff_free(aff);
        return isl_stat_ok;
      },
      &state);
  return state.any && state.tile;
}

// The linear part of `pa` on `domain` (one integer per input dimension, all
// scaled by the expression's denominator), when every piece has the same one
// and none involves a floor division; nullopt otherwise.
std::optional<std::vector<long>> linear_part(const isl::pw_aff& pa, const isl::set& domain) {
  struct State {
    std::optional<std::vector<long>> first;
    bool affine = true;
  } state;
  isl_pw_aff* restricted = isl_pw_aff_coalesce(isl_pw_aff_intersect_domain(pa.copy(), domain.copy()));
  isl_pw_aff_foreach_piece(
      restricted,
      [](isl_set* set, isl_aff* aff, void* user) -> isl_stat {
        auto* st = static_cast<State*>(user);
        const isl_size n_in = isl_aff_dim(aff, isl_dim_in);
        const isl_size n_div = isl_aff_dim(aff, isl_dim_div);
        for (int k = 0; k < n_div; ++k) {
          isl_val* v = isl_aff_get_coefficient_val(aff, isl_dim_div, k);
          if (!isl_val_is_zero(v)) st->affine = false;
          isl_val_free(v);
        }
        isl_val* denominator = isl_aff_get_denominator_val(aff);
        std::vector<long> coefficients;
        for (int k = 0; k < n_in; ++k) {
          isl_val* v = isl_val_mul(isl_aff_get_coefficient_val(aff, isl_dim_in, k), isl_val_copy(denominator));
          coefficients.push_back(isl_val_get_num_si(v));
          isl_val_free(v);
        }
        isl_val_free(denominator);
        if (!st->first)
          st->first = std::move(coefficients);
        else if (*st->first != coefficients)
          st->affine = false;
        isl_set_free(set);
        isl_aff_free(aff);
        return isl_stat_ok;
      },
      &state);
  isl_pw_aff_free(restricted);
  if (!state.affine || !state.first) return std::nullopt;
  return state.first;
}

class TimeWalker {
 public:
  TimeWalker(const Program& program, const Dependences& dependences, PlotCache* cache, bool known_legal)
      : program_(program), dependences_(dependences), cache_(cache), known_legal_(known_legal) {}

  std::vector<Piece> pieces;
  // Every band member on a path, in walk order: its band and position.
  struct Member {
    isl::schedule_node band;
    int index = 0;
  };
  std::vector<Member> members;

  // For each of `members`: whether it carries a dependence. `witnessed`:
  // those a plotted pair showed to carry one; isl is asked about the others,
  // band by band (schedule/parallelism.h).
  std::vector<bool> carried(const std::vector<bool>& witnessed) {
    std::vector<bool> carried = witnessed;
    carried.resize(members.size(), false);
    const isl::union_map& all = all_dependences();
    if (all.is_empty()) return carried;
    for (std::size_t first = 0; first < members.size();) {
      std::size_t end = first + 1;
      while (end < members.size() && members[end].index != 0) ++end;
      const std::vector<bool> known(carried.begin() + static_cast<std::ptrdiff_t>(first),
                                    carried.begin() + static_cast<std::ptrdiff_t>(end));
      const std::vector<bool> parallel = cache_ ? cache_->parallel_members(members[first].band, all, known_legal_, known)
                                                : parallel_members(members[first].band, all, known_legal_, known);
      for (std::size_t k = first; k < end; ++k) carried[k] = !parallel[k - first];
      first = end;
    }
    return carried;
  }

  void walk(isl::schedule_node node, std::vector<PathDim>& path) {
    const isl_schedule_node_type type = isl_schedule_node_get_type(node.get());
    switch (type) {
      case isl_schedule_node_leaf:
        leaf(node, path);
        return;
      case isl_schedule_node_band: {
        isl::schedule_node_band band = node.as<isl::schedule_node_band>();
        isl::multi_union_pw_aff mupa = band.partial_schedule();
        const int n = static_cast<int>(band.n_member());
        const std::vector<LoopTag> tags = node_tags(node);
        bool tag_parallel = false;
        for (const LoopTag& t : tags)
          if (tag_requires_independence(t.kind)) tag_parallel = true;
        const std::string band_name = node_name(node);
        const std::size_t before = path.size();
        for (int m = 0; m < n; ++m) {
          PathDim d;
          d.member = mupa.at(m);
          d.member_id = static_cast<int>(members.size());
          members.push_back(Member{node, m});
          d.info.kind = PlotTimeDim::Kind::Loop;
          std::string loop = member_loop_name(program_, node, m);
          if (loop.empty())
            loop = (band_name.empty() ? std::string("band") : band_name) + "[" + std::to_string(m) + "]";
          d.info.label = loop;
          d.info.tagged = (m == 0 && tag_parallel);
          if (m == 0)
            for (const LoopTag& t : tags)
              if (t.kind == "gpu_block" || t.kind == "gpu_thread") {
                d.info.gpu = t.kind == "gpu_block" ? "block" : "thread";
                d.info.gpu_axis = t.args.empty() ? "" : t.args.front();
              }
          path.push_back(std::move(d));
        }
        if (node.has_children()) walk(node.child(0), path);
        path.resize(before);
        return;
      }
      case isl_schedule_node_sequence:
      case isl_schedule_node_set: {
        const int n = static_cast<int>(node.n_children());
        for (int k = 0; k < n; ++k) {
          PathDim d;
          d.info.kind = PlotTimeDim::Kind::Position;
          d.info.label = type == isl_schedule_node_sequence ? "seq" : "set";
          d.position = k;
          path.push_back(std::move(d));
          walk(node.child(k), path);
          path.pop_back();
        }
        return;
      }
      default:
        if (node.has_children()) walk(node.child(0), path);
        return;
    }
  }

 private:
  void leaf(const isl::schedule_node& node, const std::vector<PathDim>& path) {
    isl::union_set domain = node_domain(node);
    domain.foreach_set([&](isl::set set) {
      const char* raw_name = isl_set_get_tuple_name(set.get());
      const std::string name = raw_name ? raw_name : "";
      int index = -1;
      for (std::size_t s = 0; s < program_.statements.size(); ++s)
        if (program_.statements[s].name == name) index = static_cast<int>(s);
      if (index < 0) return;
      Piece piece;
      piece.statement = index;
      for (const PathDim& d : path) {
        PlotTimeDim info = d.info;
        isl::pw_aff value;
        if (d.member) {
          isl_space* space = isl_space_add_dims(isl_space_from_domain(set.space().release()), isl_dim_out, 1);
          value = isl::manage(isl_union_pw_aff_extract_pw_aff(d.member->copy(), space));
          info.tile = is_tile_expression(value) || info.gpu == "block";
          if (std::optional<std::vector<long>> linear = linear_part(value, set)) {
            info.affine = true;
            info.coefficients = std::move(*linear);
          }
        } else {
          info.affine = true;
          info.coefficients.assign(static_cast<std::size_t>(isl_set_dim(set.get(), isl_dim_set)), 0);
          isl::aff constant = isl::manage(isl_aff_val_on_domain(
              isl_local_space_from_space(set.space().release()), isl_val_int_from_si(set.ctx().get(), d.position)));
          value = isl::manage(isl_pw_aff_from_aff(constant.release()));
        }
        piece.values.push_back(value);
        piece.dims.push_back(info);
        piece.member_ids.push_back(d.member_id);
      }
      piece.domain = set;
      pieces.push_back(std::move(piece));
    });
  }

  const isl::union_map& all_dependences() {
    if (all_deps_.is_null()) all_deps_ = cache_ ? cache_->coalesced(dependences_) : dependences_.all().coalesce();
    return all_deps_;
  }

  const Program& program_;
  const Dependences& dependences_;
  isl::union_map all_deps_;  // built on first use
  PlotCache* cache_;
  bool known_legal_;
};

// For each of `members_count` band members, whether some plotted dependence
// pair shows that it carries a dependence: the first time dimension where
// source and sink differ is the member that runs them apart (the dimensions
// before it are shared, so it is on both paths, and the two agree on every
// dimension outside it). Each statement runs at one leaf, whose members
// are `member_ids_of` it.
std::vector<bool> carried_by_pairs(const PlotDomain& domain, std::size_t members_count,
                                   std::span<const std::vector<int>> member_ids_of,
                                   std::span<const std::uint32_t> time_at, std::span<const std::uint32_t> time_size,
                                   std::span<const long> times, std::uint32_t no_time) {
  std::vector<bool> carried(members_count, false);
  for (const std::vector<PlotDomain::Pair>& pairs : domain.pairs)
    for (const PlotDomain::Pair& pair : pairs) {
      if (time_at[pair.source] == no_time || time_at[pair.sink] == no_time) continue;
      const long* a = times.data() + time_at[pair.source];
      const long* b = times.data() + time_at[pair.sink];
      const std::size_t n = std::min(time_size[pair.source], time_size[pair.sink]);
      std::size_t k = 0;
      while (k < n && a[k] == b[k]) ++k;
      if (k == n) continue;  // the same time: an instance with itself
      const std::vector<int>& ids = member_ids_of[static_cast<std::size_t>(domain.statement[pair.source])];
      if (k < ids.size() && ids[k] >= 0) carried[static_cast<std::size_t>(ids[k])] = true;
    }
  return carried;
}

}  // namespace

std::span<const long> PlotData::coords(std::size_t point) const {
  const PlotPoint& p = points[point];
  return {coordinates.data() + p.coords, statements[static_cast<std::size_t>(p.statement)].iterators.size()};
}

std::span<const long> PlotData::time(std::size_t point) const {
  const PlotPoint& p = points[point];
  return {times.data() + p.time, p.time_size};
}

const std::string& PlotData::statement_name(std::size_t point) const {
  return statements[static_cast<std::size_t>(points[point].statement)].name;
}

std::string PlotData::point_label(std::size_t point) const {
  std::string s = statement_name(point) + "[";
  bool first = true;
  for (long c : coords(point)) {
    s += (first ? "" : ", ") + std::to_string(c);
    first = false;
  }
  return s + "]";
}

std::optional<std::size_t> PlotData::find_point(int statement, std::span<const long> coordinates_) const {
  if (statement < 0 || static_cast<std::size_t>(statement) >= statements.size()) return std::nullopt;
  const auto found = index.find(statement, coordinates_, [&](std::uint32_t p) {
    const std::span<const long> c = coords(p);
    return points[p].statement == statement && std::equal(c.begin(), c.end(), coordinates_.begin(), coordinates_.end());
  });
  if (!found) return std::nullopt;
  return *found;
}

std::optional<std::size_t> PlotData::find_point(const std::string& statement,
                                                std::span<const long> coordinates_) const {
  return find_point(statement_index(statement), coordinates_);
}

int PlotData::statement_index(const std::string& name) const {
  for (std::size_t s = 0; s < statements.size(); ++s)
    if (statements[s].name == name) return static_cast<int>(s);
  return -1;
}

std::string PlotData::gpu_position(std::size_t point) const {
  const PlotStatement& st = statements[static_cast<std::size_t>(points[point].statement)];
  const std::span<const long> t = time(point);
  std::string parts[2];
  const char* kinds[2] = {"block", "thread"};
  for (int kind = 0; kind < 2; ++kind)
    for (std::size_t k = 0; k < st.time_dims.size() && k < t.size(); ++k) {
      if (st.time_dims[k].gpu != kinds[kind]) continue;
      if (!parts[kind].empty()) parts[kind] += ", ";
      parts[kind] += (st.time_dims[k].gpu_axis.empty() ? st.time_dims[k].label : st.time_dims[k].gpu_axis) + " = " +
                     std::to_string(t[k]);
    }
  std::string out;
  for (int kind = 0; kind < 2; ++kind)
    if (!parts[kind].empty()) out += std::string(out.empty() ? "" : ", ") + kinds[kind] + " (" + parts[kind] + ")";
  return out;
}

std::string PlotData::gpu_thread_label(std::size_t point) const {
  const PlotStatement& st = statements[static_cast<std::size_t>(points[point].statement)];
  const std::span<const long> t = time(point);
  std::string out;
  for (std::size_t k = 0; k < st.time_dims.size() && k < t.size(); ++k)
    if (st.time_dims[k].gpu == "thread") out += (out.empty() ? "" : ",") + std::to_string(t[k]);
  return out;
}

bool PlotData::has_gpu_blocks() const {
  for (const PlotStatement& st : statements)
    for (const PlotTimeDim& d : st.time_dims)
      if (d.gpu == "block") return true;
  return false;
}

void PlotData::rebuild_index() {
  index.clear();
  index.reserve(points.size());
  for (std::size_t point = 0; point < points.size(); ++point)
    index.add(points[point].statement, coords(point), static_cast<std::uint32_t>(point));
  index.seal();
}

std::vector<std::size_t> PlotData::arrows_touching(std::size_t point) const {
  std::vector<std::size_t> out;
  for (std::size_t a = 0; a < arrows.size(); ++a)
    if (arrows[a].source == point || arrows[a].sink == point) out.push_back(a);
  return out;
}

PlotData build_plot_data(const Program& program, const Dependences& dependences,
                         const isl::schedule& schedule, const PlotRequest& request) {
  PlotData data;
  data.point_limit = request.max_points;
  for (const std::string& p : program.parameters) {
    auto it = request.parameters.find(p);
    if (it != request.parameters.end()) data.parameters.emplace_back(p, it->second);
  }
  const std::vector<std::string> inlined = data_layout(schedule).inlined;
  for (std::size_t s = 0; s < program.statements.size(); ++s) {
    PlotStatement st;
    st.name = program.statements[s].name;
    st.program_index = static_cast<int>(s);
    st.iterators = program.statements[s].iterators();
    st.inlined = std::find(inlined.begin(), inlined.end(), st.name) != inlined.end();
    data.statements.push_back(std::move(st));
  }

  // Time maps per statement, from the schedule tree.
  std::vector<Piece> pieces;
  TimeWalker walker(program, dependences, request.cache, request.known_legal);
  program.isl().bounded("schedule time of the plotted points", [&] {
    std::vector<PathDim> path;
    walker.walk(schedule.root(), path);
    pieces = std::move(walker.pieces);
  });
  std::vector<std::vector<int>> member_ids_of(program.statements.size());
  for (const Piece& piece : pieces) {
    PlotStatement& st = data.statements[static_cast<std::size_t>(piece.statement)];
    if (st.time_dims.empty()) {
      st.time_dims = piece.dims;
      member_ids_of[static_cast<std::size_t>(piece.statement)] = piece.member_ids;
      continue;
    }
    // Another leaf of the same statement: a dimension is affine only when every leaf agrees.
    for (std::size_t k = 0; k < st.time_dims.size() && k < piece.dims.size(); ++k)
      if (!piece.dims[k].affine || piece.dims[k].coefficients != st.time_dims[k].coefficients)
        st.time_dims[k].affine = false;
  }

  // The instances and dependence pairs (kept between steps when cached),
  // then each instance's time from the leaf that runs it.
  const std::shared_ptr<const PlotDomain> domain =
      request.cache ? request.cache->get(program, dependences, schedule.domain(), request)
                           : enumerate_plot_domain(program, dependences, schedule.domain(), request);
  data.truncated = domain->truncated;
  data.arrows_truncated = domain->arrows_truncated;
  data.notes.insert(data.notes.end(), domain->notes.begin(), domain->notes.end());
  struct Raw {
    std::int32_t statement;
    std::uint32_t id, time, time_size;
    int tile_dims;  // time prefix length that names the tile; 0: none
  };
  constexpr std::uint32_t kNoTime = ~0u;
  std::vector<std::uint32_t> time_at(domain->size(), kNoTime);
  std::vector<std::uint32_t> time_size(domain->size(), 0);
  std::vector<int> tile_dims_at(domain->size(), 0);
  std::vector<long> times;
  std::vector<int> leaves_of(program.statements.size(), 0);
  for (const Piece& piece : pieces) leaves_of[static_cast<std::size_t>(piece.statement)]++;
  for (const Piece& piece : pieces) {
    const auto s = static_cast<std::size_t>(piece.statement);
    const std::string what = "points of " + program.statements[s].name;
    const std::size_t width = data.statements[s].iterators.size();
    const auto n_out = static_cast<std::uint32_t>(piece.dims.size());
    int tile_dims = 0;
    for (std::size_t k = 0; k < piece.dims.size(); ++k)
      if (piece.dims[k].tile) tile_dims = static_cast<int>(k) + 1;
    auto set_time = [&](std::uint32_t id, std::span<const long> t) {
      time_at[id] = static_cast<std::uint32_t>(times.size());
      time_size[id] = n_out;
      tile_dims_at[id] = tile_dims;
      times.insert(times.end(), t.begin(), t.end());
    };
    program.isl().bounded(what, [&] {
      // One leaf with the statement's whole domain, each dimension one affine
      // piece: the times are computed here, point by point.
      std::vector<std::optional<AffineEvaluator>> evaluators;
      bool fast = leaves_of[s] == 1 && !domain->domains[s].is_null() &&
                  isl_set_is_equal(piece.domain.get(), domain->domains[s].get()) == isl_bool_true;
      if (fast) {
        isl::set at_values = piece.domain;
        if (!program.context.is_null()) at_values = at_values.intersect_params(program.context);
        for (const isl::pw_aff& value : piece.values) {
          evaluators.push_back(AffineEvaluator::of(value, at_values, request.parameters));
          if (!evaluators.back()) fast = false;
        }
      }
      if (fast) {
        std::vector<long> t(n_out);
        for (std::uint32_t id = domain->first[s]; id < domain->first[s + 1]; ++id) {
          const std::span<const long> c = domain->coords(id, width);
          for (std::uint32_t k = 0; k < n_out; ++k) t[k] = (*evaluators[k])(c);
          set_time(id, t);
        }
        return;
      }
      const isl::map time = time_map(piece);
      isl::set wrapped = time.wrap();
      if (!program.context.is_null()) wrapped = wrapped.intersect_params(program.context);
      wrapped = fix_parameters(wrapped, request.parameters, what);
      wrapped = isl::manage(isl_set_coalesce(wrapped.release()));
      require_bounded(wrapped, "the domain of " + program.statements[s].name);
      const std::size_t n_in = static_cast<std::size_t>(isl_map_dim(time.get(), isl_dim_in));
      for_each_point(wrapped, [&](const std::vector<long>& values) {
        const auto id = domain->find(piece.statement, std::span<const long>(values.data(), n_in));
        if (id && time_at[*id] == kNoTime) set_time(*id, std::span<const long>(values.data() + n_in, n_out));
        return true;
      });
    });
  }
  // Which loops carry dependences. A plotted pair that a loop runs apart
  // shows that it carries one, so isl is asked only about the others (on a
  // time-tiled band, most of them: 30 ms a step on heat-3d).
  {
    bool one_leaf_each = true;
    for (int leaves : leaves_of) one_leaf_each = one_leaf_each && leaves <= 1;
    std::vector<bool> witnessed;
    if (one_leaf_each)
      witnessed = carried_by_pairs(*domain, walker.members.size(), member_ids_of, time_at, time_size, times, kNoTime);
    std::vector<bool> carried;
    program.isl().bounded("loops that carry dependences", [&] { carried = walker.carried(witnessed); });
    for (std::size_t s = 0; s < data.statements.size(); ++s)
      for (std::size_t k = 0; k < data.statements[s].time_dims.size() && k < member_ids_of[s].size(); ++k) {
        PlotTimeDim& dim = data.statements[s].time_dims[k];
        const int id = member_ids_of[s][k];
        dim.concurrent = id >= 0 && (dim.tagged || !carried[static_cast<std::size_t>(id)]);
      }
  }
  std::vector<Raw> raw;
  raw.reserve(domain->size());
  for (std::uint32_t id = 0; id < domain->size(); ++id)
    if (time_at[id] != kNoTime) raw.push_back(Raw{domain->statement[id], id, time_at[id], time_size[id], tile_dims_at[id]});

  // Schedule order.
  auto time_of = [&](const Raw& r) { return std::span<const long>(times.data() + r.time, r.time_size); };
  auto coords_of = [&](const Raw& r) {
    return domain->coords(r.id, data.statements[static_cast<std::size_t>(r.statement)].iterators.size());
  };
  std::vector<std::uint32_t> order(raw.size());
  std::iota(order.begin(), order.end(), 0u);
  // A total order (no two points share statement and coordinates): no need for a stable sort.
  std::size_t widest_time = 0, widest_point = 0;
  for (const Raw& r : raw) widest_time = std::max<std::size_t>(widest_time, r.time_size);
  for (const PlotStatement& st : data.statements) widest_point = std::max(widest_point, st.iterators.size());
  LexicographicKeys packing({widest_time, 1, widest_point});
  for (const Raw& r : raw) {
    const long statement = r.statement;
    packing.observe(0, time_of(r));
    packing.observe(1, std::span<const long>(&statement, 1));
    packing.observe(2, coords_of(r));
  }
  const bool packed_keys = packing.fits();
  std::vector<LexicographicKeys::Key> packed;  // by raw point, when packed_keys
  if (packed_keys) {
    packed.resize(raw.size());
    for (std::size_t k = 0; k < raw.size(); ++k) {
      const long statement = raw[k].statement;
      packed[k] = packing.key({time_of(raw[k]), std::span<const long>(&statement, 1), coords_of(raw[k])});
    }
    order = LexicographicKeys::order_of(packed);
  } else std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const Raw& ra = raw[a];
    const Raw& rb = raw[b];
    std::span<const long> ta = time_of(ra), tb = time_of(rb);
    if (const auto order = std::lexicographical_compare_three_way(ta.begin(), ta.end(), tb.begin(), tb.end());
        order != 0)
      return order < 0;
    if (ra.statement != rb.statement) return ra.statement < rb.statement;
    return lex_less(coords_of(ra), coords_of(rb));
  });

  data.points.reserve(raw.size());
  data.coordinates.reserve(domain->coordinates.size());
  std::vector<std::uint32_t> point_of(domain->size(), kNoTime);
  data.times.reserve(times.size());
  std::map<std::vector<long>, std::int32_t> tile_index;
  std::int32_t last_tile = -1;
  for (std::uint32_t idx : order) {
    const Raw& r = raw[idx];
    PlotPoint p;
    p.statement = r.statement;
    p.coords = static_cast<std::uint32_t>(data.coordinates.size());
    p.time = static_cast<std::uint32_t>(data.times.size());
    p.time_size = r.time_size;
    std::span<const long> c = coords_of(r);
    std::span<const long> t = time_of(r);
    data.coordinates.insert(data.coordinates.end(), c.begin(), c.end());
    data.times.insert(data.times.end(), t.begin(), t.end());
    if (r.tile_dims > 0) {
      // A tile's points share a prefix of their times, so they are neighbours in schedule order.
      const std::span<const long> prefix(t.data(), static_cast<std::size_t>(r.tile_dims));
      if (last_tile >= 0 && std::ranges::equal(data.tiles[static_cast<std::size_t>(last_tile)].key, prefix)) {
        p.tile = last_tile;
      } else {
        std::vector<long> key(prefix.begin(), prefix.end());
        auto [it, inserted] = tile_index.emplace(key, static_cast<std::int32_t>(data.tiles.size()));
        if (inserted) data.tiles.push_back(PlotTile{std::move(key), 0});
        p.tile = last_tile = it->second;
      }
      data.tiles[static_cast<std::size_t>(p.tile)].point_count++;
    }
    data.statements[static_cast<std::size_t>(r.statement)].point_count++;
    point_of[r.id] = static_cast<std::uint32_t>(data.points.size());
    data.points.push_back(p);
  }
  data.index = domain->index().renumbered(point_of, kNoTime);

  // Steps: equal time once the concurrent dimensions are dropped. When every
  // statement drops the same time columns, a point's packed key masked to
  // the kept columns orders the steps as the cut-down times would.
  std::optional<LexicographicKeys::Key> step_mask;
  if (packed_keys) {
    step_mask.emplace();
    for (std::size_t k = 0; k < widest_time && step_mask; ++k) {
      std::optional<bool> dropped;
      for (const PlotStatement& st : data.statements) {
        if (st.point_count == 0 || k >= st.time_dims.size()) continue;
        if (dropped && *dropped != st.time_dims[k].concurrent) step_mask.reset();
        dropped = st.time_dims[k].concurrent;
      }
      if (step_mask && !dropped.value_or(false)) {
        const LexicographicKeys::Key bits = packing.column_bits(0, k);
        for (std::size_t w = 0; w < bits.size(); ++w) (*step_mask)[w] |= bits[w];
      }
    }
  }
  // A statement with time dimensions beyond its first leaf's keeps them: not a case for the mask.
  for (const Raw& r : raw)
    if (step_mask && r.time_size > data.statements[static_cast<std::size_t>(r.statement)].time_dims.size()) step_mask.reset();
  if (step_mask) {
    std::vector<LexicographicKeys::Key> step_keys(data.points.size());
    for (std::size_t p = 0; p < data.points.size(); ++p)
      for (std::size_t w = 0; w < step_mask->size(); ++w) step_keys[p][w] = packed[order[p]][w] & (*step_mask)[w];
    data.step_points = LexicographicKeys::order_of(step_keys);
    for (std::size_t k = 0; k < data.step_points.size(); ++k) {
      const std::uint32_t p = data.step_points[k];
      if (k == 0 || step_keys[data.step_points[k - 1]] != step_keys[p])
        data.step_offsets.push_back(static_cast<std::uint32_t>(k));
      data.points[p].step = static_cast<std::uint32_t>(data.step_offsets.size() - 1);
    }
    data.step_offsets.push_back(static_cast<std::uint32_t>(data.step_points.size()));
  } else {
    std::vector<long> keys;
    std::vector<std::uint32_t> key_at(data.points.size() + 1, 0);
    for (std::size_t p = 0; p < data.points.size(); ++p) {
      key_at[p] = static_cast<std::uint32_t>(keys.size());
      const PlotStatement& st = data.statements[static_cast<std::size_t>(data.points[p].statement)];
      std::span<const long> t = data.time(p);
      for (std::size_t k = 0; k < t.size(); ++k)
        if (k >= st.time_dims.size() || !st.time_dims[k].concurrent) keys.push_back(t[k]);
    }
    key_at[data.points.size()] = static_cast<std::uint32_t>(keys.size());
    auto key = [&](std::uint32_t p) {
      return std::span<const long>(keys.data() + key_at[p], key_at[p + 1] - key_at[p]);
    };
    data.step_points.resize(data.points.size());
    std::iota(data.step_points.begin(), data.step_points.end(), 0u);
    std::size_t widest_key = 0;
    for (std::size_t p = 0; p < data.points.size(); ++p) widest_key = std::max<std::size_t>(widest_key, key_at[p + 1] - key_at[p]);
    LexicographicKeys step_packing({widest_key});
    for (std::uint32_t p = 0; p < data.points.size(); ++p) step_packing.observe(0, key(p));
    if (step_packing.fits()) {
      std::vector<LexicographicKeys::Key> packed(data.points.size());
      for (std::uint32_t p = 0; p < data.points.size(); ++p) packed[p] = step_packing.key({key(p)});
      data.step_points = LexicographicKeys::order_of(packed);
    } else {
      std::stable_sort(data.step_points.begin(), data.step_points.end(),
                       [&](std::uint32_t a, std::uint32_t b) { return lex_less(key(a), key(b)); });
    }
    for (std::size_t k = 0; k < data.step_points.size(); ++k) {
      const std::uint32_t p = data.step_points[k];
      if (k == 0 || lex_less(key(data.step_points[k - 1]), key(p)))
        data.step_offsets.push_back(static_cast<std::uint32_t>(k));
      data.points[p].step = static_cast<std::uint32_t>(data.step_offsets.size() - 1);
    }
    data.step_offsets.push_back(static_cast<std::uint32_t>(data.step_points.size()));
  }

  // Dependence arrows.
  for (std::size_t d = 0; d < dependences.list.size(); ++d) {
    const Dependence& dep = dependences.list[d];
    data.dependence_labels.push_back(dependence_label(dep));
    for (const PlotDomain::Pair& pair : domain->pairs[d]) {
      const std::uint32_t a = point_of[pair.source], b = point_of[pair.sink];
      if (a == kNoTime || b == kNoTime) continue;
      data.arrows.push_back(PlotArrow{a, b, static_cast<std::int32_t>(d), dep.kind, false, dep.may});
    }
  }

  // Violations.
  if (request.legality) {
    auto place = [&](const DependenceWitness& w, PlotViolation& v) {
      v.dependence = w.dependence;
      v.kind = w.kind;
      auto a = data.find_point(w.source_statement, w.source_iteration);
      auto b = data.find_point(w.sink_statement, w.sink_iteration);
      if (a && b) {
        v.source = static_cast<std::int64_t>(*a);
        v.sink = static_cast<std::int64_t>(*b);
      }
    };
    for (const Violation& violation : request.legality->violations) {
      PlotViolation v;
      place(violation.witness, v);
      v.explanation = violation.explanation;
      std::set<std::pair<std::uint32_t, std::uint32_t>> bad;
      if (!violation.pairs.is_null()) {
        const auto [si, di] = relation_statements(program, violation.pairs);
        if (si >= 0 && di >= 0)
          program.isl().bounded("violated pairs", [&] {
            for (const PlotDomain::Pair& pair : scan_pairs(program, *domain, violation.pairs, si, di, request.parameters,
                                                           request.max_arrows_per_dependence, "violated pairs"))
              if (point_of[pair.source] != kNoTime && point_of[pair.sink] != kNoTime)
                bad.emplace(point_of[pair.source], point_of[pair.sink]);
          });
      }
      if (v.source < 0 && !bad.empty()) {  // the witness is at other parameter values
        v.source = bad.begin()->first;
        v.sink = bad.begin()->second;
      }
      for (PlotArrow& arrow : data.arrows)
        if (bad.count({arrow.source, arrow.sink}) &&
            (violation.witness.dependence < 0 || arrow.dependence == violation.witness.dependence)) {
          arrow.violated = true;
          bad.erase({arrow.source, arrow.sink});
        }
      for (auto [a, b] : bad) {  // pairs the arrow caps left out
        PlotArrow arrow{a, b, violation.witness.dependence, violation.witness.kind, true};
        data.arrows.push_back(arrow);
      }
      data.violations.push_back(std::move(v));
    }
    for (const TagViolation& tv : request.legality->tag_violations) {
      for (const DependenceWitness& w : tv.carried) {
        PlotViolation v;
        place(w, v);
        v.tag = true;
        v.explanation = tv.explanation;
        data.violations.push_back(std::move(v));
      }
    }
    for (const PlotViolation& v : data.violations) {
      if (v.source < 0) continue;
      bool present = false;
      for (PlotArrow& arrow : data.arrows)
        if (arrow.source == static_cast<std::uint32_t>(v.source) && arrow.sink == static_cast<std::uint32_t>(v.sink)) {
          arrow.violated = true;
          present = true;
        }
      if (!present)
        data.arrows.push_back(PlotArrow{static_cast<std::uint32_t>(v.source), static_cast<std::uint32_t>(v.sink),
                                        v.dependence, v.kind, true});
    }
  }
  assign_dependence_levels(data);
  return data;
}


}  // namespace loopscape

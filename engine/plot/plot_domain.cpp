// SPDX-License-Identifier: Apache-2.0
#include "plot/plot_domain.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include <algorithm>
#include <numeric>

#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/parallelism.h"
#include "support/isl_text.h"
#include "plot/affine_eval.h"
#include "plot/domain_points.h"
#include "support/set_points.h"

namespace loopscape {

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

}  // namespace

std::uint64_t point_hash(int statement, std::span<const long> coordinates) {
  std::uint64_t h = mix(0x12345678ULL, static_cast<std::uint64_t>(statement));
  for (long c : coordinates) h = mix(h, static_cast<std::uint64_t>(c));
  return h;
}

std::optional<std::uint32_t> PlotDomain::find(int s, std::span<const long> c) const {
  return index_.find(s, c, [&](std::uint32_t id) {
    return statement[id] == s && std::equal(c.begin(), c.end(), coordinates.data() + coords_at[id]);
  });
}

std::pair<int, int> relation_statements(const Program& program, const isl::map& relation) {
  const char* source = isl_map_get_tuple_name(relation.get(), isl_dim_in);
  const char* sink = isl_map_get_tuple_name(relation.get(), isl_dim_out);
  return {source ? program.statement_index(source) : -1, sink ? program.statement_index(sink) : -1};
}

// Scanning a relation costs an isl AST build per dependence: most of a 2-D
// stencil's plot after a tile. A function is mapped here instead.
std::optional<std::vector<PlotDomain::Pair>> pairs_by_function(const PlotDomain& d, const isl::map& relation, int si,
                                                               int di, const std::map<std::string, long>& parameters,
                                                               std::size_t cap, bool* complete) {
  bool from_sink = false;
  isl::map function = relation;
  if (isl_map_is_single_valued(function.get()) != isl_bool_true) {
    function = function.reverse();
    from_sink = true;
    if (isl_map_is_single_valued(function.get()) != isl_bool_true) return std::nullopt;
  }
  struct Piece {
    std::optional<AffineConditions> where;
    std::vector<AffineEvaluator> image;
  };
  struct State {
    std::vector<Piece> pieces;
    const std::map<std::string, long>& parameters;
    bool ok = true;
  } state{{}, parameters};
  isl_pw_multi_aff* pma = isl_pw_multi_aff_from_map(function.copy());
  if (!pma) return std::nullopt;
  isl_pw_multi_aff_foreach_piece(
      pma,
      [](isl_set* set, isl_multi_aff* ma, void* user) {
        auto* st = static_cast<State*>(user);
        Piece piece;
        piece.where = AffineConditions::of(isl::manage(set), st->parameters);
        if (!piece.where) st->ok = false;
        const isl_size n = isl_multi_aff_size(ma);
        for (int k = 0; k < n && st->ok; ++k) {
          isl_aff* aff = isl_multi_aff_get_at(ma, k);
          std::optional<AffineEvaluator> e = AffineEvaluator::of(aff, st->parameters);
          isl_aff_free(aff);
          if (e) piece.image.push_back(std::move(*e));
          else st->ok = false;
        }
        isl_multi_aff_free(ma);
        st->pieces.push_back(std::move(piece));
        return isl_stat_ok;
      },
      &state);
  isl_pw_multi_aff_free(pma);
  if (!state.ok) return std::nullopt;
  const int from = from_sink ? di : si, to = from_sink ? si : di;
  const auto from_width = static_cast<std::size_t>(isl_map_dim(function.get(), isl_dim_in));
  const auto to_width = static_cast<std::size_t>(isl_map_dim(function.get(), isl_dim_out));
  std::vector<PlotDomain::Pair> pairs;
  std::vector<long> image(to_width);
  // From the source, the pairs come in order and can stop one past the cap.
  for (std::uint32_t id = d.first[static_cast<std::size_t>(from)];
       id < d.first[static_cast<std::size_t>(from) + 1] && (from_sink || pairs.size() <= cap); ++id) {
    const std::span<const long> x = d.coords(id, from_width);
    for (const Piece& piece : state.pieces) {  // disjoint: the first that holds
      if (!piece.where->contains(x)) continue;
      for (std::size_t k = 0; k < to_width; ++k) image[k] = piece.image[k](x);
      if (const auto partner = d.find(to, image))
        pairs.push_back(from_sink ? PlotDomain::Pair{*partner, id} : PlotDomain::Pair{id, *partner});
      break;
    }
  }
  // The scan's order: by source, then sink (ids follow each statement's lexicographic order).
  std::sort(pairs.begin(), pairs.end(), [](const PlotDomain::Pair& a, const PlotDomain::Pair& b) {
    return a.source != b.source ? a.source < b.source : a.sink < b.sink;
  });
  if (complete) *complete = pairs.size() <= cap;
  if (pairs.size() > cap) pairs.resize(cap);
  return pairs;
}

std::vector<PlotDomain::Pair> scan_pairs(const Program& program, const PlotDomain& d, const isl::map& relation, int si,
                                         int di, const std::map<std::string, long>& parameters, std::size_t cap,
                                         const std::string& what, bool* complete) {
  isl::set wrapped = relation.wrap();
  if (!program.context.is_null()) wrapped = wrapped.intersect_params(program.context);
  wrapped = fix_parameters(wrapped, parameters, what);
  require_bounded(wrapped, what);
  const std::size_t n_in = static_cast<std::size_t>(isl_map_dim(relation.get(), isl_dim_in));
  std::vector<PlotDomain::Pair> pairs;
  const bool all = for_each_point(wrapped, [&](const std::vector<long>& values) {
    if (pairs.size() >= cap) return false;
    const auto a = d.find(si, std::span<const long>(values.data(), n_in));
    const auto b = d.find(di, std::span<const long>(values.data() + n_in, values.size() - n_in));
    if (a && b) pairs.push_back({*a, *b});
    return true;
  });
  if (complete) *complete = all;
  return pairs;
}

namespace {

// Water-filling: `cap` split between the counts, none given more than its
// count, the rest evenly.
std::vector<std::size_t> fair_shares(const std::vector<std::size_t>& counts, std::size_t cap) {
  std::vector<std::size_t> order(counts.size()), shares(counts.size(), 0);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return counts[a] < counts[b]; });
  std::size_t left = cap, waiting = 0;
  for (std::size_t c : counts) waiting += c > 0 ? 1 : 0;
  for (std::size_t k : order) {
    if (counts[k] == 0) continue;
    shares[k] = std::min(counts[k], left / waiting--);
    left -= shares[k];
  }
  return shares;
}

}  // namespace

std::shared_ptr<const PlotDomain> enumerate_plot_domain(const Program& program, const Dependences& dependences,
                                                        const isl::union_set& scheduled, const PlotRequest& request) {
  auto out = std::make_shared<PlotDomain>();
  PlotDomain& d = *out;
  d.scheduled = scheduled;
  d.parameters = request.parameters;
  d.max_points = request.max_points;
  d.max_arrows = request.max_arrows;
  d.max_arrows_per_dependence = request.max_arrows_per_dependence;
  d.domains.resize(program.statements.size());
  scheduled.foreach_set([&](isl::set set) {
    const char* name = isl_set_get_tuple_name(set.get());
    if (const int s = name ? program.statement_index(name) : -1; s >= 0) d.domains[static_cast<std::size_t>(s)] = set;
  });
  // Past the cap, the statements share it evenly, a small one leaving what
  // it does not take to the others (2mm's first product, as large as the
  // cap, hid the second): each statement's instances are counted up to the
  // cap first, then enumerated up to its share.
  std::vector<isl::set> points_of(program.statements.size());
  std::vector<std::size_t> counts(program.statements.size(), 0);
  for (std::size_t s = 0; s < program.statements.size(); ++s) {
    if (d.domains[s].is_null()) continue;
    const std::string& name = program.statements[s].name;
    const std::string what = "points of " + name;
    program.isl().bounded(what, [&] {
      isl::set points = d.domains[s];
      if (!program.context.is_null()) points = points.intersect_params(program.context);
      points = fix_parameters(points, request.parameters, what);
      points = isl::manage(isl_set_coalesce(points.release()));
      require_bounded(points, "the domain of " + name);
      for_each_point(points, [&](const std::vector<long>&) { return ++counts[s] <= request.max_points; });
      points_of[s] = points;
    });
  }
  const std::vector<std::size_t> shares = fair_shares(counts, request.max_points);
  for (std::size_t s = 0; s < program.statements.size(); ++s) {
    d.first.push_back(static_cast<std::uint32_t>(d.statement.size()));
    if (points_of[s].is_null()) continue;
    const std::string what = "points of " + program.statements[s].name;
    program.isl().bounded(what, [&] {
      std::size_t taken = 0;
      for_each_point(points_of[s], [&](const std::vector<long>& values) {
        if (taken++ >= shares[s]) return false;
        const auto id = static_cast<std::uint32_t>(d.statement.size());
        d.statement.push_back(static_cast<std::int32_t>(s));
        d.coords_at.push_back(static_cast<std::uint32_t>(d.coordinates.size()));
        d.coordinates.insert(d.coordinates.end(), values.begin(), values.end());
        d.index_.add(static_cast<int>(s), values, id);
        return true;
      });
      if (shares[s] < counts[s]) {
        d.truncated = true;
        d.notes.push_back(what + " stop at " + std::to_string(shares[s]) + " (the plot's cap of " +
                          std::to_string(request.max_points) + " points, shared between statements)");
      }
    });
  }
  d.first.push_back(static_cast<std::uint32_t>(d.statement.size()));
  d.index_.seal();

  // The arrow cap is shared between the dependences, as the point cap is
  // between statements: an even share each, then what the complete ones
  // left over to those that reached their share. Before, the first
  // dependences took it all (heat-3d's 42 dependences: the 100,000 arrows
  // were 2 of them).
  d.pairs.resize(dependences.list.size());
  std::vector<bool> complete(dependences.list.size(), true);
  auto find_pairs = [&](std::size_t k, std::size_t cap) {
    const Dependence& dep = dependences.list[k];
    const auto [si, di] = relation_statements(program, dep.relation);
    if (si < 0 || di < 0) return;
    const std::string what = short_name(dep.kind) + " " + dep.source_statement + " -> " + dep.sink_statement +
                             " on " + dep.array;
    program.isl().bounded("instance pairs of " + what, [&] {
      bool all = true;
      if (std::optional<std::vector<PlotDomain::Pair>> found =
              pairs_by_function(d, dep.relation, si, di, request.parameters, cap, &all)) {
        d.pairs[k] = std::move(*found);
      } else {
        d.pairs[k] = scan_pairs(program, d, dep.relation, si, di, request.parameters, cap, what, &all);
      }
      complete[k] = all;
    });
  };
  const std::size_t count = dependences.list.size();
  if (count > 0) {
    const std::size_t share = std::min(request.max_arrows / count, request.max_arrows_per_dependence);
    std::size_t total = 0;
    for (std::size_t k = 0; k < count; ++k) {
      find_pairs(k, share);
      total += d.pairs[k].size();
    }
    std::vector<std::size_t> short_of_pairs;
    for (std::size_t k = 0; k < count; ++k)
      if (!complete[k]) short_of_pairs.push_back(k);
    if (!short_of_pairs.empty() && total < request.max_arrows) {
      const std::size_t more = (request.max_arrows - total) / short_of_pairs.size();
      for (std::size_t k : short_of_pairs)
        if (more > 0) find_pairs(k, std::min(share + more, request.max_arrows_per_dependence));
    }
    for (std::size_t k = 0; k < count; ++k) {
      if (complete[k]) continue;
      const Dependence& dep = dependences.list[k];
      d.arrows_truncated = true;
      d.notes.push_back("instance pairs of " + short_name(dep.kind) + " " + dep.source_statement + " -> " +
                        dep.sink_statement + " on " + dep.array + " stop at " + std::to_string(d.pairs[k].size()));
    }
  }
  return out;
}

std::shared_ptr<const PlotDomain> PlotCache::get(const Program& program, const Dependences& dependences,
                                                       const isl::union_set& scheduled, const PlotRequest& request) {
  bool same = last_ && last_->parameters == request.parameters && last_->max_points == request.max_points &&
              last_->max_arrows == request.max_arrows &&
              last_->max_arrows_per_dependence == request.max_arrows_per_dependence;
  if (same)
    program.isl().bounded("the plotted instances", [&] {
      same = isl_union_set_is_equal(last_->scheduled.get(), scheduled.get()) == isl_bool_true;
    });
  if (!same) last_ = enumerate_plot_domain(program, dependences, scheduled, request);
  return last_;
}

// Kept by member: whether member k is parallel depends on the schedule
// dimensions around it (the prefix, then the members before it), not on how
// they are grouped into bands. Parallelizing a member of a tiled band splits
// the band, and its members were computed again (30 ms a step on heat-3d).
std::vector<bool> PlotCache::parallel_members(const isl::schedule_node& band, const isl::union_map& dependences,
                                              bool forward, const std::vector<bool>& known_carried) {
  constexpr std::size_t kKeptMembers = 1024;
  const isl::schedule_node node = skip_marks(band);
  const isl::union_set domain = node_domain(node);
  auto dimension_text = [&](isl::union_pw_aff dimension) {
    return sorted_isl_string(dimension.intersect_domain(domain).coalesce()) + "\n";
  };
  std::string outer = sorted_isl_string(domain) + "\n";
  const isl::multi_union_pw_aff prefix = node.prefix_schedule_multi_union_pw_aff();
  for (int k = 0, n = static_cast<int>(prefix.size()); k < n; ++k) outer += dimension_text(prefix.at(k));
  const isl::multi_union_pw_aff partial = node.as<isl::schedule_node_band>().partial_schedule();
  const int members = static_cast<int>(partial.size());
  std::vector<std::string> keys;
  std::vector<bool> out;
  for (int k = 0; k < members; ++k) {
    const std::string member = dimension_text(partial.at(k));
    keys.push_back(outer + "member " + member);
    outer += member;
    if (const auto known = parallel_.find(keys.back()); known != parallel_.end()) out.push_back(known->second);
  }
  if (static_cast<int>(out.size()) == members) return out;
  out = loopscape::parallel_members(node, dependences, forward, known_carried);
  if (parallel_.size() + keys.size() > kKeptMembers) parallel_.clear();
  for (int k = 0; k < members; ++k) parallel_[keys[static_cast<std::size_t>(k)]] = out[static_cast<std::size_t>(k)];
  return out;
}

const isl::union_map& PlotCache::coalesced(const Dependences& dependences) {
  const std::array<const isl_union_map*, 3> from{dependences.read_after_write.get(), dependences.write_after_read.get(),
                                                 dependences.write_after_write.get()};
  if (coalesced_.is_null() || from != coalesced_from_) {
    const isl::union_map all = dependences.all();
    coalesced_ = all.is_null() ? all : all.coalesce();
    coalesced_from_ = from;
  }
  return coalesced_;
}

}  // namespace loopscape

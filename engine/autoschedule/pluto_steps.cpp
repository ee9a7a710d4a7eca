// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/pluto_steps.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

#include <isl/aff.h>
#include <isl/schedule_node.h>

#include "analysis/access_box.h"
#include "autoschedule/spatial_locality.h"
#include "commands/loop_resolution.h"
#include "session/script.h"

namespace loopscape::autoschedule {
namespace {

struct BandInfo {
  EditPath path;
  int members = 0;
  bool permutable = false;
  bool outermost = false;  // no band above it has a coincident member (a parallel loop)
  std::vector<bool> coincident;
};

void collect_bands(const isl::schedule& schedule, const EditNode& n, EditPath& path, bool below_parallel,
                   std::vector<BandInfo>& out) {
  if (n.is_band()) {
    BandInfo b{path, n.n_member(), n.permutable, !below_parallel, {}};
    isl::schedule_node node = isl_node_at(schedule, path);
    for (int m = 0; m < b.members; ++m)
      b.coincident.push_back(isl_schedule_node_band_member_get_coincident(node.get(), m) == isl_bool_true);
    below_parallel = below_parallel || std::find(b.coincident.begin(), b.coincident.end(), true) != b.coincident.end();
    out.push_back(b);
  }
  for (std::size_t k = 0; k < n.children.size(); ++k) {
    path.push_back(static_cast<int>(k));
    collect_bands(schedule, n.children[k], path, below_parallel, out);
    path.pop_back();
  }
}

// A statement of the band with every member of it as one of its loops, and those loops' positions.
bool band_statement(const Target& t, const BandInfo& band, std::string& statement, std::vector<int>& positions) {
  for (const std::string& s : t.order) {
    const auto found = t.layouts.find(s);
    if (found == t.layouts.end()) continue;
    const StatementLayout& l = found->second;
    std::vector<int> pos;
    for (std::size_t k = 0; k < l.loops.size(); ++k)
      if (l.loops[k].band == band.path) pos.push_back(static_cast<int>(k));
    if (static_cast<int>(pos.size()) == band.members) {
      statement = s;
      positions = pos;
      return true;
    }
  }
  return false;
}

// Calls visit(layout, m, x) for member m < `members` of the band as each of
// its statements' loops, x the iterator it walks, until visit returns true.
// False (and stops) when such a loop is no plain iterator.
template <typename Visit>
bool each_band_loop(const Target& t, const BandInfo& band, int members, Visit visit) {
  for (const std::string& s : t.order) {
    const auto found = t.layouts.find(s);
    if (found == t.layouts.end()) continue;
    const StatementLayout& l = found->second;
    int m = 0;
    for (const LayoutLoop& loop : l.loops) {
      if (loop.band != band.path) continue;
      if (m >= members) break;
      const int x = plain_iterator(loop.row);
      if (x < 0) return false;
      if (visit(l, m++, x)) return true;
    }
  }
  return true;
}

// Pluto's intra-tile order: inside the tiles of a permutable band, the point
// loop that walks most accesses along consecutive elements goes innermost
// (vectorizable, one cache line after the other). Only for bands whose
// members are plain iterators of every statement in them.
void order_point_loops(Work& w, const Target& t, const BandInfo& band, const std::string& statement,
                       const std::vector<std::string>& names, int tiled, AutoSchedulePlan& plan) {
  std::vector<int> score(static_cast<std::size_t>(tiled), 0);
  const bool plain = each_band_loop(t, band, tiled, [&](const StatementLayout& l, int m, int x) {
    score[static_cast<std::size_t>(m)] += spatial_score(*l.statement, x);
    return false;
  });
  if (!plain) return;
  const auto best = std::max_element(score.begin(), score.end());
  const int innermost = tiled - 1;
  if (*best <= score.back()) return;
  const int b = static_cast<int>(best - score.begin());
  const std::string from = names[static_cast<std::size_t>(b)] + "1";
  const std::string to = names[static_cast<std::size_t>(innermost)] + "1";
  try_optional(w, plan, make_call(statement, "interchange", {from, to}),
               "Pluto's intra-tile order: point loop " + from + " innermost walks " +
                   std::to_string(*best - score.back()) + " more accesses along consecutive elements than " + to +
                   " (vectorizable); the band is permutable, so any order of its point loops is legal");
}

// Outside tiles, isl's loop order can stride through rows innermost (fdtd-2d:
// isl fuses hz's update under the column loop j it shares with ey[0][j], and
// the nest ran 7x slower than the original). For each statement whose
// innermost loop walks its accesses worse than an outer loop of its own, the
// better loop goes innermost when that is legal; the statement gets loops
// of its own where it shared them.
void innermost_loops_for_locality(Work& w) {
  const Program& program = w.session.program();
  for (const Statement& s : program.statements) {
    if (Clock::now() > w.deadline) return;
    StatementLayout l;
    try {
      l = current_layout(w, current_tree(w), s.name);
    } catch (const NotExpressible&) {
      continue;  // tiled (floors) or parametric: left as planned
    }
    if (l.loops.size() < 2) continue;
    const LayoutLoop& inner = l.loops.back();
    const int inner_x = plain_iterator(inner.row);
    if (inner_x < 0 || inner.name.empty()) continue;
    const int inner_score = spatial_score(s, inner_x);
    const LayoutLoop* best = nullptr;
    int best_score = inner_score;
    for (std::size_t k = 0; k + 1 < l.loops.size(); ++k) {
      const int x = plain_iterator(l.loops[k].row);
      if (x < 0 || l.loops[k].name.empty()) continue;
      const int score = spatial_score(s, x);
      if (score > 0 && score >= best_score && (score > best_score || best)) {
        best = &l.loops[k];
        best_score = score;
      }
    }
    if (!best) continue;
    const CommandCall call = make_call(s.name, "interchange", {best->name, inner.name});
    if (w.session.apply(call)) continue;  // illegal: the order stays isl's
    w.steps.push_back({call,
                       "spatial locality: loop " + best->name + " innermost walks " +
                           std::to_string(best_score - inner_score) + " more accesses of " + s.name +
                           " along consecutive elements than loop " + inner.name,
                       w.session.history().back().outcome.description});
  }
}

// Elements of each array one tile of `size` in every member of a band
// touches, in bytes: per subscript, 1 + (size - 1) times the sum of its
// coefficients on the band's iterators (its other iterators are loops
// outside the band, fixed within a tile); the largest access of each array.
// nullopt when some statement of the band has a loop inside it or a member
// that is no plain iterator (no estimate).
std::optional<long> tile_bytes(const Program& program, const Target& t, const BandInfo& band, long size) {
  std::map<std::string, long> elements;  // per array
  for (const std::string& s : t.order) {
    const auto found = t.layouts.find(s);
    if (found == t.layouts.end()) continue;
    const StatementLayout& l = found->second;
    std::vector<int> band_iterators;
    bool inside = false, below = false;
    for (const LayoutLoop& loop : l.loops) {
      if (loop.band == band.path) {
        inside = true;
        const int x = plain_iterator(loop.row);
        if (x < 0) return std::nullopt;
        band_iterators.push_back(x);
      } else if (inside) {
        below = true;
      }
    }
    if (!inside) continue;
    if (below) return std::nullopt;
    for (const Access& a : l.statement->accesses) {
      isl_multi_aff* subscripts = access_subscripts(a);
      if (!subscripts) return std::nullopt;
      long count = 1;
      for (int d = 0; d < static_cast<int>(isl_multi_aff_dim(subscripts, isl_dim_out)); ++d) {
        isl_aff* e = isl_multi_aff_get_aff(subscripts, d);
        long reach = 0;
        for (int x : band_iterators) {
          isl_val* c = isl_aff_get_coefficient_val(e, isl_dim_in, x);
          reach += std::labs(isl_val_get_num_si(c));
          isl_val_free(c);
        }
        isl_aff_free(e);
        count *= 1 + (size - 1) * reach;
      }
      isl_multi_aff_free(subscripts);
      long& most = elements[a.array];
      most = std::max(most, count);
    }
  }
  long bytes = 0;
  for (const auto& [name, count] : elements) {
    const Array* array = program.find_array(name);
    bytes += count * (array ? element_bytes(array->element_type) : 8);
  }
  return bytes;
}

// A loop over a plain iterator that runs at most 8 times whatever the
// parameters (a stencil's window): nothing to tile.
bool short_loop(const Statement& s, const AffineRow& row) {
  const int x = plain_iterator(row);
  if (x < 0) return false;
  // Over every value of the parameters: infinite unless the bounds are constants.
  const isl::val lowest = s.domain.dim_min_val(x), highest = s.domain.dim_max_val(x);
  if (!lowest.is_int() || !highest.is_int()) return false;
  return highest.sub(lowest).get_num_si() < 8;
}

// The tile size of a 3-deep band: 64 where one tile's data fits half of a
// 256 KiB level-2 cache (2mm's three 64 x 64 blocks of doubles: 96 KiB, 1.5-2x
// faster than 32 on this project's 2-core machines), else the given size.
long tile_size_for(const Program& program, const Target& t, const BandInfo& band, int tiled_members,
                   const AutoScheduleOptions& options) {
  constexpr long kLarger = 64, kBudgetBytes = 128 * 1024;
  if (!options.fit_tiles_to_cache || tiled_members < 3 || options.tile_size >= kLarger) return options.tile_size;
  const std::optional<long> bytes = tile_bytes(program, t, band, kLarger);
  return bytes && *bytes <= kBudgetBytes ? kLarger : options.tile_size;
}

// Whether tiling the band's first `members` members can keep data in cache:
// some access of a statement in the band touches the same element across
// one of those loops (2mm's A[i][k] across j). A stencil's sweep, where every
// access moves with every loop (jacobi-2d's A[i][j +- 1], A[i +- 1][j]),
// reuses an element only in neighbouring iterations, which rows in cache
// already give: its tiles only cost (jacobi-2d ran 2.4x over gcc -O3 tiled,
// 3.4x untiled with the OpenMP target's parallel rows). Members that are no
// plain iterator (skewed time tiles) count as reuse.
bool band_has_reuse(const Target& t, const BandInfo& band, int members) {
  bool reuse = false;
  const bool plain = each_band_loop(t, band, members, [&](const StatementLayout& l, int, int x) {
    for (const Access& a : l.statement->accesses) reuse = reuse || element_stays(a, x);
    return reuse;
  });
  return reuse || !plain;
}

}  // namespace

void tile_and_parallelize(Work& w, const Target& t, const AutoScheduleOptions& options, AutoSchedulePlan& plan) {
  std::vector<BandInfo> bands;
  EditPath path;
  collect_bands(t.schedule, t.root, path, false, bands);
  const EditNode root = current_tree(w);
  struct Planned {
    std::string statement;
    std::vector<std::string> names;
    int tiled = 0;
    const BandInfo* band;
    int long_members = 0;  // leading members that are no short constant loop (worth tiling)
  };
  std::vector<Planned> planned;
  for (const BandInfo& b : bands) {
    std::string s;
    std::vector<int> positions;
    if (!band_statement(t, b, s, positions)) continue;
    const StatementLayout cur = current_layout(w, root, s);
    Planned p{s, {}, 0, &b, 0};
    for (int pos : positions) p.names.push_back(cur.loops.at(static_cast<std::size_t>(pos)).name);
    const StatementLayout& target_layout = t.layouts.at(s);
    while (p.long_members < static_cast<int>(positions.size()) &&
           !short_loop(*target_layout.statement,
                       target_layout.loops.at(static_cast<std::size_t>(positions[static_cast<std::size_t>(p.long_members)])).row))
      ++p.long_members;
    if (std::any_of(p.names.begin(), p.names.end(), [](const std::string& n) { return n.empty(); })) continue;
    planned.push_back(p);
  }
  if (options.tile)
    for (Planned& p : planned) {
      // conv3x3's 3 x 3 window loops: tiles of 32 over 3 iterations only reorder them.
      if (!p.band->permutable || p.long_members < 2) continue;
      const int n = std::min(p.long_members, 3);
      if (!band_has_reuse(t, *p.band, n)) {
        plan.notes.push_back("left out " + p.statement + "'s tiles: every access moves with every loop of the band "
                             "(a sweep; only neighbouring iterations share elements), so tiles would not keep "
                             "data in cache");
        continue;
      }
      const long size = tile_size_for(w.session.program(), t, *p.band, n, options);
      std::vector<std::string> args(p.names.begin(), p.names.begin() + n);
      for (int k = 0; k < n; ++k) args.push_back(std::to_string(size));
      std::string loops;
      for (int k = 0; k < n; ++k) loops += (k ? ", " : "") + p.names[static_cast<std::size_t>(k)];
      const std::size_t before = w.steps.size();
      try_optional(w, plan, make_call(p.statement, "tile", args),
                   "isl's band (" + loops + ") is permutable: tile it " + std::to_string(size) +
                       (n == 2 ? " x " + std::to_string(size) : " in each loop") + " for locality (Pluto's tiling" +
                       (size != options.tile_size ? "; " + std::to_string(size) +
                                                        " where one tile's data fits in 128 KiB" : "") + ")");
      if (w.steps.size() == before) continue;
      p.tiled = n;
      order_point_loops(w, t, *p.band, p.statement, p.names, n, plan);
    }
  if (options.parallelize)
    for (const Planned& p : planned) {
      if (!p.band->outermost) continue;
      const auto c = std::find(p.band->coincident.begin(), p.band->coincident.end(), true);
      if (c == p.band->coincident.end()) continue;
      const int m = static_cast<int>(c - p.band->coincident.begin());
      const std::string name = p.names[static_cast<std::size_t>(m)] + (m < p.tiled ? "0" : "");
      // Inside a sequential loop, a parallel loop forks and joins threads once
      // per outer iteration: worth it only with a loop nest inside it.
      const std::vector<StatementLoop> now =
          statement_loops(w.session.program(), current_tree(w), *w.session.program().find_statement(p.statement));
      const auto at = std::find_if(now.begin(), now.end(), [&](const StatementLoop& l) { return l.name == name; });
      if (at != now.end() && at != now.begin() && at + 1 == now.end()) {
        plan.notes.push_back("left out " + p.statement + ".parallelize(" + name + "): the loop is inside sequential loop " +
                             now.front().name + " and has no loop inside it, so a fork and join of threads per "
                             "outer iteration would cost more than the parallel work gains");
        continue;
      }
      try_optional(w, plan, make_call(p.statement, "parallelize", {name}),
                   "isl marks loop " + p.names[static_cast<std::size_t>(m)] +
                       " coincident: no dependence is carried by it, so it runs in parallel" +
                       (m < p.tiled ? " (its tile loop " + name + ")" : ""));
    }
  if (options.tile) innermost_loops_for_locality(w);
}

}  // namespace loopscape::autoschedule

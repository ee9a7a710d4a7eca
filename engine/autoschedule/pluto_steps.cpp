// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/pluto_steps.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/val.h>

#include "analysis/access_box.h"
#include "autoschedule/register_block.h"
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

// Whether s accumulates into one element along iterator x (its write stays
// and it reads that element: a reduction).
bool accumulates_along(const Statement& s, int x) {
  for (const Access& w : s.accesses) {
    if (w.kind != Access::Kind::Write || !element_stays(w, x)) continue;
    for (const Access& r : s.accesses)
      if (r.kind == Access::Kind::Read && r.array == w.array && r.relation.is_equal(w.relation)) return true;
  }
  return false;
}

// Pluto's intra-tile order: inside the tiles of a permutable band, the point
// loop that walks most accesses along consecutive elements goes innermost
// (vectorizable, one cache line after the other). In a 3-deep band, not a
// loop along which a statement accumulates when another member does not:
// gcc vectorizes no floating-point reduction (it would reorder the sums),
// so syr2k's k innermost, where all four reads walk consecutive elements,
// ran scalar, 0.28 s; its j innermost, with two reads down columns of
// 32 x 32 tiles in the level-1 cache, 0.175 s (Polly 0.20 s). The member that
// goes innermost and how many more accesses it walks so than the last
// member; -1 when the order stays (also for bands whose members are not
// plain iterators of every statement in them).
int innermost_point_member(const Target& t, const BandInfo& band, int tiled, int& gain, bool& avoids_reduction) {
  std::vector<int> score(static_cast<std::size_t>(tiled), 0);
  std::vector<bool> accumulates(static_cast<std::size_t>(tiled), false);
  const bool plain = each_band_loop(t, band, tiled, [&](const StatementLayout& l, int m, int x) {
    score[static_cast<std::size_t>(m)] += spatial_score(*l.statement, x);
    if (accumulates_along(*l.statement, x)) accumulates[static_cast<std::size_t>(m)] = true;
    return false;
  });
  if (!plain) return -1;
  const bool avoid_reductions =
      tiled == 3 && std::find(accumulates.begin(), accumulates.end(), false) != accumulates.end();
  int best = -1;
  for (int m = 0; m < tiled; ++m) {
    if (avoid_reductions && accumulates[static_cast<std::size_t>(m)]) continue;
    if (best < 0 || score[static_cast<std::size_t>(m)] > score[static_cast<std::size_t>(best)]) best = m;
  }
  const int last = tiled - 1;
  const bool last_avoided = avoid_reductions && accumulates[static_cast<std::size_t>(last)];
  if (best == last || (!last_avoided && score[static_cast<std::size_t>(best)] <= score[static_cast<std::size_t>(last)]))
    return -1;
  gain = score[static_cast<std::size_t>(best)] - score[static_cast<std::size_t>(last)];
  avoids_reduction = last_avoided && score[static_cast<std::size_t>(best)] <= score[static_cast<std::size_t>(last)];
  return best;
}

// True when the order is as planned (nothing to do, or done).
bool order_point_loops(Work& w, const std::string& statement, const std::vector<std::string>& names, int tiled,
                       int innermost, int gain, bool avoids_reduction, AutoSchedulePlan& plan) {
  if (innermost < 0) return true;
  const std::string from = names[static_cast<std::size_t>(innermost)] + "1";
  const std::string to = names[static_cast<std::size_t>(tiled - 1)] + "1";
  const std::size_t before = w.steps.size();
  const std::string why =
      avoids_reduction
          ? "intra-tile order: point loop " + from + " innermost, not " + to + ", along which " + statement +
                " accumulates into one element (gcc vectorizes no floating-point reduction); " + from +
                " carries none and vectorizes"
          : "Pluto's intra-tile order: point loop " + from + " innermost walks " + std::to_string(gain) +
                " more accesses along consecutive elements than " + to + " (vectorizable)";
  try_optional(w, plan, make_call(statement, "interchange", {from, to}),
               why + "; the band is permutable, so any order of its point loops is legal");
  return w.steps.size() > before;
}

// A register block planned for a band: its members in the point loops'
// order (rows, reduction, vector) and the block. A 2-deep band has no rows
// (outer < 0): the block is one row of vectors, held across the reduction.
struct BlockPlan {
  int outer = 0, reduction = 1, inner = 2;  // band members
  RegisterBlock block;
  std::string result;  // the accumulated array
  std::string element_type;
  bool has_rows() const { return outer >= 0; }
};

// Whether another statement runs under `statement`'s loop `loop` (a band
// member shared with it).
bool loop_shared(Work& w, const std::string& statement, const std::string& loop) {
  const Program& program = w.session.program();
  const EditNode root = current_tree(w);
  const std::vector<StatementLoop> own = statement_loops(program, root, *program.find_statement(statement));
  const auto at = std::find_if(own.begin(), own.end(), [&](const StatementLoop& l) { return l.name == loop; });
  if (at == own.end()) return false;
  for (const Statement& other : program.statements) {
    if (other.name == statement) continue;
    for (const StatementLoop& l : statement_loops(program, root, other))
      if (l.band == at->band) return true;
  }
  return false;
}

// Whether `statement`, the band's statement with all its `members` tiled
// members (3, or 2 for a block of one row), is a multiply-accumulate whose
// point loops (after Pluto's order, `innermost` going last) can hold a
// register block, and which one.
std::optional<BlockPlan> plan_register_block(const Program& program, const Target& t, const BandInfo& band,
                                             const std::string& statement, int members, int innermost,
                                             const AutoScheduleOptions& options) {
  if (!options.register_blocks || band.members < members || members < 2 || members > 3) return std::nullopt;
  const StatementLayout& l = t.layouts.at(statement);
  std::vector<int> iterators;
  for (const LayoutLoop& loop : l.loops)
    if (loop.band == band.path && static_cast<int>(iterators.size()) < members)
      iterators.push_back(plain_iterator(loop.row));
  if (static_cast<int>(iterators.size()) < members ||
      std::find(iterators.begin(), iterators.end(), -1) != iterators.end())
    return std::nullopt;
  std::vector<int> order(static_cast<std::size_t>(members));
  for (int m = 0; m < members; ++m) order[static_cast<std::size_t>(m)] = m;
  if (innermost >= 0) std::swap(order[static_cast<std::size_t>(innermost)], order.back());
  BlockPlan plan = members == 3 ? BlockPlan{order[0], order[1], order[2], {}, {}, {}}
                                : BlockPlan{-1, order[0], order[1], {}, {}, {}};
  const Statement& s = *l.statement;
  const auto x = [&](int member) { return member < 0 ? -1 : iterators[static_cast<std::size_t>(member)]; };
  if (!is_multiply_accumulate(s, x(plan.outer), x(plan.reduction), x(plan.inner))) return std::nullopt;
  for (const Access& a : s.accesses)
    if (a.kind == Access::Kind::Write) plan.result = a.array;
  const Array* array = program.find_array(plan.result);
  plan.element_type = array ? array->element_type : "double";
  plan.block = register_block_for(options.vector_registers.value_or(host_vector_registers()),
                                   element_bytes(plan.element_type));
  // One row: as many vectors as a row of the two-dimensional block, enough
  // independent multiply-adds to cover their latency.
  if (!plan.has_rows()) plan.block.rows = 1;
  // Loops known to be shorter than the block never fill one.
  const auto shorter = [&](int member, int length) {
    const isl::val lowest = s.domain.dim_min_val(x(member)), highest = s.domain.dim_max_val(x(member));
    return lowest.is_int() && highest.is_int() && highest.sub(lowest).get_num_si() + 1 < length;
  };
  if ((plan.has_rows() && shorter(plan.outer, plan.block.rows)) || shorter(plan.inner, plan.block.columns()))
    return std::nullopt;
  return plan;
}

// Tile sizes that hold whole register blocks: 25 blocks of rows, about 200
// columns and a 200-deep slice of the reduction (gemm at 5 x 40 blocks: a
// 125 x 200 block of A and a 200 x 200 block of B, 520 KiB, in a 1 MiB
// level-2 cache; measured 0.032 s against 0.037-0.046 s for 128-row,
// 128-deep tiles).
// A block of one row reads each element of its operands once per tile, so
// a larger tile keeps nothing more in cache; its tiles are two blocks wide,
// for threads to share (doitgen's 160 columns: two tiles of 80, 0.029 s on
// 2 threads against 0.059 s for one of 200; gramschmidt 0.095 s against 0.20 s).
std::vector<long> register_block_tiles(const BlockPlan& p) {
  if (!p.has_rows()) {
    std::vector<long> sizes(2, 200);
    sizes[static_cast<std::size_t>(p.inner)] = 2L * p.block.columns();
    return sizes;
  }
  std::vector<long> sizes(3, 200);
  sizes[static_cast<std::size_t>(p.outer)] = 25L * p.block.rows;
  sizes[static_cast<std::size_t>(p.inner)] = static_cast<long>(p.block.columns()) *
                                             std::max(1L, 200L / p.block.columns());
  return sizes;
}

// The block's steps on the tile's point loops (u1, r1, v1 in that order):
// split rows and columns by the block, take the row block inside the
// reduction, unroll its rows and vectorize its columns. Without rows (r1,
// v1): split the columns and take the reduction inside the block of them.
// All or none.
void block_registers(Work& w, const std::string& statement, const std::vector<std::string>& names,
                     const BlockPlan& p, AutoSchedulePlan& plan) {
  const std::string& r = names[static_cast<std::size_t>(p.reduction)];
  const std::string& v = names[static_cast<std::size_t>(p.inner)];
  const std::string rows = std::to_string(p.block.rows), columns = std::to_string(p.block.columns());
  const std::string vectors = std::to_string(p.block.vectors), lanes = std::to_string(p.block.lanes);
  const int accumulators = p.block.rows * p.block.vectors;
  std::vector<std::pair<CommandCall, std::string>> calls;
  if (!p.has_rows()) {
    // The code holds the block's elements in registers only when every
    // statement in the block accumulates so (c_register_tile.h).
    if (loop_shared(w, statement, r + "1")) {
      plan.notes.push_back("left out " + statement + "'s register block: another statement runs in its loop " + r +
                           "1");
      return;
    }
    // doitgen's sum[p] across s: without the block, each multiply-add loads
    // and stores its element of the result (gcc cannot keep it in a register
    // where a store through another pointer may alias it).
    calls = {
        {make_call(statement, "split", {v + "1", columns, v + "2", v + "3"}),
         "register block: " + columns + " elements of " + p.result + " (" + vectors + " vectors of " + lanes + " " +
             p.element_type + "s) stay in registers across " + r + "1, each step of it " + vectors +
             " vector multiply-adds for " + vectors + " vector loads and one broadcast"},
        {make_call(statement, "interchange", {r + "1", v + "2"}),
         "the block inside the reduction loop " + r + "1; the band is permutable, so this order is legal"},
        {make_call(statement, "vectorize", {v + "3", columns}), "the block's elements, vectorized"},
    };
  } else {
    const std::string& u = names[static_cast<std::size_t>(p.outer)];
    const std::string why = "register block: a " + rows + " x " + columns + " block of " + p.result + " (" + rows +
                            " rows of " + vectors + " vectors of " + lanes + " " + p.element_type + "s: " +
                            std::to_string(accumulators) + " vector registers) stays in registers across " + r +
                            "1, each step of it " + std::to_string(accumulators) + " vector multiply-adds for " +
                            vectors + " vector loads and " + rows + " broadcasts";
    calls = {
        {make_call(statement, "split", {u + "1", rows, u + "2", u + "3"}), why},
        {make_call(statement, "split", {v + "1", columns, v + "2", v + "3"}),
         "the register block's " + columns + " columns"},
        {make_call(statement, "interchange", {u + "3", v + "2"}),
         "the block inside the reduction loop " + r + "1; the band is permutable, so this order is legal"},
        {make_call(statement, "unroll", {u + "3", rows}), "the block's rows, unrolled"},
        {make_call(statement, "vectorize", {v + "3", columns}), "the block's columns, vectorized"},
    };
  }
  const Session before = w.session;
  const std::size_t steps = w.steps.size();
  for (const auto& [call, step_why] : calls) {
    if (Clock::now() > w.deadline) {
      plan.notes.push_back("left out " + statement + "'s register block: the time budget ran out");
    } else if (std::optional<Refusal> refused = w.session.apply(call)) {
      plan.notes.push_back("left out " + statement + "'s register block: " + format_call(call) + " was refused: " +
                           refusal_text(*refused));
    } else {
      w.steps.push_back({call, step_why, w.session.history().back().outcome.description});
      continue;
    }
    w.session = before;
    w.steps.resize(steps);
    return;
  }
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

// The arrays that some access of the band's statements walks down a column
// of (jumping from row to row) along member `member`.
std::set<std::string> arrays_read_down_columns(const Target& t, const BandInfo& band, int members, int member) {
  std::set<std::string> arrays;
  each_band_loop(t, band, members, [&](const StatementLayout& l, int m, int x) {
    if (m == member)
      for (const Access& a : l.statement->accesses)
        if (!element_stays(a, x) && !walks_consecutively(a, x)) arrays.insert(a.array);
    return false;
  });
  return arrays;
}

// Whether the square tiles of `size` of the arrays read down columns along
// the innermost point loop (`innermost`, or the last member) outgrow a
// 32 KiB level-1 cache, where they should stay.
bool columns_outgrow_level1(const Program& program, const Target& t, const BandInfo& band, int members,
                            int innermost, long size) {
  constexpr long kLevel1Bytes = 32 * 1024;
  long bytes = 0;
  for (const std::string& name : arrays_read_down_columns(t, band, members, innermost >= 0 ? innermost : members - 1)) {
    const Array* array = program.find_array(name);
    bytes += size * size * (array ? element_bytes(array->element_type) : 8);
  }
  return bytes > kLevel1Bytes;
}

// The tile size of a 3-deep band: 64 where one tile's data fits half of a
// 256 KiB level-2 cache (2mm's three 64 x 64 blocks of doubles: 96 KiB, 1.5-2x
// faster than 32 on this project's 2-core machines), else the given size.
// Not where the tiles of the arrays read down columns along the innermost
// loop would outgrow the level-1 cache: syr2k's A[j][k] and B[j][k] (64 KiB
// at 64) ran 0.175 s in tiles of 32 and 0.28 s in tiles of 64; syrk's A[j][k]
// alone (32 KiB) 0.081 s at 64 and 0.095 s at 32.
// The size and, where it is not simply the given one, why (for the step's comment).
struct TileSize {
  long size = 0;
  std::string why;
};

TileSize tile_size_for(const Program& program, const Target& t, const BandInfo& band, int tiled_members,
                       int innermost, const AutoScheduleOptions& options) {
  constexpr long kLarger = 64, kBudgetBytes = 128 * 1024;
  const long given = options.tile_size;
  if (!options.fit_tiles_to_cache || tiled_members < 3 || given >= kLarger) return {given, ""};
  if (columns_outgrow_level1(program, t, band, tiled_members, innermost, kLarger))
    return {given, std::to_string(given) +
                       ": the arrays read down columns along the innermost loop keep their tiles in the level-1 cache"};
  const std::optional<long> bytes = tile_bytes(program, t, band, kLarger);
  if (bytes && *bytes <= kBudgetBytes)
    return {kLarger, std::to_string(kLarger) + " where one tile's data fits in 128 KiB"};
  return {given, ""};
}

// Whether read `r` is write `w` a constant, non-zero distance away: the
// element written some iterations before (adi's q[i][j - 1] of q[i][j]).
bool reads_earlier_write(const Access& r, const Access& w) {
  isl_multi_aff* read = access_subscripts(r);
  isl_multi_aff* write = access_subscripts(w);
  bool shifted = read && write && isl_multi_aff_dim(read, isl_dim_out) == isl_multi_aff_dim(write, isl_dim_out);
  bool moved = false;
  for (int d = 0; shifted && d < static_cast<int>(isl_multi_aff_dim(read, isl_dim_out)); ++d) {
    isl_aff* difference = isl_aff_sub(isl_multi_aff_get_aff(read, d), isl_multi_aff_get_aff(write, d));
    shifted = isl_aff_is_cst(difference) == isl_bool_true;
    if (shifted) {
      isl_val* v = isl_aff_get_constant_val(difference);
      moved = moved || !isl_val_is_zero(v);
      isl_val_free(v);
    }
    isl_aff_free(difference);
  }
  isl_multi_aff_free(read);
  isl_multi_aff_free(write);
  return shifted && moved;
}

// Whether along member `member` a statement of the band reads what it wrote
// a constant distance before, moving along that member (adi's q[i][j - 1]
// along j): a recurrence, whose chain runs at the latency of its operations
// and cannot be vectorized.
bool chains_along(const Target& t, const BandInfo& band, int members, int member) {
  bool chain = false;
  const bool plain = each_band_loop(t, band, members, [&](const StatementLayout& l, int m, int x) {
    if (m == member)
      for (const Access& w : l.statement->accesses)
        if (w.kind == Access::Kind::Write && !element_stays(w, x))
          for (const Access& r : l.statement->accesses)
            chain = chain || (r.kind == Access::Kind::Read && r.array == w.array && reads_earlier_write(r, w));
    return chain;
  });
  return plain && chain;
}

// The tiles of a 2-deep band whose rows run in parallel and whose inner loop
// is a recurrence (adi's two sweeps): 64 rows by 8 iterations of the chain.
// Short chains from many rows interleave in the processor's out-of-order
// window, where long ones wait on their own latency: adi at LARGE ran 1.8 s
// in tiles of 64 x 8, 3.0 s in 32 x 32 and 2.6 s in 16 x 16 (Polly 3.5 s).
constexpr long kChainRows = 64, kChainLength = 8;

bool interleaves_chains(const Target& t, const BandInfo& band, int members, int innermost) {
  return members == 2 && (innermost < 0 || innermost == 1) && band.coincident.size() >= 2 && band.coincident[0] &&
         !band.coincident[1] && chains_along(t, band, members, 1);
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

// Whether along member `member` every access of a matrix (two subscripts or
// more) by the band's statements walks consecutive elements or stays.
bool matrices_walk_rows_along(const Target& t, const BandInfo& band, int members, int member) {
  bool rows = true;
  const bool plain = each_band_loop(t, band, members, [&](const StatementLayout& l, int m, int x) {
    if (m == member)
      for (const Access& a : l.statement->accesses)
        rows = rows && (a.relation.range_tuple_dim() < 2 || element_stays(a, x) || walks_consecutively(a, x));
    return !rows;
  });
  return plain && rows;
}

// Whether the band's rows already stream: along its last member every
// access of a matrix (two subscripts or more) walks consecutive elements or
// stays, and no matrix element stays along any member (no reuse for a tile
// to keep in cache); vectors and scalars stay in cache untiled. Not when a
// statement reads another element of the array it writes (adi's
// q[i][j - 1]): such a recurrence runs at the latency of its chain, and
// tiles let the chains of neighbouring rows overlap (adi's row sweep: 0.034 s
// tiled, 0.040 s untiled).
bool rows_stream_untiled(const Target& t, const BandInfo& band, int members) {
  bool streams = true;
  const bool plain = each_band_loop(t, band, members, [&](const StatementLayout& l, int m, int x) {
    for (const Access& a : l.statement->accesses) {
      if (m == 0 && a.kind == Access::Kind::Read)
        for (const Access& w : l.statement->accesses)
          if (w.kind == Access::Kind::Write && w.array == a.array && !w.relation.is_equal(a.relation))
            streams = false;
      streams = streams && !(m + 1 < members && a.relation.range_tuple_dim() > 1 && element_stays(a, x));
    }
    return !streams;
  });
  return plain && streams && matrices_walk_rows_along(t, band, members, members - 1);
}

// gemver's A[i][j] += ... with x[j] += beta * A[i][j] * y[i] in one band
// (j, i): j runs in parallel and walks the rows' consecutive elements inside
// the tiles. With its tile loop outermost, each thread walks a 32-column
// strip down every row, 256 bytes of a row at a time. With the tile loop
// of the rows (which carries the sum into x) outside it, the threads share
// each block of rows and read it as whole rows: a fork per block of rows,
// 0.0197 s against 0.0223 s (EXTRALARGE, 2 threads; Polly 0.0202 s). Not
// for a band with a register block, whose operands stay in cache: there a
// fork per block of rows only costs (gramschmidt 0.099 s, 0.106 s with it).
void row_blocks_outside(Work& w, const Target& t, const std::string& statement, const std::vector<std::string>& names,
                        int tiled, int parallel, int innermost_point, const BandInfo& band, AutoSchedulePlan& plan) {
  if (tiled != 2 || parallel != 0 || innermost_point != 0 || band.coincident.size() < 2 || band.coincident[1] ||
      !matrices_walk_rows_along(t, band, tiled, 0))
    return;
  // Inside a sequential loop (fdtd-2d's time loop) the forks per block of
  // rows multiply: 0.72 s against 0.55 s.
  const Program& program = w.session.program();
  const std::vector<StatementLoop> loops = statement_loops(program, current_tree(w), *program.find_statement(statement));
  if (loops.empty() || loops.front().name != names[0] + "0") return;
  try_optional(w, plan, make_call(statement, "interchange", {names[0] + "0", names[1] + "0"}),
               "rows outside: " + names[0] + " runs in parallel along the rows' consecutive elements, so its tile "
               "loop goes inside the tile loop of the rows (" + names[1] + "0, which carries a dependence): the "
               "threads share each block of rows instead of each walking a narrow strip down all of them");
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
    int innermost_point = -1;  // the member whose point loop is innermost, once tiled
    bool blocked = false;      // planned a register block
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
      int gain = 0;
      bool avoids_reduction = false;
      const int innermost = innermost_point_member(t, *p.band, n, gain, avoids_reduction);
      // gemver's w[i] += alpha * A[i][j] * x[j]: the rows of A already stream
      // along j, and rows run in parallel. Tiles of 32 cut each row into
      // 256-byte pieces (gemver 0.025 s tiled, 0.022 s untiled; mvt 0.0126 s
      // and 0.0083 s, EXTRALARGE, 2 threads).
      if (n == 2 && innermost < 0 && p.band->coincident.at(0) && rows_stream_untiled(t, *p.band, n)) {
        plan.notes.push_back("left out " + p.statement + "'s tiles: its rows already stream along " + p.names[1] +
                             " (each matrix access walks consecutive elements) and run in parallel along " +
                             p.names[0] + "; no matrix element is reused across rows, so tiles would only cut "
                             "the rows into pieces");
        continue;
      }
      const std::optional<BlockPlan> block =
          plan_register_block(w.session.program(), t, *p.band, p.statement, n, innermost, options);
      std::vector<std::string> args(p.names.begin(), p.names.begin() + n);
      std::string loops, sizes_text;
      const TileSize tile = tile_size_for(w.session.program(), t, *p.band, n, innermost, options);
      const long size = tile.size;
      const bool chains = !block && interleaves_chains(t, *p.band, n, innermost);
      const std::vector<long> sizes = block    ? register_block_tiles(*block)
                                      : chains ? std::vector<long>{kChainRows, kChainLength}
                                               : std::vector<long>(n, size);
      for (int k = 0; k < n; ++k) {
        args.push_back(std::to_string(sizes[static_cast<std::size_t>(k)]));
        loops += (k ? ", " : "") + p.names[static_cast<std::size_t>(k)];
        sizes_text += (k ? " x " : "") + std::to_string(sizes[static_cast<std::size_t>(k)]);
      }
      const std::string why =
          block ? "isl's band (" + loops + ") is permutable and its statement a multiply-accumulate: tile it " +
                      sizes_text + ", whole " + std::to_string(block->block.rows) + " x " +
                      std::to_string(block->block.columns()) +
                      " register blocks, one tile's operands in the level-2 cache"
          : chains ? "isl's band (" + loops + ") is permutable, its rows run in parallel and " + p.names[1] +
                         " is a recurrence: tile it " + sizes_text + ", so that short chains of " +
                         std::to_string(kChainLength) + " iterations from " + std::to_string(kChainRows) +
                         " rows overlap instead of each waiting on its own latency"
                : "isl's band (" + loops + ") is permutable: tile it " + std::to_string(size) +
                      (n == 2 ? " x " + std::to_string(size) : " in each loop") + " for locality (Pluto's tiling" +
                      (tile.why.empty() ? "" : "; " + tile.why) + ")";
      const std::size_t before = w.steps.size();
      try_optional(w, plan, make_call(p.statement, "tile", args), why);
      if (w.steps.size() == before) continue;
      p.tiled = n;
      const bool ordered = order_point_loops(w, p.statement, p.names, n, innermost, gain, avoids_reduction, plan);
      p.innermost_point = ordered && innermost >= 0 ? innermost : n - 1;
      p.blocked = ordered && block;
      if (p.blocked) block_registers(w, p.statement, p.names, *block, plan);
    }
  if (options.parallelize)
    for (const Planned& p : planned) {
      if (!p.band->outermost) continue;
      const auto c = std::find(p.band->coincident.begin(), p.band->coincident.end(), true);
      if (c == p.band->coincident.end()) continue;
      const int m = static_cast<int>(c - p.band->coincident.begin());
      const std::string name = p.names[static_cast<std::size_t>(m)] + (m < p.tiled ? "0" : "");
      if (!p.blocked) row_blocks_outside(w, t, p.statement, p.names, p.tiled, m, p.innermost_point, *p.band, plan);
      // Inside a sequential loop, a parallel loop forks and joins threads once
      // per outer iteration: worth it only with a loop nest inside it.
      const std::vector<StatementLoop> now =
          statement_loops(w.session.program(), current_tree(w), *w.session.program().find_statement(p.statement));
      const auto at = std::find_if(now.begin(), now.end(), [&](const StatementLoop& l) { return l.name == name; });
      if (at != now.end() && at != now.begin() && at + 1 == now.end()) {
        plan.notes.push_back("left out " + p.statement + ".parallelize(" + name + "): the loop is inside sequential loop " +
                             (now.front().name.empty() ? std::string("(unnamed)") : now.front().name) +
                             " and has no loop inside it, so a fork and join of threads per "
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

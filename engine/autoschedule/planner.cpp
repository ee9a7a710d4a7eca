#include "autoschedule/planner.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>

#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include "autoschedule/isl_scheduler.h"
#include "autoschedule/schedule_order.h"
#include "autoschedule/statement_layout.h"
#include "autoschedule/unimodular.h"
#include "commands/transform_support.h"
#include "session/script.h"
#include "support/error.h"

namespace loopscape {
namespace {

struct Target {
  isl::schedule schedule;
  EditNode root;
  std::vector<std::string> order;
  std::map<std::string, StatementLayout> layouts;
};

using Clock = std::chrono::steady_clock;

struct Work {
  Work(const Session& s, Clock::time_point d) : session(s), deadline(d) {}
  Session session;
  std::vector<PlannedStep> steps;
  Clock::time_point deadline;
  void check_time() const {
    if (Clock::now() > deadline) throw NotExpressible("the search ran out of its time budget");
  }
};

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string refusal_text(const Refusal& r) {
  return first_line(r.message.empty() ? r.report() : r.message);
}

void apply_step(Work& w, const CommandCall& call, const std::string& why) {
  w.check_time();
  if (std::optional<Refusal> r = w.session.apply(call))
    throw NotExpressible(format_call(call) + " was refused: " + refusal_text(*r));
  w.steps.push_back({call, why, w.session.history().back().outcome.description});
}

EditNode current_tree(const Work& w) { return to_edit_tree(w.session.schedule()); }

StatementLayout current_layout(const Work& w, const EditNode& root, const std::string& statement) {
  return statement_layout(w.session.program(), root, *w.session.program().find_statement(statement));
}

IntMatrix rows(const StatementLayout& l) {
  IntMatrix m;
  for (const LayoutLoop& x : l.loops) m.push_back(x.row.coefficients);
  return m;
}

std::vector<long> offsets(const StatementLayout& l) {
  std::vector<long> v;
  for (const LayoutLoop& x : l.loops) v.push_back(x.row.constant);
  return v;
}

std::string loops_text(const StatementLayout& l) {
  std::string out;
  for (const LayoutLoop& x : l.loops) out += (out.empty() ? "" : ", ") + row_text(*l.statement, x.row);
  return "(" + out + ")";
}

const std::string& loop_name(const StatementLayout& l, int position) {
  const std::string& name = l.loops.at(static_cast<std::size_t>(position)).name;
  if (name.empty())
    throw NotExpressible("loop " + std::to_string(position + 1) + " of " + l.statement->name +
                         " has no name a command could address");
  return name;
}

// T and the offset difference with target = T * current + difference.
struct Difference {
  IntMatrix t;
  std::vector<long> offset;
};

Difference difference(const StatementLayout& current, const StatementLayout& target) {
  const std::string& s = current.statement->name;
  if (current.loops.size() != target.loops.size())
    throw NotExpressible(s + " is in " + std::to_string(current.loops.size()) + " loops here and in " +
                         std::to_string(target.loops.size()) + " in isl's schedule " + loops_text(target));
  std::optional<IntMatrix> t = unimodular_transform(rows(current), rows(target));
  if (!t)
    throw NotExpressible("isl's loops " + loops_text(target) + " of " + s +
                         " are no unimodular transform of its loops " + loops_text(current));
  Difference d{*t, offsets(target)};
  const std::vector<long> a = offsets(current);
  for (std::size_t r = 0; r < d.t.size(); ++r)
    for (std::size_t c = 0; c < d.t.size(); ++c) d.offset[r] -= d.t[r][c] * a[c];
  return d;
}

bool is_identity(const IntMatrix& t) {
  for (std::size_t r = 0; r < t.size(); ++r)
    for (std::size_t c = 0; c < t.size(); ++c)
      if (t[r][c] != (r == c ? 1 : 0)) return false;
  return true;
}

CommandCall shift_call(const StatementLayout& cur, int position, long amount) {
  return make_call(cur.statement->name, "shift", {loop_name(cur, position), std::to_string(amount)});
}

// Shifts first (in the current loops), so that statements isl fuses can share loops legally.
void shift_towards(Work& w, const Target& target, const std::string& statement) {
  const EditNode root = current_tree(w);
  const StatementLayout cur = current_layout(w, root, statement);
  const StatementLayout& tgt = target.layouts.at(statement);
  const Difference d = difference(cur, tgt);
  std::optional<std::vector<long>> x = solve_integer(d.t, d.offset);
  if (!x) throw NotExpressible("isl's offsets of " + statement + " are no integer shift of its loops");
  for (std::size_t k = 0; k < x->size(); ++k)
    if ((*x)[k] != 0)
      apply_step(w, shift_call(cur, static_cast<int>(k), (*x)[k]),
                 "isl's loops " + loops_text(tgt) + " run " + statement + "'s loop " + cur.loops[k].name + " " +
                     ((*x)[k] > 0 ? "later" : "earlier") + " by " + std::to_string(std::labs((*x)[k])) +
                     ", so it can share loops with the statements it depends on");
}

// Interchanges, reversals, skews and shifts until the statement's loops are isl's.
void transform_towards(Work& w, const Target& target, const std::string& statement) {
  const StatementLayout& tgt = target.layouts.at(statement);
  const std::size_t limit = 4 * tgt.loops.size() + 4;
  for (std::size_t iteration = 0; iteration <= limit; ++iteration) {
    const EditNode root = current_tree(w);
    const StatementLayout cur = current_layout(w, root, statement);
    const Difference d = difference(cur, tgt);
    std::optional<LoopStep> step = next_loop_step(d.t, d.offset);
    if (!step) {
      if (is_identity(d.t) && std::all_of(d.offset.begin(), d.offset.end(), [](long v) { return v == 0; })) return;
      throw NotExpressible("isl's loops " + loops_text(tgt) + " of " + statement +
                           " need more than interchanges, reversals and skews of an inner loop by an outer one");
    }
    if (iteration == limit) break;
    using K = LoopStep::Kind;
    switch (step->kind) {
      case K::Interchange:
        apply_step(w,
                   make_call(statement, "interchange", {loop_name(cur, step->outer), loop_name(cur, step->inner)}),
                   "isl's loops " + loops_text(tgt) + " for " + statement + " put loop " +
                       loop_name(cur, step->inner) + " outside loop " + loop_name(cur, step->outer));
        break;
      case K::Reversal:
        apply_step(w, make_call(statement, "loop_reversal", {loop_name(cur, step->outer)}),
                   "isl's loops " + loops_text(tgt) + " for " + statement + " run loop " +
                       loop_name(cur, step->outer) + " backwards");
        break;
      case K::Skew:
        apply_step(w,
                   make_call(statement, "skew",
                             {loop_name(cur, step->outer), loop_name(cur, step->inner), std::to_string(step->amount)}),
                   "isl's loops " + loops_text(tgt) + " for " + statement + ": loop " +
                       loop_name(cur, step->inner) + " advances with loop " + loop_name(cur, step->outer) +
                       " (a skew keeps every dependence forward and makes the band tileable)");
        break;
      case K::Shift:
        apply_step(w, shift_call(cur, step->outer, step->amount),
                   "isl's loops " + loops_text(tgt) + " for " + statement + " offset loop " +
                       loop_name(cur, step->outer) + " by " + std::to_string(step->amount));
        break;
    }
  }
  throw NotExpressible("the loops of " + statement + " did not settle on isl's " + loops_text(tgt) +
                       " (commands on shared loops move the other statements too)");
}

int target_shared_depth(const Target& t, const std::string& a, const std::string& b) {
  return std::min(shared_depth(t.layouts.at(a), t.layouts.at(b)), shared_depth(t.layouts.at(b), t.layouts.at(a)));
}

int current_shared_depth(const StatementLayout& a, const StatementLayout& b) {
  return std::min(shared_depth(a, b), shared_depth(b, a));
}

// The step that puts `moving` right after (or before) `anchor`, sharing `depth` of the anchor's loops.
CommandCall placement_call(const Work& w, const EditNode& root, const std::string& moving, const std::string& anchor,
                           int depth, bool after) {
  const StatementLayout ca = current_layout(w, root, anchor);
  const StatementLayout cm = current_layout(w, root, moving);
  if (depth > static_cast<int>(ca.loops.size()) || depth > static_cast<int>(cm.loops.size()))
    throw NotExpressible(anchor + " and " + moving + " share " + std::to_string(depth) +
                         " loops in isl's schedule, more than one of them has here");
  const std::string level = depth == 0 ? "root" : loop_name(ca, depth - 1);
  return make_call(moving, after ? "after" : "before", {anchor, level});
}

std::string placement_why(const std::string& moving, const std::string& anchor, int depth, bool after) {
  const std::string where = after ? "after" : "before";
  if (depth == 0) return "isl runs " + moving + " " + where + " " + anchor + ", in a nest of its own";
  return "isl fuses " + moving + " with " + anchor + ": they share " + std::to_string(depth) + " loop" +
         (depth == 1 ? "" : "s") + ", " + moving + " " + where + " " + anchor + " inside";
}

// How many consecutive pairs of isl's order run one right after the other in
// `schedule`, sharing as many loops as in isl's.
int placed_pairs(const Program& program, const isl::schedule& schedule, const Target& target,
                 std::string* state = nullptr) {
  const EditNode root = to_edit_tree(schedule);
  const std::vector<std::string> order = leaf_order(program, root);
  std::map<std::string, StatementLayout> layouts;
  for (const std::string& s : target.order) layouts.emplace(s, statement_layout(program, root, *program.find_statement(s)));
  int placed = 0;
  for (std::size_t k = 1; k < target.order.size(); ++k) {
    const std::string& a = target.order[k - 1];
    const std::string& b = target.order[k];
    const auto pa = std::find(order.begin(), order.end(), a);
    const auto pb = std::find(order.begin(), order.end(), b);
    placed += pb == pa + 1 && current_shared_depth(layouts.at(a), layouts.at(b)) == target_shared_depth(target, a, b);
  }
  if (state) {  // the order and the loops each statement shares with the next one
    state->clear();
    for (std::size_t k = 0; k < order.size(); ++k)
      *state += order[k] + (k + 1 < order.size() ? ":" + std::to_string(current_shared_depth(
                                                              layouts.at(order[k]), layouts.at(order[k + 1]))) + " "
                                                  : "");
  }
  return placed;
}

// Statements in isl's order and nesting, one move at a time: of the legal
// moves, the one that puts the most statements in place goes first (a
// consumer may have to move before its producer can follow it); a move that
// puts two pairs or more out of place, or comes back to an order seen before,
// is never taken.
void place_statements(Work& w, const Target& target) {
  const Program& program = w.session.program();
  const std::size_t n = target.order.size();
  std::vector<std::string> seen(1);
  for (std::size_t iteration = 0; iteration <= 2 * n; ++iteration) {
    const int placed_now = placed_pairs(program, w.session.schedule(), target, &seen.back());
    if (placed_now + 1 == static_cast<int>(n) || n < 2) return;
    const EditNode root = current_tree(w);
    const std::vector<std::string> order = leaf_order(program, root);
    struct Move {
      CommandCall call;
      std::string why;
    };
    std::vector<Move> moves;
    for (std::size_t k = 1; k < n; ++k) {
      const std::string& a = target.order[k - 1];
      const std::string& b = target.order[k];
      const int depth = target_shared_depth(target, a, b);
      moves.push_back({placement_call(w, root, b, a, depth, true), placement_why(b, a, depth, true)});
      moves.push_back({placement_call(w, root, a, b, depth, false), placement_why(a, b, depth, false)});
    }
    // isl's first statement in front of everything, its last one behind.
    if (order.front() != target.order.front())
      moves.push_back({make_call(target.order.front(), "before", {order.front(), "root"}),
                       "isl runs " + target.order.front() + " first"});
    if (order.back() != target.order.back())
      moves.push_back({make_call(target.order.back(), "after", {order.back(), "root"}),
                       "isl runs " + target.order.back() + " last"});
    std::string first_refusal;
    const Move* best = nullptr;
    int best_placed = placed_now - 2;  // one pair may come apart on the way
    for (const Move& m : moves) {
      w.check_time();
      auto preview = w.session.preview(m.call);
      if (const Refusal* r = std::get_if<Refusal>(&preview)) {
        if (first_refusal.empty()) first_refusal = format_call(m.call) + " was refused: " + refusal_text(*r);
        continue;
      }
      std::string state;
      const int placed = placed_pairs(program, std::get<AppliedCommand>(preview).outcome.schedule, target, &state);
      if (std::find(seen.begin(), seen.end(), state) != seen.end()) continue;
      if (placed > best_placed) {
        best = &m;
        best_placed = placed;
      }
    }
    if (!best)
      throw NotExpressible(first_refusal.empty() ? "no single legal move brings the statements closer to isl's order"
                                                 : first_refusal);
    apply_step(w, best->call, best->why);
    seen.emplace_back();
  }
  throw NotExpressible("moving the statements one at a time does not reach isl's order and fusion");
}

// "" when the session's loops and nesting are isl's; else what differs.
std::string mismatch(const Work& w, const Target& target) {
  const EditNode root = current_tree(w);
  if (leaf_order(w.session.program(), root) != target.order) return "the statements run in another order than isl's";
  std::map<std::string, StatementLayout> cur;
  for (const std::string& s : target.order) {
    cur.emplace(s, current_layout(w, root, s));
    if (cur.at(s).loops.size() != target.layouts.at(s).loops.size())
      return s + " has other loops than isl's";
    for (std::size_t k = 0; k < cur.at(s).loops.size(); ++k)
      if (!(cur.at(s).loops[k].row == target.layouts.at(s).loops[k].row)) return s + " has other loops than isl's";
  }
  for (std::size_t k = 1; k < target.order.size(); ++k) {
    const std::string& a = target.order[k - 1];
    const std::string& b = target.order[k];
    if (current_shared_depth(cur.at(a), cur.at(b)) != target_shared_depth(target, a, b))
      return a + " and " + b + " share other loops than in isl's schedule";
  }
  return "";
}

// When `statement` needs loop commands of its own but shares loops with other
// statements (whose loops those commands would change too), it first gets a
// nest of its own, right after or before the nest it shares, where that is legal.
void separate_if_shared(Work& w, const Target& target, const std::string& statement) {
  const Program& program = w.session.program();
  const EditNode root = current_tree(w);
  const StatementLayout mine = current_layout(w, root, statement);
  if (is_identity(difference(mine, target.layouts.at(statement)).t)) return;
  std::vector<std::string> sharing;
  for (const std::string& other : leaf_order(program, root))
    if (other != statement && current_shared_depth(mine, current_layout(w, root, other)) > 0) sharing.push_back(other);
  if (sharing.empty()) return;
  for (const CommandCall& call : {make_call(statement, "after", {sharing.back(), "root"}),
                                  make_call(statement, "before", {sharing.front(), "root"})}) {
    w.check_time();
    auto preview = w.session.preview(call);
    if (std::holds_alternative<Refusal>(preview)) continue;
    apply_step(w, call,
               "isl changes the loops of " + statement + " but not those of " + list_text(sharing) +
                   ": first a nest of its own");
    return;
  }
}

using Strategy = void (*)(Work&, const Target&);

void shifts_then_fusion_then_loops(Work& w, const Target& t) {
  for (const std::string& s : t.order) shift_towards(w, t, s);
  place_statements(w, t);
  for (int pass = 0; pass < 2; ++pass)
    for (const std::string& s : t.order) transform_towards(w, t, s);
}

void loops_then_fusion(Work& w, const Target& t) {
  for (const std::string& s : t.order) transform_towards(w, t, s);
  place_statements(w, t);
  for (const std::string& s : t.order) transform_towards(w, t, s);
}

void separate_then_loops_then_fusion(Work& w, const Target& t) {
  for (const std::string& s : t.order) separate_if_shared(w, t, s);
  loops_then_fusion(w, t);
}

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
    const StatementLayout& l = t.layouts.at(s);
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

void try_optional(Work& w, AutoSchedulePlan& plan, const CommandCall& call, const std::string& why) {
  if (Clock::now() > w.deadline) {
    plan.notes.push_back("left out " + format_call(call) + ": the time budget ran out");
    return;
  }
  if (std::optional<Refusal> r = w.session.apply(call)) {
    plan.notes.push_back("left out " + format_call(call) + ": " + refusal_text(*r));
    return;
  }
  w.steps.push_back({call, why, w.session.history().back().outcome.description});
}

// How well loop `x` of a statement walks its accesses: +1 for each access it
// moves along the last subscript only (consecutive elements), -1 for each it
// strides through (an outer subscript), 0 when the element stays.
int spatial_score(const Statement& s, int x) {
  int score = 0;
  for (const Access& a : s.accesses) {
    // The subscripts' functions (not the domain of their pieces, which names every loop).
    isl_multi_aff* subscripts = nullptr;
    isl_pw_multi_aff* f = isl_pw_multi_aff_from_map(a.relation.copy());
    isl_pw_multi_aff_foreach_piece(
        f,
        [](isl_set* set, isl_multi_aff* ma, void* user) {
          isl_set_free(set);
          auto** first = static_cast<isl_multi_aff**>(user);
          if (*first) isl_multi_aff_free(ma);
          else *first = ma;
          return isl_stat_ok;
        },
        &subscripts);
    isl_pw_multi_aff_free(f);
    if (!subscripts) continue;
    const int n = static_cast<int>(isl_multi_aff_dim(subscripts, isl_dim_out));
    bool outer = false, last = false;
    for (int d = 0; d < n; ++d) {
      isl_aff* e = isl_multi_aff_get_aff(subscripts, d);
      const bool involves = isl_aff_involves_dims(e, isl_dim_in, static_cast<unsigned>(x), 1) == isl_bool_true;
      isl_aff_free(e);
      (d + 1 == n ? last : outer) |= involves;
    }
    isl_multi_aff_free(subscripts);
    score += outer ? -1 : last ? 1 : 0;
  }
  return score;
}

// Pluto's intra-tile order: inside the tiles of a permutable band, the point
// loop that walks most accesses along consecutive elements goes innermost
// (vectorizable, one cache line after the other). Only for bands whose
// members are plain iterators of every statement in them.
void order_point_loops(Work& w, const Target& t, const BandInfo& band, const std::string& statement,
                       const std::vector<std::string>& names, int tiled, AutoSchedulePlan& plan) {
  std::vector<int> score(static_cast<std::size_t>(tiled), 0);
  for (const std::string& s : t.order) {
    const StatementLayout& l = t.layouts.at(s);
    int m = 0;
    for (const LayoutLoop& loop : l.loops) {
      if (loop.band != band.path) continue;
      if (m >= tiled) break;
      int x = -1;
      for (std::size_t k = 0; k < loop.row.coefficients.size(); ++k) {
        const long c = loop.row.coefficients[k];
        if (c == 0) continue;
        if ((c != 1 && c != -1) || x >= 0) return;
        x = static_cast<int>(k);
      }
      if (x < 0) return;
      score[static_cast<std::size_t>(m++)] += spatial_score(*l.statement, x);
    }
  }
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

// Pluto's last steps on isl's bands: tile the permutable ones, run the outermost coincident loop in parallel.
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
  };
  std::vector<Planned> planned;
  for (const BandInfo& b : bands) {
    std::string s;
    std::vector<int> positions;
    if (!band_statement(t, b, s, positions)) continue;
    const StatementLayout cur = current_layout(w, root, s);
    Planned p{s, {}, 0, &b};
    for (int pos : positions) p.names.push_back(cur.loops.at(static_cast<std::size_t>(pos)).name);
    if (std::any_of(p.names.begin(), p.names.end(), [](const std::string& n) { return n.empty(); })) continue;
    planned.push_back(p);
  }
  if (options.tile)
    for (Planned& p : planned) {
      if (!p.band->permutable || p.band->members < 2) continue;
      const int n = std::min(p.band->members, 3);
      std::vector<std::string> args(p.names.begin(), p.names.begin() + n);
      for (int k = 0; k < n; ++k) args.push_back(std::to_string(options.tile_size));
      std::string loops;
      for (int k = 0; k < n; ++k) loops += (k ? ", " : "") + p.names[static_cast<std::size_t>(k)];
      const std::size_t before = w.steps.size();
      try_optional(w, plan, make_call(p.statement, "tile", args),
                   "isl's band (" + loops + ") is permutable: tile it " + std::to_string(options.tile_size) +
                       (n == 2 ? " x " + std::to_string(options.tile_size) : " in each loop") +
                       " for locality (Pluto's tiling)");
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
}

// isl's schedule on the program's instances, parameters declared in front ("[n] -> { S0[i] -> [n + i] }").
std::string map_text(const isl::schedule& schedule, const Program& program) {
  const isl::union_map m =
      schedule.get_map().intersect_domain(schedule.get_domain()).intersect_params(program.context).coalesce();
  char* raw = isl_union_map_to_str(m.get());
  std::string text = raw ? raw : "";
  free(raw);
  return text;
}

std::string top_node_name(const Session& session) {
  const EditNode root = to_edit_tree(session.schedule());
  const std::vector<std::string> names = edit_node_names(root);
  for (const std::string& n : names) {
    EditPath p;
    if (find_named(root, n, p) && statements_reaching(session.program(), root, p).size() ==
                                      session.program().statements.size())
      return n;
  }
  return "";
}

// isl's schedule with its statements' loops and nesting; `reason` says when they are no loops commands make.
Target make_target(const Session& session, bool outer_parallelism, std::string& reason) {
  const Program& program = session.program();
  Target target;
  target.schedule = compute_isl_schedule(session.loaded(), outer_parallelism);
  try {
    target.root = to_edit_tree(target.schedule);
    target.order = leaf_order(program, target.root);
    for (const std::string& s : target.order)
      target.layouts.emplace(s, statement_layout(program, target.root, *program.find_statement(s)));
  } catch (const NotExpressible& e) {
    reason = e.what();
    target.layouts.clear();
  }
  return target;
}

// The steps that reach the target, or nullopt with the reason of the first strategy.
std::optional<Work> reach(const Session& session, const Target& target, Clock::time_point deadline,
                          std::string& reason) {
  for (Strategy strategy : {&shifts_then_fusion_then_loops, &loops_then_fusion, &separate_then_loops_then_fusion}) {
    Work w(session, deadline);
    try {
      strategy(w, target);
      const std::string differs = mismatch(w, target);
      if (!differs.empty()) throw NotExpressible(differs);
      return w;
    } catch (const NotExpressible& e) {
      if (reason.empty()) reason = e.what();
    } catch (const InputError& e) {
      if (reason.empty()) reason = e.message();
    } catch (const IslError& e) {
      if (reason.empty()) reason = e.what();
    }
  }
  return std::nullopt;
}

}  // namespace

AutoSchedulePlan plan_auto_schedule(const Session& session, const AutoScheduleOptions& options) {
  const Program& program = session.program();
  AutoSchedulePlan plan;
  std::string reason;
  std::optional<Target> first;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::milliseconds(static_cast<long>(options.time_budget_seconds * 1000));
  // Outer parallelism first (Pluto's parallel outer loops); when those loops
  // are out of the commands' reach, locality first (Pluto's time skewing).
  for (bool outer_parallelism : {true, false}) {
    std::string why;
    Target target = make_target(session, outer_parallelism, why);
    std::optional<Work> w;
    if (why.empty()) w = reach(session, target, deadline, why);
    if (w) {
      plan.target = map_text(target.schedule, program);
      if (!outer_parallelism)
        plan.notes.push_back("isl's schedule with locality first (outer parallelism first: " + reason + ")");
      const OrderComparison order = compare_order(program, w->session.schedule(), target.schedule);
      plan.same_order = order.same;
      plan.order_note = order.note;
      tile_and_parallelize(*w, target, options, plan);
      plan.steps = std::move(w->steps);
      return plan;
    }
    if (reason.empty()) reason = why;
    if (!first) first = std::move(target);
  }
  plan.target = map_text(first->schedule, program);
  plan.fallback = true;
  plan.fallback_reason = reason;
  const std::string top = top_node_name(session);
  if (top.empty()) {
    plan.fallback_reason += "; and no node holds every statement, so isl's schedule cannot be set in one step";
    return plan;
  }
  // The fallback and its tiles get a budget of their own: the plan always ends with isl's schedule.
  Work w(session, Clock::now() + std::chrono::milliseconds(static_cast<long>(options.time_budget_seconds * 1000)));
  const CommandCall call = make_call(top, "reschedule", {plan.target});
  if (std::optional<Refusal> r = w.session.apply(call)) {
    plan.fallback_reason += "; setting isl's schedule was refused too: " + refusal_text(*r);
    return plan;
  }
  w.steps.push_back({call, "isl's schedule, set in one step: " + reason, w.session.history().back().outcome.description});
  plan.same_order = true;
  plan.order_note = "isl's schedule itself";
  if (!first->layouts.empty()) tile_and_parallelize(w, *first, options, plan);
  plan.steps = std::move(w.steps);
  return plan;
}

std::string plan_script(const AutoSchedulePlan& plan, const std::string& title) {
  std::string out = "# Automatic schedule for " + title +
                    " (isl's scheduler on the exact dependences: outer parallelism, tileable bands)\n";
  out += "# isl's schedule: " + plan.target + "\n";
  if (plan.fallback)
    out += "# not expressed as commands: " + plan.fallback_reason + "\n";
  else
    out += "# " + std::to_string(plan.steps.size()) + " step" + (plan.steps.size() == 1 ? "" : "s") +
           "; before tiling, " + (plan.same_order ? "the same order of instances as isl's schedule"
                                                   : "isl's loops and nesting (" + plan.order_note + ")") + "\n";
  for (const std::string& n : plan.notes) out += "# " + n + "\n";
  for (const PlannedStep& s : plan.steps) out += "\n# " + s.why + "\n" + format_call(s.call) + "\n";
  return out;
}

}  // namespace loopscape

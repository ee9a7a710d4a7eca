// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/loop_steps.h"

#include <algorithm>
#include <cstdlib>

#include "session/script.h"

namespace loopscape::autoschedule {
namespace {

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

CommandCall shift_call(const StatementLayout& cur, int position, long amount) {
  return make_call(cur.statement->name, "shift", {loop_name(cur, position), std::to_string(amount)});
}

// isl's loop order reached by interchanges of neighbouring loops, each of
// isl's loops in turn brought outward to its place: where the planner's
// first interchange (of loops further apart) breaks a dependence, this
// order often keeps every step legal (a product inside a time loop:
// (t, i, k, j) to (i, j, t, k)). False when `t` is no permutation or a step
// is refused (the steps before it stay; the caller gives the strategy up).
bool interchange_adjacently(Work& w, const StatementLayout& tgt, const StatementLayout& cur, const IntMatrix& t) {
  const std::size_t n = t.size();
  std::vector<int> from(n, -1);  // isl's loop r is the current loop from[r]
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      if (t[r][c] == 0) continue;
      if (t[r][c] != 1 || from[r] >= 0) return false;
      from[r] = static_cast<int>(c);
    }
  if (std::find(from.begin(), from.end(), -1) != from.end()) return false;
  std::vector<int> order(n);  // the current loop at each position
  for (std::size_t k = 0; k < n; ++k) order[k] = static_cast<int>(k);
  const std::string& statement = cur.statement->name;
  for (std::size_t place = 0; place < n; ++place) {
    std::size_t at = static_cast<std::size_t>(std::find(order.begin(), order.end(), from[place]) - order.begin());
    for (; at > place; --at) {
      const std::string& outer = loop_name(cur, order[at - 1]);
      const std::string& inner = loop_name(cur, order[at]);
      try {
        apply_step(w, make_call(statement, "interchange", {outer, inner}),
                   "isl's loops " + loops_text(tgt) + " for " + statement + " put loop " + inner + " outside loop " +
                       outer + " (neighbouring loops one at a time: interchanging loops further apart first "
                       "would break a dependence)");
      } catch (const NotExpressible&) {
        return false;
      }
      std::swap(order[at - 1], order[at]);
    }
  }
  return true;
}

}  // namespace

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
        try {
          apply_step(w,
                     make_call(statement, "interchange", {loop_name(cur, step->outer), loop_name(cur, step->inner)}),
                     "isl's loops " + loops_text(tgt) + " for " + statement + " put loop " +
                         loop_name(cur, step->inner) + " outside loop " + loop_name(cur, step->outer));
        } catch (const NotExpressible&) {
          if (!interchange_adjacently(w, tgt, cur, d.t)) throw;
        }
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

}  // namespace loopscape::autoschedule

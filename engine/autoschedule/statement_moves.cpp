// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/statement_moves.h"

#include <algorithm>
#include <variant>

#include "autoschedule/loop_steps.h"
#include "commands/transform_support.h"
#include "session/script.h"

namespace loopscape::autoschedule {
namespace {

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

}  // namespace

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

}  // namespace loopscape::autoschedule

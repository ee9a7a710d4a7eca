// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/plan_work.h"

#include <algorithm>

#include "session/script.h"

namespace loopscape::autoschedule {
namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

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

int target_shared_depth(const Target& t, const std::string& a, const std::string& b) {
  return std::min(shared_depth(t.layouts.at(a), t.layouts.at(b)), shared_depth(t.layouts.at(b), t.layouts.at(a)));
}

int current_shared_depth(const StatementLayout& a, const StatementLayout& b) {
  return std::min(shared_depth(a, b), shared_depth(b, a));
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

}  // namespace loopscape::autoschedule

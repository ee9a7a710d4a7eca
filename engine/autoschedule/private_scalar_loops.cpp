// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/private_scalar_loops.h"

#include <algorithm>
#include <set>
#include <utility>

#include "commands/loop_resolution.h"
#include "session/script.h"

namespace loopscape::autoschedule {
namespace {

using LoopKey = std::pair<EditPath, int>;

std::optional<StatementLoop> outermost_loop(const Program& program, const EditNode& tree, const std::string& statement) {
  const Statement* s = program.find_statement(statement);
  if (!s) return std::nullopt;
  const std::vector<StatementLoop> loops = statement_loops(program, tree, *s);
  if (loops.empty() || loops.front().name.empty()) return std::nullopt;
  return loops.front();
}

bool writes_temporary(const Program& program, const Statement& s) {
  const Array* written = s.target ? program.find_array(s.target->text) : nullptr;
  return written && written->is_scalar() && written->temporary;
}

}  // namespace

bool writes_temporary_scalar(const Program& program) {
  return std::any_of(program.statements.begin(), program.statements.end(),
                     [&](const Statement& s) { return writes_temporary(program, s); });
}

void parallelize_with_private_scalars(Work& w) {
  const Program& program = w.session.program();
  std::set<LoopKey> done;  // nests with a parallel step, and those tried
  for (const PlannedStep& step : w.steps)
    if (step.call.command == "parallelize")
      if (const std::optional<StatementLoop> l = outermost_loop(program, current_tree(w), step.call.target))
        done.insert({l->band, l->member});
  for (const Statement& s : program.statements) {
    if (!writes_temporary(program, s)) continue;
    const std::optional<StatementLoop> l = outermost_loop(program, current_tree(w), s.name);
    if (!l || !done.insert({l->band, l->member}).second) continue;
    if (Clock::now() > w.deadline) return;
    const CommandCall call = make_call(s.name, "parallelize", {l->name});
    if (w.session.apply(call)) continue;  // refused: a value carried from one iteration to the next
    const std::string outcome = w.session.history().back().outcome.description;
    const std::size_t copies = outcome.find("with a private copy of ");
    if (copies == std::string::npos) {  // parallel without private copies: isl's call, not this step's
      w.session.undo();
      continue;
    }
    w.steps.push_back({call,
                       "loop " + l->name + " carries only the reuse of scalars that each iteration sets before it "
                       "reads them: it runs in parallel " + outcome.substr(copies) +
                       " (isl's scheduler keeps it sequential)",
                       outcome});
  }
}

}  // namespace loopscape::autoschedule

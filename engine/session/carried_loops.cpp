// SPDX-License-Identifier: Apache-2.0
#include "session/carried_loops.h"

#include <algorithm>
#include <map>
#include <utility>

#include "analysis/legality.h"
#include "commands/loop_resolution.h"
#include "commands/schedule_edit.h"

namespace loopscape {

std::string CarriedLoop::text() const {
  const std::string name = statement + " " + (loop.empty() ? std::string("(unnamed loop)") : loop);
  if (carried == 0) return name + ": carries none";
  return name + ": carries " + std::to_string(carried) + " (" + first + (carried > 1 ? ", ...)" : ")");
}

std::vector<CarriedLoop> carried_loops(const Program& program, const Dependences& dependences,
                                       const isl::schedule& schedule) {
  const EditNode root = to_edit_tree(schedule);
  // Statements that share a loop share its check.
  std::map<std::pair<EditPath, int>, LoopDependenceCheck> checked;
  std::vector<CarriedLoop> out;
  for (const Statement& s : program.statements)
    for (const StatementLoop& l : statement_loops(program, root, s)) {
      auto found = checked.find({l.band, l.member});
      if (found == checked.end())
        found = checked.emplace(std::make_pair(l.band, l.member),
                                carried_by(program, dependences, isl_node_at(schedule, l.band), l.member))
                    .first;
      const LoopDependenceCheck& c = found->second;
      CarriedLoop row{s.name, l.name, c.carried ? std::max(1, static_cast<int>(c.dependences.size())) : 0, ""};
      if (!c.dependences.empty()) {
        const DependenceWitness& w = c.dependences.front();
        row.first = short_name(w.kind) + " " + w.source_statement + " -> " + w.sink_statement + " on " + w.array;
      }
      out.push_back(std::move(row));
    }
  return out;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "commands/ordering.h"

namespace loopscape {

CommandOutcome order_statements(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule,
                                const Statement& moving, const CommandArgument& anchor_arg,
                                const CommandArgument& level, bool after, const std::vector<long>& moving_shifts) {
  (void)call;
  const Statement* anchor = ctx.program.find_statement(anchor_arg.text);
  if (!anchor) throw InputError(anchor_arg.where, "'" + anchor_arg.text + "' is not a statement");
  PlacementResult r = place_statement(ctx.program, schedule, moving, *anchor, level, after, moving_shifts);
  CommandOutcome out;
  out.schedule = r.schedule;
  out.changed_statements = {moving.name};
  const std::string where = after ? "after " : "before ";
  if (r.shared_levels == 0)
    out.description = "moves " + moving.name + " out of every loop, " +
                      (after ? "after the last top-level nest" : "before the first top-level nest") +
                      " (root: it shares no loop with " + anchor->name + ")";
  else
    out.description = "fuses " + moving.name + " into the loops " + join(r.shared_loop_names) + " of " +
                      anchor->name + " and runs it " + where + anchor->name + " inside " + level.text;
  out.repair_hint = r.shared_levels == 0
                        ? ""
                        : "fuse at an outer level, or shift " + moving.name + " first (" + moving.name + ".shift(" +
                              level.text + ", 1))";
  return out;
}

}  // namespace loopscape

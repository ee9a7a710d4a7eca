// SPDX-License-Identifier: Apache-2.0
// S.loop_reversal(L): runs loop L backwards.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class LoopReversalCommand : public CommandBase {
 public:
  std::string name() const override { return "loop_reversal"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop to reverse")}, {}}};
  }
  std::string summary() const override {
    return "Reverses loop L; in a fused band the loop is reversed for every statement of the band.";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    EditNode root = to_edit_tree(schedule);
    StatementLoop l = resolve_loop(program, root, s, call.args[0]);
    EditNode& band = node_at(root, l.band);
    std::vector<isl::union_pw_aff> m = band.members();
    m[static_cast<std::size_t>(l.member)] = upa_scale(m[static_cast<std::size_t>(l.member)], -1);
    band.schedule = members_to_multi(m);
    CommandOutcome out;
    out.changed_statements = statements_reaching(program, root, l.band);
    out.description = "reverses loop " + l.name + " of " + band_description(program, root, l.band);
    out.repair_hint = "a reversed loop must carry no dependence; reverse a parallel loop instead";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_loop_reversal_command() { return std::make_unique<LoopReversalCommand>(); }

}  // namespace loopscape

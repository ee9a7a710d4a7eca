// SPDX-License-Identifier: Apache-2.0
// S.shift(L, s): shifts loop L of one statement by s iterations.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class ShiftCommand : public CommandBase {
 public:
  std::string name() const override { return "shift"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop to shift"), integer_parameter("s", "the shift", "1")}, {}}};
  }
  std::string summary() const override {
    return "Shifts loop L of the statement by s iterations (its instance at L = v runs at v + s); "
           "only this statement moves, also in a fused band (the way to repair a fusion).";
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
    const long amount = parse_integer(call.args[1], "the shift");
    EditNode& band = node_at(root, l.band);
    std::vector<isl::union_pw_aff> m = band.members();
    isl::union_pw_aff& u = m[static_cast<std::size_t>(l.member)];
    u = upa_union(upa_except(u, s), upa_add_constant(upa_on(u, s), amount));
    band.schedule = members_to_multi(m);
    CommandOutcome out;
    out.changed_statements = {s.name};
    const std::vector<std::string> all = statements_reaching(program, root, l.band);
    out.description = "shifts loop " + l.name + " of " + s.name + " by " + std::to_string(amount);
    if (all.size() > 1)
      out.description += " (" + s.name + " only; the band is shared with the other statements of " +
                         band_description(program, root, l.band) + ")";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_shift_command() { return std::make_unique<ShiftCommand>(); }

}  // namespace loopscape

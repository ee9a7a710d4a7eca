// SPDX-License-Identifier: Apache-2.0
// S0.then(S1, L | root): the same as S1.after(S0, L) (Tiramisu's chaining form).
#include "commands/builtin_commands.h"
#include "commands/ordering.h"
#include "commands/preconditions.h"

namespace loopscape {
namespace {

class ThenCommand : public CommandBase {
 public:
  std::string name() const override { return "then"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::Statement, "S", "the statement to run after this one"),
          loop_parameter("L", "the loop level of this statement to join, or root")}, {}}};
  }
  std::string summary() const override {
    return "Runs statement S after this statement at loop level L of this statement (S.after(this, L)); with "
           "root, after the last top-level nest of the region.";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule&, const std::string& statement,
                          const std::string&) const override {
    return preconditions::no_other_statement(context.program, statement);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Statement& anchor = require_statement(ctx.program, call);
    const Statement* moving = ctx.program.find_statement(call.args[0].text);
    if (!moving) throw InputError(call.args[0].where, "'" + call.args[0].text + "' is not a statement");
    CommandArgument anchor_arg{anchor.name, call.where};
    return order_statements(ctx, call, schedule, *moving, anchor_arg, call.args[1], true);
  }
};

}  // namespace

std::unique_ptr<Command> make_then_command() { return std::make_unique<ThenCommand>(); }

}  // namespace loopscape

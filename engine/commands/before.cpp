// SPDX-License-Identifier: Apache-2.0
// S1.before(S0, L | root): S1 shares S0's loops down to L and runs before S0 inside them.
#include "commands/builtin_commands.h"
#include "commands/ordering.h"
#include "commands/preconditions.h"

namespace loopscape {
namespace {

class BeforeCommand : public CommandBase {
 public:
  std::string name() const override { return "before"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::Statement, "S", "the statement to run before"),
          loop_parameter("L", "the loop level of S to join, or root")}, {}}};
  }
  std::string summary() const override {
    return "Runs this statement before statement S at loop level L of S: it joins S's loops down to L and "
           "comes before S inside L. With root it shares no loop and runs before the first top-level nest of the "
           "region, not right before S's nest (S.after(X, root) runs after the last).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule&, const std::string& statement,
                          const std::string&) const override {
    return preconditions::no_other_statement(context.program, statement);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Statement& moving = require_statement(ctx.program, call);
    return order_statements(ctx, call, schedule, moving, call.args[0], call.args[1], false);
  }
};

}  // namespace

std::unique_ptr<Command> make_before_command() { return std::make_unique<BeforeCommand>(); }

}  // namespace loopscape

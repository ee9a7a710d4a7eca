// SPDX-License-Identifier: Apache-2.0
// S1.after(S0, L | root): S1 shares S0's loops down to L and runs after S0 inside them.
#include "commands/builtin_commands.h"
#include "commands/ordering.h"
#include "commands/preconditions.h"

namespace loopscape {
namespace {

class AfterCommand : public CommandBase {
 public:
  std::string name() const override { return "after"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::Statement, "S", "the statement to run after"),
          loop_parameter("L", "the loop level of S to join, or root")}, {}}};
  }
  std::string summary() const override {
    return "Runs this statement after statement S at loop level L of S: it joins S's loops from the outermost "
           "down to L (fusion; its own loops map onto them in order) and comes after S inside L. With root "
           "it shares no loop and runs after the last top-level nest of the region, not right after S's nest "
           "(S.before(X, root) runs before the first).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule&, const std::string& statement,
                          const std::string&) const override {
    return preconditions::no_other_statement(context.program, statement);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Statement& moving = require_statement(ctx.program, call);
    return order_statements(ctx, call, schedule, moving, call.args[0], call.args[1], true);
  }
};

}  // namespace

std::unique_ptr<Command> make_after_command() { return std::make_unique<AfterCommand>(); }

}  // namespace loopscape

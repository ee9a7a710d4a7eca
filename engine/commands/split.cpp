// SPDX-License-Identifier: Apache-2.0
// S.split(L, S [, Lo, Li]): strip-mines one loop.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/strip_mine.h"

namespace loopscape {
namespace {

class SplitCommand : public CommandBase {
 public:
  std::string name() const override { return "split"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop to split"), size_parameter("S", "the split size", "32")},
         {new_loop_parameter("Lo", "the outer loop"), new_loop_parameter("Li", "the inner loop")}}};
  }
  std::string summary() const override {
    return "Splits loop L into an outer loop over blocks of S iterations and an inner loop over one block "
           "(default names L0, L1); in a fused band every statement of the band is split.";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    std::vector<std::size_t> names;
    if (call.args.size() == 4) names = {2, 3};
    return strip_mine(ctx, call, schedule, {0}, {1}, names, "split");
  }
};

}  // namespace

std::unique_ptr<Command> make_split_command() { return std::make_unique<SplitCommand>(); }

}  // namespace loopscape

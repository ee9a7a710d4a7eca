// SPDX-License-Identifier: Apache-2.0
// S.unroll(L, v [, Lo, Li]): unroll loop L by v. A loop with a constant trip
// count <= v is tagged "@unroll(v)" (fully unrolled); otherwise L is split by
// v into Lo, Li (default L0, L1) and Li is tagged. Unrolling keeps the order
// of the iterations, so it is always legal; the generated code computes the
// same as before.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class UnrollCommand : public CommandBase {
 public:
  std::string name() const override { return "unroll"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop to unroll"), size_parameter("v", "the unroll factor v", "4")},
         {new_loop_parameter("Lo", "the outer loop"), new_loop_parameter("Li", "the inner loop")}}};
  }
  std::string summary() const override {
    return "Unroll loop L by a factor v (split into Lo, Li when needed; Li is unrolled).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    const long v = parse_positive_integer(call.args[1], "the unroll factor v");
    const LoopTag tag{"unroll", {std::to_string(v)}};
    return tag_support::split_and_tag(context, call, schedule, v, tag, "unroll(" + std::to_string(v) + ")", "");
  }
};

}  // namespace

std::unique_ptr<Command> make_unroll_command() { return std::make_unique<UnrollCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// S.vectorize(L, v [, Lo, Li]): run v consecutive iterations of loop L as one
// vector operation. A loop with a constant trip count <= v is tagged
// "@vector(v)"; otherwise L is split by v into Lo, Li (default L0, L1) and Li
// is tagged. The vector loop must carry no dependence (legality.h).
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class VectorizeCommand : public CommandBase {
 public:
  std::string name() const override { return "vectorize"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop to vectorize"), size_parameter("v", "the vector length v", "8")},
         {new_loop_parameter("Lo", "the outer loop"), new_loop_parameter("Li", "the inner loop")}}};
  }
  std::string summary() const override {
    return "Vectorize loop L with vector length v (split into Lo, Li when needed; Li must carry no dependence).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    const long v = parse_positive_integer(call.args[1], "the vector length v");
    const LoopTag tag{"vector", {std::to_string(v)}};
    return tag_support::split_and_tag(
        context, call, schedule, v, tag, "vector(" + std::to_string(v) + ")",
        "vectorize a loop that carries no dependence, usually the innermost one after an interchange");
  }
};

}  // namespace

std::unique_ptr<Command> make_vectorize_command() { return std::make_unique<VectorizeCommand>(); }

}  // namespace loopscape

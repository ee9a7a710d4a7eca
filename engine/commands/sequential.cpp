// SPDX-License-Identifier: Apache-2.0
// S.sequential(L): loop L runs its iterations one after another, and no
// loop inside it is made parallel automatically (Halide's `serial`). The
// targets that parallelise on their own (OpenMP, MPI's OpenMP) leave the nest
// as written; a loop inside it that the user parallelizes still runs in
// parallel. Recorded as the tag "@sequential" on L, which replaces a
// "@parallel" there. Always legal: it changes no order.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class SequentialCommand : public CommandBase {
 public:
  std::string name() const override { return "sequential"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {{{loop_parameter("L", "the loop kept sequential")}, {}}};
  }
  std::string summary() const override {
    return "Keep loop L and the loops inside it sequential: no automatic parallel loop there (a parallel tag on L "
           "goes; a loop inside that you parallelize stays parallel).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    return tag_support::tag_one_loop(context, call, schedule, LoopTag{"sequential", {}},
                                     "sequential, with no automatic parallel loop inside it", "", "parallel");
  }
};

}  // namespace

std::unique_ptr<Command> make_sequential_command() { return std::make_unique<SequentialCommand>(); }

}  // namespace loopscape

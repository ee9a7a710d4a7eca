// SPDX-License-Identifier: Apache-2.0
// S.distribute(L): the iterations of loop L are spread over the nodes (MPI
// ranks) of a distributed system (Tiramisu's `node` space tag). Recorded as
// "@node" on L. Ranks run concurrently, so L must carry no dependence (the
// legality check treats `node` like `parallel`); data that crosses ranks is
// exchanged with send/receive.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class DistributeCommand : public CommandBase {
 public:
  std::string name() const override { return "distribute"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop spread over MPI ranks")}, {}}};
  }
  std::string summary() const override {
    return "Spread the iterations of loop L over distributed nodes (MPI ranks); L must carry no dependence, or only "
           "those between updates of a reduction (the ranks' partial results are then combined).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    CommandOutcome out = tag_support::tag_one_loop(
        context, call, schedule, LoopTag{"node", {}}, "distributed over the MPI ranks (in blocks of its values)",
        "distribute a loop that carries no dependence (ranks run concurrently); exchange data between ranks with "
        "send/receive");
    out.description += tag_support::parallel_note(context, call, out.schedule, "rank",
                                                   "each rank keeps a private partial result, combined by "
                                                   "MPI_Allreduce after the loop");
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_distribute_command() { return std::make_unique<DistributeCommand>(); }

}  // namespace loopscape

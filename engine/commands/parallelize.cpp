// SPDX-License-Identifier: Apache-2.0
// S.parallelize(L): loop L runs its iterations on CPU threads (Tiramisu's
// `cpu` space tag; the OpenMP target prints `#pragma omp parallel for`).
// Recorded as the tag "@parallel" on L; legality (analysis/legality.h) refuses
// it when L carries a dependence.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"


namespace loopscape {
namespace {

class ParallelizeCommand : public CommandBase {
 public:
  std::string name() const override { return "parallelize"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop run in parallel")}, {}}};
  }
  std::string summary() const override {
    return "Run the iterations of loop L in parallel on CPU threads (L must carry no dependence, or only those "
           "between updates of a reduction, which then runs as one).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    CommandOutcome out = tag_support::tag_one_loop(
        context, call, schedule, LoopTag{"parallel", {}}, "parallel (cpu)",
        "parallelize a loop that carries no dependence: an outer loop, or interchange the carrying loop inward first",
        "sequential");
    out.description += tag_support::parallel_note(context, call, out.schedule, "thread",
                                                   "each thread keeps a private partial result, combined with the "
                                                   "others at the end");
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_parallelize_command() { return std::make_unique<ParallelizeCommand>(); }

}  // namespace loopscape

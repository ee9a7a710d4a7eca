// SPDX-License-Identifier: Apache-2.0
// S.parallelize(L): loop L runs its iterations on CPU threads (Tiramisu's
// `cpu` space tag; the OpenMP target prints `#pragma omp parallel for`).
// Recorded as the tag "@parallel" on L; legality (analysis/legality.h) refuses
// it when L carries a dependence.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

#include "analysis/legality.h"
#include "analysis/reductions.h"

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
        "parallelize a loop that carries no dependence: an outer loop, or interchange the carrying loop inward first");
    out.description += parallel_note(context, call, out.schedule);
    return out;
  }

 private:
  // What running the loop in parallel changes, when it carries dependences
  // (private copies of scalars, reductions).
  static std::string parallel_note(const CommandContext& context, const CommandCall& call,
                                    const isl::schedule& tagged) {
    const Statement& s = require_statement(context.program, call);
    const tag_support::TagLoop loop = tag_support::resolve_tag_loop(context.program, tagged, s, call.args.at(0));
    if (loop.loop.member != 0) return {};
    const LoopDependenceCheck carried =
        carried_by(context.program, context.dependences, loop.loop.band, loop.loop.member);
    const ParallelPlan plan = parallel_plan(context.program, context.dependences, loop.loop.band, carried);
    if (!plan.possible) return {};
    std::string note;
    if (!plan.private_scalars.empty())
      note += ", with a private copy of " + join_names(plan.private_scalars) + " in each thread";
    if (plan.reductions.empty()) return note;
    bool rounds = false;  // a floating-point sum or product: reassociating it rounds differently
    for (const std::string& a : plan.reductions) {
      const Array* array = context.program.find_array(a);
      const bool floating = array && (array->element_type.find("float") != std::string::npos ||
                                      array->element_type.find("double") != std::string::npos);
      for (const Statement& st : context.program.statements)
        if (const std::optional<Reduction> r = statement_reduction(st); r && r->array == a && floating &&
                                                                        (r->op == ReductionOperator::Sum ||
                                                                         r->op == ReductionOperator::Product))
          rounds = true;
    }
    return note + ", as a reduction of " + join_names(plan.reductions) +
           ": each thread keeps a private partial result, combined with the others at the end" +
           (rounds ? std::string(" in another order than the loop's, so the floating-point result may differ in "
                                 "its last bits")
                   : std::string(" (the result is the same in any order)"));
  }

  static std::string join_names(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_parallelize_command() { return std::make_unique<ParallelizeCommand>(); }

}  // namespace loopscape

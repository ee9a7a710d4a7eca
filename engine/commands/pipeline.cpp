// SPDX-License-Identifier: Apache-2.0
// S.pipeline(L [, II]): loop L is pipelined by high-level synthesis (FPGA),
// with initiation interval II when given. Recorded as "@pipeline" or
// "@pipeline(II)". Pipelining keeps the order of dependent iterations (the
// hardware waits), so the tag needs no independence.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class PipelineCommand : public CommandBase {
 public:
  std::string name() const override { return "pipeline"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "the loop to pipeline")},
         {size_parameter("II", "the initiation interval", "1")}}};
  }
  std::string summary() const override {
    return "Pipeline loop L on an FPGA (optional initiation interval II).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    LoopTag tag{"pipeline", {}};
    std::string what = "pipelined (FPGA)";
    if (call.args.size() == 2) {
      const long ii = parse_positive_integer(call.args[1], "the initiation interval II");
      tag.args.push_back(std::to_string(ii));
      what = "pipelined (FPGA, II = " + std::to_string(ii) + ")";
    }
    return tag_support::tag_one_loop(context, call, schedule, tag, what, "");
  }
};

}  // namespace

std::unique_ptr<Command> make_pipeline_command() { return std::make_unique<PipelineCommand>(); }

}  // namespace loopscape

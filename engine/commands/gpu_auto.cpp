// SPDX-License-Identifier: Apache-2.0
// S.gpu_auto([sy, sx]): a working GPU mapping in one step, what PPCG does by
// default. The outermost two consecutive loops of S that can both run in
// parallel are tiled by sy x sx (default 16 x 32) and mapped with tile_gpu:
// tiles to blocks, points to threads, the inner loop on x. When no two
// consecutive loops qualify, the outermost parallel loop is split by
// sy * sx and mapped with gpu (blocks of sy * sx threads). Candidates are
// tried outermost first and the first one the legality check accepts is kept,
// so the result never carries a dependence across GPU loops.
#include "analysis/legality.h"
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class GpuAutoCommand : public CommandBase {
 public:
  std::string name() const override { return "gpu_auto"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{},
         {size_parameter("sy", "the tile size of the outer loop", "16"),
          size_parameter("sx", "the tile size of the inner loop", "32")}}};
  }
  std::string summary() const override {
    return "Map the outermost parallel loops to the GPU: tile two of them sy x sx (default 16 x 32) onto blocks "
           "and threads, or split one into blocks of sy * sx threads.";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string&) const override {
    const preconditions::Place place = preconditions::locate(context, schedule, statement, "");
    if (!place.problem.empty()) return place.problem;
    if (preconditions::has_tag(context, schedule, *place.statement, "gpu_block"))
      return statement + " is already mapped to the GPU";
    return "";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    const Statement& s = require_statement(context.program, call);
    long sy = 16, sx = 32;
    if (call.args.size() == 2) {
      sy = parse_positive_integer(call.args[0], "the tile size sy");
      sx = parse_positive_integer(call.args[1], "the tile size sx");
    }
    if (sy * sx > 1024)
      throw InputError(call.args[1].where, "blocks of " + std::to_string(sy) + " x " + std::to_string(sx) + " = " +
                                               std::to_string(sy * sx) + " threads; CUDA allows at most 1024");
    const std::vector<StatementLoop> loops = tag_support::loops_of(context.program, schedule, s);
    auto arg = [&](const std::string& text) { return CommandArgument{text, call.where}; };
    std::vector<CommandCall> candidates;
    for (std::size_t d = 0; d + 1 < loops.size(); ++d) {
      if (loops[d].name.empty() || loops[d + 1].name.empty()) continue;
      CommandCall c{call.target, "tile_gpu", {arg(loops[d].name), arg(loops[d + 1].name), arg(std::to_string(sy)),
                                              arg(std::to_string(sx))}, call.where};
      candidates.push_back(c);
    }
    for (const StatementLoop& l : loops) {
      if (l.name.empty()) continue;
      CommandCall split{call.target, "split", {arg(l.name), arg(std::to_string(sy * sx)), arg(l.name + "_b"),
                                               arg(l.name + "_t")}, call.where};
      candidates.push_back(split);
    }
    std::string last_problem = "it has no loop";
    for (const CommandCall& c : candidates) {
      try {
        CommandOutcome out;
        if (c.command == "split") {
          const CommandOutcome split = find_command("split", CommandTarget::Statement)->apply(context, c, schedule);
          CommandCall g{call.target, "gpu", {c.args[2], c.args[3]}, call.where};
          out = find_command("gpu", CommandTarget::Statement)->apply(context, g, split.schedule);
          out.description = split.description + ", then " + out.description;
        } else {
          out = find_command("tile_gpu", CommandTarget::Statement)->apply(context, c, schedule);
        }
        const LegalityReport report = check_schedule(context.program, context.dependences, out.schedule);
        if (!report.legal()) {
          last_problem = c.script_text() + " would be illegal: " + report.summary();
          continue;
        }
        out.description = "automatic GPU mapping (" + c.script_text() + "): " + out.description;
        return out;
      } catch (const InputError& e) {
        last_problem = c.script_text() + ": " + e.what();
      }
    }
    throw InputError(call.where, "no loop of " + s.name + " can run on the GPU: every candidate carries a "
                                 "dependence or does not apply; the last one tried: " + last_problem);
  }
};

}  // namespace

std::unique_ptr<Command> make_gpu_auto_command() { return std::make_unique<GpuAutoCommand>(); }

}  // namespace loopscape

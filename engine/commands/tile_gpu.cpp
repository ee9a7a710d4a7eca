// SPDX-License-Identifier: Apache-2.0
// S.tile_gpu(L1, L2, s1, s2 [, L1o, L2o, L1i, L2i]): tiles loops L1, L2 by
// s1 x s2 (the tile command; default names L10, L20, L11, L21) and maps the
// tile loops to GPU blocks and the point loops to GPU threads, i.e.
// gpu(L1o, L2o, L1i, L2i). Tiramisu's gpu_tile / tile_gpu.
#include "commands/builtin_commands.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

class TileGpuCommand : public CommandBase {
 public:
  std::string name() const override { return "tile_gpu"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L1", "the outer loop to tile"), loop_parameter("L2", "the inner loop to tile"),
          size_parameter("s1", "the tile size s1", "16"), size_parameter("s2", "the tile size s2", "32")},
         {new_loop_parameter("L1o", "the block loop of L1"), new_loop_parameter("L2o", "the block loop of L2"),
          new_loop_parameter("L1i", "the thread loop of L1"), new_loop_parameter("L2i", "the thread loop of L2")}}};
  }
  std::string summary() const override {
    return "Tile loops L1, L2 by s1 x s2, map the tile loops to GPU blocks and the point loops to threads.";
  }

  // What gpu needs, for the tile and point loops tiling L1 and L2 makes.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    const Command* gpu = find_command("gpu", CommandTarget::Statement);
    return gpu ? gpu->unavailable(context, schedule, statement, loop) : "needs the gpu command";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    require_statement(context.program, call);
    const long s1 = parse_positive_integer(call.args[2], "the tile size s1");
    const long s2 = parse_positive_integer(call.args[3], "the tile size s2");
    if (s1 * s2 > 1024)
      throw InputError(call.args[3].where, "a " + std::to_string(s1) + " x " + std::to_string(s2) +
                                               " tile would make GPU blocks of " + std::to_string(s1 * s2) +
                                               " threads; CUDA allows at most 1024");
    std::vector<CommandArgument> names;
    if (call.args.size() == 8) {
      names.assign(call.args.begin() + 4, call.args.end());
    } else {
      const std::string a = call.args[0].text, b = call.args[1].text;
      for (const std::string& n : {a + "0", b + "0", a + "1", b + "1"}) names.push_back({n, call.where});
    }
    const Command* tile = find_command("tile", CommandTarget::Statement);
    const Command* gpu = find_command("gpu", CommandTarget::Statement);
    if (!tile || !gpu) throw InputError(call.where, "tile_gpu needs the tile and gpu commands");
    CommandCall t = call;
    t.command = "tile";
    t.args = {call.args[0], call.args[1], call.args[2], call.args[3], names[0], names[1], names[2], names[3]};
    const CommandOutcome tiled = tile->apply(context, t, schedule);
    CommandCall g = call;
    g.command = "gpu";
    g.args = names;
    CommandOutcome out = gpu->apply(context, g, tiled.schedule);
    out.description = tiled.description + ", then " + out.description;
    for (const std::string& st : tiled.changed_statements)
      if (std::find(out.changed_statements.begin(), out.changed_statements.end(), st) == out.changed_statements.end())
        out.changed_statements.push_back(st);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tile_gpu_command() { return std::make_unique<TileGpuCommand>(); }

}  // namespace loopscape

// S.tile(L1, L2, s1, s2 [, L1o, L2o, L1i, L2i]) and S.tile(L1, L2, L3, s1, s2, s3 [, 6 names]).
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/strip_mine.h"

namespace loopscape {
namespace {

class TileCommand : public CommandBase {
 public:
  std::string name() const override { return "tile"; }
  std::string signature() const override {
    return "tile(L1, L2, S1, S2 [, L1o, L2o, L1i, L2i]) or tile(L1, L2, L3, S1, S2, S3 [, 6 names])";
  }
  std::string summary() const override {
    return "Tiles 2 or 3 consecutive loops (tile loops outside, point loops inside; default names L0, L1); "
           "in a fused band every statement of the band is tiled.";
  }

  // The loop pointed at and the one directly inside it are the first two tiled.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 2, true);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    expect_argument_count(call, {4, 8, 6, 12}, signature());
    const std::size_t n = call.args.size();
    if (n == 4 || n == 8) {
      std::vector<std::size_t> names;
      if (n == 8) names = {4, 5, 6, 7};
      return strip_mine(ctx, call, schedule, {0, 1}, {2, 3}, names, "tile");
    }
    std::vector<std::size_t> names;
    if (n == 12) names = {6, 7, 8, 9, 10, 11};
    return strip_mine(ctx, call, schedule, {0, 1, 2}, {3, 4, 5}, names, "tile");
  }
};

}  // namespace

std::unique_ptr<Command> make_tile_command() { return std::make_unique<TileCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// S.tile(L1, L2, s1, s2 [, L1o, L2o, L1i, L2i]) and S.tile(L1, L2, L3, s1, s2, s3 [, 6 names]).
#include <optional>

#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/strip_mine.h"
#include "commands/tag_support.h"
#include "support/text.h"

namespace loopscape {
namespace {

constexpr long kLargestSkewTried = 4;

class TileCommand : public CommandBase {
 public:
  std::string name() const override { return "tile"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L1", "the first (outer) loop to tile"), loop_parameter("L2", "the second loop to tile"),
          size_parameter("S1", "the tile size of L1", "32"), size_parameter("S2", "the tile size of L2", "32")},
         {new_loop_parameter("L1o", "the tile loop of L1"), new_loop_parameter("L2o", "the tile loop of L2"),
          new_loop_parameter("L1i", "the point loop of L1"), new_loop_parameter("L2i", "the point loop of L2")}},
        {{loop_parameter("L1", "the first (outer) loop to tile"), loop_parameter("L2", "the second loop to tile"),
          loop_parameter("L3", "the third (inner) loop to tile"), size_parameter("S1", "the tile size of L1", "32"),
          size_parameter("S2", "the tile size of L2", "32"), size_parameter("S3", "the tile size of L3", "32")},
         {new_loop_parameter("L1o", "the tile loop of L1"), new_loop_parameter("L2o", "the tile loop of L2"),
          new_loop_parameter("L3o", "the tile loop of L3"), new_loop_parameter("L1i", "the point loop of L1"),
          new_loop_parameter("L2i", "the point loop of L2"), new_loop_parameter("L3i", "the point loop of L3")}}};
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

  // Tries what experts do before a tile, from the schedule as it is now: the
  // inner tiled loops skewed by the outer one (factors 1 to 4); when the
  // broken dependence links another statement that shares the outer loop,
  // that statement fused into the tiled loops first (skewed by 0 to 2 and
  // shifted by 0 to 2 along the inner ones, as the skews S had alone), then
  // the skews. Offers the first sequence after which the tile is legal; when
  // none is, says which statements the dependence links.
  std::string repair_hint(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule,
                          const LegalityReport& report) const override {
    const std::size_t n = call.args.size();
    const std::size_t k = n == 4 || n == 8 ? 2 : n == 6 || n == 12 ? 3 : 0;
    if (k == 0) return "";
    std::vector<std::string> loops;
    for (std::size_t a = 0; a < k; ++a) loops.push_back(call.args[a].text);
    const std::vector<std::string> inner(loops.begin() + 1, loops.end());
    if (std::optional<std::string> steps = legal_after(ctx, call, schedule, loops, {})) return hint_text(*steps);
    const std::string tried = "no skew of " + join(inner) + " by " + loops[0] + " (factors 1 to " +
                              std::to_string(kLargestSkewTried) + ") makes this tile legal";
    if (report.violations.empty()) return "";
    const DependenceWitness& w = report.violations.front().witness;
    const std::string other = w.source_statement != call.target ? w.source_statement : w.sink_statement;
    if (other.empty() || other == call.target)
      return tried + ": a dependence of " + call.target + " on itself crosses the tiles in both directions (" +
             w.source + " -> " + w.sink + ")";
    const Statement* s = ctx.program.find_statement(call.target);
    const Statement* t = ctx.program.find_statement(other);
    if (s && t) {
      const std::vector<StatementLoop> mine = tag_support::loops_of(ctx.program, schedule, *s);
      const std::vector<StatementLoop> theirs = tag_support::loops_of(ctx.program, schedule, *t);
      for (std::size_t d = 0; d + k <= mine.size() && d + k <= theirs.size(); ++d) {
        bool here = true;
        for (std::size_t m = 0; m < k; ++m) here = here && mine[d + m].name == loops[m];
        if (!here) continue;
        auto arg = [&](const std::string& text) { return CommandArgument{text, call.where}; };
        for (long skew = 0; skew <= 2; ++skew)
          for (long shift = 0; shift <= 2; ++shift) {
            std::vector<CommandCall> fuse;
            for (std::size_t m = 1; m < k; ++m) {
              const std::string& theirs_inner = theirs[d + m].name;
              if (skew > 0)
                fuse.push_back({other, "skew", {arg(theirs[d].name), arg(theirs_inner), arg(std::to_string(skew))}, call.where});
              if (shift > 0) fuse.push_back({other, "shift", {arg(theirs_inner), arg(std::to_string(shift))}, call.where});
            }
            fuse.push_back({other, "after", {arg(call.target), arg(loops.back())}, call.where});
            if (std::optional<std::string> steps = legal_after(ctx, call, schedule, loops, fuse)) return hint_text(*steps);
          }
      }
    }
    return tried + ": the broken dependence links " + call.target + " with " + other + " (" + w.source + " -> " +
           w.sink + "), which shares loop " + loops[0] + " with " + call.target +
           " but is not tiled with it, and fusing " + other + " into the tiled loops does not help either";
  }

 private:
  static std::string hint_text(const std::string& steps) {
    return "tiling needs loops that can be interchanged; first: " + steps + ", then tile";
  }

  // The calls `first`, then the inner `loops` each skewed by the outer one
  // with a factor from 0 (none) to kLargestSkewTried, then `call`: the first
  // combination that is legal at every step, as script text; nullopt when none is.
  std::optional<std::string> legal_after(const CommandContext& ctx, const CommandCall& call,
                                         const isl::schedule& schedule, const std::vector<std::string>& loops,
                                         const std::vector<CommandCall>& first) const {
    auto legal = [&](const isl::schedule& s) { return check_schedule(ctx.program, ctx.dependences, s).legal(); };
    isl::schedule at = schedule;
    std::string steps;
    try {
      for (const CommandCall& c : first) {
        const Command* command = find_command(c.command, CommandTarget::Statement);
        if (!command) return std::nullopt;
        at = command->apply(ctx, c, at).schedule;
        if (!legal(at)) return std::nullopt;
        steps += (steps.empty() ? "" : "; ") + c.script_text();
      }
    } catch (const InputError&) {
      return std::nullopt;
    }
    const Command* skew = find_command("skew", CommandTarget::Statement);
    for (long factor = first.empty() ? 1 : 0; skew && factor <= kLargestSkewTried; ++factor) {
      try {
        isl::schedule skewed = at;
        std::string skews;
        bool ok = true;
        for (std::size_t m = 1; m < loops.size() && factor > 0 && ok; ++m) {
          const CommandCall skew_call{call.target, "skew",
                                      {{loops[0], call.where}, {loops[m], call.where}, {std::to_string(factor), call.where}},
                                      call.where};
          skewed = skew->apply(ctx, skew_call, skewed).schedule;
          ok = legal(skewed);
          skews += "; " + skew_call.script_text();
        }
        if (!ok) continue;
        if (legal(apply(ctx, call, skewed).schedule)) return steps.empty() ? skews.substr(2) : steps + skews;
      } catch (const InputError&) {
        return std::nullopt;  // the loops cannot be skewed (or tiled) from here
      }
    }
    return std::nullopt;
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
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

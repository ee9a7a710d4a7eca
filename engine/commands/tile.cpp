// S.tile(L1, L2, s1, s2 [, L1o, L2o, L1i, L2i]) and S.tile(L1, L2, L3, s1, s2, s3 [, 6 names]).
#include <optional>

#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/strip_mine.h"
#include "commands/tag_support.h"

namespace loopscape {
namespace {

constexpr long kLargestSkewTried = 4;

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

  // Tries what experts do before a 2-D tile, from the schedule as it is now:
  // a skew of the inner tiled loop by the outer one (factors 1 to 4); when the
  // broken dependence links another statement that shares the outer loop,
  // that statement fused into the tiled loops first (shifted by 0 to 2 along
  // the inner one), then the skews. Offers the first sequence after which the
  // tile is legal; when none is, says which statements the dependence links.
  std::string repair_hint(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule,
                          const LegalityReport& report) const override {
    const std::size_t n = call.args.size();
    if (n != 4 && n != 8) return "";
    const CommandArgument& outer = call.args[0];
    const CommandArgument& inner = call.args[1];
    if (std::optional<std::string> steps = legal_after(ctx, call, schedule, {})) return hint_text(*steps);
    const std::string tried = "no skew of " + inner.text + " by " + outer.text + " (factors 1 to " +
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
      for (std::size_t d = 1; d < mine.size() && d < theirs.size(); ++d) {
        if (mine[d].name != inner.text || mine[d - 1].name != outer.text) continue;
        // Skewed and shifted like S's loops where S was skewed alone, then fused.
        for (long skew = 0; skew <= 2; ++skew)
          for (long shift = 0; shift <= 2; ++shift) {
            std::vector<CommandCall> fuse;
            if (skew > 0)
              fuse.push_back({other, "skew",
                              {{theirs[d - 1].name, call.where}, {theirs[d].name, call.where}, {std::to_string(skew), call.where}},
                              call.where});
            if (shift > 0)
              fuse.push_back({other, "shift", {{theirs[d].name, call.where}, {std::to_string(shift), call.where}}, call.where});
            fuse.push_back({other, "after", {{call.target, call.where}, {inner.text, call.where}}, call.where});
            if (std::optional<std::string> steps = legal_after(ctx, call, schedule, fuse)) return hint_text(*steps);
          }
      }
    }
    return tried + ": the broken dependence links " + call.target + " with " + other + " (" + w.source + " -> " +
           w.sink + "), which shares loop " + outer.text + " with " + call.target +
           " but is not tiled with it, and fusing " + other + " into the tiled loops does not help either";
  }

 private:
  static std::string hint_text(const std::string& steps) {
    return "tiling needs loops that can be interchanged; first: " + steps + ", then tile";
  }

  // The calls `first`, then a skew by factor 0 (none) to kLargestSkewTried,
  // then `call`: the first combination that is legal at every step, as
  // script text ("" steps: none); nullopt when none is.
  std::optional<std::string> legal_after(const CommandContext& ctx, const CommandCall& call,
                                         const isl::schedule& schedule, const std::vector<CommandCall>& first) const {
    isl::schedule at = schedule;
    std::string steps;
    try {
      for (const CommandCall& c : first) {
        const Command* command = find_command(c.command, CommandTarget::Statement);
        if (!command) return std::nullopt;
        at = command->apply(ctx, c, at).schedule;
        if (!check_schedule(ctx.program, ctx.dependences, at).legal()) return std::nullopt;
        steps += (steps.empty() ? "" : "; ") + c.script_text();
      }
    } catch (const InputError&) {
      return std::nullopt;
    }
    const Command* skew = find_command("skew", CommandTarget::Statement);
    for (long factor = first.empty() ? 1 : 0; skew && factor <= kLargestSkewTried; ++factor) {
      const CommandCall skew_call{call.target, "skew", {call.args[0], call.args[1], {std::to_string(factor), call.where}},
                                  call.where};
      try {
        isl::schedule skewed = at;
        if (factor > 0) {
          skewed = skew->apply(ctx, skew_call, at).schedule;
          if (!check_schedule(ctx.program, ctx.dependences, skewed).legal()) continue;
        }
        if (check_schedule(ctx.program, ctx.dependences, apply(ctx, call, skewed).schedule).legal())
          return steps + (factor > 0 ? (steps.empty() ? "" : "; ") + skew_call.script_text() : std::string());
      } catch (const InputError&) {
        return std::nullopt;  // the loops cannot be skewed (or tiled) from here
      }
    }
    return std::nullopt;
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

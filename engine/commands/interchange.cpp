// SPDX-License-Identifier: Apache-2.0
// S.interchange(L1, L2): swaps two loops of a statement's nest.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class InterchangeCommand : public CommandBase {
 public:
  std::string name() const override { return "interchange"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L1", "one loop to swap"), loop_parameter("L2", "the other loop to swap")}, {}}};
  }
  std::string summary() const override {
    return "Swaps loops L1 and L2 of the statement; in a fused band the loops of every statement of the band swap.";
  }

  // Any two loops of the statement can swap, the pointed one with an outer or an inner one.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 2, false);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    EditNode root = to_edit_tree(schedule);
    StatementLoop a = resolve_loop(program, root, s, call.args[0]);
    StatementLoop b = resolve_loop(program, root, s, call.args[1]);
    if (a.band == b.band && a.member == b.member)
      throw InputError(call.args[1].where, "interchange needs two different loops");
    const bool a_outer = a.band.size() < b.band.size() || (a.band == b.band && a.member < b.member);
    StatementLoop outer = a_outer ? a : b;
    StatementLoop inner = a_outer ? b : a;
    std::vector<std::string> separated;
    SameBand sb = bring_into_one_band(program, s, root, outer, inner, "interchange(" + a.name + ", " + b.name + ")",
                                      call.where, separated);
    EditNode& band = node_at(root, sb.band);
    std::vector<isl::union_pw_aff> m = band.members();
    std::swap(m[static_cast<std::size_t>(sb.outer)], m[static_cast<std::size_t>(sb.inner)]);
    band.loop_names.resize(m.size());
    std::swap(band.loop_names[static_cast<std::size_t>(sb.outer)], band.loop_names[static_cast<std::size_t>(sb.inner)]);
    band.schedule = members_to_multi(m);
    CommandOutcome out;
    out.changed_statements = statements_reaching(program, root, sb.band);
    out.changed_statements.insert(out.changed_statements.end(), separated.begin(), separated.end());
    out.description = "interchanges loops " + outer.name + " and " + inner.name + " of " +
                      band_description(program, root, sb.band) + merge_text(sb) + separation_text(s, separated);
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_interchange_command() { return std::make_unique<InterchangeCommand>(); }

}  // namespace loopscape

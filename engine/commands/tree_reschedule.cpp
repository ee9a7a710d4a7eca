// SPDX-License-Identifier: Apache-2.0
// N.reschedule({ S0[i, j] -> [...]; S1[...] -> [...] }): sets the schedule of every statement below N at once.
// The automatic schedule's fallback when isl's schedule cannot be reached by loop commands.

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

#include <isl/aff.h>
#include <isl/union_map.h>

namespace loopscape {
namespace {

class TreeRescheduleCommand : public CommandBase {
 public:
  std::string name() const override { return "reschedule"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::IslMap, "map", "the times { S0[i, j] -> [e1, ...]; S1[...] -> [...] }")}, {}}};
  }
  std::string summary() const override {
    return "Replaces everything below node N by one band with the given times for every statement below it "
           "(all outputs of the same length); loops keep their iterator names where a time is +-i + c.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    EditNode root = to_edit_tree(schedule);
    EditPath path = require_node(root, call);
    if (node_at(root, path).kind == EditNode::Kind::Domain) path.push_back(0);
    const isl::union_set below = domain_at(root, path);
    const CommandArgument& arg = call.args[0];
    isl::union_map map = parse_union_map_argument(program, arg);
    if (!map.domain().is_subset(isl::union_set(below.universe())))
      throw InputError(arg.where, "the map must be on the statements below " + call.target + " only (" +
                                      list_text(statements_in(program, below)) + ")");
    if (!below.intersect_params(program.context).is_subset(map.domain()))
      throw InputError(arg.where, "the map must give a time to every instance of " +
                                      list_text(statements_in(program, below)));
    map = map.intersect_domain(below);
    if (!map.is_single_valued())
      throw InputError(arg.where, "the map must be a function (one time per instance)");
    isl_multi_union_pw_aff* raw = isl_multi_union_pw_aff_from_union_map(map.copy());
    if (!raw) {
      isl_ctx_reset_error(program.ctx().get());
      throw InputError(arg.where, "the times must all have the same number of values");
    }
    isl::multi_union_pw_aff times = isl::manage(raw);
    const int n = static_cast<int>(isl_multi_union_pw_aff_size(times.get()));
    if (n == 0) throw InputError(arg.where, "the map must give at least one time dimension");
    std::vector<isl::union_pw_aff> members;
    for (int k = 0; k < n; ++k) members.push_back(isl::manage(isl_multi_union_pw_aff_get_at(times.get(), k)));
    node_at(root, path) = make_band(members, {}, make_leaf());
    CommandOutcome out;
    out.changed_statements = statements_in(program, below);
    out.description = "sets the schedule of " + list_text(out.changed_statements) + " below " + call.target +
                      " to one band of " + std::to_string(n) + " time" + (n == 1 ? "" : "s");
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_reschedule_command() { return std::make_unique<TreeRescheduleCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// N.apply({ [j] -> [j + 1] }): transforms the partial schedule of band N by a map on its time tuple.

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

#include <isl/aff.h>
#include <isl/union_map.h>

namespace loopscape {
namespace {

class TreeApplyCommand : public CommandBase {
 public:
  std::string name() const override { return "apply"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::IslMap, "map", "the function on the band's times { [t1, ...] -> [u1, ...] }")}, {}}};
  }
  std::string summary() const override {
    return "Transforms band N's partial schedule by a function on its time tuple (every statement of the band); "
           "the loop names the band had are dropped.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path;
    EditNode& band = require_band_node(root, call, path);
    const CommandArgument& arg = call.args[0];
    const isl::union_map map = parse_union_map_argument(ctx.program, arg);
    // The band's time tuple, anonymous, so `{ [t] -> [...] }` matches it.
    isl::union_map partial = isl::union_map::from(members_to_multi(band.members()));
    isl::union_map applied = partial.apply_range(map);
    if (applied.is_empty() || !applied.domain().is_equal(partial.domain()))
      throw InputError(arg.where, "the map must take every time of " + call.target + " (a tuple of " +
                                      std::to_string(band.n_member()) + " values, e.g. { [t0" +
                                      (band.n_member() > 1 ? ", t1" : "") + "] -> [...] })");
    if (!applied.is_single_valued())
      throw InputError(arg.where, "the map must be a function (one new time per time)");
    isl::multi_union_pw_aff mupa = isl::manage(isl_multi_union_pw_aff_from_union_map(applied.release()));
    if (isl_multi_union_pw_aff_size(mupa.get()) == 0)
      throw InputError(arg.where, "the map must give at least one time dimension");
    band.schedule = mupa;
    band.loop_names.assign(static_cast<std::size_t>(band.n_member()), "");
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, path);
    out.description = "applies " + arg.text + " to band " + call.target + " (" + list_text(out.changed_statements) + ")";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_apply_command() { return std::make_unique<TreeApplyCommand>(); }

}  // namespace loopscape

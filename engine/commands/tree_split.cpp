// SPDX-License-Identifier: Apache-2.0
// N.split_band(index): the band N keeps its first `index` members; the rest form a new band below it.
// N.split is the old spelling, still accepted (commands/registry.cpp).
#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class TreeSplitCommand : public CommandBase {
 public:
  std::string name() const override { return "split_band"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{size_parameter("index", "the split index (the number of loops N keeps)", "1")}, {}}};
  }
  std::string summary() const override {
    return "Splits band N after its first `index` loops: the rest become an unnamed band directly below it "
           "(every statement of the band).";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path;
    EditNode& band = require_band_node(root, call, path);
    const long index = parse_positive_integer(call.args[0], "the split index");
    if (band.n_member() < 2)
      throw InputError(call.where, call.target + " has one loop: there is nothing to split");
    if (index >= band.n_member())
      throw InputError(call.args[0].where,
                       call.target + " has " + std::to_string(band.n_member()) + " loops; the split index must be " +
                           (band.n_member() == 2 ? std::string("1")
                                                 : "between 1 and " + std::to_string(band.n_member() - 1)));
    split_band(band, static_cast<int>(index));
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, path);
    out.description = "splits band " + call.target + " of " + list_text(out.changed_statements) + " after loop " +
                      std::to_string(index);
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_split_command() { return std::make_unique<TreeSplitCommand>(); }

}  // namespace loopscape

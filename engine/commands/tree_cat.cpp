// SPDX-License-Identifier: Apache-2.0
// N.cat([depth]): concatenates band N with the `depth` bands below it (-1 or none: all).
#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class TreeCatCommand : public CommandBase {
 public:
  std::string name() const override { return "cat"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{},
         {integer_parameter("depth", "the depth", "-1")}}};
  }
  std::string summary() const override {
    return "Concatenates band N with the bands directly below it (depth of them; -1 or none: all); the names "
           "of the absorbed bands are dropped, a tagged band below stops the concatenation with an error.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path;
    EditNode& band = require_band_node(root, call, path);
    long depth = call.args.empty() ? -1 : parse_integer(call.args[0], "the depth");
    if (depth < -1) throw InputError(call.args[0].where, "the depth must be -1 (all) or at least 0");
    long merged = 0;
    std::vector<std::string> dropped;
    while (depth < 0 || merged < depth) {
      // Name marks between the bands are dropped (the spec's cat keeps the outer name only).
      while (band.children.at(0).is_name_mark() && band.children[0].children.at(0).kind != EditNode::Kind::Leaf) {
        EditNode below = std::move(band.children[0].children[0]);
        dropped.push_back(band.children[0].mark);
        band.children[0] = std::move(below);
      }
      const EditNode& c = band.children.at(0);
      if (!c.is_band()) {
        if (merged == 0)
          throw InputError(call.where, call.target + " has no band directly below it (below it is " +
                                           node_kind_text(c) + "): cat would change nothing");
        if (depth < 0) break;
        throw InputError(call.args[0].where, call.target + " has only " + std::to_string(merged) +
                                                 " band" + (merged == 1 ? "" : "s") + " directly below it");
      }
      merge_with_child_band(band, "cat", call.where);
      ++merged;
    }
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, path);
    out.description = "concatenates band " + call.target + " with " + std::to_string(merged) + " band" +
                      (merged == 1 ? "" : "s") + " below it (" + list_text(out.changed_statements) + ")" +
                      (dropped.empty() ? std::string() : "; names dropped: " + join(dropped));
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_cat_command() { return std::make_unique<TreeCatCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// N.tile(4, 8 [, G]): rectangular tiling of band N (isl band tiling); G names the point band.

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"
#include "schedule/loop_names.h"
#include "schedule/node_names.h"

#include <isl/schedule_node.h>

namespace loopscape {
namespace {

class TreeTileCommand : public CommandBase {
 public:
  std::string name() const override { return "tile"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{repeated(size_parameter("s", "a tile size", "32"))},
         {parameter(ParameterKind::NewNode, "G", "the name of the point band")}}};
  }
  std::string summary() const override {
    return "Tiles the first loops of band N by s1 x s2 ...: N becomes the tile loops, a new band below it the "
           "point loops, named G when given (every statement of the band; loop names of N are dropped).";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path;
    EditNode& band = require_band_node(root, call, path);
    std::vector<long> sizes;
    std::string point_name;
    for (std::size_t k = 0; k < call.args.size(); ++k) {
      const CommandArgument& a = call.args[k];
      if (k + 1 == call.args.size() && !looks_like_integer(a.text) && k > 0) {
        point_name = parse_identifier(a, "the point band's name");
        if (EditPath p; find_named(root, point_name, p) || ctx.program.find_statement(point_name))
          throw InputError(a.where, "'" + point_name + "' already names a node or statement");
        break;
      }
      sizes.push_back(parse_positive_integer(a, "a tile size"));
    }
    if (sizes.empty() || static_cast<int>(sizes.size()) > band.n_member())
      throw InputError(call.where, band.n_member() == 1
                                       ? call.target + " has one loop: tile takes one size for it"
                                       : "tile takes 1 to " + std::to_string(band.n_member()) + " sizes for " +
                                             call.target + " (it has " + std::to_string(band.n_member()) + " loops)");
    const std::vector<std::string> statements = statements_reaching(ctx.program, root, path);
    isl::schedule_node node = isl_node_at(schedule, path);
    node = set_band_loop_names(node, {});
    if (static_cast<int>(sizes.size()) < band.n_member())
      node = split_band_keeping_loop_names(node, static_cast<int>(sizes.size()));
    isl::multi_val mv = isl::multi_val::zero(isl::manage(isl_schedule_node_band_get_space(node.get())));
    for (std::size_t k = 0; k < sizes.size(); ++k)
      mv = mv.set_at(static_cast<int>(k), isl::val(node.ctx(), sizes[k]));
    node = node.as<isl::schedule_node_band>().tile(mv);
    if (!point_name.empty()) node = set_node_name(node.child(0), point_name);
    std::vector<std::string> text;
    for (long s : sizes) text.push_back(std::to_string(s));
    CommandOutcome out;
    out.changed_statements = statements;
    out.description = "tiles band " + call.target + " (" + list_text(statements) + ") by " + join(text, " x ") +
                      (point_name.empty() ? std::string() : "; point loops in band " + point_name);
    out.repair_hint = "tiling needs loops that can be interchanged; skew the band first";
    out.schedule = node.schedule();
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_tile_command() { return std::make_unique<TreeTileCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// N.parallel(): the parallel property of spec 000.
#include "commands/builtin_commands.h"
#include "commands/transform_support.h"
#include "schedule/tags.h"

namespace loopscape {
namespace {

class TreeParallelCommand : public CommandBase {
 public:
  std::string name() const override { return "parallel"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override { return {CommandSyntax{}}; }
  std::string summary() const override {
    return "Sets the parallel property of node N: a sequence's children become unordered (an isl set node); "
           "a band's first loop is tagged parallel.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path = require_node(root, call);
    EditNode& n = node_at(root, path);
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, path);
    if (n.kind == EditNode::Kind::Sequence || n.kind == EditNode::Kind::Set) {
      n.kind = EditNode::Kind::Set;
      out.description = "makes the children of " + call.target + " (" + list_text(out.changed_statements) +
                        ") unordered (parallel)";
      out.schedule = to_schedule(root);
      return out;
    }
    if (!n.is_band())
      throw InputError(call.where, "parallel needs a sequence or a band; " + call.target + " is neither");
    out.schedule = tag_band_member(isl_node_at(schedule, path), 0, LoopTag{"parallel", {}}).schedule();
    out.description = "marks the first loop of band " + call.target + " (" + list_text(out.changed_statements) +
                      ") parallel";
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_parallel_command() { return std::make_unique<TreeParallelCommand>(); }

}  // namespace loopscape

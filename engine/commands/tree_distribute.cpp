// SPDX-License-Identifier: Apache-2.0
// N.fission(B, C [, D, E]): loop fission, spec 000's "distribute": band N over its children B, C.
// N.distribute is the old spelling, still accepted (commands/registry.cpp).
#include <algorithm>

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class TreeDistributeCommand : public CommandBase {
 public:
  std::string name() const override { return "fission"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{repeated(parameter(ParameterKind::Node, "C", "a child of N to give loops of its own"))},
         {repeated(parameter(ParameterKind::NewNode, "name", "a name for a new band"))}}};
  }
  std::string summary() const override {
    return "Loop fission: distributes band N over its children: each listed child C_i gets a copy of N's loops of its own "
           "(named by the optional names), each run of other children keeps N (and its name); order is kept.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath band_path;
    require_band_node(root, call, band_path);
    EditPath seq_path = band_path;
    seq_path.push_back(0);
    if (node_at(root, seq_path).kind != EditNode::Kind::Sequence)
      throw InputError(call.where, "fission needs a band whose child is a sequence of statements; " + call.target +
                                       "'s is not");
    std::vector<std::size_t> listed;
    std::vector<std::string> listed_names;
    std::vector<const CommandArgument*> new_names;
    for (const CommandArgument& a : call.args) {
      EditPath p;
      if (new_names.empty() && find_named(root, a.text, p)) {
        EditPath top = top_of_marks(root, p);
        const bool direct = top.size() == seq_path.size() + 2 &&
                            std::equal(seq_path.begin(), seq_path.end(), top.begin()) && top.back() == 0;
        if (!direct) throw InputError(a.where, a.text + " is not a child of " + call.target);
        const auto pos = static_cast<std::size_t>(top[seq_path.size()]);
        if (std::count(listed.begin(), listed.end(), pos) > 0) throw InputError(a.where, a.text + " is given twice");
        listed.push_back(pos);
        listed_names.push_back(a.text);
      } else {
        parse_identifier(a, "a new band name");
        if (EditPath q; find_named(root, a.text, q) || ctx.program.find_statement(a.text))
          throw InputError(a.where, "'" + a.text + "' already names a node or statement");
        new_names.push_back(&a);
      }
    }
    if (listed.empty()) throw InputError(call.where, "fission takes at least one child of " + call.target);
    if (!new_names.empty() && new_names.size() != listed.size())
      throw InputError(new_names.back()->where, "give one new name per listed child (" +
                                                    std::to_string(listed.size()) + "), or none");
    const std::string own_name = edit_node_name(root, band_path);
    const EditNode& seq = node_at(root, seq_path);
    // Groups in sequence order: each listed child alone, each run of the others together.
    std::vector<std::vector<std::size_t>> groups;
    std::vector<std::string> group_names;
    std::vector<bool> listed_group;
    bool own_used = false;
    for (std::size_t k = 0; k < seq.children.size(); ++k) {
      auto it = std::find(listed.begin(), listed.end(), k);
      if (it != listed.end()) {
        groups.push_back({k});
        const auto idx = static_cast<std::size_t>(it - listed.begin());
        group_names.push_back(new_names.empty() ? "" : new_names[idx]->text);
        listed_group.push_back(true);
      } else if (!groups.empty() && !listed_group.back()) {
        groups.back().push_back(k);
      } else {
        groups.push_back({k});
        // The first run of unlisted children keeps the band's name.
        group_names.push_back(own_used ? "" : own_name);
        own_used = true;
        listed_group.push_back(false);
      }
    }
    std::vector<std::string> report;
    for (const std::string& n : group_names) report.push_back(n.empty() ? "(unnamed)" : n);
    const EditPath top = distribute_band(root, band_path, groups, group_names);
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, top);
    out.description = "distributes band " + call.target + " (" + list_text(out.changed_statements) + ") over " +
                      list_text(listed_names) + " into bands " + join(report);
    out.repair_hint = "split off fewer children, or keep the statements that depend on each other together";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_distribute_command() { return std::make_unique<TreeDistributeCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// N.index_set_split({ [i] : i < 4 } [, C, D]): splits node N's instances in two by a condition (spec 000).

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

#include <isl/union_map.h>
#include <isl/union_set.h>

namespace loopscape {
namespace {

class TreeIndexSetSplitCommand : public CommandBase {
 public:
  std::string name() const override { return "index_set_split"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::IslSet, "set", "the condition { [i] : i < 4 }")},
         {parameter(ParameterKind::NewNode, "C", "the name of the part meeting it"),
          parameter(ParameterKind::NewNode, "D", "the name of the rest")}}};
  }
  std::string summary() const override {
    return "Splits node N into a sequence of two copies: the instances meeting the condition, then the rest "
           "(named C and D when given; N names the sequence). The condition is a set or map on the outer loops' "
           "times ({ [i] : i < 4 } or { [i] -> [i] : i < 4 }), on N's own times, or on statement instances.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path = require_node(root, call);
    const CommandArgument& arg = call.args[0];
    isl::union_set cond;
    if (isl_union_set* s = isl_union_set_read_from_str(ctx.program.ctx().get(), arg.text.c_str())) {
      cond = isl::manage(s);
    } else {
      isl_ctx_reset_error(ctx.program.ctx().get());
      isl_union_map* m = isl_union_map_read_from_str(ctx.program.ctx().get(), arg.text.c_str());
      if (!m) {
        isl_ctx_reset_error(ctx.program.ctx().get());
        throw InputError(arg.where, "not an isl set or map: '" + arg.text + "'");
      }
      cond = isl::manage(m).domain();
    }
    std::vector<std::string> names;
    for (std::size_t k = 1; k < call.args.size(); ++k) {
      parse_identifier(call.args[k], "a new node name");
      if (EditPath q; find_named(root, call.args[k].text, q) || ctx.program.find_statement(call.args[k].text))
        throw InputError(call.args[k].where, "'" + call.args[k].text + "' already names a node or statement");
      names.push_back(call.args[k].text);
    }
    const isl::union_set reach = domain_at(root, path);
    isl::union_set inside;
    if (!statements_in(ctx.program, cond).empty()) {
      inside = reach.intersect(cond);
    } else {
      // Times of the outer bands, then of N itself.
      std::vector<isl::union_pw_aff> prefix;
      EditPath p;
      for (std::size_t k = 0; k < path.size(); ++k) {
        const EditNode& n = node_at(root, p);
        if (n.is_band())
          for (const auto& u : n.members()) prefix.push_back(u);
        p.push_back(path[k]);
      }
      const EditNode& self = node_at(root, path);
      std::vector<isl::union_pw_aff> with_self = prefix;
      if (self.is_band())
        for (const auto& u : self.members()) with_self.push_back(u);
      isl::set any = isl::manage(isl_set_from_union_set(cond.copy()));
      const auto dims = static_cast<std::size_t>(any.tuple_dim());
      std::vector<isl::union_pw_aff> chosen;
      if (dims == prefix.size() && dims > 0) chosen = prefix;
      else if (self.is_band() && dims == static_cast<std::size_t>(self.n_member())) chosen = self.members();
      else if (dims == with_self.size() && dims > 0) chosen = with_self;
      else
        throw InputError(arg.where, "the condition has " + std::to_string(dims) + " dimensions; the loops outside " +
                                        call.target + " give " + std::to_string(prefix.size()) +
                                        (self.is_band() ? " and " + call.target + " itself " +
                                                              std::to_string(self.n_member())
                                                        : std::string()));
      isl::union_map times = isl::union_map::from(members_to_multi(chosen)).intersect_domain(reach);
      inside = times.intersect_range(cond).domain();
    }
    const isl::union_set outside = reach.subtract(inside);
    if (inside.is_empty() || outside.is_empty())
      throw InputError(arg.where, "the condition does not split " + call.target + ": " +
                                      (inside.is_empty() ? "no" : "every") + " instance meets it");
    const EditPath top = top_of_marks(root, path);
    // The chain: name (kept above the new sequence) and tags (copied into both parts).
    std::string own_name = edit_node_name(root, path);
    std::vector<std::string> tags;
    for (EditPath p = path; p.size() > top.size();) {
      p.pop_back();
      const EditNode& m = node_at(root, p);
      if (m.is_mark() && !m.is_name_mark()) tags.insert(tags.begin(), m.mark);
    }
    const EditNode original = node_at(root, path);
    EditNode seq;
    seq.kind = EditNode::Kind::Sequence;
    for (int part = 0; part < 2; ++part) {
      EditNode copy = original;
      for (auto t = tags.rbegin(); t != tags.rend(); ++t) copy = make_mark(*t, std::move(copy));
      if (!names.empty()) copy = make_mark(names[static_cast<std::size_t>(part)], std::move(copy));
      seq.children.push_back(make_filter(part == 0 ? inside : outside, std::move(copy)));
    }
    EditNode replacement = own_name.empty() ? std::move(seq) : make_mark(own_name, std::move(seq));
    node_at(root, top) = std::move(replacement);
    CommandOutcome out;
    out.changed_statements = statements_in(ctx.program, reach);
    out.description = "splits " + call.target + " (" + list_text(out.changed_statements) + ") by " + arg.text +
                      " into two parts" + (names.empty() ? std::string() : " " + join(names));
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_index_set_split_command() { return std::make_unique<TreeIndexSetSplitCommand>(); }

}  // namespace loopscape

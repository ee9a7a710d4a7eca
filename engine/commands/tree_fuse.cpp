// SPDX-License-Identifier: Apache-2.0
// N.fuse(C0, C1 [, F]): fuses the bands C0, C1 (children of the sequence at or below N) into one band F.
#include <algorithm>

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class TreeFuseCommand : public CommandBase {
 public:
  std::string name() const override { return "fuse"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{repeated(parameter(ParameterKind::Node, "C", "a band to fuse"), 2)},
         {parameter(ParameterKind::NewNode, "F", "the name of the fused band")}}};
  }
  std::string summary() const override {
    return "Fuses bands C1, C2, ... (children of node N's sequence) into one band, named F when given, at the "
           "place of the first; their names move to what lies below them (every statement of the bands).";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath seq_path = require_node(root, call);
    // The sequence at or below N (through bands and marks).
    while (true) {
      const EditNode& n = node_at(root, seq_path);
      if (n.kind == EditNode::Kind::Sequence || n.kind == EditNode::Kind::Set) break;
      if ((n.is_band() || n.is_mark() || n.kind == EditNode::Kind::Domain) && n.children.size() == 1) {
        seq_path.push_back(0);
        continue;
      }
      throw InputError(call.where, "fuse needs a node with a sequence of children; " + call.target + " has none");
    }
    std::vector<const CommandArgument*> children;
    std::string fused_name;
    for (std::size_t k = 0; k < call.args.size(); ++k) {
      EditPath p;
      if (k + 1 == call.args.size() && k >= 2 && !find_named(root, call.args[k].text, p)) {
        fused_name = parse_identifier(call.args[k], "the fused band's name");
        if (ctx.program.find_statement(fused_name))
          throw InputError(call.args[k].where, "'" + fused_name + "' is a statement");
        break;
      }
      children.push_back(&call.args[k]);
    }
    if (children.size() < 2) throw InputError(call.where, "fuse takes at least two children of " + call.target);
    // Positions of the children in the sequence.
    struct Part {
      std::size_t position;
      std::string name;
      EditPath band;
    };
    std::vector<Part> parts;
    for (const CommandArgument* a : children) {
      EditPath p = require_named(root, *a);
      EditPath top = top_of_marks(root, p);
      const bool direct = top.size() == seq_path.size() + 2 &&
                          std::equal(seq_path.begin(), seq_path.end(), top.begin()) && top.back() == 0;
      if (!direct) throw InputError(a->where, a->text + " is not a child of " + call.target + "'s sequence");
      if (!node_at(root, p).is_band()) throw InputError(a->where, a->text + " is not a band (loop node)");
      const std::size_t pos = static_cast<std::size_t>(top[seq_path.size()]);
      for (const Part& q : parts)
        if (q.position == pos) throw InputError(a->where, a->text + " is given twice");
      parts.push_back({pos, a->text, p});
    }
    std::sort(parts.begin(), parts.end(), [](const Part& x, const Part& y) { return x.position < y.position; });
    int n = 1 << 30;
    for (const Part& q : parts) n = std::min(n, node_at(root, q.band).n_member());
    std::vector<isl::union_pw_aff> members;
    std::vector<std::string> names;
    EditNode sub;
    sub.kind = EditNode::Kind::Sequence;
    isl::union_set filter;
    std::vector<std::string> tags_dropped;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      EditNode& band = node_at(root, parts[i].band);
      split_band(band, n);
      std::vector<isl::union_pw_aff> m = band.members();
      std::vector<std::string> bn = band.loop_names;
      bn.resize(m.size());
      for (int k = 0; k < n; ++k) {
        const auto kk = static_cast<std::size_t>(k);
        if (i == 0) {
          members.push_back(m[kk]);
          names.push_back(bn[kk]);
        } else {
          members[kk] = upa_union(members[kk], m[kk]);
          if (names[kk] != bn[kk]) names[kk].clear();
        }
      }
      EditNode& f = node_at(root, {parts[i].band.begin(), parts[i].band.begin() + static_cast<long>(seq_path.size() + 1)});
      filter = i == 0 ? f.set : filter.unite(f.set);
      // Tags of the band applied to its first loop, which the fused band now holds.
      for (EditPath p = parts[i].band; p.size() > seq_path.size() + 2;) {
        p.pop_back();
        const EditNode& m2 = node_at(root, p);
        if (m2.is_mark() && !m2.is_name_mark()) tags_dropped.push_back(m2.mark);
      }
      sub.children.push_back(make_filter(f.set, make_mark(parts[i].name, std::move(band.children.at(0)))));
    }
    EditNode fused = make_band(members, names, std::move(sub));
    if (!fused_name.empty()) fused = make_mark(fused_name, std::move(fused));
    EditNode& seq = node_at(root, seq_path);
    std::vector<EditNode> kids;
    for (std::size_t k = 0; k < seq.children.size(); ++k) {
      if (k == parts[0].position) {
        kids.push_back(make_filter(filter, std::move(fused)));
        continue;
      }
      bool dropped = false;
      for (const Part& q : parts) dropped = dropped || q.position == k;
      if (!dropped) kids.push_back(std::move(seq.children[k]));
    }
    seq.children = std::move(kids);
    EditPath new_path = seq_path;
    new_path.push_back(static_cast<int>(parts[0].position));
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, new_path);
    std::vector<std::string> fused_names;
    for (const Part& q : parts) fused_names.push_back(q.name);
    out.description = "fuses bands " + list_text(fused_names) + " (" + list_text(out.changed_statements) + ")" +
                      (fused_name.empty() ? std::string() : " into band " + fused_name) + " over " +
                      std::to_string(n) + " loop" + (n == 1 ? "" : "s") +
                      (tags_dropped.empty() ? std::string() : "; tags dropped: " + join(tags_dropped));
    out.repair_hint = "shift one of the statements before fusing, or fuse fewer loops";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_fuse_command() { return std::make_unique<TreeFuseCommand>(); }

}  // namespace loopscape

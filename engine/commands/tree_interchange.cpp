// SPDX-License-Identifier: Apache-2.0
// N.interchange(2, 0, 1): permutes the first members of band N.
#include <algorithm>

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class TreeInterchangeCommand : public CommandBase {
 public:
  std::string name() const override { return "interchange"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{repeated(integer_parameter("p", "the old position of a loop"))}, {}}};
  }
  std::string summary() const override {
    return "Permutes the loops of band N: new loop k is old loop p_k; loops past the permutation stay "
           "(every statement of the band).";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path;
    EditNode& band = require_band_node(root, call, path);
    const int n = band.n_member();
    if (call.args.empty() || static_cast<int>(call.args.size()) > n)
      throw InputError(call.where, "interchange takes a permutation of 1 to " + std::to_string(n) +
                                       " loop positions of " + call.target);
    std::vector<long> perm;
    for (const CommandArgument& a : call.args) {
      const long p = parse_integer(a, "a loop position");
      if (p < 0 || p >= static_cast<long>(call.args.size()))
        throw InputError(a.where, "positions must be 0 to " + std::to_string(call.args.size() - 1));
      if (std::count(perm.begin(), perm.end(), p) > 0) throw InputError(a.where, "position " + a.text + " is repeated");
      perm.push_back(p);
    }
    std::vector<isl::union_pw_aff> m = band.members();
    std::vector<std::string> names = band.loop_names;
    names.resize(m.size());
    std::vector<isl::union_pw_aff> nm = m;
    std::vector<std::string> nn = names;
    std::vector<std::string> text;
    for (std::size_t k = 0; k < perm.size(); ++k) {
      nm[k] = m[static_cast<std::size_t>(perm[k])];
      nn[k] = names[static_cast<std::size_t>(perm[k])];
      text.push_back(std::to_string(perm[k]));
    }
    band.schedule = members_to_multi(nm);
    band.loop_names = nn;
    CommandOutcome out;
    out.changed_statements = statements_reaching(ctx.program, root, path);
    out.description = "permutes the loops of band " + call.target + " (" + list_text(out.changed_statements) +
                      ") as (" + join(text) + ")";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_interchange_command() { return std::make_unique<TreeInterchangeCommand>(); }

}  // namespace loopscape

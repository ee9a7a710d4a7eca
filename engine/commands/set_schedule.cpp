// S.set_schedule({ S[i, j] -> [j, i] }): the statement's loop functions, written by the user.

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/union_map.h>

namespace loopscape {
namespace {

class SetScheduleCommand : public CommandBase {
 public:
  std::string name() const override { return "set_schedule"; }
  std::string signature() const override { return "set_schedule({ S[i, j] -> [e1, e2, ...] })"; }
  std::string summary() const override {
    return "Sets the statement's loop functions from an isl map (one output per loop on the statement's path, "
           "outermost first; extra outputs become loops of its own below); the tree's structure and the other "
           "statements stay as they are.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    expect_argument_count(call, {1}, signature());
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    const CommandArgument& arg = call.args[0];
    isl::union_map um = parse_union_map_argument(program, arg);
    isl::union_map own = um.intersect_domain(isl::union_set(isl::set::universe(s.domain.space())));
    if (!own.subtract(um).is_empty() || !um.subtract(own).is_empty())
      throw InputError(arg.where, "the map must be on " + s.name + " only (" + s.name + "[" +
                                      join(s.iterators()) + "] -> [...])");
    if (!isl::union_set(s.domain).intersect_params(program.context).is_subset(um.domain()))
      throw InputError(arg.where, "the map must give a time to every instance of " + s.name);
    um = um.intersect_domain(isl::union_set(s.domain));
    if (!um.is_single_valued())
      throw InputError(arg.where, "the map must be a function (one time per instance of " + s.name + ")");
    isl::multi_union_pw_aff mupa = isl::manage(isl_multi_union_pw_aff_from_union_map(um.copy()));
    const int n = static_cast<int>(isl_multi_union_pw_aff_size(mupa.get()));
    EditNode root = to_edit_tree(schedule);
    const std::vector<StatementLoop> loops = statement_loops(program, root, s);
    if (n < static_cast<int>(loops.size()))
      throw InputError(arg.where, "the map gives " + std::to_string(n) + " times; " + s.name + " is in " +
                                      std::to_string(loops.size()) + " loops (one output each, outermost first)");
    for (std::size_t k = 0; k < loops.size(); ++k) {
      EditNode& band = node_at(root, loops[k].band);
      std::vector<isl::union_pw_aff> m = band.members();
      isl::union_pw_aff& u = m[static_cast<std::size_t>(loops[k].member)];
      u = upa_union(upa_except(u, s), isl::manage(isl_multi_union_pw_aff_get_at(mupa.get(), static_cast<int>(k))));
      band.schedule = members_to_multi(m);
    }
    if (n > static_cast<int>(loops.size())) {
      // Extra loops: a band of the statement's own above its leaf.
      std::vector<isl::union_pw_aff> extra;
      for (int k = static_cast<int>(loops.size()); k < n; ++k)
        extra.push_back(isl::manage(isl_multi_union_pw_aff_get_at(mupa.get(), k)));
      // Find the statement's leaf: descend along nodes reaching it.
      const isl::union_set mine = isl::union_set(isl::set::universe(s.domain.space()));
      EditNode* node = &root;
      isl::union_set reach = root.set;
      while (!node->children.empty()) {
        EditNode* next = nullptr;
        for (EditNode& c : node->children) {
          isl::union_set r = c.kind == EditNode::Kind::Filter ? reach.intersect(c.set) : reach;
          if (!r.intersect(mine).is_empty()) {
            next = &c;
            reach = r;
            break;
          }
        }
        if (!next) break;
        node = next;
      }
      if (!statements_in(program, reach).empty() && statements_in(program, reach).size() > 1)
        throw InputError(arg.where, "extra times need " + s.name + " in a leaf of its own");
      if (node->kind == EditNode::Kind::Leaf) *node = make_band(extra, {}, make_leaf());
    }
    CommandOutcome out;
    out.changed_statements = {s.name};
    out.description = "sets the schedule of " + s.name + " to " + arg.text;
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_set_schedule_command() { return std::make_unique<SetScheduleCommand>(); }

}  // namespace loopscape

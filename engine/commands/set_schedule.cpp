// SPDX-License-Identifier: Apache-2.0
// S.set_schedule({ S[i, j] -> [j, i] }): the statement's loop functions, written by the user.
// The map may cover other statements too (rescheduled in the same step), and
// N.set_schedule(...) on a tree node takes one for every statement below N.

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>

namespace loopscape {
namespace {

// The statements the map gives times to, in program order; InputError for a
// domain that is no statement.
std::vector<const Statement*> statements_of_map(const Program& program, const isl::union_map& um,
                                                const CommandArgument& arg) {
  std::vector<const Statement*> out;
  isl::union_set rest = um.domain();
  for (const std::string& name : statements_in(program, um.domain())) {
    const Statement* s = program.find_statement(name);
    out.push_back(s);
    rest = rest.subtract(isl::union_set(isl::set::universe(s->domain.space())));
  }
  if (!rest.is_empty())
    throw InputError(arg.where, "the map gives times to " + to_text(rest) + ", which is no statement of the program");
  return out;
}

// Statement s's loop functions from its part of `um` (one output per loop on
// its path, outermost first; extra outputs become a band of its own at its leaf).
void set_statement_schedule(const Program& program, EditNode& root, const Statement& s, const isl::union_map& um,
                            const CommandArgument& arg) {
  isl::union_map own = um.intersect_domain(isl::union_set(isl::set::universe(s.domain.space())));
  if (!isl::union_set(s.domain).intersect_params(program.context).is_subset(own.domain()))
    throw InputError(arg.where, "the map must give a time to every instance of " + s.name);
  own = own.intersect_domain(isl::union_set(s.domain));
  if (!own.is_single_valued())
    throw InputError(arg.where, "the map must be a function (one time per instance of " + s.name + ")");
  if (isl_union_set_n_set(own.range().get()) != 1)
    throw InputError(arg.where, "the map must give every instance of " + s.name + " times of one size");
  isl::multi_union_pw_aff mupa = isl::manage(isl_multi_union_pw_aff_from_union_map(own.copy()));
  const int n = static_cast<int>(isl_multi_union_pw_aff_size(mupa.get()));
  const std::vector<StatementLoop> loops = statement_loops(program, root, s);
  if (n < static_cast<int>(loops.size()))
    throw InputError(arg.where, "the map gives " + std::to_string(n) + " times to " + s.name + ", which is in " +
                                    std::to_string(loops.size()) + " loops (one output each, outermost first)");
  for (std::size_t k = 0; k < loops.size(); ++k) {
    EditNode& band = node_at(root, loops[k].band);
    std::vector<isl::union_pw_aff> m = band.members();
    isl::union_pw_aff& u = m[static_cast<std::size_t>(loops[k].member)];
    u = upa_union(upa_except(u, s), isl::manage(isl_multi_union_pw_aff_get_at(mupa.get(), static_cast<int>(k))));
    band.schedule = members_to_multi(m);
  }
  if (n == static_cast<int>(loops.size())) return;
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
  if (statements_in(program, reach).size() > 1)
    throw InputError(arg.where, "extra times need " + s.name + " in a leaf of its own");
  if (node->kind == EditNode::Kind::Leaf) *node = make_band(extra, {}, make_leaf());
}

CommandOutcome set_schedules(const Program& program, const isl::schedule& schedule,
                             const std::vector<const Statement*>& statements, const isl::union_map& um,
                             const CommandArgument& arg) {
  EditNode root = to_edit_tree(schedule);
  CommandOutcome out;
  for (const Statement* s : statements) {
    set_statement_schedule(program, root, *s, um, arg);
    out.changed_statements.push_back(s->name);
  }
  out.description = "sets the schedule of " + list_text(out.changed_statements) + " to " + arg.text;
  out.schedule = to_schedule(root);
  return out;
}

class SetScheduleCommand : public CommandBase {
 public:
  std::string name() const override { return "set_schedule"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::IslMap, "map", "the loop functions { S[i, j] -> [e1, e2, ...]; ... }")}, {}}};
  }
  std::string summary() const override {
    return "Sets the statement's loop functions from an isl map (one output per loop on the statement's path, "
           "outermost first; extra outputs become loops of its own below); the map may give other statements "
           "their loop functions too, in the same step. The tree's structure stays as it is.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    const CommandArgument& arg = call.args[0];
    const isl::union_map um = parse_union_map_argument(program, arg);
    const std::vector<const Statement*> statements = statements_of_map(program, um, arg);
    if (std::find(statements.begin(), statements.end(), &s) == statements.end())
      throw InputError(arg.where, "the map must give times to " + s.name + " (" + s.name + "[" +
                                      join(s.iterators()) + "] -> [...])");
    return set_schedules(program, schedule, statements, um, arg);
  }
};

class TreeSetScheduleCommand : public CommandBase {
 public:
  CommandTarget target() const override { return CommandTarget::Node; }
  std::string name() const override { return "set_schedule"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::IslMap, "map", "the loop functions { S[i, j] -> [e1, ...]; T[k] -> [...] }")}, {}}};
  }
  std::string summary() const override {
    return "Sets the loop functions of every statement below node N from one isl map, checked as one step "
           "(per statement as in the statement form: one output per loop on its path, outermost first).";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const CommandArgument& arg = call.args[0];
    const EditNode root = to_edit_tree(schedule);
    const std::vector<std::string> below = statements_reaching(program, root, require_node(root, call));
    const isl::union_map um = parse_union_map_argument(program, arg);
    const std::vector<const Statement*> statements = statements_of_map(program, um, arg);
    std::vector<std::string> covered;
    for (const Statement* s : statements) {
      if (std::find(below.begin(), below.end(), s->name) == below.end())
        throw InputError(arg.where, s->name + " is not below " + call.target + " (below it: " + list_text(below) +
                                        ")");
      covered.push_back(s->name);
    }
    std::vector<std::string> missing;
    for (const std::string& b : below)
      if (std::find(covered.begin(), covered.end(), b) == covered.end()) missing.push_back(b);
    if (!missing.empty())
      throw InputError(arg.where, "the map must give times to every statement below " + call.target +
                                      "; it misses " + list_text(missing));
    return set_schedules(program, schedule, statements, um, arg);
  }
};

}  // namespace

std::unique_ptr<Command> make_set_schedule_command() { return std::make_unique<SetScheduleCommand>(); }
std::unique_ptr<Command> make_tree_set_schedule_command() { return std::make_unique<TreeSetScheduleCommand>(); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// N.reschedule({ S0[i, j] -> [...]; S1[...] -> [...] }): sets the schedule of every statement below N at once.
// The automatic schedule's fallback when isl's schedule cannot be reached by loop commands.

#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

#include <isl/aff.h>
#include <isl/union_map.h>

#include <map>
#include <optional>

namespace loopscape {
namespace {

// Time `member`'s value for statement `s` when it is one integer for all of
// its instances (a position in a sequence), nullopt when it varies or
// depends on the parameters.
std::optional<long> constant_time(const isl::union_pw_aff& member, const Statement& s) {
  isl_space* space = isl_space_from_domain(s.domain.space().release());
  space = isl_space_add_dims(space, isl_dim_out, 1);
  isl_pw_aff* pa = isl_union_pw_aff_extract_pw_aff(member.get(), space);
  std::optional<long> value;
  if (pa && isl_pw_aff_n_piece(pa) == 1 && isl_pw_aff_is_cst(pa) == isl_bool_true) {
    isl_pw_aff_foreach_piece(
        pa,
        [](isl_set* set, isl_aff* aff, void* user) {
          isl_set_free(set);
          auto* out = static_cast<std::optional<long>*>(user);
          if (isl_aff_is_cst(aff) == isl_bool_true && isl_aff_dim(aff, isl_dim_param) >= 0) {
            isl_val* v = isl_aff_get_constant_val(aff);
            bool parametric = false;
            for (int k = 0; k < isl_aff_dim(aff, isl_dim_param); ++k) {
              isl_val* c = isl_aff_get_coefficient_val(aff, isl_dim_param, k);
              parametric |= isl_val_is_zero(c) != isl_bool_true;
              isl_val_free(c);
            }
            if (!parametric && isl_val_is_int(v) == isl_bool_true) *out = isl_val_get_num_si(v);
            isl_val_free(v);
          }
          isl_aff_free(aff);
          return isl_stat_ok;
        },
        &value);
  }
  isl_pw_aff_free(pa);
  return value;
}

// The tree isl's AST generator would see in the flat times: a dimension that
// is one integer per statement and differs between them is a sequence (in the
// order of its values); one that is the same integer for all orders nothing
// and is dropped; the others, between those, are one band. So the loops
// below keep the nesting of the schedule they came from and can be tiled one
// nest at a time.
EditNode tree_of_times(const Program& program, const isl::union_set& domain,
                       const std::vector<isl::union_pw_aff>& times, std::size_t from) {
  std::vector<const Statement*> statements;
  for (const std::string& name : statements_in(program, domain)) statements.push_back(program.find_statement(name));
  std::vector<isl::union_pw_aff> members;
  std::map<long, std::vector<const Statement*>> groups;
  std::size_t d = from;
  for (; d < times.size(); ++d) {
    std::map<long, std::vector<const Statement*>> by_value;
    bool constant = true;
    for (const Statement* s : statements) {
      const std::optional<long> v = constant_time(times[d], *s);
      if (!v) {
        constant = false;
        break;
      }
      by_value[*v].push_back(s);
    }
    if (!constant) {
      members.push_back(times[d].intersect_domain(domain));
      continue;
    }
    if (by_value.size() > 1) {
      groups = std::move(by_value);
      break;
    }
  }
  EditNode below = make_leaf();
  if (!groups.empty()) {
    below = EditNode();
    below.kind = EditNode::Kind::Sequence;
    for (const auto& [value, group] : groups) {
      isl::union_set part = isl::union_set::empty(domain.ctx());
      for (const Statement* s : group) part = part.unite(domain.intersect(isl::union_set(isl::set::universe(s->domain.space()))));
      below.children.push_back(make_filter(part, tree_of_times(program, part, times, d + 1)));
    }
  }
  return members.empty() ? below : make_band(members, {}, std::move(below));
}

class TreeRescheduleCommand : public CommandBase {
 public:
  std::string name() const override { return "reschedule"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::IslMap, "map", "the times { S0[i, j] -> [e1, ...]; S1[...] -> [...] }")}, {}}};
  }
  std::string summary() const override {
    return "Replaces everything below node N by the given times for every statement below it (all outputs of "
           "the same length): a time that is one integer per statement orders them as a sequence, the others "
           "become bands between; loops keep their iterator names where a time is +-i + c.";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    EditNode root = to_edit_tree(schedule);
    EditPath path = require_node(root, call);
    if (node_at(root, path).kind == EditNode::Kind::Domain) path.push_back(0);
    const isl::union_set below = domain_at(root, path);
    const CommandArgument& arg = call.args[0];
    isl::union_map map = parse_union_map_argument(program, arg);
    if (!map.domain().is_subset(isl::union_set(below.universe())))
      throw InputError(arg.where, "the map must be on the statements below " + call.target + " only (" +
                                      list_text(statements_in(program, below)) + ")");
    if (!below.intersect_params(program.context).is_subset(map.domain()))
      throw InputError(arg.where, "the map must give a time to every instance of " +
                                      list_text(statements_in(program, below)));
    map = map.intersect_domain(below);
    if (!map.is_single_valued())
      throw InputError(arg.where, "the map must be a function (one time per instance)");
    isl_multi_union_pw_aff* raw = isl_multi_union_pw_aff_from_union_map(map.copy());
    if (!raw) {
      isl_ctx_reset_error(program.ctx().get());
      throw InputError(arg.where, "the times must all have the same number of values");
    }
    isl::multi_union_pw_aff times = isl::manage(raw);
    const int n = static_cast<int>(isl_multi_union_pw_aff_size(times.get()));
    if (n == 0) throw InputError(arg.where, "the map must give at least one time dimension");
    std::vector<isl::union_pw_aff> members;
    for (int k = 0; k < n; ++k) members.push_back(isl::manage(isl_multi_union_pw_aff_get_at(times.get(), k)));
    node_at(root, path) = tree_of_times(program, below, members, 0);
    CommandOutcome out;
    out.changed_statements = statements_in(program, below);
    out.description = "sets the schedule of " + list_text(out.changed_statements) + " below " + call.target +
                      " to the given times (" + std::to_string(n) + " dimension" + (n == 1 ? "" : "s") + ")";
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_reschedule_command() { return std::make_unique<TreeRescheduleCommand>(); }

}  // namespace loopscape

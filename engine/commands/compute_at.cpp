// SPDX-License-Identifier: Apache-2.0
// P.compute_at(C, L): computes producer P inside consumer C's loops down to L.

#include "commands/builtin_commands.h"
#include "commands/ordering.h"
#include "commands/preconditions.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

namespace loopscape {
namespace {

// The smallest value of `v(sink) - u(source)` over the pairs of `deps`, when it is a constant.
std::optional<long> min_distance(const isl::union_map& deps, const isl::union_pw_aff& u, const isl::union_pw_aff& v) {
  if (deps.is_empty()) return std::nullopt;
  isl::union_map um = isl::union_map::from(isl::multi_union_pw_aff(u));
  isl::union_map vm = isl::union_map::from(isl::multi_union_pw_aff(v));
  isl::union_map times = deps.apply_domain(um).apply_range(vm);
  isl::union_set deltas = times.deltas();
  if (deltas.is_empty()) return std::nullopt;
  isl::set d = isl::manage(isl_set_from_union_set(deltas.release()));
  // The smallest distance for any parameter values.
  d = isl::manage(isl_set_project_out(d.release(), isl_dim_param, 0,
                                      static_cast<unsigned>(isl_set_dim(d.get(), isl_dim_param))));
  isl_ctx* ctx = d.ctx().get();
  isl_pw_aff* raw_low = isl_set_dim_min(d.release(), 0);
  if (!raw_low) {
    // No smallest distance (unbounded over the parameters): no constant shift.
    isl_ctx_reset_error(ctx);
    return std::nullopt;
  }
  isl::pw_aff low = isl::manage(raw_low);
  if (isl_pw_aff_n_piece(low.get()) != 1 || !isl_pw_aff_is_cst(low.get())) return std::nullopt;
  std::optional<long> value;
  isl_pw_aff_foreach_piece(
      low.get(),
      [](isl_set* set, isl_aff* aff, void* user) -> isl_stat {
        isl_val* c = isl_aff_get_constant_val(aff);
        if (isl_val_is_int(c)) *static_cast<std::optional<long>*>(user) = isl_val_get_num_si(c);
        isl_val_free(c);
        isl_aff_free(aff);
        isl_set_free(set);
        return isl_stat_ok;
      },
      &value);
  return value;
}

class ComputeAtCommand : public CommandBase {
 public:
  std::string name() const override { return "compute_at"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::Statement, "C", "the consumer statement"),
          loop_parameter("L", "the loop of C to compute inside")}, {}}};
  }
  std::string summary() const override {
    return "Computes this statement (a producer) inside the loops of consumer C down to L, just before C, "
           "shifted so each value is produced before C reads it (no redundant computation: refused when no "
           "constant shift exists).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule&, const std::string& statement,
                          const std::string&) const override {
    return preconditions::no_other_statement(context.program, statement);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const Statement& producer = require_statement(program, call);
    const Statement* consumer = program.find_statement(call.args[0].text);
    if (!consumer) throw InputError(call.args[0].where, "'" + call.args[0].text + "' is not a statement");
    // Fuse first without shifts to learn the loop functions at the shared levels.
    PlacementResult plain = place_statement(program, schedule, producer, *consumer, call.args[1], false);
    EditNode root = to_edit_tree(plain.schedule);
    const std::vector<StatementLoop> ploops = statement_loops(program, root, producer);
    const std::vector<StatementLoop> cloops = statement_loops(program, root, *consumer);
    // Producer -> consumer dependences (values the consumer reads).
    isl::union_map deps = isl::union_map::empty(program.ctx());
    for (const Dependence& d : ctx.dependences.list)
      if (d.source_statement == producer.name && d.sink_statement == consumer->name &&
          d.kind == DependenceKind::ReadAfterWrite)
        deps = deps.unite(isl::union_map(d.relation));
    std::vector<long> shifts;
    for (int level = 0; level < plain.shared_levels; ++level) {
      const auto k = static_cast<std::size_t>(level);
      const isl::union_pw_aff u = upa_on(node_at(root, ploops[k].band).member(ploops[k].member), producer);
      const isl::union_pw_aff v = upa_on(node_at(root, cloops[k].band).member(cloops[k].member), *consumer);
      long shift = 0;
      if (!deps.is_empty()) {
        std::optional<long> m = min_distance(deps, u, v);
        if (!m)
          throw InputError(call.where, "compute_at: the values " + consumer->name + " reads from " + producer.name +
                                           " are at no constant distance along loop " + cloops[k].name +
                                           "; no shift makes the producer run first");
        if (*m < 0) shift = *m;
        // Pairs now at distance 0 stay constrained at the next level; the rest are carried here.
        isl::union_map um = isl::union_map::from(isl::multi_union_pw_aff(upa_add_constant(u, shift)));
        isl::union_map vm = isl::union_map::from(isl::multi_union_pw_aff(v));
        isl::union_map same = um.apply_range(vm.reverse());
        deps = deps.intersect(same);
      }
      shifts.push_back(shift);
    }
    CommandArgument anchor{consumer->name, call.args[0].where};
    CommandOutcome out = order_statements(ctx, call, schedule, producer, anchor, call.args[1], false, shifts);
    std::vector<std::string> shift_text;
    bool any = false;
    for (long s : shifts) {
      shift_text.push_back(std::to_string(s));
      any = any || s != 0;
    }
    out.description = "computes " + producer.name + " inside loops " + join(plain.shared_loop_names) + " of " +
                      consumer->name + ", before it" + (any ? " (" + producer.name + " shifted by " + join(shift_text) + ")" : "");
    out.repair_hint = "compute " + producer.name + " at an outer loop of " + consumer->name;
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_compute_at_command() { return std::make_unique<ComputeAtCommand>(); }

}  // namespace loopscape

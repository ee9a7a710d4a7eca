// SPDX-License-Identifier: Apache-2.0
#include "commands/tag_support.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <cctype>

#include "analysis/legality.h"
#include "analysis/reductions.h"
#include "commands/schedule_edit.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"

namespace loopscape::tag_support {

namespace {
std::string trim(const std::string& text) {
  std::size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return text.substr(b, e - b);
}
}  // namespace

bool is_list(const CommandArgument& arg) {
  const std::string t = trim(arg.text);
  return !t.empty() && t.front() == '{';
}

std::vector<std::string> parse_list(const CommandArgument& arg) {
  std::string t = trim(arg.text);
  std::vector<std::string> items;
  if (!t.empty() && t.front() == '{') {
    if (t.back() != '}') throw InputError(arg.where, "unterminated list '" + arg.text + "': expected {a, b, ...}");
    t = trim(t.substr(1, t.size() - 2));
    if (t.empty()) return items;
  }
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = t.find(',', start);
    const std::string item = trim(t.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (item.empty()) throw InputError(arg.where, "empty item in the list '" + arg.text + "'");
    items.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

std::vector<StatementLoop> loops_of(const Program& program, const isl::schedule& schedule,
                                    const Statement& statement) {
  return statement_loops(program, to_edit_tree(schedule), statement);
}

TagLoop resolve_tag_loop(const Program& program, const isl::schedule& schedule, const Statement& statement,
                         const CommandArgument& loop) {
  TagLoop out;
  out.loop = resolve_band_member(program, schedule, statement, loop);
  const EditNode root = to_edit_tree(schedule);
  const StatementLoop l = resolve_loop(program, root, statement, loop);
  const std::vector<StatementLoop> all = statement_loops(program, root, statement);
  for (std::size_t d = 0; d < all.size(); ++d)
    if (all[d].band == l.band && all[d].member == l.member) out.depth = static_cast<int>(d);
  out.iterator = l.iterator;
  out.reversed = l.reversed;
  return out;
}

isl::schedule tag(const ResolvedBandMember& loop, const LoopTag& t) {
  return tag_band_member(loop.band, loop.member, t).schedule();
}

std::optional<long> constant_extent(const Program& program, const Statement& statement,
                                    const ResolvedBandMember& loop) {
  std::optional<long> result;
  program.isl().bounded("trip count of a loop of " + statement.name, [&] {
    isl::schedule_node band = skip_marks(loop.band);
    isl::union_pw_aff upa = band.as<isl::schedule_node_band>().partial_schedule().at(loop.member);
    isl_space* space = isl_space_add_dims(isl_space_from_domain(statement.domain.space().release()), isl_dim_out, 1);
    isl::pw_aff pa = isl::manage(isl_union_pw_aff_extract_pw_aff(upa.copy(), space));
    isl::set dom = statement.domain.intersect_params(program.context);
    dom = dom.intersect(node_domain(band).extract_set(statement.domain.space()));
    if (dom.is_empty()) return;
    isl::set values = isl::manage(isl_map_from_pw_aff(pa.copy())).intersect_domain(dom).range();
    isl::aff var = isl::manage(
        isl_aff_var_on_domain(isl_local_space_from_space(values.space().release()), isl_dim_set, 0));
    isl::val hi = values.max_val(var), lo = values.min_val(var);
    if (!hi.is_int() || !lo.is_int()) return;
    result = hi.sub(lo).get_num_si() + 1;
  });
  return result;
}

CommandOutcome split_loop(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                          const CommandArgument& loop, long factor, const CommandArgument& outer,
                          const CommandArgument& inner) {
  const Command* split = find_command("split", CommandTarget::Statement);
  if (!split) throw InputError(call.where, call.command + " needs the split command, which is not available");
  CommandCall c;
  c.target = call.target;
  c.command = "split";
  c.where = call.where;
  c.args = {loop, CommandArgument{std::to_string(factor), loop.where}, outer, inner};
  return split->apply(context, c, schedule);
}

std::string loop_phrase(const TagLoop& loop, const Statement& statement) {
  std::string s = "loop " + loop.loop.name + " of ";
  if (loop.loop.statements.size() > 1)
    s += list_text(loop.loop.statements) + " (fused band" + (loop.loop.band_name.empty() ? "" : " " + loop.loop.band_name) + ")";
  else
    s += statement.name;
  return s;
}

std::vector<std::string> tagged_statements(const TagLoop& loop) {
  return loop.loop.statements;
}

CommandOutcome tag_one_loop(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                            const LoopTag& t, const std::string& what, const std::string& repair_hint,
                            const std::string& replaces) {
  const Statement& s = require_statement(context.program, call);
  const TagLoop loop = resolve_tag_loop(context.program, schedule, s, call.args.at(0));
  CommandOutcome out;
  isl::schedule_node tagged = tag_band_member(loop.loop.band, loop.loop.member, t);
  if (!replaces.empty()) tagged = remove_tags(tagged, replaces);
  out.schedule = tagged.schedule();
  out.description = "tags " + loop_phrase(loop, s) + " " + what;
  out.changed_statements = tagged_statements(loop);
  out.repair_hint = repair_hint;
  return out;
}

CommandOutcome split_and_tag(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                             long factor, const LoopTag& t, const std::string& what, const std::string& repair_hint) {
  const Statement& s = require_statement(context.program, call);
  const TagLoop loop = resolve_tag_loop(context.program, schedule, s, call.args.at(0));
  CommandOutcome out;
  out.repair_hint = repair_hint;
  if (call.args.size() < 4) {
    const std::optional<long> extent = constant_extent(context.program, s, loop.loop);
    if (extent && *extent <= factor) {
      out.schedule = tag(loop.loop, t);
      out.description = "tags " + loop_phrase(loop, s) + " " + what + " (its " + std::to_string(*extent) +
                        " iteration" + (*extent == 1 ? "" : "s") + " need no split)";
      out.changed_statements = tagged_statements(loop);
      return out;
    }
  }
  CommandArgument outer{loop.loop.name + "0", call.where}, inner{loop.loop.name + "1", call.where};
  if (call.args.size() == 4) {
    outer = call.args[2];
    inner = call.args[3];
    parse_identifier(outer, "the outer loop name");
    parse_identifier(inner, "the inner loop name");
  } else {
    for (const StatementLoop& l : loops_of(context.program, schedule, s))
      if (l.name == outer.text || l.name == inner.text)
        throw InputError(call.where, s.name + " already has a loop named " + l.name + ": name the new loops, " +
                                         call.command + "(" + loop.loop.name + ", " + std::to_string(factor) +
                                         ", Lo, Li)");
  }
  CommandOutcome split = split_loop(context, call, schedule, call.args[0], factor, outer, inner);
  const TagLoop in = resolve_tag_loop(context.program, split.schedule, s, inner);
  out.schedule = tag(in.loop, t);
  out.description = split.description + ", then tags " + loop_phrase(in, s) + " " + what;
  out.changed_statements = split.changed_statements;
  for (const std::string& n : tagged_statements(in))
    if (std::find(out.changed_statements.begin(), out.changed_statements.end(), n) == out.changed_statements.end())
      out.changed_statements.push_back(n);
  return out;
}

std::string parallel_note(const CommandContext& context, const CommandCall& call, const isl::schedule& tagged,
                          const std::string& worker, const std::string& how, std::size_t argument) {
  const Statement& s = require_statement(context.program, call);
  const TagLoop loop = resolve_tag_loop(context.program, tagged, s, call.args.at(argument));
  if (loop.loop.member != 0) return {};
  const LoopDependenceCheck carried = carried_by(context.program, context.dependences, loop.loop.band, loop.loop.member);
  const ParallelPlan plan = parallel_plan(context.program, context.dependences, loop.loop.band, carried);
  if (!plan.possible) return {};
  auto names = [](const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& n : list) out += (out.empty() ? "" : ", ") + n;
    return out;
  };
  std::string note;
  if (!plan.private_scalars.empty())
    note += ", with a private copy of " + names(plan.private_scalars) + " in each " + worker;
  if (plan.reductions.empty()) return note;
  bool rounds = false;  // a floating-point sum or product: reassociating it rounds differently
  for (const std::string& a : plan.reductions) {
    const Array* array = context.program.find_array(a);
    const bool floating = array && (array->element_type.find("float") != std::string::npos ||
                                    array->element_type.find("double") != std::string::npos);
    for (const Statement& st : context.program.statements)
      if (const std::optional<Reduction> r = statement_reduction(st);
          r && r->array == a && floating && (r->op == ReductionOperator::Sum || r->op == ReductionOperator::Product))
        rounds = true;
  }
  return note + ", as a reduction of " + names(plan.reductions) + ": " + how +
         (rounds ? std::string(" in another order than the loop's, so the floating-point result may differ in its last bits")
                 : std::string(" (the result is the same in any order)"));
}

}  // namespace loopscape::tag_support

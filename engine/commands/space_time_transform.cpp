// SPDX-License-Identifier: Apache-2.0
// S.space_time_transform({s1, s2, ...} [, {c1, c2, ...}] [, CheckTime]):
// T2S's space-time transform (spec 004). The listed loops, which must be the
// innermost loops of S and contiguous, become the processing elements
// (space); the loop directly around them, L, becomes time
//     t = L + c1*s1 + c2*s2 + ...      (ck = 0 without the vector)
// and the loops outside L are unchanged. Every dependence d between
// instances of the nest must satisfy T . d > 0 (or d = 0), checked here with
// analysis/legality.h check_space_time; a refusal is an InputError naming
// one dependence pair and its T . d.
//
// A chained call is a further projection: its space loops must be a proper
// subset of the previous call's space loops (again the innermost ones), and
// its time loop is the previous space loop directly around them. Every
// dependence already has a positive distance on the earlier time loop, so
// the chained projection needs no further dependence check.
//
// The schedule is really transformed: the time loop's band member becomes t
// (a loop named t1, t2, ... in order of projection, schedule/loop_names.h),
// it is tagged "@time(t1=k+2*i+3*j)" (plus ",check" with CheckTime, which
// asks printers for the T2S run-time check), and each space loop gets a band
// of its own tagged "@space". The legality check treats space like parallel:
// with T . d > 0 no dependence stays inside one time step, so the space loops
// carry none and the generated sequential code computes the same values.
#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "analysis/legality.h"
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/tag_support.h"
#include "schedule/loop_names.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"

namespace loopscape {
namespace {

bool is_flag(const CommandArgument& a) {
  std::string t = a.text;
  const std::string prefix = "SpaceTimeTransform::";
  if (t.rfind(prefix, 0) == 0) t = t.substr(prefix.size());
  return t == "CheckTime" || t == "NoCheckTime";
}

// The statements sharing the statement's loops from `from` inward in the
// current schedule (the statement first). Each must share every one of those
// loops, as the same source loop, or the nest is not perfect.
std::vector<std::string> nest_in_schedule(const Program& program, const isl::schedule& schedule, const Statement& s,
                                          const std::vector<StatementLoop>& loops, int from,
                                          const SourceLocation& where) {
  const EditNode root = to_edit_tree(schedule);
  const StatementLoop& first = loops.at(static_cast<std::size_t>(from));
  std::vector<std::string> nest{s.name};
  for (const std::string& name : statements_reaching(program, root, first.band)) {
    if (name == s.name) continue;
    const std::vector<StatementLoop> theirs = statement_loops(program, root, *program.find_statement(name));
    bool same = theirs.size() == loops.size();
    for (std::size_t d = 0; same && d < loops.size(); ++d)
      same = theirs[d].band == loops[d].band && theirs[d].member == loops[d].member &&
             theirs[d].iterator == loops[d].iterator && theirs[d].iterator >= 0 && !theirs[d].created &&
             theirs[d].reversed == loops[d].reversed;
    if (!same)
      throw InputError(where, name + " shares loop " + first.name + " with " + s.name +
                                  " but not all of its loops: the nest is not perfect");
    nest.push_back(name);
  }
  return nest;
}

class SpaceTimeTransformCommand : public CommandBase {
 public:
  std::string name() const override { return "space_time_transform"; }
  std::vector<CommandSyntax> syntaxes() const override {
    const CommandParameter space = parameter(ParameterKind::List, "space", "the space loops {s1, ...}");
    const CommandParameter coefficients =
        parameter(ParameterKind::List, "coefficients", "the time coefficients {c1, ...}");
    const CommandParameter check = parameter(ParameterKind::Flag, "check", "CheckTime or NoCheckTime");
    return {{{space}, {coefficients}}, {{space, check}, {}}, {{space, coefficients, check}, {}}};
  }

  std::string summary() const override {
    return "Map the innermost loops to processing elements (space) and the loop around them to time "
           "t = L + c1*s1 + ...; every dependence needs T.d > 0.";
  }

  // The loops must be the source loops for a first projection; a chained one
  // needs at least two of the earlier projection's space loops.
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string&) const override {
    const preconditions::Place place = preconditions::locate(context, schedule, statement, "");
    if (!place.problem.empty()) return place.problem;
    if (std::string why = preconditions::too_few_loops(place, 2, false); !why.empty()) return why;
    int previous_time = -1;
    if (preconditions::has_tag_anywhere(context, schedule, "time"))
      for (const auto& [depth, tag] : statement_tags(context.program, schedule, *place.statement))
        if (tag.kind == "time") previous_time = std::max(previous_time, depth);
    if (previous_time >= 0)
      return static_cast<int>(place.loops.size()) - previous_time - 1 >= 2
                 ? ""
                 : "the earlier projection left one space loop: nothing to project further";
    for (const StatementLoop& l : place.loops)
      if (l.iterator < 0 || l.created)
        return "loop " + (l.name.empty() ? std::string("(unnamed)") : l.name) + " of " + statement +
               " is no source loop: apply it before tiling or skewing";
    return "";
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    using namespace tag_support;
    const Program& program = context.program;
    const Statement& s = require_statement(program, call);

    // Arguments.
    const std::vector<std::string> space = parse_list(call.args[0]);
    std::vector<long> coefficients(space.size(), 0);
    bool check_time = false;
    const CommandArgument* vector_arg = nullptr;
    for (std::size_t a = 1; a < call.args.size(); ++a) {
      if (is_flag(call.args[a])) {
        if (a + 1 != call.args.size())
          throw InputError(call.args[a].where, "CheckTime must be the last argument");
        check_time = call.args[a].text.find("NoCheckTime") == std::string::npos;
      } else if (a == 1) {
        vector_arg = &call.args[a];
      } else {
        throw InputError(call.args[a].where, "expected CheckTime or NoCheckTime, not '" + call.args[a].text + "'");
      }
    }
    if (vector_arg) {
      const std::vector<std::string> items = parse_list(*vector_arg);
      if (items.size() != space.size())
        throw InputError(vector_arg->where, "the scheduling vector has " + std::to_string(items.size()) +
                                                " coefficient" + (items.size() == 1 ? "" : "s") + " but " +
                                                std::to_string(space.size()) + " space loop" +
                                                (space.size() == 1 ? " is" : "s are") +
                                                " given: one coefficient per space loop");
      for (std::size_t k = 0; k < items.size(); ++k)
        coefficients[k] = parse_integer(CommandArgument{items[k], vector_arg->where}, "a scheduling coefficient");
    }
    std::set<std::string> seen;
    for (const std::string& l : space)
      if (!seen.insert(l).second) throw InputError(call.args[0].where, "space loop " + l + " is listed twice");

    // The statement's loops and an earlier projection.
    const std::vector<StatementLoop> loops = loops_of(program, schedule, s);
    const int n = static_cast<int>(loops.size());
    const int k = static_cast<int>(space.size());
    int previous_time = -1, projections = 0;
    for (const auto& [depth, t] : statement_tags(program, schedule, s))
      if (t.kind == "time") {
        previous_time = std::max(previous_time, depth);
        ++projections;
      }
    std::vector<int> space_depths;
    for (const std::string& l : space)
      space_depths.push_back(resolve_tag_loop(program, schedule, s, CommandArgument{l, call.args[0].where}).depth);
    const int time_depth = n - k - 1;
    if (previous_time >= 0 && k >= n - previous_time - 1) {
      std::vector<std::string> previous;
      for (int d = previous_time + 1; d < n; ++d) previous.push_back(loops[std::size_t(d)].name);
      throw InputError(call.args[0].where, "a further projection needs a proper subset of the previous space loops (" +
                                               join(previous) + ")");
    }
    if (time_depth < 0 || time_depth <= previous_time)
      throw InputError(call.args[0].where,
                       "no loop is left for time: the loop directly around the space loops becomes time, and " +
                           std::string(previous_time >= 0 ? "the earlier projection's time loop may not be reused"
                                                          : "every loop of " + s.name + " would be a space loop"));

    std::string checked;
    if (previous_time < 0) {
      // First projection: the dependence condition on the source loops.
      SpaceTimeRequest request;
      request.statement = s.name;
      for (const StatementLoop& l : loops) {
        if (l.iterator < 0 || l.created)
          throw InputError(call.where, "space_time_transform works on the source loops of " + s.name +
                                           ", and loop " + (l.name.empty() ? "(unnamed)" : l.name) +
                                           " is none: apply it before tiling or skewing");
        request.loop_order.push_back(s.loops.at(static_cast<std::size_t>(l.iterator)).iterator);
      }
      request.space_loops = space;
      request.time_vector = t2s_vector(request.loop_order, space, coefficients);
      for (int d = 0; d < n; ++d)
        if (loops[static_cast<std::size_t>(d)].reversed) request.time_vector[static_cast<std::size_t>(d)] *= -1;
      request.nest = nest_in_schedule(program, schedule, s, loops, time_depth, call.args[0].where);
      const SpaceTimeCheck check = check_space_time(program, context.dependences, request);
      if (!check.errors.empty()) throw InputError(call.args[0].where, join(check.errors, "; "));
      if (!check.violations.empty()) {
        const SpaceTimeViolation& v = check.violations.front();
        std::string t;
        for (std::size_t d = 0; d < request.time_vector.size(); ++d)
          t += (d ? ", " : "") + std::to_string(request.time_vector[d]);
        throw InputError(vector_arg ? vector_arg->where : call.args[0].where,
                         "the time schedule T = (" + t + ") over (" + join(request.loop_order) +
                             ") breaks a dependence: " + v.explanation +
                             (check.violations.size() > 1
                                  ? " (" + std::to_string(check.violations.size() - 1) + " more dependence" +
                                        (check.violations.size() == 2 ? "" : "s") + " broken)"
                                  : std::string()) +
                             "; choose coefficients with T . d > 0 for every dependence distance d");
      }
      checked = "T . d > 0 for every dependence";
    } else {
      // Chained projection: inside the previous space loops.
      std::vector<std::string> previous;
      for (int d = previous_time + 1; d < n; ++d) previous.push_back(loops[std::size_t(d)].name);
      for (std::size_t q = 0; q < space.size(); ++q)
        if (space_depths[q] <= previous_time)
          throw InputError(call.args[0].where, "loop " + space[q] + " is not a space loop of the previous projection (" +
                                                   join(previous) + ")");
      if (k >= static_cast<int>(previous.size()))
        throw InputError(call.args[0].where, "a further projection needs a proper subset of the previous space loops (" +
                                                 join(previous) + ")");
      checked = "every dependence already advances the earlier time loop";
    }
    for (std::size_t q = 0; q < space.size(); ++q)
      if (space_depths[q] <= time_depth)
        throw InputError(call.args[0].where, "loop " + space[q] + " is not among the innermost " + std::to_string(k) +
                                                 " loops of " + s.name +
                                                 ": space loops must be innermost and contiguous (reorder first)");

    // t = L + sum c_q * s_q, on the band members' values.
    const TagLoop time = resolve_tag_loop(program, schedule, s,
                                          CommandArgument{loops[std::size_t(time_depth)].name, call.where});
    if (loops[std::size_t(time_depth)].name.empty())
      throw InputError(call.where, "the loop around the space loops has no name to address it");
    isl::schedule_node band = skip_marks(time.loop.band);
    isl::multi_union_pw_aff partial = band.as<isl::schedule_node_band>().partial_schedule();
    isl::union_pw_aff t = partial.at(time.loop.member);
    std::string formula = time.loop.name;
    for (std::size_t q = 0; q < space.size(); ++q) {
      if (coefficients[q] == 0) continue;
      const TagLoop sl = resolve_tag_loop(program, schedule, s, CommandArgument{space[q], call.args[0].where});
      isl::union_pw_aff m = skip_marks(sl.loop.band).as<isl::schedule_node_band>().partial_schedule().at(sl.loop.member);
      isl::val c(program.ctx(), coefficients[q]);
      t = t.add(isl::manage(isl_union_pw_aff_scale_val(m.release(), c.release())));
      formula += (coefficients[q] < 0 ? "-" : "+") +
                 (std::abs(coefficients[q]) == 1 ? std::string() : std::to_string(std::abs(coefficients[q])) + "*") +
                 space[q];
    }
    partial = partial.set_at(time.loop.member, t);
    std::vector<std::string> names = band_loop_names(band);
    const std::string time_name = "t" + std::to_string(projections + 1);
    names.resize(partial.size());
    names[std::size_t(time.loop.member)] = time_name;
    band = remove_tags(band, "space");
    isl::schedule_node at = isl::manage(isl_schedule_node_delete(band.release()));
    at = at.insert_partial_schedule(partial);
    at = set_band_loop_names(at, names);
    LoopTag time_tag{"time", {time_name + "=" + formula}};
    if (check_time) time_tag.args.push_back("check");
    at = tag_band_member(at, time.loop.member, time_tag);
    isl::schedule result = at.schedule();
    for (const std::string& l : space) {
      const TagLoop sl = resolve_tag_loop(program, result, s, CommandArgument{l, call.args[0].where});
      result = tag_support::tag(sl.loop, LoopTag{"space", {}});
    }
    CommandOutcome out;
    out.schedule = result;
    out.changed_statements = time.loop.statements;
    out.description = "space-time transform of " + list_text(time.loop.statements) + ": loop" +
                      (space.size() == 1 ? " " : "s ") + join(space) + " become processing elements, loop " +
                      time.loop.name + " becomes time " + time_name + " = " + formula + " (" + checked +
                      (check_time ? "; CheckTime" : "") + ")";
    out.repair_hint = "choose a scheduling vector with T . d > 0 for every dependence distance d, or reorder the "
                      "loops so that the space loops are the innermost ones";
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_space_time_transform_command() {
  return std::make_unique<SpaceTimeTransformCommand>();
}

}  // namespace loopscape

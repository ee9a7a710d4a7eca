// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/planner.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <set>

#include <isl/union_map.h>

#include "autoschedule/isl_scheduler.h"
#include "autoschedule/loop_steps.h"
#include "autoschedule/plan_work.h"
#include "autoschedule/pluto_steps.h"
#include "autoschedule/private_scalar_loops.h"
#include "autoschedule/schedule_order.h"
#include "autoschedule/spatial_locality.h"
#include "autoschedule/statement_moves.h"
#include "autoschedule/temporary_fusion.h"
#include "commands/transform_support.h"
#include "session/script.h"
#include "support/error.h"

namespace loopscape {
namespace {

using namespace autoschedule;

using Strategy = void (*)(Work&, const Target&);

void shifts_then_fusion_then_loops(Work& w, const Target& t) {
  for (const std::string& s : t.order) shift_towards(w, t, s);
  place_statements(w, t);
  for (int pass = 0; pass < 2; ++pass)
    for (const std::string& s : t.order) transform_towards(w, t, s);
}

void loops_then_fusion(Work& w, const Target& t) {
  for (const std::string& s : t.order) transform_towards(w, t, s);
  place_statements(w, t);
  for (const std::string& s : t.order) transform_towards(w, t, s);
}

void separate_then_loops_then_fusion(Work& w, const Target& t) {
  for (const std::string& s : t.order) separate_if_shared(w, t, s);
  loops_then_fusion(w, t);
}

// isl's schedule on the program's instances, parameters declared in front ("[n] -> { S0[i] -> [n + i] }").
std::string map_text(const isl::schedule& schedule, const Program& program) {
  const isl::union_map m =
      schedule.get_map().intersect_domain(schedule.get_domain()).intersect_params(program.context).coalesce();
  char* raw = isl_union_map_to_str(m.get());
  std::string text = raw ? raw : "";
  free(raw);
  return text;
}

std::string top_node_name(const Session& session) {
  const EditNode root = to_edit_tree(session.schedule());
  const std::vector<std::string> names = edit_node_names(root);
  for (const std::string& n : names) {
    EditPath p;
    if (find_named(root, n, p) && statements_reaching(session.program(), root, p).size() ==
                                      session.program().statements.size())
      return n;
  }
  return "";
}

// isl's schedule with its statements' loops and nesting; `reason` says when they are no loops commands make.
Target make_target(const Session& session, SchedulerGoal goal, std::string& reason) {
  const Program& program = session.program();
  Target target;
  target.schedule = compute_isl_schedule(session.loaded(), goal);
  try {
    target.root = to_edit_tree(target.schedule);
    target.order = leaf_order(program, target.root);
  } catch (const NotExpressible& e) {
    reason = e.what();
    return target;
  }
  // A statement whose loops are no plain affine rows keeps the plan from
  // reaching the target by commands; the others' layouts still let the
  // fallback tile and parallelize the bands they span.
  for (const std::string& s : target.order) try {
      target.layouts.emplace(s, statement_layout(program, target.root, *program.find_statement(s)));
    } catch (const NotExpressible& e) {
      if (reason.empty()) reason = e.what();
    }
  return target;
}

// The steps that reach the target, or nullopt with the reason of the first strategy.
std::optional<Work> reach(const Session& session, const Target& target, Clock::time_point deadline,
                          std::string& reason) {
  for (Strategy strategy : {&shifts_then_fusion_then_loops, &loops_then_fusion, &separate_then_loops_then_fusion}) {
    Work w(session, deadline);
    try {
      strategy(w, target);
      const std::string differs = mismatch(w, target);
      if (!differs.empty()) throw NotExpressible(differs);
      return w;
    } catch (const NotExpressible& e) {
      if (reason.empty()) reason = e.what();
    } catch (const InputError& e) {
      if (reason.empty()) reason = e.message();
    } catch (const IslError& e) {
      if (reason.empty()) reason = e.what();
    }
  }
  return std::nullopt;
}

// isl's criteria (outer parallelism, tileable bands) say nothing of the
// order inside an untiled nest: trisolv's schedule walks L by columns and
// floyd-warshall's by anti-diagonals, several times slower than the program
// as written. Such a plan is dropped: the original order is kept.
void keep_steps_unless_locality_lost(const Session& session, Work& w, const AutoScheduleOptions& plan_options,
                                     AutoSchedulePlan& plan) {
  const std::string lost = plan_options.keep_original_when_locality_lost
                               ? locality_lost(session.program(), to_edit_tree(session.schedule()), current_tree(w))
                               : "";
  if (lost.empty()) {
    plan.steps = std::move(w.steps);
    return;
  }
  plan.kept_original = "isl's schedule is not kept: " + lost +
                       "; the original order stays (the target's parallel loops still apply)";
  plan.steps.clear();
  plan.notes.clear();  // they were about the steps dropped
  plan.fallback = false;
}

// Last, on the plan's steps replayed (they were checked once already), also
// where the original order is kept: loops kept sequential only by a reused
// scalar run in parallel with private copies (autoschedule/private_scalar_loops.h),
// and temporaries are computed where they are read (autoschedule/temporary_fusion.h).
void final_stages(const Session& session, const AutoScheduleOptions& options, AutoSchedulePlan& plan) {
  const Program& program = session.program();
  const bool scalars = options.parallelize && writes_temporary_scalar(program);
  const std::set<std::string> fused = options.tile && options.parallelize
                                          ? statements_of_temporaries_read_by_one_statement(program)
                                          : std::set<std::string>{};
  if (!scalars && fused.empty()) return;
  // The parallel steps on the temporaries' statements give way to the
  // strips, and come back where the temporaries stay as they are.
  std::vector<PlannedStep> set_aside;
  Work w(session, Clock::now() + std::chrono::milliseconds(static_cast<long>(options.time_budget_seconds * 1000)));
  for (const PlannedStep& step : plan.steps) {
    if (step.call.command == "parallelize" && fused.count(step.call.target)) {
      set_aside.push_back(step);
      continue;
    }
    if (w.session.apply(step.call)) return;
    w.steps.push_back(step);
  }
  const std::size_t before = w.steps.size();
  if (!fused.empty()) fuse_temporaries_into_readers(w, options.strip_columns, plan.notes);
  if (w.steps.size() == before)
    for (const PlannedStep& step : set_aside)
      if (!w.session.apply(step.call)) w.steps.push_back(step);
  if (scalars) parallelize_with_private_scalars(w);
  if (!plan.kept_original.empty() && !w.steps.empty()) plan.kept_original += "; the steps below start from it";
  plan.steps = std::move(w.steps);
}

}  // namespace

namespace {

// True when the session's steps are exactly the plan for its original
// schedule: the automatic schedule was already applied, and isl's schedule
// (which ignores the steps) cannot be reached again from its tiles.
bool steps_are_the_plan(const Session& session, const AutoScheduleOptions& options) {
  if (session.history().empty()) return false;
  Session original = session;
  while (original.undo()) {
  }
  const AutoSchedulePlan from_original = plan_auto_schedule(original, options);
  if (from_original.steps.size() != session.history().size()) return false;
  for (std::size_t k = 0; k < from_original.steps.size(); ++k)
    if (format_call(from_original.steps[k].call) != format_call(session.history()[k].call)) return false;
  return true;
}

}  // namespace

AutoSchedulePlan plan_auto_schedule(const Session& session, const AutoScheduleOptions& options) {
  const Program& program = session.program();
  AutoSchedulePlan plan;
  std::string reason;
  std::optional<Target> first;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::milliseconds(static_cast<long>(options.time_budget_seconds * 1000));
  // Outer parallelism first (Pluto's parallel outer loops); when those loops
  // are out of the commands' reach, locality first (Pluto's time skewing);
  // then each component its own nest (a fusion with a parametric offset, as
  // covariance's, is no command, and without it the bands still tile).
  for (SchedulerGoal goal : {SchedulerGoal::OuterParallelism, SchedulerGoal::Locality, SchedulerGoal::SeparateNests}) {
    std::string why;
    Target target = make_target(session, goal, why);
    std::optional<Work> w;
    if (why.empty()) w = reach(session, target, deadline, why);
    if (w) {
      plan.target = map_text(target.schedule, program);
      if (goal == SchedulerGoal::Locality)
        plan.notes.push_back("isl's schedule with locality first (outer parallelism first: " + reason + ")");
      if (goal == SchedulerGoal::SeparateNests)
        plan.notes.push_back("isl's schedule without fusion across nests (with fusion: " + reason + ")");
      const OrderComparison order = compare_order(program, w->session.schedule(), target.schedule);
      plan.same_order = order.same;
      plan.order_note = order.note;
      tile_and_parallelize(*w, target, options, plan);
      keep_steps_unless_locality_lost(session, *w, options, plan);
      final_stages(session, options, plan);
      return plan;
    }
    if (reason.empty()) reason = why;
    if (!first) first = std::move(target);
  }
  // Only where isl's schedule is out of the commands' reach is it asked
  // whether the steps so far are the plan itself (a second plan, from the
  // original): a plan that continues the steps costs no more.
  if (steps_are_the_plan(session, options)) {
    plan.kept_original = "no step to add: the steps so far are the automatic schedule of the original";
    return plan;
  }
  plan.target = map_text(first->schedule, program);
  plan.fallback = true;
  plan.fallback_reason = reason;
  const std::string top = top_node_name(session);
  if (top.empty()) {
    plan.fallback_reason += "; and no node holds every statement, so isl's schedule cannot be set in one step";
    return plan;
  }
  // The fallback and its tiles get a budget of their own: the plan always ends with isl's schedule.
  Work w(session, Clock::now() + std::chrono::milliseconds(static_cast<long>(options.time_budget_seconds * 1000)));
  const CommandCall call = make_call(top, "reschedule", {plan.target});
  if (std::optional<Refusal> r = w.session.apply(call)) {
    plan.fallback_reason += "; setting isl's schedule was refused too: " + refusal_text(*r);
    return plan;
  }
  w.steps.push_back({call, "isl's schedule, set in one step: " + reason, w.session.history().back().outcome.description});
  plan.same_order = true;
  plan.order_note = "isl's schedule itself";
  if (!first->layouts.empty()) tile_and_parallelize(w, *first, options, plan);
  keep_steps_unless_locality_lost(session, w, options, plan);
  final_stages(session, options, plan);
  return plan;
}

std::string plan_script(const AutoSchedulePlan& plan, const std::string& title) {
  std::string out = "# Automatic schedule for " + title +
                    " (isl's scheduler on the exact dependences: outer parallelism, tileable bands)\n";
  if (plan.target.empty() && !plan.fallback) {  // nothing was planned (steps_are_the_plan)
    if (!plan.kept_original.empty()) out += "# " + plan.kept_original + "\n";
    return out;
  }
  out += "# isl's schedule: " + plan.target + "\n";
  if (plan.fallback)
    out += "# not expressed as commands: " + plan.fallback_reason + "\n";
  else if (!plan.kept_original.empty())
    out += "# " + std::to_string(plan.steps.size()) + " step" + (plan.steps.size() == 1 ? "" : "s") +
           " from the original order\n";
  else
    out += "# " + std::to_string(plan.steps.size()) + " step" + (plan.steps.size() == 1 ? "" : "s") +
           "; before tiling, " + (plan.same_order ? "the same order of instances as isl's schedule"
                                                   : "isl's loops and nesting (" + plan.order_note + ")") + "\n";
  if (!plan.kept_original.empty()) out += "# " + plan.kept_original + "\n";
  for (const std::string& n : plan.notes) out += "# " + n + "\n";
  for (const PlannedStep& s : plan.steps) out += "\n# " + s.why + "\n" + format_call(s.call) + "\n";
  return out;
}

}  // namespace loopscape

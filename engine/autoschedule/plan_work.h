// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the planner's steps share: isl's target schedule with its statements'
// loops, and the work in progress — a copy of the session that every planned
// command is applied to (and checked on) as it is chosen.
#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "autoschedule/planner.h"
#include "autoschedule/statement_layout.h"

namespace loopscape::autoschedule {

struct Target {
  isl::schedule schedule;
  EditNode root;
  std::vector<std::string> order;                  // the statements in isl's leaf order
  std::map<std::string, StatementLayout> layouts;  // each statement's loops in isl's schedule
};

using Clock = std::chrono::steady_clock;

struct Work {
  Work(const Session& s, Clock::time_point d) : session(s), deadline(d) {}
  Session session;
  std::vector<PlannedStep> steps;
  Clock::time_point deadline;
  void check_time() const {
    if (Clock::now() > deadline) throw NotExpressible("the search ran out of its time budget");
  }
};

std::string refusal_text(const Refusal& r);
// Applies the step to the work's session; NotExpressible with the refusal when refused.
void apply_step(Work& w, const CommandCall& call, const std::string& why);
// Applies an optional step (tile, parallelize); a refusal becomes a note of the plan.
void try_optional(Work& w, AutoSchedulePlan& plan, const CommandCall& call, const std::string& why);
EditNode current_tree(const Work& w);
StatementLayout current_layout(const Work& w, const EditNode& root, const std::string& statement);
// "(t, 2t + i, 2t + j)"
std::string loops_text(const StatementLayout& l);
// The name of the statement's loop at `position`; NotExpressible when it has none.
const std::string& loop_name(const StatementLayout& l, int position);
int target_shared_depth(const Target& t, const std::string& a, const std::string& b);
int current_shared_depth(const StatementLayout& a, const StatementLayout& b);

}  // namespace loopscape::autoschedule

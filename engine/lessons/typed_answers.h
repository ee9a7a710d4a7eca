// SPDX-License-Identifier: Apache-2.0
#pragma once
// The typed exercises that are not an isl set or map: predict the order
// (the first K instances), count the points (a number at the exercise's
// plot values, or a formula in the parameters), write the schedule by hand
// (a schedule map, compared by the order it gives). Each answer is checked
// by the engine and a wrong one gets a concrete instance or value.
#include <isl/cpp.h>

#include <map>
#include <string>
#include <utility>

#include "model/program.h"
#include "session/session.h"

namespace loopscape {

// What a check finds: whether it passes, and why not. `about_form`: the
// answer is not written as asked (not isl, no numbers, nothing typed), so the
// lesson's words about its content would mislead and are left out.
struct CheckFinding {
  bool passed = false;
  std::string why;
  bool about_form = false;
};

// The parameter values an exercise's plot and questions use: the exercise's,
// then the plot's own choice for the rest (plot/plot_parameters.h).
std::map<std::string, long> exercise_parameter_values(const Program& program, const isl::schedule& schedule,
                                                      const std::map<std::string, long>& given);

// The first `count` instances `session`'s schedule runs, at `values`:
// "S0[0, 0], S0[0, 1], ...".
std::string first_instances(const Session& session, const std::map<std::string, long>& values, std::size_t count);

// {passed, why}: the student's list against first_instances.
CheckFinding check_prediction(const Session& session, const std::map<std::string, long>& values,
                                              std::size_t count, const std::string& typed);

// {passed, why}: a number (at `values`) or an isl formula ([n] -> { n * n })
// against the points of `statement`'s domain; `formula_only` refuses a number.
CheckFinding check_count(const Program& program, const Statement& statement,
                                         const std::map<std::string, long>& values, const std::string& typed,
                                         bool formula_only = false);

// {passed, why}: a schedule map the student typed ({ S0[i, j] -> [j, i] })
// runs every instance once and in the order of `expected`.
CheckFinding check_schedule_map(const Program& program, const isl::schedule& expected,
                                                const std::string& typed);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tuning a script's knobs (session/knobs.h): every combination of the knobs'
// values is replayed as commands (so checked legal), printed by the OpenMP
// target, built, run against the original program and timed, as the
// measured automatic schedule does (tuning/schedule_tuner.h). The fastest
// combination is kept and written back into the script as each knob's first
// value.
#include <string>
#include <vector>

#include "session/knobs.h"
#include "tuning/schedule_tuner.h"

namespace loopscape {

// More combinations than this are refused: each one is a build and a run.
inline constexpr std::size_t kMaxKnobCombinations = 64;

struct KnobTuning {
  std::vector<Knob> knobs;
  std::vector<std::vector<std::size_t>> choices;  // per candidate: the value taken by each knob
  TuningResult result;  // candidate k is choices[k]; best: the fastest measured (-1: none)

  // Sets result.best to the fastest measured combination (a knob's values
  // are all kept by the script: the original is no candidate here).
  void keep_fastest();

  // The script with the fastest values first (the text unchanged when none
  // was measured), under a header saying how the values were measured.
  std::string tuned_script(const std::string& script_text,
                           const std::string& how = "OpenMP target, built and run against the original") const;
};

// The knobs of `calls` and a candidate per combination of their values, each
// value checked to make a well-formed command on top of `session`; nothing
// measured. Throws as tune_knobs does.
KnobTuning plan_knob_tuning(const Session& session, const std::vector<CommandCall>& calls);

// `calls` are the script's calls, applied on top of `session`. Throws
// InputError when the script has no knob or too many combinations, and when
// the original program does not build or run; a combination's own failure
// (refused, does not build, results differ) is recorded in its `problem`.
KnobTuning tune_knobs(const Session& session, const std::vector<CommandCall>& calls, const TuningOptions& options = {});

}  // namespace loopscape

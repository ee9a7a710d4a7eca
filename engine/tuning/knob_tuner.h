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

  // The script with the fastest values first (the text unchanged when none was measured).
  std::string tuned_script(const std::string& script_text) const;
};

// `calls` are the script's calls, applied on top of `session`. Throws
// InputError when the script has no knob or too many combinations, and when
// the original program does not build or run; a combination's own failure
// (refused, does not build, results differ) is recorded in its `problem`.
KnobTuning tune_knobs(const Session& session, const std::vector<CommandCall>& calls, const TuningOptions& options = {});

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// The measured automatic schedule in the process (the Run dock's Tune): the
// tuner's candidates (tuning/schedule_tuner.h), each replayed as commands and
// lowered to Halide IR, compiled by Halide's LLVM back-end and run at the
// user's parameter values against the original schedule, results compared.
// Nothing is built with an outside compiler and no program of the user's runs
// (the JIT runs the region alone, on deterministic inputs).
//
// Two halves, as runner/jit_run.h: prepare_jit_tuning does the isl work
// (planning, replaying, lowering, the OpenMP code shown beside each
// candidate) on the thread that owns the session; run_jit_tuning compiles
// and runs with no isl at all, so it can run anywhere and be stopped.
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runner/jit_run.h"
#include "tuning/schedule_tuner.h"

namespace loopscape {

struct JitTuningPlan {
  std::map<std::string, long> parameters;  // the values every candidate runs at
  std::shared_ptr<const PreparedRun> original;
  std::vector<TuningCandidate> candidates;
  // Per candidate: its lowered run (null when it has a problem already) and
  // the OpenMP target's code for it.
  std::vector<std::shared_ptr<const PreparedRun>> runs;
  std::vector<std::string> openmp_code;
};

// Throws InputError when the original schedule cannot run at these values
// (an access out of bounds, a construct the lowering refuses), IslError at the
// quota; a candidate's own failure is recorded in its `problem`.
JitTuningPlan prepare_jit_tuning(const Session& session, const std::map<std::string, long>& given_parameters,
                                 const std::vector<long>& tile_sizes = {16, 32, 64});
// The same for candidates made elsewhere (a script's knob combinations,
// tuning/knob_tuner.h), each replayed on top of `session`.
JitTuningPlan prepare_jit_candidates(const Session& session, const std::map<std::string, long>& given_parameters,
                                     std::vector<TuningCandidate> candidates);

// Runs the original, then each candidate, `repetitions` times (the median
// counts). `progress` is called before each run (what, how many done, how
// many in all); `cancel` stops between repetitions, keeping what was measured.
TuningResult run_jit_tuning(const JitTuningPlan& plan, int repetitions,
                            const std::function<void(const std::string& what, int done, int total)>& progress = {},
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace loopscape

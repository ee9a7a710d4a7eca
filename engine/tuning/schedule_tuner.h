// SPDX-License-Identifier: Apache-2.0
#pragma once
// The measured automatic schedule: candidate schedules (the session's own
// schedule sequential and with the OpenMP target's profitable parallel
// loops, and isl's schedule as planned steps, untiled and tiled at several
// sizes), each replayed as commands (so checked legal), printed by the OpenMP
// target, built with the real compiler, run against the original program
// (results compared) and timed. The fastest candidate that computes the same
// results wins, and only when it beats the original program; else the
// sequential one is kept (the original order on one thread: never slower
// than the input), and the result says so.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "autoschedule/planner.h"
#include "runner/runner.h"
#include "session/session.h"

namespace loopscape {

struct TuningCandidate {
  std::string label;     // "isl's schedule, tiles of 32"
  std::string short_label;  // "tiles 32", for a chart
  AutoSchedulePlan plan;  // no steps: the session's schedule as it is
  std::optional<double> seconds;  // the emitted program's region, fastest run
  std::string problem;   // why it has no time: refused, did not build, results differ
};

// The first candidate: `sequential` on the outermost loop of every nest.
inline constexpr const char* kSequentialLabel = "the schedule as it is, sequential";

struct TuningOptions {
  std::vector<long> tile_sizes = {16, 32, 64};
  // How the programs are built and run: sizes (defines, parameters), threads,
  // repetitions. The compiler flags are the user's -O3 -march=native -fopenmp
  // unless set here.
  RunnerOptions runner = default_runner();
  // Called before each candidate runs (what, how many done, how many in all);
  // returning false stops the tuning with what was measured so far.
  std::function<bool(const std::string& what, int done, int total)> progress;

  static RunnerOptions default_runner();
};

struct TuningResult {
  std::optional<double> original_seconds;  // the original program (fastest of all its runs)
  std::vector<TuningCandidate> candidates;
  int best = -1;           // index of the candidate kept; -1: none measured
  bool kept_original = false;  // none beat the original: best is the sequential candidate
  bool cancelled = false;  // progress() stopped it

  const TuningCandidate* chosen() const { return best < 0 ? nullptr : &candidates[static_cast<std::size_t>(best)]; }
  // One line per candidate and the verdict, for a script's header or a log.
  std::vector<std::string> summary() const;
};

// The candidates (not measured): the session's schedule sequential and as it
// is, isl's untiled, then tiled at each size; a plan that fails carries its
// `problem`. Throws nothing for isl's scheduler (recorded per candidate).
std::vector<TuningCandidate> tuning_candidates(const Session& session, const std::vector<long>& tile_sizes);

// A copy of `session` with the candidate's steps applied; nullopt (and the
// candidate's `problem` set) when a step is refused.
std::optional<Session> replay_candidate(const Session& session, TuningCandidate& candidate);

// `options` with a place to keep the original program's run
// (RunnerOptions::original_runs) when it has none: measured against it, the
// candidates build and run the original once between them.
TuningOptions with_original_runs_kept(const TuningOptions& options);

// Replays the candidate's steps on a copy of `session`, prints it with the
// OpenMP target, builds and runs it against the original program and sets
// its `seconds` or its `problem`; the original's fastest run goes to
// `original_seconds`. Results that differ are compared once more with both
// programs built -ffp-contract=off (rounding, not a wrong result, when equal
// there). Throws InputError when the original does not build or run.
void measure_candidate(const Session& session, TuningCandidate& candidate, const TuningOptions& options,
                       std::optional<double>& original_seconds);

// Sets result.best and kept_original from the candidates' times.
void choose_kept(TuningResult& result);

// Never throws for a candidate's own failure (it is recorded in `problem`);
// throws InputError when the original program cannot be built or run.
TuningResult tune_schedule(const Session& session, const TuningOptions& options = {});

// The chosen plan as a script (planner's plan_script) whose header carries
// the measurements; with no winner, a script without steps saying why.
std::string tuned_script(const TuningResult& result, const std::string& title);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "tuning/schedule_tuner.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "commands/loop_resolution.h"
#include "commands/schedule_edit.h"
#include "schedule/tags.h"
#include "runner/target_run.h"
#include "session/script.h"
#include "support/error.h"

namespace loopscape {

namespace {

std::string seconds_text(double s) {
  char buffer[32];
  if (s < 1e-3)
    std::snprintf(buffer, sizeof buffer, "%.1f us", s * 1e6);
  else
    std::snprintf(buffer, sizeof buffer, s < 1 ? "%.2f ms" : "%.3f s", s < 1 ? s * 1e3 : s);
  return buffer;
}

std::string calls_text(const AutoSchedulePlan& plan) {
  std::string out;
  for (const PlannedStep& s : plan.steps) out += s.call.script_text() + "\n";
  return out;
}

// `sequential` on the outermost loop of every nest that is not sequential
// already: the session's order on one thread, what is kept when nothing beats
// the original. nullopt when no nest has a loop to name.
std::optional<AutoSchedulePlan> sequential_plan(const Session& session) {
  AutoSchedulePlan plan;
  const Program& program = session.program();
  const EditNode root = to_edit_tree(session.schedule());
  std::set<std::pair<EditPath, int>> seen;
  bool any_loop = false;
  for (const Statement& s : program.statements) {
    const std::vector<StatementLoop> loops = statement_loops(program, root, s);
    if (loops.empty() || loops.front().name.empty() || !seen.insert({loops.front().band, loops.front().member}).second)
      continue;
    any_loop = true;
    bool sequential_already = false;
    for (const auto& [depth, tag] : statement_tags(program, session.schedule(), s))
      sequential_already = sequential_already || (depth == 0 && tag.kind == "sequential");
    if (!sequential_already)
      plan.steps.push_back({make_call(s.name, "sequential", {loops.front().name}),
                            "the original order, without threads", ""});
  }
  if (!any_loop) return std::nullopt;
  return plan;
}

}  // namespace

std::vector<TuningCandidate> tuning_candidates(const Session& session, const std::vector<long>& tile_sizes) {
  std::vector<TuningCandidate> out;
  const std::optional<AutoSchedulePlan> sequential = sequential_plan(session);
  out.push_back({kSequentialLabel, "sequential", sequential.value_or(AutoSchedulePlan{}), std::nullopt,
                 sequential ? "" : "no loop to keep sequential"});
  // Every nest sequential already: the schedule as it is is that candidate.
  if (!sequential || !sequential->steps.empty())
    out.push_back({"the schedule as it is, with the OpenMP target's own parallel loops", "as it is", {}, std::nullopt, ""});
  struct Planned {
    std::string label, short_label;
    AutoScheduleOptions options;
  };
  std::vector<Planned> plans;
  // Measured, isl's schedule competes even where its loop order looks worse.
  plans.push_back({"isl's schedule, untiled", "untiled", {.tile = false, .keep_original_when_locality_lost = false}});
  for (long size : tile_sizes)
    plans.push_back({"isl's schedule, tiles of " + std::to_string(size), "tiles " + std::to_string(size),
                     {.tile_size = size,
                      .keep_original_when_locality_lost = false,
                      .fit_tiles_to_cache = false,
                      .register_blocks = false}});
  // The same as the one without tuning where a band holds a multiply-accumulate (else a duplicate, dropped).
  plans.push_back({"isl's schedule, register blocks", "register blocks", {.keep_original_when_locality_lost = false}});
  // The automatic schedule itself, which keeps the original order where
  // isl's would walk its accesses worse, and with its temporaries' strips
  // wider (duplicates where it computes no temporary where it is read).
  plans.push_back({"the automatic schedule", "automatic", {}});
  plans.push_back({"the automatic schedule, strips of 4096 columns", "strips 4096", {.strip_columns = 4096}});
  std::set<std::string> seen{""};
  for (const auto& [label, short_label, plan_options] : plans) {
    TuningCandidate c{label, short_label, {}, std::nullopt, ""};
    try {
      c.plan = plan_auto_schedule(session, plan_options);
    } catch (const IslError& e) {
      c.problem = std::string("isl's scheduler stopped: ") + e.what();
      out.push_back(std::move(c));
      continue;
    }
    if (c.plan.steps.empty() && c.plan.fallback) c.problem = c.plan.fallback_reason;
    // Same steps as an earlier candidate (nothing to tile): measured once.
    if (c.problem.empty() && !seen.insert(calls_text(c.plan)).second) continue;
    out.push_back(std::move(c));
  }
  return out;
}

std::optional<Session> replay_candidate(const Session& session, TuningCandidate& candidate) {
  Session replay = session;
  std::vector<CommandCall> calls;
  for (const PlannedStep& s : candidate.plan.steps) calls.push_back(s.call);
  if (const ScriptRun run = apply_script(replay, calls); run.refusal) {
    candidate.problem = "a step is refused: " + run.refusal->report();
    return std::nullopt;
  }
  return replay;
}

void choose_kept(TuningResult& result) {
  result.best = -1;
  result.kept_original = false;
  double best = result.original_seconds.value_or(0);
  for (std::size_t k = 0; k < result.candidates.size(); ++k) {
    const TuningCandidate& c = result.candidates[k];
    if (c.seconds && result.original_seconds && *c.seconds < best) {
      best = *c.seconds;
      result.best = static_cast<int>(k);
    }
  }
  // Nothing beats the original: keep its order without threads, so that the
  // OpenMP target's own parallel loops cannot make it slower.
  if (result.best < 0 && !result.cancelled && !result.candidates.empty() && result.candidates.front().seconds) {
    result.best = 0;
    result.kept_original = true;
  }
}

bool contraction_off(const RunnerOptions& runner) {
  return std::find(runner.compile_flags.begin(), runner.compile_flags.end(), "-ffp-contract=off") !=
         runner.compile_flags.end();
}

void measure_candidate(const Session& session, TuningCandidate& candidate, const TuningOptions& options,
                       std::optional<double>& original_seconds) {
  const std::optional<Session> replayed = replay_candidate(session, candidate);
  if (!replayed) return;
  const Session& replay = *replayed;
  const Program& program = replay.program();
  const GeneratedCode code =
      generate(program, replay.schedule(), replay.dependences().all(), "openmp", {}, nullptr, &replay.dependences());
  const Target* target = find_target("openmp");
  const RunnerOptions runner = runner_options_for(*target, program, {}, options.runner);
  const std::string emitted = emit_file(program, code);
  const VerifyResult result = verify_equivalence(program, emitted, runner);
  if (result.stage == VerifyResult::Stage::CompileOriginal || result.stage == VerifyResult::Stage::RunOriginal)
    throw InputError({program.file, 0, 0}, "the original program does not " +
                                               std::string(result.stage == VerifyResult::Stage::CompileOriginal
                                                               ? "build"
                                                               : "run") +
                                               ", so nothing can be measured against it: " + result.message);
  auto region = [](const RunTiming& t) { return t.region_seconds.value_or(t.process_seconds); };
  if (result.original.process_seconds > 0) {
    const double o = region(result.original);
    if (!original_seconds || o < *original_seconds) original_seconds = o;
  }
  bool equal = result.status == VerifyResult::Status::Equal;
  if (!equal && result.stage == VerifyResult::Stage::Compare && !contraction_off(runner)) {
    // Built as timed, gcc fuses a * b + c into one rounding where a loop's
    // shape lets it, differently in the two programs; an unstable kernel
    // (gramschmidt at LARGE: its columns past the 1000th are dependent)
    // then ends in other values altogether. Without contraction both round
    // as C does: equal there, the candidate computes what the original does.
    RunnerOptions exact = runner;
    exact.compile_flags.push_back("-ffp-contract=off");
    equal = verify_equivalence(program, emitted, exact).status == VerifyResult::Status::Equal;
  }
  if (!equal) {
    candidate.problem = to_string(result.status) + " (" + to_string(result.stage) + "): " + result.message;
    return;
  }
  candidate.seconds = region(result.emitted);
}


RunnerOptions TuningOptions::default_runner() {
  RunnerOptions r;
  r.compile_flags = {"-O3", "-march=native", "-fopenmp"};
  r.repetitions = 2;
  // At the sizes worth tuning, the programs' own set-up can take far longer
  // than the region (PolyBench's lu builds its matrix in O(n^3): 45 s of a
  // 51 s run at LARGE).
  r.run_timeout_seconds = 900;
  return r;
}

TuningOptions with_original_runs_kept(const TuningOptions& options) {
  TuningOptions kept = options;
  if (!kept.runner.original_runs) kept.runner.original_runs = make_original_runs();
  return kept;
}

TuningResult tune_schedule(const Session& session, const TuningOptions& given) {
  // The original is built and run once, for the first candidate; the others are compared with that run.
  const TuningOptions options = with_original_runs_kept(given);
  TuningResult result;
  result.candidates = tuning_candidates(session, options.tile_sizes);
  const int total = static_cast<int>(result.candidates.size());
  for (int k = 0; k < total; ++k) {
    TuningCandidate& c = result.candidates[static_cast<std::size_t>(k)];
    if (!c.problem.empty()) continue;
    if (options.progress && !options.progress(c.label, k, total)) {
      result.cancelled = true;
      break;
    }
    measure_candidate(session, c, options, result.original_seconds);
  }
  choose_kept(result);
  return result;
}

std::vector<std::string> TuningResult::summary() const {
  std::vector<std::string> out;
  if (original_seconds) out.push_back("the original program: " + seconds_text(*original_seconds));
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    const TuningCandidate& c = candidates[k];
    std::string line = (static_cast<int>(k) == best ? "* " : "  ") + c.label + ": ";
    if (c.seconds) {
      line += seconds_text(*c.seconds);
      if (original_seconds && *c.seconds > 0) {
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, " (%.2fx)", *original_seconds / *c.seconds);
        line += ratio;
      }
    } else {
      line += c.problem.empty() ? "not measured (stopped)" : c.problem.substr(0, c.problem.find('\n'));
    }
    out.push_back(line);
  }
  if (cancelled) out.push_back("stopped before every candidate ran");
  if (kept_original)
    out.push_back("none is faster than the original program: kept as it is, sequential");
  else
    out.push_back(best < 0 ? "none is faster than the original program: the schedule stays as it is"
                           : "kept: " + candidates[static_cast<std::size_t>(best)].label);
  return out;
}

std::string tuned_script(const TuningResult& result, const std::string& title) {
  std::string measured = "# Measured (OpenMP target, built and run against the original; * the one kept):\n";
  for (const std::string& line : result.summary()) measured += "#   " + line + "\n";
  const TuningCandidate* chosen = result.chosen();
  if (!chosen || chosen->plan.steps.empty())
    return "# Automatic schedule for " + title + ", measured: no step\n" + measured;
  if (chosen->plan.target.empty()) {  // not isl's schedule: the session's own, with steps of its own
    std::string out = "# Automatic schedule for " + title + ", measured: " + chosen->label + "\n" + measured;
    for (const PlannedStep& s : chosen->plan.steps) out += "\n# " + s.why + "\n" + format_call(s.call) + "\n";
    return out;
  }
  const std::string script = plan_script(chosen->plan, title);
  const std::size_t first_line = script.find('\n') + 1;
  return script.substr(0, first_line) + measured + script.substr(first_line);
}

}  // namespace loopscape

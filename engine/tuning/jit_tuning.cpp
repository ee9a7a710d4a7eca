// SPDX-License-Identifier: Apache-2.0
#include "tuning/jit_tuning.h"

#include "codegen/registry/registry.h"

namespace loopscape {

JitTuningPlan prepare_jit_tuning(const Session& session, const std::map<std::string, long>& given_parameters,
                                 const std::vector<long>& tile_sizes) {
  return prepare_jit_candidates(session, given_parameters, tuning_candidates(session, tile_sizes));
}

JitTuningPlan prepare_jit_candidates(const Session& session, const std::map<std::string, long>& given_parameters,
                                     std::vector<TuningCandidate> candidates) {
  JitTuningPlan plan;
  const Program& program = session.program();
  program.isl().bounded("prepare the tuning", [&] { plan.parameters = default_run_parameters(program, given_parameters); });
  plan.original = prepare_jit_run(program, session.schedule_at(0), plan.parameters);
  plan.candidates = std::move(candidates);
  for (TuningCandidate& c : plan.candidates) {
    std::shared_ptr<const PreparedRun> run;
    std::string code;
    if (c.problem.empty()) {
      if (const std::optional<Session> replay = replay_candidate(session, c)) {
        try {
          const GeneratedCode generated = generate(replay->program(), replay->schedule(),
                                                   replay->dependences().all(), "openmp", {}, nullptr,
                                                   &replay->dependences());
          code = generated.text;
          // The schedule the OpenMP code came from: with the target's own
          // parallel loops, so that "as it is" runs as that code does.
          run = prepare_jit_run(replay->program(), generated.schedule, plan.parameters);
        } catch (const std::runtime_error& e) {
          c.problem = std::string("cannot run in the process: ") + e.what();
        }
      }
    }
    plan.runs.push_back(std::move(run));
    plan.openmp_code.push_back(std::move(code));
  }
  return plan;
}

TuningResult run_jit_tuning(const JitTuningPlan& plan, int repetitions,
                            const std::function<void(const std::string&, int, int)>& progress,
                            const std::atomic<bool>* cancel) {
  TuningResult result;
  result.candidates = plan.candidates;
  int total = 1;
  for (const auto& run : plan.runs) total += run ? 1 : 0;
  int done = 0;
  if (progress) progress("the original schedule", done, total);
  const JitRunResult original = execute_jit_run(*plan.original, repetitions, cancel);
  ++done;
  if (original.cancelled) {
    result.cancelled = true;
    return result;
  }
  result.original_seconds = original.median_seconds();
  for (std::size_t k = 0; k < plan.candidates.size(); ++k) {
    if (!plan.runs[k]) continue;
    TuningCandidate& c = result.candidates[k];
    if (progress) progress(c.label, done, total);
    try {
      const JitRunResult r = execute_jit_run(*plan.runs[k], repetitions, cancel);
      ++done;
      if (r.cancelled) {
        result.cancelled = true;
        break;
      }
      if (const std::optional<std::string> d = first_difference(original, r)) {
        c.problem = "results differ from the original's: " + *d;
        continue;
      }
      c.seconds = r.median_seconds();
    } catch (const std::exception& e) {
      c.problem = std::string("the run failed: ") + e.what();
    }
  }
  choose_kept(result);
  return result;
}

}  // namespace loopscape

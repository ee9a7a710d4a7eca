// SPDX-License-Identifier: Apache-2.0
#include "tuning/knob_tuner.h"

#include "session/script.h"
#include "support/error.h"

namespace loopscape {

namespace {

// Every combination, the first knob changing slowest.
std::vector<std::vector<std::size_t>> combinations(const std::vector<Knob>& knobs) {
  std::vector<std::vector<std::size_t>> out{{}};
  for (const Knob& knob : knobs) {
    std::vector<std::vector<std::size_t>> next;
    for (const auto& prefix : out)
      for (std::size_t v = 0; v < knob.values.size(); ++v) {
        next.push_back(prefix);
        next.back().push_back(v);
      }
    out = std::move(next);
  }
  return out;
}

// The chosen values, in the knobs' order: "64, 16".
std::string values_of(const std::vector<Knob>& knobs, const std::vector<std::size_t>& choice,
                      const std::string& separator) {
  std::string out;
  for (std::size_t k = 0; k < knobs.size(); ++k) out += (k ? separator : "") + knobs[k].values[choice[k]];
  return out;
}

}  // namespace

KnobTuning plan_knob_tuning(const Session& session, const std::vector<CommandCall>& calls) {
  KnobTuning tuning;
  tuning.knobs = find_knobs(calls);
  const SourceLocation file{calls.empty() ? std::string() : calls.front().where.file, 0, 0};
  if (tuning.knobs.empty())
    throw InputError(file, "the script has no knob to tune: write a value to try as tune(16, 32, 64)");
  std::size_t count = 1;
  for (const Knob& knob : tuning.knobs) count *= knob.values.size();
  if (count > kMaxKnobCombinations)
    throw InputError(tuning.knobs.front().where, "the knobs make " + std::to_string(count) +
                                                     " combinations, each one a build and a run: at most " +
                                                     std::to_string(kMaxKnobCombinations));
  // Every value must make a well-formed command before anything is built: a
  // typo ("16 32") is refused at its knob, not found combination by combination.
  for (std::size_t k = 0; k < tuning.knobs.size(); ++k)
    for (std::size_t v = 0; v < tuning.knobs[k].values.size(); ++v) {
      std::vector<std::size_t> choice(tuning.knobs.size(), 0);
      choice[k] = v;
      Session replay = session;
      const ScriptRun run = apply_script(replay, with_knob_values(calls, tuning.knobs, choice));
      if (run.refusal && run.refusal->kind == Refusal::Kind::Arguments)
        throw InputError(tuning.knobs[k].where, "the value " + tuning.knobs[k].values[v] +
                                                    " of this knob makes a wrong command: " + run.refusal->message);
    }
  tuning.choices = combinations(tuning.knobs);
  for (const auto& choice : tuning.choices) {
    TuningCandidate c;
    c.label = "values " + values_of(tuning.knobs, choice, ", ");
    c.short_label = values_of(tuning.knobs, choice, ",");
    for (const CommandCall& call : with_knob_values(calls, tuning.knobs, choice))
      c.plan.steps.push_back({call, "", ""});
    tuning.result.candidates.push_back(std::move(c));
  }
  return tuning;
}

KnobTuning tune_knobs(const Session& session, const std::vector<CommandCall>& calls, const TuningOptions& given) {
  const TuningOptions options = with_original_runs_kept(given);  // the original runs once
  KnobTuning tuning = plan_knob_tuning(session, calls);
  const int total = static_cast<int>(tuning.result.candidates.size());
  for (int k = 0; k < total; ++k) {
    TuningCandidate& c = tuning.result.candidates[static_cast<std::size_t>(k)];
    if (options.progress && !options.progress(c.label, k, total)) {
      tuning.result.cancelled = true;
      break;
    }
    measure_candidate(session, c, options, tuning.result.original_seconds);
  }
  tuning.keep_fastest();
  return tuning;
}

void KnobTuning::keep_fastest() {
  result.best = -1;
  result.kept_original = false;
  for (std::size_t k = 0; k < result.candidates.size(); ++k) {
    const TuningCandidate& c = result.candidates[k];
    if (c.seconds &&
        (result.best < 0 || *c.seconds < *result.candidates[static_cast<std::size_t>(result.best)].seconds))
      result.best = static_cast<int>(k);
  }
}

std::string KnobTuning::tuned_script(const std::string& script_text, const std::string& how) const {
  if (result.best < 0) return script_text;
  std::string header = "# Tuned (" + how + "; * the one kept):\n";
  for (const std::string& line : result.summary())
    if (line.rfind("kept:", 0) != 0 && line.rfind("none is faster", 0) != 0) header += "#   " + line + "\n";
  // A header from an earlier tuning gives way to this one.
  std::string text = with_chosen_values_first(script_text, knobs, choices[static_cast<std::size_t>(result.best)]);
  if (text.rfind("# Tuned (", 0) == 0) {
    std::size_t end = text.find('\n') + 1;
    while (text.compare(end, 4, "#   ") == 0) end = text.find('\n', end) + 1;
    text.erase(0, end);
  }
  return header + text;
}

}  // namespace loopscape

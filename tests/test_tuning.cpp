// SPDX-License-Identifier: Apache-2.0
// The measured automatic schedule (tuning/schedule_tuner.h): every candidate
// is built, run against the original and timed with the real compiler; the
// one kept is the fastest of those that compute the same results, and only
// when it beats the original, else the original order on one thread (never
// slower than the input); the script it writes replays.
#include <QtTest>

#include <algorithm>

#include "command_test_support.h"
#include "session/script.h"
#include "tuning/jit_tuning.h"
#include "tuning/knob_tuner.h"
#include "tuning/schedule_tuner.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestTuning : public QObject {
  Q_OBJECT

 private slots:
  void everyCandidateIsMeasuredOrSaysWhyNot() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"SMALL_DATASET"}));
    TuningOptions options;
    options.tile_sizes = {8, 32};
    options.runner.repetitions = 1;
    options.runner.original_runs = make_original_runs();
    std::vector<std::string> announced;
    options.progress = [&](const std::string& what, int, int) {
      announced.push_back(what);
      return true;
    };
    const TuningResult result = tune_schedule(session, options);
    QVERIFY(result.original_seconds && *result.original_seconds > 0);
    // The schedule as it is sequential and with the target's parallel loops,
    // isl's untiled, isl's with tiles of 8 and of 32, and with register blocks.
    QCOMPARE(result.candidates.size(), std::size_t{6});
    QCOMPARE(result.candidates[5].short_label, std::string("register blocks"));
    QCOMPARE(result.candidates[0].label, std::string(kSequentialLabel));
    QCOMPARE(result.candidates[0].plan.steps.size(), std::size_t{1});  // gemm: one nest
    QCOMPARE(result.candidates[0].plan.steps[0].call.script_text(), std::string("S0.sequential(i)"));
    QVERIFY(result.candidates[1].plan.steps.empty());
    QCOMPARE(announced.size(), result.candidates.size());
    for (const TuningCandidate& c : result.candidates)
      QVERIFY2(c.seconds.has_value() != !c.problem.empty(), (c.label + ": " + c.problem).c_str());
    QVERIFY(result.candidates[0].seconds);
    // Something is always kept: the fastest when it beats the original, else the sequential one.
    const TuningCandidate* kept = result.chosen();
    QVERIFY(kept && kept->seconds);
    if (result.kept_original) {
      QCOMPARE(result.best, 0);
      for (const TuningCandidate& c : result.candidates)
        if (c.seconds) QVERIFY(*c.seconds >= *result.original_seconds);
    } else {
      QVERIFY(*kept->seconds < *result.original_seconds);
      for (const TuningCandidate& c : result.candidates)
        if (c.seconds) QVERIFY(*kept->seconds <= *c.seconds);
    }
    QCOMPARE(result.summary().size(), result.candidates.size() + 2);
    // The original was built and run for the first candidate only.
    const auto measured = std::count_if(result.candidates.begin(), result.candidates.end(),
                                        [](const TuningCandidate& c) { return c.seconds.has_value(); });
    QCOMPARE(reused_original_runs(*options.runner.original_runs), int(measured) - 1);

    // The script replays: the kept candidate's steps, all legal.
    const std::string script = tuned_script(result, "gemm.c");
    QVERIFY2(script.find("# Measured") != std::string::npos, script.c_str());
    Session replay(load_polybench("linear-algebra/blas/gemm", {"SMALL_DATASET"}));
    const ScriptRun run = apply_script(replay, parse_script(script, "tuned.ls"));
    QVERIFY2(!run.refusal, script.c_str());
    QCOMPARE(run.applied, kept->plan.steps.size());
  }

  // The sequential candidate's script: the original order, no thread in the OpenMP code.
  void theSequentialCandidateReplaysAsTheOriginalOrder() {
    Session session(load_polybench("stencils/jacobi-1d", {"MINI_DATASET"}));
    TuningOptions options;
    options.tile_sizes = {};
    options.progress = [](const std::string&, int, int) { return false; };  // plans, measures nothing
    TuningResult result = tune_schedule(session, options);
    const TuningCandidate& sequential = result.candidates.front();
    QCOMPARE(sequential.label, std::string(kSequentialLabel));
    // As when every candidate was slower than the original.
    result.candidates.front().seconds = 2.0;
    result.original_seconds = 1.0;
    result.best = 0;
    result.kept_original = true;
    result.cancelled = false;
    const std::string script = tuned_script(result, "jacobi-1d.c");
    QVERIFY2(script.find("kept as it is, sequential") != std::string::npos, script.c_str());
    QVERIFY2(script.find("isl's schedule") == std::string::npos, script.c_str());
    Session replay(load_polybench("stencils/jacobi-1d", {"MINI_DATASET"}));
    const ScriptRun run = apply_script(replay, parse_script(script, "tuned.ls"));
    QVERIFY2(!run.refusal && run.applied == 1, script.c_str());
    const GeneratedCode code = generate(replay.program(), replay.schedule(), replay.dependences().all(), "openmp");
    QVERIFY2(code.text.find("#pragma omp") == std::string::npos, code.text.c_str());
    // Without it, the target parallelises the inner loops.
    const GeneratedCode plain =
        generate(session.program(), session.schedule(), session.dependences().all(), "openmp");
    QVERIFY2(plain.text.find("#pragma omp parallel for") != std::string::npos, plain.text.c_str());
  }

  // Stopping between candidates keeps what was measured and says so.
  void progressCanStopTheTuning() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"MINI_DATASET"}));
    TuningOptions options;
    options.tile_sizes = {8};
    options.runner.repetitions = 1;
    options.progress = [](const std::string&, int done, int) { return done < 1; };
    const TuningResult result = tune_schedule(session, options);
    QVERIFY(result.cancelled);
    QVERIFY(result.candidates[0].seconds);
    QVERIFY(!result.candidates[1].seconds);
    const std::vector<std::string> lines = result.summary();
    QVERIFY(std::any_of(lines.begin(), lines.end(),
                        [](const std::string& l) { return l.find("stopped before every candidate ran") != std::string::npos; }));
  }

  // In the process (the Run dock's Tune): every candidate lowered, compiled
  // by Halide's LLVM back-end, run at the given values and compared.
  void theJitTuningMeasuresEveryCandidateAtTheGivenValues() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"SMALL_DATASET"}));
    const JitTuningPlan plan = prepare_jit_tuning(session, {{"ni", 48}, {"nj", 56}, {"nk", 64}}, {8});
    QCOMPARE(plan.parameters.at("ni"), 48L);
    QCOMPARE(plan.runs.size(), plan.candidates.size());
    QCOMPARE(plan.openmp_code.size(), plan.candidates.size());
    for (std::size_t k = 0; k < plan.candidates.size(); ++k)
      if (plan.runs[k]) QVERIFY2(plan.openmp_code[k].find("for (") != std::string::npos, plan.candidates[k].label.c_str());
    int calls = 0;
    const TuningResult result = run_jit_tuning(plan, 1, [&](const std::string&, int done, int) { QCOMPARE(done, calls++); });
    QVERIFY(result.original_seconds && *result.original_seconds > 0);
    QVERIFY(!result.cancelled);
    for (const TuningCandidate& c : result.candidates)
      QVERIFY2(c.seconds.has_value() != !c.problem.empty(), (c.label + ": " + c.problem).c_str());
    QVERIFY(result.chosen());
    if (!result.kept_original) QVERIFY(*result.chosen()->seconds < *result.original_seconds);

    std::atomic<bool> cancel{true};
    const TuningResult stopped = run_jit_tuning(plan, 1, {}, &cancel);
    QVERIFY(stopped.cancelled);
    QVERIFY(!stopped.chosen());
  }

  // Values that take an access out of bounds: said before anything runs.
  void theJitTuningRefusesValuesOutOfBounds() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"MINI_DATASET"}));
    QVERIFY_THROWS_EXCEPTION(InputError, prepare_jit_tuning(session, {{"ni", 100000}}, {}));
  }

  // A nest the script keeps sequential already: the sequential candidate is
  // the schedule as it is (not a step that would change nothing).
  void aSequentialScriptIsItsOwnSequentialCandidate() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"MINI_DATASET"}));
    QVERIFY(!apply_script(session, parse_script("S1.sequential(i)\n", "s.ls")).refusal);
    const std::vector<TuningCandidate> candidates = tuning_candidates(session, {});
    QCOMPARE(candidates.front().label, std::string(kSequentialLabel));
    QVERIFY(candidates.front().plan.steps.empty());
    QVERIFY(candidates.front().problem.empty());
    QVERIFY(candidates.size() < 2 || candidates[1].label.find("own parallel loops") == std::string::npos);
  }

  // A script's knobs: every combination measured, the fastest written back first.
  void knobsAreTunedAndWrittenBack() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"SMALL_DATASET"}));
    const std::string text = "S1.tile(i, k, tune(8, 32), tune(4, 16))\nS1.parallelize(i0)\n";
    TuningOptions options;
    options.runner.repetitions = 1;
    const KnobTuning tuning = tune_knobs(session, parse_script(text, "gemm.ls"), options);
    QCOMPARE(tuning.result.candidates.size(), std::size_t{4});
    QCOMPARE(tuning.result.candidates[1].label, std::string("values 8, 16"));
    QCOMPARE(tuning.choices[1], (std::vector<std::size_t>{0, 1}));
    for (const TuningCandidate& c : tuning.result.candidates) QVERIFY2(c.seconds, (c.label + ": " + c.problem).c_str());
    QVERIFY(tuning.result.best >= 0);
    for (const TuningCandidate& c : tuning.result.candidates)
      QVERIFY(*tuning.result.chosen()->seconds <= *c.seconds);
    const std::string tuned = tuning.tuned_script(text);
    QVERIFY2(tuned.rfind("# Tuned (", 0) == 0, tuned.c_str());
    const std::vector<Knob> back = find_knobs(parse_script(tuned, "tuned.ls"));
    const std::vector<std::size_t>& chosen = tuning.choices[static_cast<std::size_t>(tuning.result.best)];
    QCOMPARE(back[0].values.front(), tuning.knobs[0].values[chosen[0]]);
    QCOMPARE(back[1].values.front(), tuning.knobs[1].values[chosen[1]]);
    // Tuned again, one header.
    const std::string twice = tuning.tuned_script(tuned);
    QCOMPARE(twice.find("# Tuned (", 1), std::string::npos);
    // The tuned script replays with its first values.
    Session replay(load_polybench("linear-algebra/blas/gemm", {"SMALL_DATASET"}));
    QVERIFY(!apply_script(replay, parse_script(tuned, "tuned.ls")).refusal);
  }

  void scriptsWithoutKnobsOrWithTooManyAreRefused() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"MINI_DATASET"}));
    // A value that makes a wrong command: refused at its knob before anything is built.
    try {
      tune_knobs(session, parse_script("S1.tile(i, k, tune(8, 16 32), 8)\n", "s.ls"));
      QFAIL("a wrong value was measured");
    } catch (const InputError& e) {
      QVERIFY2(std::string(e.what()).rfind("s.ls:1:15: the value 16 32 of this knob makes a wrong command", 0) == 0,
               e.what());
    }
    QVERIFY_THROWS_EXCEPTION(InputError, tune_knobs(session, parse_script("S1.tile(i, j, 8, 8)\n", "s.ls")));
    QVERIFY_THROWS_EXCEPTION(
        InputError,
        tune_knobs(session, parse_script("S1.tile(i, j, tune(1, 2, 3, 4, 5, 6, 7, 8, 9), tune(1, 2, 3, 4, 5, 6, 7, 8))\n",
                                         "s.ls")));
  }

  // An original program that does not build cannot be measured against.
  void anOriginalThatDoesNotBuildIsAnInputError() {
    Session session(load_polybench("linear-algebra/blas/gemm", {"MINI_DATASET"}));
    TuningOptions options;
    options.tile_sizes = {};
    options.runner.compile_flags = {"-O3", "--no-such-flag-for-gcc"};
    QVERIFY_THROWS_EXCEPTION(InputError, tune_schedule(session, options));
  }
};

QTEST_GUILESS_MAIN(TestTuning)
#include "test_tuning.moc"

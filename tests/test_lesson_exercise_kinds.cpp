// SPDX-License-Identifier: Apache-2.0
// The exercise kinds beyond "reach a schedule" (lessons/lesson.h): each is
// checked by the engine, right answers written differently pass, wrong ones
// get a concrete instance, value or line, and malformed exercises are
// refused at their line. The bundled lessons' own cases are in test_lessons.
#include <QtTest>

#include "lessons/code_match.h"
#include "lessons/exercise_start.h"
#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "loading/load_program.h"
#include "session/script.h"

using namespace loopscape;

namespace {

const std::string kKernels = LOOPSCAPE_SAMPLES "/../resources/lessons/kernels";

// A lesson on the wavefront kernel (a[i][j] needs a[i - 1][j] and a[i][j - 1]).
Lesson wavefront_lesson(const std::string& exercises) {
  return parse_lesson("---\ntitle: t\nkernel: " + kKernels + "/wavefront.c\nplot: n=4 m=5\n---\n" + exercises, "/tmp/t.md");
}

std::shared_ptr<const LoadedProgram> kernel_of(const Lesson& lesson) {
  return std::make_shared<const LoadedProgram>(load_program(lesson.kernel, lesson.compile));
}

ExerciseOutcome outcome(const Lesson& lesson, const std::string& script, const std::string& typed, std::size_t e = 0) {
  Session session(kernel_of(lesson));
  const ScriptRun run = apply_script(session, parse_script(script, "answer.ls"));
  if (run.refusal) throw std::runtime_error(run.refusal->report());
  return check_exercise(session, lesson.exercises.at(e), typed);
}

std::string malformed(const std::string& exercises) {
  try {
    wavefront_lesson(exercises);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

class TestLessonExerciseKinds : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Predict: the typed instances against the given schedule's order, in any spelling.
  void predictTheOrder() {
    const Lesson lesson = wavefront_lesson("## Exercise: p\ngiven: S0.interchange(i, j)\ncheck: predict 3\n");
    QCOMPARE(lesson.exercises[0].kind(), std::string("predict"));
    QVERIFY(outcome(lesson, "", "S0[1, 1], S0[2, 1], S0[3, 1]").passed());
    QVERIFY(outcome(lesson, "", "S0(1,1) S0(2,1)\nS0(3,1)").passed());
    QVERIFY(outcome(lesson, "", "[1,1] [2,1] [3,1]").passed());  // one statement: its name may go
    // Whatever the student did to the session: the question is about the given schedule.
    QVERIFY(outcome(lesson, "S0.skew(i, j, 1)", "S0[1, 1], S0[2, 1], S0[3, 1]").passed());
    QCOMPARE(outcome(lesson, "", "S0[1, 1], S0[1, 2], S0[1, 3]").feedback(),
             std::string("your second instance is S0[1, 2], but S0[2, 1] runs second, right after S0[1, 1] (with n = 4, "
                         "m = 5)\n"));
    QVERIFY(outcome(lesson, "", "S0[1, 1], S0[2, 1]").feedback().find("the first 2 are right; list 3") == 0);
    QVERIFY(outcome(lesson, "", "").feedback().find("list the first 3 instances") == 0);
    QVERIFY(outcome(lesson, "", "S0[1, x]").feedback().find("write each instance with numbers") == 0);
    QVERIFY(outcome(lesson, "", "S0[1, 1]").feedback().find("the first one is right; list 3 instances") == 0);
    QCOMPARE(outcome(lesson, "", "S0[1, 1], S0[1, 9], S0[3, 1]").feedback(),
             std::string("S0[1, 9] is not an instance of S0 (with n = 4, m = 5): it is outside the domain\n"));
    QCOMPARE(outcome(lesson, "", "S1[1, 1], S0[2, 1], S0[3, 1]").feedback(),
             std::string("there is no statement S1 (the kernel's: S0)\n"));
    QCOMPARE(model_answer(kernel_of(lesson), lesson.exercises[0]), std::string("S0[1, 1], S0[2, 1], S0[3, 1]"));
  }

  // The plot values of an exercise win over the lesson's.
  void plotValuesPerExercise() {
    const Lesson lesson = wavefront_lesson("## Exercise: p\nplot: n=2\naxes: j i\ncheck: predict 2\n");
    QCOMPARE(lesson.exercises[0].plot.at("n"), 2L);
    QCOMPARE(lesson.exercises[0].plot.at("m"), 5L);
    QCOMPARE(lesson.exercises[0].axes, (std::vector<std::string>{"j", "i"}));
    QCOMPARE(model_answer(kernel_of(lesson), lesson.exercises[0]), std::string("S0[1, 1], S0[1, 2]"));
  }

  // Counts: a number at the plot's values, or a formula however it is spelled.
  void countsByHand() {
    const Lesson lesson = parse_lesson("---\ntitle: t\nkernel: " + kKernels +
                                           "/triangle.c\nplot: n=5\n---\n## Exercise: a\ncheck: answer count S0\nanswer: 15\n"
                                           "## Exercise: b\ncheck: answer count S0 formula\nanswer: n * (n + 1) / 2\n",
                                       "/tmp/c.md");
    QVERIFY(outcome(lesson, "", "15").passed());
    QCOMPARE(outcome(lesson, "", "16").feedback(), std::string("at n = 5 S0's domain has 15 points, not 16\n"));
    QVERIFY(outcome(lesson, "", "n * (n + 1) / 2").passed());  // a number is fine where a formula is not asked
    for (const char* right : {"n*(n+1)/2", "[n] -> { n * (n + 1) / 2 }", "(n * n + n) / 2", "[n] -> { 1/2 * n^2 + 1/2 * n : n >= 0 }"})
      QVERIFY2(outcome(lesson, "", right, 1).passed(), right);
    QCOMPARE(outcome(lesson, "", "n * n / 2", 1).feedback(),
             std::string("at n = 1 your formula gives 1/2, but S0's domain has 1 point\n"));
    QVERIFY(outcome(lesson, "", "15", 1).feedback().find("not a number") != std::string::npos);
    QVERIFY(outcome(lesson, "", "m * m", 1).feedback().find("your formula names m, which is not a parameter of the kernel (n)") == 0);
    QVERIFY(outcome(lesson, "", "n *", 1).feedback().find("your count is neither a number nor a formula (at column 4)") == 0);
    // As students write them: powers, decimals, products without '*', a Windows line end.
    for (const char* right : {"(n^2 + n) / 2", "0.5 * n * (n + 1)", "n(n + 1)/2", "n * (n + 1) / 2\r\n"})
      QVERIFY2(outcome(lesson, "", right, 1).passed(), right);
    QVERIFY(outcome(lesson, "", "15\r\n").passed());
    QVERIFY(outcome(lesson, "", "3 * 5").passed());  // a number written as a product
    QVERIFY(outcome(lesson, "", "7.5").feedback().find("a count is a whole number, not 15/2") == 0);
  }

  // A schedule map typed by hand, compared by the order it gives, with a pair in the other order.
  void schedulesByHand() {
    const Lesson lesson = wavefront_lesson(
        "## Exercise: s\ncheck: answer schedule\nsolution: S0.tile(i, j, 2, 2)\nanswer: { S0[i, j] -> [floor(i/2), "
        "floor(j/2), i, j] }\n");
    QVERIFY(outcome(lesson, "", "{ S0[i, j] -> [floor(i/2), floor(j/2), i, j] }").passed());
    QVERIFY(outcome(lesson, "", "[n, m] -> { S0[i, j] -> [floor(i/2), floor(j/2), i - 2 * floor(i/2), j] }").passed());
    const std::string order = outcome(lesson, "", "{ S0[i, j] -> [i, j] }").feedback();
    QVERIFY2(order.find(" runs before ") != std::string::npos &&
                 order.find(" in your schedule, not in the expected one (with n = ") != std::string::npos,
             order.c_str());
    QVERIFY(outcome(lesson, "", "{ S0[i, j] -> [i, j] : i < 3 }").feedback().find("your schedule gives no time to") == 0);
    QVERIFY(outcome(lesson, "", "{ S0[i, j] -> [i / 2, j / 2, i, j] }").feedback().find("write floor(i / 4)") !=
            std::string::npos);
    QCOMPARE(outcome(lesson, "", "{ S0[i, j] -> [floor(i/2), floor(j/2)] }").feedback(),
             std::string("your schedule gives S0[2, 1] and S0[3, 1] the same time (with n = 4, m = 2): a schedule must "
                         "order every pair of instances\n"));
    QVERIFY(outcome(lesson, "", "{ S0[i, j] : i < 3 }").feedback().find("not a set") != std::string::npos);
    QVERIFY(outcome(lesson, "", "{ S0[i, j] -> [i, j]").feedback().find("your schedule is not an isl map") == 0);
    QVERIFY(malformed("## Exercise: s\ncheck: answer schedule\nanswer: { S0[i, j] -> [j, i] }\n").empty());
  }

  // Match the target: the code up to the loops' names, or the order; the first differing line.
  void matchTheTarget() {
    const Lesson lesson = wavefront_lesson("## Exercise: c\ntarget: S0.interchange(i, j)\ncheck: matches-target code\n"
                                           "## Exercise: o\ntarget: S0.tile(i, j, 2, 2)\ncheck: matches-target order\n");
    QCOMPARE(lesson.exercises[0].kind(), std::string("target"));
    QVERIFY(outcome(lesson, "S0.interchange(i, j)", "").passed());
    QVERIFY(outcome(lesson, "S0.interchange(j, i)", "").passed());
    const std::string f = outcome(lesson, "S0.skew(i, j, 1)", "").feedback();
    QVERIFY2(f.find("step 1 (S0.skew(i, j, 1)) is where your schedule leaves the expected one: line 1 of your code") == 0,
             f.c_str());
    // Another way to the same order passes the order check, not the code one.
    QVERIFY(outcome(lesson, "S0.split(i, 2)\nS0.split(j, 2)\nS0.interchange(i1, j0)", "", 1).passed());
    QVERIFY(outcome(lesson, "", "", 1).feedback().find(" runs before ") != std::string::npos);
    // The exercise shows the target's code.
    const std::string briefing = exercise_briefing(kernel_of(lesson), lesson.exercises[0]);
    QVERIFY2(briefing.find("**The target program:**") != std::string::npos &&
                 briefing.find("for (int j = 1; j < m; j++)") != std::string::npos,
             briefing.c_str());
  }

  void codeEqualUpToLoopNames() {
    QCOMPARE(code_difference("for (int c0 = 0; c0 < n; c0++)\n  S0(c0);\n", "for (int i = 0; i < n; i++)\n  S0(i);\n"),
             std::string());
    // One name for one name: two loops may not become one.
    QVERIFY(!code_difference("for (int a = 0; a < n; a++)\n  for (int b = 0; b < n; b++)\n    S0(a, b);\n",
                             "for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    S0(i, i);\n")
                 .empty());
    // Arrays and parameters are not renamed.
    QCOMPARE(code_difference("x[i] = y[i];\n", "y[i] = x[i];\n"),
             std::string("line 1 of your code, `x[i] = y[i];`, differs from line 1 of the target, `y[i] = x[i];`"));
    QVERIFY(code_difference("S0(0);\n", "S0(0);\nS1(0);\n").find("from line 2 of the target, `S1(0);`") !=
            std::string::npos);
  }

  // Multiple choice: every option is a claim the engine decides on the given schedule.
  void choicesDecidedByTheEngine() {
    const Lesson lesson = wavefront_lesson(
        "## Exercise: m\ngiven: S0.skew(i, j, 1, 1, w, p)\ncheck: choices\nchoice: parallel S0 p | p is parallel\n"
        "choice: parallel S0 w | w is parallel\nchoice: refuses S0.loop_reversal(w) | reversing w is refused\n");
    QCOMPARE(model_answer(kernel_of(lesson), lesson.exercises[0]), std::string("1 3"));
    QVERIFY(outcome(lesson, "", "1 3").passed());
    QVERIFY(outcome(lesson, "", "3, 1").passed());
    QVERIFY(outcome(lesson, "", "1").feedback().find("option 3 (reversing w is refused) is true too: it is refused: "
                                                     "S0.loop_reversal(w) is illegal") == 0);
    QVERIFY(outcome(lesson, "", "1 2 3").feedback().find("option 2 (w is parallel) is not true: ") == 0);
    QVERIFY(outcome(lesson, "", "4").feedback().find("there is no option 4: the options are 1 to 3") == 0);
    QVERIFY(outcome(lesson, "", "one").feedback().find("'one' is not one") != std::string::npos);
    QVERIFY(outcome(lesson, "", "none").feedback().find("option 1 (p is parallel) is true too") == 0);
  }

  // Fix the schedule: the given history, its refusal shown, and a wrong fix blamed at its step.
  void fixTheSchedule() {
    const Lesson lesson = parse_lesson(
        "---\ntitle: t\nkernel: " + kKernels +
            "/seidel1d.c\n---\n## Exercise: f\ngiven: S0.skew(t, i, 1)\ngiven: S0.tile(t, i, 4, 4)\ngiven: "
            "S0.loop_reversal(t0)\ncheck: same-order-as S0.skew(t, i, 1); S0.tile(t, i, 4, 4)\n",
        "/tmp/f.md");
    QCOMPARE(lesson.exercises[0].kind(), std::string("fix"));
    const auto kernel = kernel_of(lesson);
    const ExerciseStart start = start_exercise(kernel, lesson.exercises[0]);
    QCOMPARE(start.session->history().size(), std::size_t(2));
    QVERIFY(start.refused.has_value());
    QCOMPARE(start.refused_line, std::size_t(2));
    const std::string briefing = exercise_briefing(kernel, lesson.exercises[0]);
    QVERIFY2(briefing.find("Step 3 is refused:") != std::string::npos && briefing.find("is illegal") != std::string::npos,
             briefing.c_str());
    QVERIFY(outcome(lesson, "S0.skew(t, i, 1)\nS0.tile(t, i, 4, 4)", "").passed());
    const std::string f = outcome(lesson, "S0.skew(t, i, 1)\nS0.skew(t, i, 1)\nS0.tile(t, i, 4, 4)", "").feedback();
    QVERIFY2(f.find("step 2 (S0.skew(t, i, 1)) is where your schedule leaves the expected one: ") == 0, f.c_str());
    // A split keeps the order: another way to the same tiles may need it, so the step after it is blamed.
    const std::string split = outcome(lesson, "S0.split(t, 2)\nS0.skew(t1, i, 2)", "").feedback();
    QVERIFY2(split.find("step 2 (S0.skew(t1, i, 2)) is where your schedule leaves the expected one") == 0, split.c_str());
    const std::string splits_only = outcome(lesson, "S0.split(t, 2)\nS0.split(t1, 2)", "").feedback();
    QVERIFY2(splits_only.find("step ") == std::string::npos && splits_only.find(" runs before ") != std::string::npos,
             splits_only.c_str());
  }

  void malformedExercisesNameTheirLine() {
    QVERIFY(malformed("## Exercise: e\ncheck: predict\n").find("t.md:7:8: 'predict' takes how many instances") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: predict 1000\n").find("1 to 200") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: matches-target lines\n").find("'matches-target' takes code") !=
            std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: matches-target code\n").find("has no 'target:' lines") !=
            std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: choices\nchoice: legal | ok\n").find("needs two 'choice:' lines") !=
            std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: choices\nchoice: legal\nchoice: legal | b\n")
                .find("t.md:8:9: a choice is a claim, '|' and the option's text") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: choices\nchoice: same-results | a\nchoice: legal | b\n")
                .find("a choice claims legal, parallel S L") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: legal\nchoice: legal | a\n").find("but no 'check: choices'") !=
            std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: predict 2\ncheck: choices\nchoice: legal | a\nchoice: legal | b\n")
                .find("the answer box holds one answer") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\nplot: n=x\ncheck: legal\n").find("t.md:7:7: plot: expected NAME=VALUE") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: answer count\nanswer: 3\n").find("count S [formula]") != std::string::npos);
    QVERIFY(malformed("## Exercise: e\ncheck: answer count S0 exactly\nanswer: 3\n").find("count S [formula]") !=
            std::string::npos);
    try {
      parse_lesson("---\ntitle: t\nkernel: k.c\ntime: soon\n---\n", "/tmp/x.md");
      QFAIL("a time that is not minutes");
    } catch (const InputError& e) {
      QVERIFY(std::string(e.what()).find("x.md:4:1: time: the estimated minutes") != std::string::npos);
    }
    // A target or an 'answer schedule' without a solution is the lesson's error, found before any student.
    const Lesson bad = wavefront_lesson("## Exercise: e\ntarget: S0.loop_reversal(i)\ncheck: matches-target code\n");
    try {
      validate_lesson(kernel_of(bad), bad);
      QFAIL("a refused target");
    } catch (const InputError& e) {
      QVERIFY2(std::string(e.what()).find("t.md:7:9: the target of exercise 'e' is refused") != std::string::npos, e.what());
    }
    // A choice that names a loop the exercise's schedule lacks, or a command that cannot apply.
    for (const char* claim : {"carried S0 k", "accepts S0.interchang(i, j)", "refuses S0.loop_reversal(q)"}) {
      const Lesson typo = wavefront_lesson(std::string("## Exercise: e\ncheck: choices\nchoice: legal | a\nchoice: ") +
                                           claim + " | b\n");
      try {
        validate_lesson(kernel_of(typo), typo);
        QFAIL(claim);
      } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("t.md:9:9: ") != std::string::npos, e.what());
      }
    }
    const Lesson no_solution = wavefront_lesson("## Exercise: e\ncheck: answer schedule\nanswer: { S0[i, j] -> [i, j] }\n");
    QVERIFY_THROWS_EXCEPTION(InputError, validate_lesson(kernel_of(no_solution), no_solution));
  }
};

QTEST_GUILESS_MAIN(TestLessonExerciseKinds)
#include "test_lesson_exercise_kinds.moc"

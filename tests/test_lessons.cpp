// SPDX-License-Identifier: Apache-2.0
// Lessons (lessons/lesson.h): every bundled lesson's solutions pass its
// checks, wrong answers fail with the lesson's feedback, and malformed lesson
// files are refused at their line.
#include <QtTest>

#include <filesystem>
#include <set>

#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "loading/load_program.h"
#include "session/script.h"

using namespace loopscape;

namespace {

const std::string kLessons = LOOPSCAPE_SAMPLES "/../resources/lessons";

std::shared_ptr<const LoadedProgram> kernel_of(const Lesson& lesson) {
  return std::make_shared<const LoadedProgram>(load_program(lesson.kernel, lesson.compile));
}

// The outcome of exercise `e` after the script's commands.
// `typed` is the isl text in the answer box.
ExerciseOutcome answer(const Lesson& lesson, const std::shared_ptr<const LoadedProgram>& kernel,
                       const std::string& script, std::size_t e, const std::string& typed = "") {
  Session session(kernel);
  const ScriptRun run = apply_script(session, parse_script(script, "answer"));
  if (run.refusal) throw std::runtime_error("refused: " + run.refusal->report());
  return check_exercise(session, lesson.exercises.at(e), typed);
}

struct WrongAnswer {
  const char* lesson;
  std::size_t exercise;
  const char* script;
  const char* typed;
  const char* feedback;  // a part of what the student reads
};

// One wrong answer per exercise of every bundled lesson (a plausible mistake),
// and the words it must get back. Exercises that only ask to look (their
// checks read the original schedule) have no wrong answer: they are listed
// with a null script.
const WrongAnswer kWrongAnswers[] = {
    {"01-sets-and-maps", 0, "", "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }",
     "your set misses points, for example [n = 1] -> { S0[0, 0] }. Not quite: read the two loops' bounds again; j stops at i (j <= i)."},
    {"01-sets-and-maps", 1, "", "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j <= i and i + j = n }",
     "The diagonal is the points of the triangle where j equals i."},
    {"01-sets-and-maps", 2, "", "[n] -> { S0[i, j] -> S0[i + 1, j] }", "Both ends of every pair must lie in the triangle"},
    {"02-iteration-domains", 0, "", "[n] -> { S1[i, j] : 0 <= j <= i < n }", "j below i"},
    {"02-iteration-domains", 1, "", "[n] -> { S2[i, j, k] : 0 <= i < j < n and 0 <= k < i }", "where j starts (at i)"},
    {"03-access-relations", 0, "", "[ni, nj, nk] -> { S1[i, j, k] -> b[j, k] }", "b[k][j]"},
    {"03-access-relations", 1, "", "[ni, nj, nk] -> { S1[i, j, k] -> c[i, j, k] }", "your map is over S1 (3 indices) -> c (3 indices), the kernel's over S1 (3 indices) -> c (2 indices)"},
    {"04-schedules", 0, "S0.loop_reversal(i)", nullptr, "S1 does not run entirely before S0 yet."},
    {"04-schedules", 1, "S1.before(S0, root)", nullptr, "The statements do not share both loops i and j yet"},
    {"05-dependences", 0, "", "[n] -> { S0[i] -> S0[i + 1] : 1 <= i <= n - 2 }", "one from S0 to S1"},
    {"05-dependences", 1, nullptr, nullptr, nullptr},
    {"06-legality", 0, "", nullptr, "The loops are not in the order j, i yet."},
    {"06-legality", 1, "", "1", "option 2 (S0.loop_reversal(j) is refused.) is true too: it is refused: S0.loop_reversal(j) is illegal"},
    {"07-parallel-loops", 0, nullptr, nullptr, nullptr},
    {"07-parallel-loops", 1, "S1.parallelize(j)", nullptr, "The loop i is not marked parallel yet"},
    {"08-interchange", 0, "S0.interchange(i, j)", nullptr, "The loops of S1 are not in the order j, i yet."},
    {"08-interchange", 1, "", "S0[0,0] S0[0,1] S0[1,0] S0[1,1] S1[0,0] S1[0,1]",
     "your sixth instance is S1[0, 1], but S1[1, 0] runs sixth, right after S1[0, 0] (with n = 2)"},
    {"09-skewing-wavefronts", 0, "S0.skew(i, j, 1, 1, w, p)", nullptr, "p is free of dependences: mark it parallel."},
    {"09-skewing-wavefronts", 1, "", "{ S0[i, j] -> [i + j, i] }",
     "S0[1, 2] runs before S0[2, 1] in your schedule, not in the expected one (with n = 3, m = 3)"},
    {"10-tiling", 0, "S1.tile(i, j, 4, 4)", nullptr, "The tiles are not 8 x 8 over i and j."},
    {"10-tiling", 1, "S1.tile(i, j, 4, 4)", nullptr,
     "step 1 (S1.tile(i, j, 4, 4)) is where your schedule leaves the expected one: S1[1, 0, 0] runs before S0[0, 4]"},
    {"11-tiling-stencils", 0, "S0.skew(t, i, 1)\nS0.tile(t, i, 8, 8)", nullptr, "The tiles are not 4 x 4 tiles"},
    {"11-tiling-stencils", 1, "S0.skew(t, i, 2)\nS0.tile(t, i, 4, 4)", nullptr,
     "step 1 (S0.skew(t, i, 2)) is where your schedule leaves the expected one: S0[1, 3] runs before S0[2, 1] in your "
     "schedule, not in the expected one (with tsteps = 3, n = 5). The tiles are not 4 x 4"},
    {"12-fusion-distribution", 0, "S1.shift(i, 1)", nullptr, "S1 is not fused into S0's loops t and i"},
    {"12-fusion-distribution", 1, "", "1 2 3 4", "option 4 (The time loop t can run in parallel.) is not true: loop t"},
    {"13-gpu-mapping", 0, "S1.tile(i, j, 16, 32)", nullptr, "The tile loop i0 is not mapped to GPU blocks yet."},
    {"13-gpu-mapping", 1, "", "1 2 3", "option 3 (Loop k carries no dependence.) is not true: loop k"},
    {"14-distributed-ranks", 0, "S0.distribute(i)", nullptr, "both sweeps need the same rows"},
    {"14-distributed-ranks", 1, "", "1 2 3", "option 1 (The time loop t carries no dependence.) is not true"},
    {"15-systolic-arrays", 0, "S0.space_time_transform({k}, {1})", nullptr, "j is not a space loop"},
    {"15-systolic-arrays", 1, "", "1 2 3 4", "option 4 (Loop k carries no dependence.) is not true"},
    {"16-halide-vectors", 0, "S1.parallelize(i)", nullptr, "j is not vectorised yet"},
    {"16-halide-vectors", 1, "", "1", "option 3 (Moving j innermost (interchange j and k) is legal.) is true too"},
    {"17-counting-points", 0, "", "36", "at n = 6 S0's domain has 21 points, not 36"},
    {"17-counting-points", 1, "", "n * n", "at n = 2 your formula gives 4, but S0's domain has 3 points"},
    {"18-execution-order", 0, "", "S0[1,1] S0[2,1] S0[3,1] S0[1,2] S0[2,2] S0[3,2]",
     "your second instance is S0[2, 1], but S0[1, 2] runs second, right after S0[1, 1] (with n = 4, m = 5)"},
    {"18-execution-order", 1, "", "S0[1,1] S0[1,2] S0[1,3] S0[1,4] S0[2,1] S0[2,2]",
     "your second instance is S0[1, 2], but S0[2, 1] runs second"},
    {"18-execution-order", 2, "", "S0[1,1] S0[1,2] S0[2,1] S0[1,3] S0[2,2] S0[3,1]",
     "your second instance is S0[1, 2], but S0[2, 1] runs second"},
    {"19-schedules-by-hand", 0, "", "{ S0[i, j] -> [i, j] }", "S0[1, 2] runs before S0[2, 1] in your schedule"},
    {"19-schedules-by-hand", 1, "", "{ S0[i, j] -> [floor(i/4), floor(j/4), j, i] }",
     "S0[2, 1] runs before S0[1, 2] in your schedule"},
    {"20-dependence-pictures", 0, "", "1 2 3 4", "option 1 (The iterations of loop i can run in parallel.) is not true"},
    {"20-dependence-pictures", 1, "", "1", "option 2 (Loop w carries dependences.) is true too"},
    {"21-fix-the-schedule", 0, "S0.skew(t, i, 1)", nullptr, "S0 has 2 loops, not 4"},
    {"21-fix-the-schedule", 1, "S0.skew(t, i, 2)\nS0.tile(t, i, 4, 4)", nullptr,
     "step 1 (S0.skew(t, i, 2)) is where your schedule leaves the expected one"},
    {"22-match-the-target", 0, "S0.skew(i, j, 1)", nullptr,
     "line 1 of your code, `for (int i = 1; i < n; i++)`, differs from line 1 of the target, `for (int j = 1; j < m; j++)`"},
    {"22-match-the-target", 1, "S0.interchange(i, j)", nullptr,
     "step 1 (S0.interchange(i, j)) is where your schedule leaves the expected one: line 1 of your code"},
    {"22-match-the-target", 2, "S0.tile(i, j, 4, 8)", nullptr, "S0[1, 4] runs before S0[2, 1] in your schedule"},
    {"23-strip-mining-unrolling", 0, "", nullptr, "S0 has 2 loops, not 3"},
    {"23-strip-mining-unrolling", 1, "", "S0[1,1] S0[2,1] S0[3,1] S0[4,1] S0[1,2] S0[2,2]",
     "your second instance is S0[2, 1], but S0[1, 2] runs second"},
    {"24-reversal-shifting-fusion", 0, "", "3", "option 1 (Reversing S0's loop is refused.) is true too"},
    {"24-reversal-shifting-fusion", 1, "S1.loop_reversal(i)", nullptr,
     "line 1 of your code, `for (int i = 1; i < n; i++)`, differs from line 1 of the target, `for (int i = 0; i < n; i++) {`"},
};

std::string malformed(const std::string& text) {
  try {
    parse_lesson(text, "/lessons/x.md");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

class TestLessons : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void bundledSolutionsPass() {
    int lessons = 0, exercises = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kLessons)) {
      if (entry.path().extension() != ".md" || entry.path().stem() == "course") continue;
      const Lesson lesson = read_lesson(entry.path().string());
      ++lessons;
      QVERIFY2(!lesson.exercises.empty(), lesson.file.c_str());
      const auto kernel = kernel_of(lesson);
      for (std::size_t e = 0; e < lesson.exercises.size(); ++e) {
        std::string script;
        for (const std::string& line : lesson.exercises[e].solution) script += line + "\n";
        const ExerciseOutcome outcome = answer(lesson, kernel, script, e, model_answer(kernel, lesson.exercises[e]));
        QVERIFY2(outcome.passed(), (lesson.file + ", exercise " + std::to_string(e + 1) + ": " + outcome.feedback()).c_str());
        ++exercises;
      }
    }
    QVERIFY(lessons >= 24);
    QVERIFY(exercises >= 48);
  }

  void everyExerciseRefusesAWrongAnswer() {
    std::set<std::pair<std::string, std::size_t>> covered;
    for (const WrongAnswer& w : kWrongAnswers) {
      const Lesson lesson = read_lesson(kLessons + "/" + w.lesson + ".md");
      const std::string where = std::string(w.lesson) + ", exercise " + std::to_string(w.exercise + 1);
      covered.insert({w.lesson, w.exercise});
      if (!w.script) {  // looking only: nothing to answer, and nothing a student can get wrong
        QVERIFY2(lesson.exercises.at(w.exercise).solution.empty() && !lesson.exercises[w.exercise].asks_for_answer(),
                 where.c_str());
        continue;
      }
      const ExerciseOutcome o = answer(lesson, kernel_of(lesson), w.script, w.exercise, w.typed ? w.typed : "");
      QVERIFY2(!o.passed(), where.c_str());
      QVERIFY2(o.feedback().find(w.feedback) != std::string::npos, (where + ": " + o.feedback()).c_str());
    }
    for (const auto& entry : std::filesystem::directory_iterator(kLessons)) {
      if (entry.path().extension() != ".md" || entry.path().stem() == "course") continue;
      const Lesson lesson = read_lesson(entry.path().string());
      for (std::size_t e = 0; e < lesson.exercises.size(); ++e)
        QVERIFY2(covered.count({entry.path().stem().string(), e}),
                 (entry.path().stem().string() + " exercise " + std::to_string(e + 1) + " has no wrong answer here").c_str());
    }
  }

  // Typed answers are compared by isl, whatever their spelling; what is wrong is said concretely.
  void typedAnswersAreComparedByIsl() {
    const Lesson lesson = read_lesson(kLessons + "/01-sets-and-maps.md");
    const auto triangle = kernel_of(lesson);
    // The same set, written differently.
    QVERIFY(answer(lesson, triangle, "", 0, "[n] -> { S0[i, j] : j >= 0 and i >= j and n > i }").passed());
    QVERIFY(answer(lesson, triangle, "", 0, "[n] -> { S0[i, j] : 0 <= j <= i < n; S0[i, j] : 0 <= j <= i < n }").passed());
    // Not isl at all, empty, a map for a set, the wrong tuple name.
    QCOMPARE(answer(lesson, triangle, "", 0, "{ S0[i, j] : 0 <= i < n").feedback(),
             std::string("your answer is not an isl set or map (at column 23: unknown identifier, got ident 'n'): a "
                         "parameter is declared before the braces: [n] -> { S[i, j] : ... }\n"));
    QCOMPARE(answer(lesson, triangle, "", 0, "[n] -> { S0[i, j] : 0 <= i < n and }").feedback(),
             std::string("your answer is not an isl set or map (at column 36: unexpected token, got '}'): write it as "
                         "[params] -> { S[i, j] : constraints }\n"));
    QVERIFY(answer(lesson, triangle, "", 0, "  ").feedback().find("type your answer") != std::string::npos);
    QVERIFY(answer(lesson, triangle, "", 0, "[n] -> { S0[i, j] -> S0[j, i] }").feedback().find("a set is asked") !=
            std::string::npos);
    QVERIFY(answer(lesson, triangle, "", 0, "[n] -> { T[i, j] : 0 <= j <= i < n }").feedback().find("over T (2 indices), the kernel's over S0 (2 indices)") !=
            std::string::npos);
    // The wrong exercise's answer: too many points, with one of them.
    const std::string f = answer(lesson, triangle, "", 1, "[n] -> { S0[i, j] : 0 <= j <= i < n }").feedback();
    QVERIFY2(f.find("has points it should not, for example") != std::string::npos, f.c_str());
  }

  void commandLineGradesTypedAnswers() {
    const QString lesson = QString::fromStdString(kLessons + "/05-dependences.md");
    QProcess cli;
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--exercise", "1", "--answer",
                              "[n] -> { S0[i] -> S0[i + 1] : 0 < i < n - 1; S0[i] -> S1[i] : 0 < i < n }"});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--exercise", "1", "--answer", "[n] -> { S0[i] -> S0[i + 1] }"});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 4);
    QVERIFY(QString::fromUtf8(cli.readAllStandardOutput()).contains(QStringLiteral("not yet")));
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--answer", "{ }"});  // which exercise?
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 2);
  }

  void wrongAnswersGetTheLessonsFeedback() {
    const Lesson parallel = read_lesson(kLessons + "/07-parallel-loops.md");
    const auto matmul = kernel_of(parallel);
    // Parallelizing j instead of i: legal, same results, but not what was asked.
    ExerciseOutcome o = answer(parallel, matmul, "S1.parallelize(j)\n", 1);
    QVERIFY(!o.passed());
    QCOMPARE(o.feedback(),
             std::string("loop i of S1 is not tagged parallel. The loop i is not marked parallel yet: parallelize it.\n"));
    QVERIFY(o.checks[0].passed && o.checks[2].passed);  // legal, same results

    const Lesson tiling = read_lesson(kLessons + "/10-tiling.md");
    o = answer(tiling, matmul, "S1.tile(i, j, 4, 4)\n", 0);
    QVERIFY(!o.passed());
    QVERIFY2(o.feedback().rfind("step 1 (S1.tile(i, j, 4, 4)) is where your schedule leaves the expected one: ", 0) == 0,
             o.feedback().c_str());
    QVERIFY2(o.feedback().find(". The tiles are not 8 x 8 over i and j.\n") != std::string::npos, o.feedback().c_str());
    o = answer(tiling, matmul, "", 0);  // nothing done: too few loops, wrong order
    QVERIFY(o.feedback().find("five loops") != std::string::npos);

    const Lesson interchange = read_lesson(kLessons + "/08-interchange.md");
    const auto mvt = kernel_of(interchange);
    o = answer(interchange, mvt, "S0.interchange(i, j)\n", 0);  // the wrong statement
    QVERIFY(!o.passed());
    QVERIFY2(o.feedback().find("step 1 (S0.interchange(i, j)) is where your schedule leaves the expected one") == 0,
             o.feedback().c_str());
    QVERIFY2(o.feedback().find("The loops of S1 are not in the order j, i yet.\n") != std::string::npos,
             o.feedback().c_str());
  }

  // Without the lesson's own words, the engine's explanation names the dependence.
  void defaultFeedbackExplains() {
    Lesson lesson = parse_lesson("---\ntitle: t\nkernel: " LOOPSCAPE_SAMPLES "/matmul.c\n---\n"
                                 "## Exercise: k\ncheck: parallel S1 k\ncheck: loops S1 7\ncheck: tagged S1 q parallel\n",
                                 "/tmp/t.md");
    const ExerciseOutcome o = answer(lesson, kernel_of(lesson), "", 0);
    QCOMPARE(o.checks.size(), std::size_t(3));
    QVERIFY2(o.checks[0].feedback.find("carries RAW S1 -> S1 on c") != std::string::npos, o.checks[0].feedback.c_str());
    QCOMPARE(o.checks[1].feedback, std::string("S1 has 3 loops, not 7"));
    QVERIFY2(o.checks[2].feedback.find("q") != std::string::npos, o.checks[2].feedback.c_str());
  }

  // The teacher's bulk grading: one line per script and exercise, exit 4 when an answer falls short.
  void commandLineGradesScripts() {
    QTemporaryDir dir;
    const QString good = dir.filePath("good.ls"), wrong = dir.filePath("wrong.ls");
    QFile g(good), w(wrong);
    QVERIFY(g.open(QIODevice::WriteOnly) && w.open(QIODevice::WriteOnly));
    g.write("S1.tile(i, j, 8, 8)\n");
    w.write("S1.tile(i, j, 8, 4)\n");
    g.close();
    w.close();
    const QString lesson = QString::fromStdString(kLessons + "/10-tiling.md");
    QProcess cli;
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--script", good, "--script", wrong});
    QVERIFY(cli.waitForFinished(120000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 4);
    QVERIFY2(out.contains(good + ": exercise 1 (8 by 8 tiles): passed"), qPrintable(out));
    QVERIFY2(out.contains(wrong + ": exercise 1 (8 by 8 tiles): not yet\n  - step 1 (S1.tile(i, j, 8, 4)) is where"),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("The tiles are not 8 x 8 over i and j.")), qPrintable(out));
    // The folder: every .ls in it, by name, and the count at the end.
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--script", dir.path(), "--exercise", "1"});
    QVERIFY(cli.waitForFinished(120000));
    const QString folder = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 4);
    QVERIFY2(folder.indexOf(good) >= 0 && folder.indexOf(good) < folder.indexOf(wrong), qPrintable(folder));
    QVERIFY2(folder.endsWith(QStringLiteral("1 of 2 scripts pass every check\n")), qPrintable(folder));
    // A malformed script in the folder is that student's answer; the others are still graded.
    QFile bad(dir.filePath("bad.ls"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("S1.tile(i, j, 8, 8\n");
    bad.close();
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--script", dir.path(), "--exercise", "1"});
    QVERIFY(cli.waitForFinished(120000));
    const QString with_bad = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY2(with_bad.contains(QStringLiteral("bad.ls: malformed\n")) && with_bad.contains(good + ": exercise 1"),
             qPrintable(with_bad));
    // --answer is for exercises that ask for a typed answer.
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--exercise", "1", "--answer", "S1.tile(i, j, 8, 8)"});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY(QString::fromUtf8(cli.readAllStandardError()).contains(QStringLiteral("asks for no typed answer")));
    QTemporaryDir empty;
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--script", empty.path()});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY(QString::fromUtf8(cli.readAllStandardError()).contains(QStringLiteral("no .ls scripts")));
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson});  // the lesson's own solutions
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
  }

  // A teacher's own lesson, checked from its folder by relative names; a
  // check that names a loop neither the kernel nor the solution has is an
  // error at its line, and a student whose schedule lacks the loop reads why.
  void lessonsCheckFromTheirOwnFolder() {
    QTemporaryDir dir;
    QVERIFY(QFile::copy(QStringLiteral(LOOPSCAPE_SAMPLES "/mvt.c"), dir.filePath("rowscan.c")));
    auto write = [&](const QString& name, const QByteArray& text) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(text);
    };
    const QByteArray front = "---\ntitle: Row scan\nkernel: rowscan.c\n---\n## Exercise: Outer parallel\n";
    write("rowscan.md", front + "check: parallel S0 i | Loop i should carry no dependence.\nsolution: S0.parallelize(i)\n");
    write("typo.md", front + "check: parallel S0 k | Loop k should carry no dependence.\nsolution: S0.parallelize(i)\n");
    write("ans.ls", "S0.parallelize(i)\n");
    QProcess cli;
    cli.setWorkingDirectory(dir.path());
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", "rowscan.md", "--script", "ans.ls"});
    QVERIFY(cli.waitForFinished(120000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 0, qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("ans.ls: exercise 1 (Outer parallel): passed")), qPrintable(out));

    cli.start(LOOPSCAPE_CLI, {"lesson", "check", "typo.md"});
    QVERIFY(cli.waitForFinished(120000));
    const QString typo = QString::fromUtf8(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY2(typo.contains(QStringLiteral("typo.md:6:")) && typo.contains(QStringLiteral("loop k of S0")),
             qPrintable(typo));

    // The student's schedule has no loop i1: the engine says so before the lesson's words.
    const Lesson lesson = read_lesson(dir.filePath("rowscan.md").toStdString());
    const std::shared_ptr<const LoadedProgram> kernel = kernel_of(lesson);
    LessonExercise renamed = lesson.exercises.at(0);
    renamed.checks.at(0).args.at(1) = "i1";
    Session session(kernel);
    const ExerciseOutcome o = check_exercise(session, renamed);
    QVERIFY(!o.passed());
    QVERIFY2(o.feedback().rfind("your schedule has no such loop", 0) == 0, o.feedback().c_str());
    QVERIFY2(o.feedback().find("Loop i should carry no dependence.") != std::string::npos, o.feedback().c_str());
  }

  void malformedLessonsNameTheirLine() {
    QVERIFY(malformed("title: x\n").find("x.md:1:1: a lesson starts with a front matter") != std::string::npos);
    QVERIFY(malformed("---\ntitle: x\n").find("no closing '---'") != std::string::npos);
    QVERIFY(malformed("---\nkernel: k.c\n---\n").find("no 'title:'") != std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\ncolour: red\n---\n").find("x.md:4:1: unknown front-matter key 'colour'") !=
            std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\ncheck: legal\n").find("x.md:5:1: 'check:' outside an exercise") !=
            std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\ncheck: paralel S0 i\n")
                .find("x.md:6:8: unknown check 'paralel'") != std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\ncheck: parallel S0\n")
                .find("'parallel' takes 2 words") != std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\nhint: h\n").find("has no 'check:' line") !=
            std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\ncheck: answer domain\nanswer: { S0[i] }\n")
                .find("x.md:6:8: 'answer' compares the student's isl text with") != std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\ncheck: answer domain S0\n")
                .find("has an 'answer' check but no 'answer:' line") != std::string::npos);
    QVERIFY(malformed("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\ncheck: legal\nanswer: { S0[i] }\n")
                .find("has an 'answer:' line but no check of a typed answer") != std::string::npos);
    // The kernel path is relative to the lesson file.
    QCOMPARE(parse_lesson("---\ntitle: x\nkernel: ../k.c\n---\n## Exercise: e\ncheck: legal\n", "/a/b/x.md").kernel,
             std::string("/a/k.c"));
  }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "test_lessons.moc"

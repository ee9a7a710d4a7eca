// Lessons (lessons/lesson.h): every bundled lesson's solutions pass its
// checks, wrong answers fail with the lesson's feedback, and malformed lesson
// files are refused at their line.
#include <QtTest>

#include <filesystem>

#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "pipeline/pipeline.h"
#include "session/script.h"

using namespace loopscape;

namespace {

const std::string kLessons = LOOPSCAPE_SAMPLES "/../resources/lessons";

std::shared_ptr<const LoadedProgram> kernel_of(const Lesson& lesson) {
  return std::make_shared<const LoadedProgram>(load_program(lesson.kernel, lesson.compile));
}

// The outcome of exercise `e` after the script's commands.
ExerciseOutcome answer(const Lesson& lesson, const std::shared_ptr<const LoadedProgram>& kernel,
                       const std::string& script, std::size_t e) {
  Session session(kernel);
  const ScriptRun run = apply_script(session, parse_script(script, "answer"));
  if (run.refusal) throw std::runtime_error("refused: " + run.refusal->report());
  return check_exercise(session, lesson.exercises.at(e));
}

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
      if (entry.path().extension() != ".md") continue;
      const Lesson lesson = read_lesson(entry.path().string());
      ++lessons;
      QVERIFY2(!lesson.exercises.empty(), lesson.file.c_str());
      const auto kernel = kernel_of(lesson);
      for (std::size_t e = 0; e < lesson.exercises.size(); ++e) {
        std::string script;
        for (const std::string& line : lesson.exercises[e].solution) script += line + "\n";
        const ExerciseOutcome outcome = answer(lesson, kernel, script, e);
        QVERIFY2(outcome.passed(), (lesson.file + ", exercise " + std::to_string(e + 1) + ": " + outcome.feedback()).c_str());
        ++exercises;
      }
    }
    QVERIFY(lessons >= 3);
    QVERIFY(exercises >= 4);
  }

  void wrongAnswersGetTheLessonsFeedback() {
    const Lesson parallel = read_lesson(kLessons + "/01-parallel-loops.md");
    const auto matmul = kernel_of(parallel);
    // Parallelizing j instead of i: legal, same results, but not what was asked.
    ExerciseOutcome o = answer(parallel, matmul, "S1.parallelize(j)\n", 1);
    QVERIFY(!o.passed());
    QCOMPARE(o.feedback(), std::string("The loop i is not marked parallel yet: parallelize it.\n"));
    QVERIFY(o.checks[0].passed && o.checks[2].passed);  // legal, same results

    const Lesson tiling = read_lesson(kLessons + "/03-tiling.md");
    o = answer(tiling, matmul, "S1.tile(i, j, 4, 4)\n", 0);
    QVERIFY(!o.passed());
    QCOMPARE(o.feedback(), std::string("The tiles are not 8 x 8 over i and j.\n"));
    o = answer(tiling, matmul, "", 0);  // nothing done: too few loops, wrong order
    QVERIFY(o.feedback().find("five loops") != std::string::npos);

    const Lesson interchange = read_lesson(kLessons + "/02-interchange.md");
    const auto mvt = kernel_of(interchange);
    o = answer(interchange, mvt, "S0.interchange(i, j)\n", 0);  // the wrong statement
    QVERIFY(!o.passed());
    QCOMPARE(o.feedback(), std::string("The loops of S1 are not in the order j, i yet.\n"));
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
    const QString lesson = QString::fromStdString(kLessons + "/03-tiling.md");
    QProcess cli;
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson, "--script", good, "--script", wrong});
    QVERIFY(cli.waitForFinished(120000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 4);
    QVERIFY2(out.contains(good + ": exercise 1 (8 by 8 tiles): passed"), qPrintable(out));
    QVERIFY2(out.contains(wrong + ": exercise 1 (8 by 8 tiles): not yet\n  - The tiles are not 8 x 8 over i and j."),
             qPrintable(out));
    cli.start(LOOPSCAPE_CLI, {"lesson", "check", lesson});  // the lesson's own solutions
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
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
    // The kernel path is relative to the lesson file.
    QCOMPARE(parse_lesson("---\ntitle: x\nkernel: ../k.c\n---\n## Exercise: e\ncheck: legal\n", "/a/b/x.md").kernel,
             std::string("/a/k.c"));
  }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "test_lessons.moc"

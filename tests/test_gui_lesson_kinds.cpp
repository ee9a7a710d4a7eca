// SPDX-License-Identifier: Apache-2.0
// The Lesson dock's exercise kinds as a class meets them: a fix-the-schedule
// exercise started from its given steps (the student's own line kept as a
// variant) with the refusal shown, a predict exercise answered by clicking
// points and then played on the plot, a multiple choice with its options and
// the engine's model answer, the plot's values per exercise, the exercise
// and answer kept in a saved session, and a course file on the start page.
#include <QDir>
#include <QListWidget>
#include <QPushButton>
#include <QtTest>

#include "domain_plot.h"
#include "lesson_view.h"
#include "main_window.h"
#include "session_file.h"
#include "start_page.h"

using namespace loopscape;

namespace {

const QString kLessons = QStringLiteral(LOOPSCAPE_SAMPLES "/../resources/lessons/");

LessonView* lessonView(MainWindow& window) { return window.findChild<LessonView*>(QStringLiteral("lessonView")); }

void click(LessonView* view, const char* name) { view->findChild<QPushButton*>(QLatin1String(name))->click(); }

}  // namespace

class TestGuiLessonKinds : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void fixFromTheGivenSteps() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openLesson(kLessons + QStringLiteral("21-fix-the-schedule.md"), &error,
                               {QStringLiteral("S0.skew(t, i, 3)")}),
             qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    LessonView* view = lessonView(window);
    // The engine's briefing: the given step and its refusal, with the pair of iterations.
    QTRY_VERIFY(view->text().contains(QStringLiteral("Step 1 is refused")));
    QVERIFY(view->text().contains(QStringLiteral("is illegal")));
    QVERIFY(view->findChild<QPushButton*>(QStringLiteral("lessonStartGiven"))->isVisible());
    // Exercise 2's given steps apply; the student's own line stays as a variant.
    view->setExercise(1);
    click(view, "lessonStartGiven");
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.history(), (QStringList{QStringLiteral("S0.skew(t, i, 2)"), QStringLiteral("S0.tile(t, i, 4, 4)")}));
    QCOMPARE(window.variants().size(), 1);
    QCOMPARE(window.variants().first(), QStringList{QStringLiteral("S0.skew(t, i, 3)")});
    // Checked as it stands: the engine blames the skew, before the lesson's words.
    click(view, "lessonCheck");
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().contains(QStringLiteral("step 1 (S0.skew(t, i, 2)) is where your schedule leaves")));
    // The plot shows the exercise's values.
    QCOMPARE(window.plot()->parameterValues().value(QStringLiteral("tsteps")), 6);
    QCOMPARE(window.plot()->parameterValues().value(QStringLiteral("n")), 14);
    const QString file = QDir::current().absoluteFilePath(QStringLiteral("lesson_fix.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
  }

  void predictByClickingPoints() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openLesson(kLessons + QStringLiteral("18-execution-order.md"), &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    LessonView* view = lessonView(window);
    QCOMPARE(view->exerciseKind(), QStringLiteral("predict"));
    QTRY_COMPARE(window.plot()->parameterValues().value(QStringLiteral("m")), 5);
    Q_EMIT window.plot()->pointSelected(QStringLiteral("S0"), {1, 1});
    Q_EMIT window.plot()->pointSelected(QStringLiteral("S0"), {2, 1});
    QCOMPARE(view->answer(), QStringLiteral("S0[1, 1], S0[2, 1]"));
    click(view, "lessonCheck");
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().contains(QStringLiteral("your second instance is S0[2, 1], but S0[1, 2] runs second")));
    QVERIFY(window.plot()->isPlaying());  // the real order, played from the start
    // The engine's model answer passes.
    click(view, "lessonSolution");
    QCOMPARE(view->answer(), QStringLiteral("S0[1, 1], S0[1, 2], S0[1, 3], S0[1, 4], S0[2, 1], S0[2, 2]"));
    click(view, "lessonCheck");
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().startsWith(QStringLiteral("\u2714 Done")));
    // An exercise about given steps shows them at once when the student has none of their own.
    view->setExercise(2);
    QVERIFY(view->answer().isEmpty());
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.history(), QStringList{QStringLiteral("S0.skew(i, j, 1, 1, w, p)")});
    const QString file = QDir::current().absoluteFilePath(QStringLiteral("lesson_predict.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
  }

  void multipleChoiceAndTheSavedSession() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openLesson(kLessons + QStringLiteral("20-dependence-pictures.md"), &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    LessonView* view = lessonView(window);
    QVERIFY(view->text().contains(QStringLiteral("The iterations of loop i can run in parallel.")));
    QVERIFY(view->text().contains(QStringLiteral("Reversing loop j is refused.")));
    view->setAnswer(QStringLiteral("1 3"));
    click(view, "lessonCheck");
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().contains(QStringLiteral("option 1 (The iterations of loop i can run in parallel.) "
                                                            "is not true")));
    QTRY_VERIFY(!view->findChild<QPushButton*>(QStringLiteral("lessonSolution"))->isHidden());
    click(view, "lessonSolution");
    QCOMPARE(view->answer(), QStringLiteral("3 4"));
    // The exercise and its answer box travel with the session.
    view->setExercise(1);
    view->setAnswer(QStringLiteral("1 2"));
    const std::optional<SessionData> data = window.sessionData();
    QVERIFY(data);
    QCOMPARE(data->exercise, 2);
    QCOMPARE(data->answer, QStringLiteral("1 2"));
    QString why;
    const std::optional<SessionData> back = parseSession(sessionToJson(*data), QStringLiteral("/tmp/s.json"), &why);
    QVERIFY2(back && back->exercise == 2 && back->answer == QStringLiteral("1 2"), qPrintable(why));
  }

  void aCourseOnTheStartPage() {
    MainWindow window;
    QString error;
    QVERIFY2(window.openLesson(kLessons + QStringLiteral("course.md"), &error), qPrintable(error));
    auto* lessons = window.findChild<QListWidget*>(QStringLiteral("startLessons"));
    QVERIFY(lessons && lessons->count() >= 24 + 5);
    QCOMPARE(lessons->item(0)->text(), QStringLiteral("Part 1: Sets, maps and domains"));
    QCOMPARE(lessons->item(0)->flags(), Qt::NoItemFlags);  // a heading, not a lesson
    QVERIFY(lessons->item(1)->text().startsWith(QStringLiteral("Integer sets and maps\n25 min")));
    // A broken course says where.
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("mine.md")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("---\ntitle: Mine\n---\n## Week 1\nnothing.md\n");
    f.close();
    QVERIFY(!window.openLesson(f.fileName(), &error));
    QVERIFY2(error.contains(QStringLiteral("mine.md:5:1: no lesson file")), qPrintable(error));
  }
};

QTEST_MAIN(TestGuiLessonKinds)
#include "test_gui_lesson_kinds.moc"

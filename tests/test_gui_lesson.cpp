// SPDX-License-Identifier: Apache-2.0
// The Lesson dock: a bundled lesson opened with its kernel, a wrong answer
// checked (the lesson's feedback), hints revealed one at a time, the
// solution applied and checked again; a screenshot for the README.
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QtTest>

#include "lesson_view.h"
#include "main_window.h"

using namespace loopscape;

class TestGuiLesson : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void workThroughTheTilingLesson() {
    MainWindow window;
    window.resize(1600, 1000);
    const QString lesson = QStringLiteral(LOOPSCAPE_SAMPLES "/../resources/lessons/10-tiling.md");
    QString error;
    QVERIFY2(window.openLesson(lesson, &error, {QStringLiteral("S1.tile(i, j, 4, 4)")}), qPrintable(error));
    QVERIFY(window.waitForEngine());
    auto* view = window.findChild<LessonView*>(QStringLiteral("lessonView"));
    QVERIFY(view && view->lesson());
    window.show();
    QCoreApplication::processEvents();
    QVERIFY(view->isVisible());
    QVERIFY(view->text().contains(QStringLiteral("Exercise 1: 8 by 8 tiles")));

    // A 4 x 4 tiling: the lesson's own words come back.
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().contains(QStringLiteral("The tiles are not 8 x 8 over i and j.")));
    QVERIFY(view->outcomeText().startsWith(QStringLiteral("Not yet")));

    // Hints one at a time.
    QCOMPARE(view->hintsShown(), 0);
    view->showNextHint();
    QCOMPARE(view->hintsShown(), 1);
    QVERIFY(view->text().contains(QStringLiteral("Hint 1")));
    view->showNextHint();  // there is only one
    QCOMPARE(view->hintsShown(), 1);

    // Undo the wrong tiling, apply the solution, check again.
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.history().size(), 0);
    view->findChild<QPushButton*>(QStringLiteral("lessonSolution"))->click();
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.history(), QStringList{QStringLiteral("S1.tile(i, j, 8, 8)")});
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().startsWith(QStringLiteral("\u2714 Done")));

    const QString file = QDir::current().absoluteFilePath(QStringLiteral("lesson_tiling.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
    qInfo("%s", qPrintable(file));
  }

  // An exercise that asks for an isl set: the answer box, a wrong answer's
  // feedback with a missing point, the model answer from Show Solution.
  void typeAnIslAnswer() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openLesson(QStringLiteral(LOOPSCAPE_SAMPLES "/../resources/lessons/01-sets-and-maps.md"), &error),
             qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    auto* view = window.findChild<LessonView*>(QStringLiteral("lessonView"));
    QVERIFY(view && view->answerShown());
    view->setAnswer(QStringLiteral("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }"));
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().contains(QStringLiteral("your set misses points, for example")));
    view->findChild<QPushButton*>(QStringLiteral("lessonSolution"))->click();
    QCOMPARE(view->answer(), QStringLiteral("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j <= i }"));
    view->findChild<QPushButton*>(QStringLiteral("lessonCheck"))->click();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(view->outcomeText().startsWith(QStringLiteral("\u2714 Done")));
    // The next exercise starts with an empty box.
    auto* text = view->findChild<QWidget*>(QStringLiteral("lessonText"));
    text->setFocus();
    QTest::keyClick(text, Qt::Key_PageDown);
    QCOMPARE(view->exercise(), 1);
    QVERIFY(view->answer().isEmpty());
    const QString file = QDir::current().absoluteFilePath(QStringLiteral("lesson_sets.png"));
    view->setAnswer(QStringLiteral("[n] -> { S0[i, j] : 0 <= i < n and j = i }"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
  }

  void malformedLessonSaysWhere() {
    MainWindow window;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.md"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("---\ntitle: x\nkernel: k.c\n---\n## Exercise: e\ncheck: legall\n");
    f.close();
    QString error;
    QVERIFY(!window.openLesson(path, &error));
    QVERIFY2(error.contains(QStringLiteral("bad.md:6:8: unknown check 'legall'")), qPrintable(error));
  }
};

QTEST_MAIN(TestGuiLesson)
#include "test_gui_lesson.moc"

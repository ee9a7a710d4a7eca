// SPDX-License-Identifier: Apache-2.0
// The isl scratchpad in the window: typing a set draws its points at once, a
// parameter slider redraws them, the cursor picks the statement drawn, a map's
// pairs are arrows, a syntax error is underlined at its column and listed with
// it, and a lesson's answer is drawn from the Lesson dock; a screenshot for
// the README.
#include <QDir>
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBlock>
#include <QtTest>

#include "domain_plot.h"
#include "lesson_view.h"
#include "main_window.h"
#include "scratchpad_view.h"

using namespace loopscape;

namespace {

// Puts the cursor at the start of `line` (1-based).
void moveCursorTo(QPlainTextEdit* editor, int line) {
  QTextCursor cursor(editor->document()->findBlockByNumber(line - 1));
  editor->setTextCursor(cursor);
}

}  // namespace

class TestGuiScratchpad : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void typeSetsAndMaps() {
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.showScratchpad();
    auto* pad = window.findChild<ScratchpadView*>(QStringLiteral("scratchpadView"));
    QVERIFY(pad && pad->isVisible());
    QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("scratchpadDock"))->isVisible());

    pad->setText(QStringLiteral("T := [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }\n"
                                "M := { S[i, j] -> S[i, j + 1] }\n"
                                "M * T\n"));
    moveCursorTo(pad->editor(), 1);
    pad->evaluateNow();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(pad->outcome().plot != nullptr);
    QCOMPARE(pad->outcome().values.size(), 3);
    QCOMPARE(pad->outcome().plotted_line, 1);
    // n = 6 by default: 21 points of the triangle.
    QCOMPARE(pad->plot()->plotData()->points.size(), std::size_t(21));
    QCOMPARE(pad->plot()->parameterValues().value(QStringLiteral("n")), 6);

    // The slider: n = 3 gives 6 points.
    QSignalSpy evaluated(pad, &ScratchpadView::evaluationRequested);
    Q_EMIT pad->plot()->parametersChanged({{QStringLiteral("n"), 3}});
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(pad->plot()->plotData()->points.size(), std::size_t(6));
    QVERIFY(!evaluated.isEmpty());

    // The cursor on the map restricted to T: arrows, one per pair.
    moveCursorTo(pad->editor(), 3);
    pad->evaluateNow();
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(pad->outcome().plotted_line, 3);
    QCOMPARE(pad->plot()->plotData()->arrows.size(), std::size_t(6));
    QVERIFY(pad->resultsText().contains(QStringLiteral("M * T (map)")));

    // A syntax error: listed with its line and column, underlined there; the
    // statements before it keep their values.
    pad->setText(QStringLiteral("A := [n] -> { S[i] : 0 <= i < n }\nB := { S[i] : i < m }\n"));
    pad->evaluateNow();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(!pad->outcome().error.isEmpty());
    QCOMPARE(pad->outcome().error_line, 2);
    QCOMPARE(pad->outcome().error_column, 19);
    QVERIFY(pad->outcome().error.contains(QStringLiteral("unknown identifier")));
    QVERIFY(pad->resultsText().contains(QStringLiteral("line 2, column 19:")));
    QCOMPARE(pad->outcome().values.size(), 1);
    const QList<QTextEdit::ExtraSelection> marks = pad->editor()->extraSelections();
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.front().cursor.block().blockNumber(), 1);
    QCOMPARE(marks.front().cursor.selectionStart() - marks.front().cursor.block().position(), 18);

    // An unbounded set is listed but not drawn, with the reason.
    pad->setText(QStringLiteral("{ S[i] : i >= 0 }\n"));
    pad->evaluateNow();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(pad->outcome().plot_error.contains(QStringLiteral("unbounded")));

    // For the README: a stencil's dependences as a map, drawn as arrows over its domain.
    pad->setText(QStringLiteral("# Jacobi-1d: its iterations and the flow of values between them\n"
                                "D := [T, N] -> { S[t, i] : 0 <= t < T and 1 <= i < N - 1 }\n"
                                "F := [N] -> { S[t, i] -> S[t + 1, j] : i - 1 <= j <= i + 1 and 1 <= j < N - 1 }\n"
                                "deltas F\n"
                                "F * D\n"));
    moveCursorTo(pad->editor(), 5);
    pad->evaluateNow();
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(pad->outcome().plotted_line, 5);
    QTRY_VERIFY(pad->plot()->plotData() && !pad->plot()->plotData()->arrows.empty());
    QTRY_VERIFY(pad->width() > window.width() / 3);
    QVERIFY(pad->outcome().error.isEmpty());
    const QString file = QDir::current().absoluteFilePath(QStringLiteral("scratchpad_map.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
    qInfo("%s", qPrintable(file));
  }

  // Draw from the lesson: the answer box's set lands in the scratchpad, drawn.
  void drawALessonAnswer() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openLesson(QStringLiteral(LOOPSCAPE_SAMPLES "/../resources/lessons/01-sets-and-maps.md"), &error),
             qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    auto* lesson = window.findChild<LessonView*>(QStringLiteral("lessonView"));
    auto* pad = window.findChild<ScratchpadView*>(QStringLiteral("scratchpadView"));
    QVERIFY(lesson && pad);
    lesson->setAnswer(QStringLiteral("[n] -> { S0[i, j] : 0 <= j <= i < n }"));
    lesson->findChild<QPushButton*>(QStringLiteral("lessonDraw"))->click();
    QVERIFY(pad->isVisible());
    QVERIFY(pad->text().contains(QStringLiteral("# your answer\n[n] -> { S0[i, j] : 0 <= j <= i < n }")));
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(pad->outcome().plot != nullptr);
    QCOMPARE(pad->plot()->plotData()->statements.front().name, std::string("S0"));
    QCOMPARE(pad->plot()->plotData()->points.size(), std::size_t(21));
    // The dock widens for its plot once shown.
    QTRY_VERIFY(pad->width() > window.width() / 3);

    const QString file = QDir::current().absoluteFilePath(QStringLiteral("scratchpad.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
    qInfo("%s", qPrintable(file));
  }
};

QTEST_MAIN(TestGuiScratchpad)
#include "test_gui_scratchpad.moc"

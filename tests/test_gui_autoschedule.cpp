// SPDX-License-Identifier: Apache-2.0
// Transform > Automatic Schedule (and its toolbar button): isl's schedule,
// computed on the engine thread, joins the history as ordinary steps that undo
// one at a time; on a schedule isl keeps as it is, nothing changes.
#include <QAction>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolBar>
#include <QUndoStack>
#include <QtTest>

#include "main_window.h"
#include "snapshot/snapshot.h"

using namespace loopscape;

namespace {
QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }
}  // namespace

class TestGuiAutoschedule : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void automaticScheduleJoinsTheHistoryStepByStep() {
    MainWindow window;
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c"))));
    QVERIFY(window.waitForEngine());
    QAction* action = window.findChild<QAction*>(QStringLiteral("transform_auto_schedule"));
    QVERIFY(action);
    QToolBar* toolbar = window.findChild<QToolBar*>(QStringLiteral("transform_toolbar"));
    QVERIFY(toolbar);
    QVERIFY(toolbar->actions().contains(action));
    action->trigger();
    QVERIFY(window.waitForEngine());
    const int steps = window.undoStack()->count();
    QVERIFY2(steps >= 2, qPrintable(window.worker()->script()));
    const QString script = window.worker()->script();
    QVERIFY2(script.contains(QStringLiteral(".tile(")), qPrintable(script));
    QVERIFY2(script.contains(QStringLiteral(".parallelize(")), qPrintable(script));
    QVERIFY2(!script.contains(QStringLiteral("reschedule")), qPrintable(script));
    QCOMPARE(window.worker()->script().split(QLatin1Char('\n')).size(), steps);
    // Each step undoes on its own.
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.worker()->script().split(QLatin1Char('\n')).size(), steps - 1);
    QVERIFY(!window.worker()->script().contains(QStringLiteral(".parallelize(")));
  }

  void worseLoopOrderKeepsTheOriginalAndSaysWhy() {
    // isl's schedule of a triangular solve walks L by columns: the original
    // order stays, the history stays empty, and the status bar says why.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("trisolv.c"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#define N 64\n"
               "void kernel(int n, double L[N][N], double x[N], double b[N]) {\n"
               "  int i, j;\n"
               "#pragma scop\n"
               "  for (i = 0; i < n; i++) {\n"
               "    x[i] = b[i];\n"
               "    for (j = 0; j < i; j++)\n"
               "      x[i] -= L[i][j] * x[j];\n"
               "    x[i] = x[i] / L[i][i];\n"
               "  }\n"
               "#pragma endscop\n"
               "}\n");
    file.close();
    MainWindow window;
    QVERIFY(window.openFile(path));
    QVERIFY(window.waitForEngine());
    window.findChild<QAction*>(QStringLiteral("transform_auto_schedule"))->trigger();
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.undoStack()->count(), 0);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("isl's schedule is not kept")) &&
                 message.contains(QStringLiteral("innermost loop")),
             qPrintable(message));
  }
};

QTEST_MAIN(TestGuiAutoschedule)
#include "test_gui_autoschedule.moc"

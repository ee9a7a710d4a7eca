// SPDX-License-Identifier: Apache-2.0
// Transform > Automatic Schedule (and its toolbar button): isl's schedule,
// computed on the engine thread, joins the history as ordinary steps that undo
// one at a time; on a schedule isl keeps as it is, nothing changes.
#include <QAction>
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
};

QTEST_MAIN(TestGuiAutoschedule)
#include "test_gui_autoschedule.moc"

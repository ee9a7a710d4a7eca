// SPDX-License-Identifier: Apache-2.0
// The Run dock: the current step compiled in-process by Halide's LLVM
// back-end and measured after each command while the dock is in view; every
// step keeps its measurement and the chart has a bar per step; parameter
// values out of bounds are refused with the access that leaves its array;
// a screenshot for the README.
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "main_window.h"
#include "run_view.h"
#include "tuning_chart.h"
#include "session/script.h"

using namespace loopscape;

namespace {
// PolyBench gemm at MEDIUM, in a 1600 x 1000 window (the docs' screenshots).
bool openGemmMedium(MainWindow& window) {
  window.resize(1600, 1000);
  CompileOptions options;
  options.include_dirs = {LOOPSCAPE_TEST_DATA "/polybench/utilities"};
  options.defines = {"MEDIUM_DATASET"};
  window.setCompileOptions(options);
  QString error;
  if (window.openFile(QStringLiteral(LOOPSCAPE_TEST_DATA "/polybench/linear-algebra/blas/gemm/gemm.c"), &error))
    return true;
  qWarning("%s", qPrintable(error));
  return false;
}
// The matmul sample with the Run dock in view, measuring only when asked.
RunView* openMatmulWithRunDock(MainWindow& window) {
  QString error;
  if (!window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c"), &error) || !window.waitForEngine()) {
    qWarning("%s", qPrintable(error));
    return nullptr;
  }
  window.show();
  auto* run = window.findChild<RunView*>(QStringLiteral("runView"));
  if (!run) return nullptr;
  run->setRunsAfterEachCommand(false);
  window.showRun();
  return run;
}
}  // namespace

class TestGuiRun : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void measureEveryClick() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c"), &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    auto* run = window.findChild<RunView*>(QStringLiteral("runView"));
    QVERIFY(run);
    QVERIFY(!run->measurement(0));  // behind the Code tab: nothing runs

    window.showRun();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY_WITH_TIMEOUT(run->measurement(0) != nullptr, 60000);
    const RunOutcome original = *run->measurement(0);
    QVERIFY(original.measured());
    QCOMPARE(original.parameters.size(), 3);  // ni, nj, nk: 64 (the smallest extent)
    QCOMPARE(original.parameters.front().second, 64);
    QCOMPARE(original.flops, 2.0 * 64 * 64 * 64);  // C[i][j] += A[i][k] * B[k][j]
    QVERIFY(original.peak_gflops > 0);
    QVERIFY(run->summaryText().contains(QStringLiteral("GFLOP/s")));

    // A click: measured at once, equal to the original.
    window.requestCommand(*parse_script_line("S1.parallelize(i)", {"test", 1, 1}));
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY_WITH_TIMEOUT(run->measurement(1) != nullptr, 60000);
    QVERIFY(run->measurement(1)->measured());
    QVERIFY2(run->measurement(1)->difference.isEmpty(), qPrintable(run->measurement(1)->difference));
    QVERIFY(run->measurement(1)->speedup() > 0);
    QVERIFY(run->measurement(0));  // the original's measurement stays

    // Back to step 0: its measurement is there, nothing is rerun.
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(run->summaryText().contains(QStringLiteral("Step 0")));

    // Out of bounds: refused with the access, nothing runs, the old figures stay.
    auto* ni = run->findChild<QSpinBox*>(QStringLiteral("runParameter_ni"));
    QVERIFY(ni);
    ni->setValue(65);
    run->requestRun();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY2(run->summaryText().contains(QStringLiteral("Not run: ")) && run->summaryText().contains(QStringLiteral("[64]")) &&
                     run->summaryText().contains(QStringLiteral("ni = 65")),
                 qPrintable(run->summaryText()));
    ni->setValue(64);
    window.undoStack()->redo();
    QVERIFY(window.waitForEngine());
    QTRY_VERIFY(run->measurement(1) != nullptr);

  }

  // Clicks first, with the dock hidden (nothing runs); then Run every step
  // measures the original and each click in order, every one equal to the
  // original. PolyBench gemm blocked for registers as bench/cpu-speed/gemm.avx2.ls
  // does (with smaller blocks), at MEDIUM; the README's screenshot.
  void measureEveryStepAfterTheClicks() {
    MainWindow window;
    QVERIFY(openGemmMedium(window));
    QVERIFY(window.waitForEngine());
    window.show();
    auto* run = window.findChild<RunView*>(QStringLiteral("runView"));
    QVERIFY(run);
    const std::vector<std::string> clicks = {
        "S1.parallelize(i)",         "S1.tile(i, k, 32, 60, i0, k0, i1, k1)", "S1.split(j, 40, j0, j1)",
        "S1.interchange(k1, j0)",    "S1.interchange(i1, j0)",                 "S1.interchange(k0, j0)",
        "S1.split(i1, 4, i2, i3)",   "S1.interchange(i3, k1)",                 "S1.unroll(i3, 4)",
        "S1.vectorize(j1, 40)"};
    unsigned line = 1;
    for (const std::string& click : clicks) {
      window.requestCommand(*parse_script_line(click, {"test", line++, 1}));
      QVERIFY(window.waitForEngine());
    }
    QCOMPARE(window.undoStack()->count(), static_cast<int>(clicks.size()));
    QVERIFY(!run->measurement(0));

    window.showRun();
    run->runEveryStepButton()->click();
    const int steps = static_cast<int>(clicks.size()) + 1;
    const auto every_step_measured = [&] {
      for (int step = 0; step < steps; ++step)
        if (!run->measurement(step)) return false;
      return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(every_step_measured(), 240000);
    QVERIFY(window.waitForEngine());
    for (int step = 0; step < steps; ++step) {
      const RunOutcome* o = run->measurement(step);
      QVERIFY2(o && o->measured(), qPrintable(QStringLiteral("step %1 not measured").arg(step)));
      QVERIFY2(o->difference.isEmpty(), qPrintable(o->difference));
    }
    QVERIFY(run->runEveryStepButton()->isEnabled());
    run->runEveryStepButton()->click();  // nothing left to measure
    QVERIFY(run->summaryText().contains(QStringLiteral("Every step is measured")));

    const QString file = QDir::current().absoluteFilePath(QStringLiteral("run_dock.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
    qInfo("%s", qPrintable(file));
  }

  // Tune: the candidates measured in the process with a progress bar, listed
  // and plotted; a click on a point shows its steps and code; Apply adds its
  // steps to the history, each one an undo step.
  // PolyBench gemm at MEDIUM: the docs' screenshot (docs/guide/run.md).
  void tuneShowsTheCandidatesAndAppliesTheChosenOne() {
    MainWindow window;
    QVERIFY(openGemmMedium(window));
    QVERIFY(window.waitForEngine());
    window.show();
    auto* run = window.findChild<RunView*>(QStringLiteral("runView"));
    QVERIFY(run);
    run->setRunsAfterEachCommand(false);
    window.showRun();
    run->tuneButton()->click();
    QVERIFY(run->tuning());
    QVERIFY(!run->tuneButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!run->tuning(), 240000);
    QVERIFY(window.waitForEngine());
    const TuningOutcome& outcome = run->tuningOutcome();
    QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
    QVERIFY(outcome.original_seconds > 0);
    QVERIFY(outcome.candidates.size() >= 3);
    QVERIFY(outcome.best >= 0);
    for (const TuningCandidateOutcome& c : outcome.candidates)
      QVERIFY2(c.measured() != !c.problem.isEmpty(), qPrintable(c.label + QStringLiteral(": ") + c.problem));
    auto* list = run->findChild<QListWidget*>(QStringLiteral("runTuneCandidates"));
    QVERIFY(list);
    QCOMPARE(list->count(), static_cast<int>(outcome.candidates.size()));
    QVERIFY2(run->summaryText().contains(QStringLiteral("Tuned")), qPrintable(run->summaryText()));

    // The candidate with the most steps, by a click on its point.
    int most = -1;
    for (int k = 0; k < outcome.candidates.size(); ++k)
      if (outcome.candidates[k].measured() &&
          (most < 0 || outcome.candidates[k].steps.size() > outcome.candidates[most].steps.size()))
        most = k;
    QVERIFY(most >= 0 && !outcome.candidates[most].steps.isEmpty());
    auto* chart = run->findChild<TuningChart*>(QStringLiteral("tuningChart"));
    QVERIFY(chart && chart->isVisible());
    QTest::mouseClick(chart, Qt::LeftButton, {}, chart->pointOf(most).toPoint());
    QCOMPARE(run->selectedCandidate(), most);
    QCOMPARE(list->currentRow(), most);
    QVERIFY2(run->summaryText().contains(outcome.candidates[most].steps.front()), qPrintable(run->summaryText()));
    QVERIFY2(run->summaryText().contains(QStringLiteral("OpenMP code")), qPrintable(run->summaryText()));

    const QString file = QDir::current().absoluteFilePath(QStringLiteral("run_dock_tuning.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(file));
    qInfo("%s", qPrintable(file));

    QVERIFY(run->applyCandidateButton()->isEnabled());
    run->applyCandidateButton()->click();
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.undoStack()->count(), static_cast<int>(outcome.candidates[most].steps.size()));
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.undoStack()->index(), static_cast<int>(outcome.candidates[most].steps.size()) - 1);
  }

  // Knobs: every combination of a script's tune(...) values measured on top
  // of the session's steps, listed as Tune's candidates; the fastest values
  // are written back into the script, first in each knob. A knob that makes
  // a wrong command is refused at its place, and the file is left alone.
  void knobsAreTunedAndWrittenBackIntoTheScript() {
    MainWindow window;
    RunView* run = openMatmulWithRunDock(window);
    QVERIFY(run);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("knobs.ls"));
    auto write = [&](const QByteArray& text) {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(text);
    };
    write("S1.tile(i, j, tune(8, 16), tune(4, 32))\n");
    run->requestKnobTuning(path);
    QVERIFY(run->tuning());
    QVERIFY(!run->tuneKnobsButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!run->tuning(), 240000);
    QVERIFY(window.waitForEngine());
    const TuningOutcome& outcome = run->tuningOutcome();
    QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
    QCOMPARE(outcome.candidates.size(), 4);
    QCOMPARE(outcome.candidates.front().label, QStringLiteral("values 8, 4"));
    QCOMPARE(outcome.candidates.front().steps, QStringList{QStringLiteral("S1.tile(i, j, 8, 4)")});
    QVERIFY(outcome.best >= 0 && outcome.candidates[outcome.best].measured());
    for (const TuningCandidateOutcome& c : outcome.candidates)
      QVERIFY2(c.measured() != !c.problem.isEmpty(), qPrintable(c.label + QStringLiteral(": ") + c.problem));
    QFile tuned(path);
    QVERIFY(tuned.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(tuned.readAll());
    QVERIFY2(text.startsWith(QStringLiteral("# Tuned (Run dock")), qPrintable(text));
    const QStringList best = outcome.candidates[outcome.best].label.mid(7).split(QStringLiteral(", "));
    QVERIFY2(text.contains(QStringLiteral("tune(%1, ").arg(best[0])) &&
                 text.contains(QStringLiteral("tune(%1, ").arg(best[1])),
             qPrintable(text));
    QCOMPARE(window.undoStack()->count(), 0);  // measured on copies of the session
    const QString shot = QDir::current().absoluteFilePath(QStringLiteral("run_dock_knobs.png"));
    QVERIFY(window.renderImage(QSize(1600, 1000)).save(shot));
    qInfo("%s", qPrintable(shot));

    write("S1.tile(i, j, tune(8, x), 4)\n");
    QTRY_VERIFY_WITH_TIMEOUT(run->tuneKnobsButton()->isEnabled(), 60000);  // a measurement of the step may follow
    run->requestKnobTuning(path);
    QVERIFY(run->tuning());
    QTRY_VERIFY_WITH_TIMEOUT(!run->tuning(), 240000);
    QVERIFY(window.waitForEngine());
    QVERIFY2(run->statusText().startsWith(QStringLiteral("Not tuned: ")) &&
                 run->statusText().contains(QStringLiteral("knobs.ls:1:15: the value x of this knob makes a wrong command")),
             qPrintable(run->statusText()));
    QFile untouched(path);
    QVERIFY(untouched.open(QIODevice::ReadOnly));
    QCOMPARE(untouched.readAll(), QByteArray("S1.tile(i, j, tune(8, x), 4)\n"));
  }

  // Cancel stops the tuning between runs; what was measured stays.
  void tuningCanBeCancelled() {
    MainWindow window;
    RunView* run = openMatmulWithRunDock(window);
    QVERIFY(run);
    run->tuneButton()->click();
    auto* cancel = run->findChild<QPushButton*>(QStringLiteral("runCancel"));
    QVERIFY(cancel && cancel->isEnabled());
    cancel->click();
    QTRY_VERIFY_WITH_TIMEOUT(!run->tuning(), 240000);
    QVERIFY(window.waitForEngine());
    QVERIFY(run->tuningOutcome().cancelled || run->tuningOutcome().candidates.isEmpty());
    QVERIFY(run->tuneButton()->isEnabled());
  }
};

QTEST_MAIN(TestGuiRun)
#include "test_gui_run.moc"

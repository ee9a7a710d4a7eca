// SPDX-License-Identifier: Apache-2.0
// Variants in the window: a command after undo keeps the line left as a
// variant in the History dock; clicking it compares the two side by side
// (steps, code with the differing lines, both run with Halide's JIT); the
// switch swaps them, nothing is lost; a saved session reopens with them.
#include <QDialog>
#include <QDir>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "history_view.h"
#include "main_window.h"
#include "session/script.h"
#include "variant_compare_view.h"

using namespace loopscape;

namespace {
void command(MainWindow& window, const char* line) {
  window.requestCommand(*parse_script_line(line, {"test", 1, 1}));
  QVERIFY(window.waitForEngine());
}
}  // namespace

class TestGuiVariants : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void linesDiffEachOther() {
    const QStringList a{"x", "y", "z"}, b{"x", "z", "w"};
    QCOMPARE(linesNotIn(a, b), (QList<bool>{false, true, false}));
    QCOMPARE(linesNotIn(b, a), (QList<bool>{false, false, true}));
  }

  void branchCompareAndSwitch() {
    MainWindow window;
    window.resize(1600, 1000);
    QString error;
    QVERIFY2(window.openFile(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c"), &error), qPrintable(error));
    QVERIFY(window.waitForEngine());
    window.show();
    command(window, "S1.parallelize(i)");
    command(window, "S1.interchange(j, k)");
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    command(window, "S1.tile(j, k, 8, 8)");
    QCOMPARE(window.history(), (QStringList{"S1.parallelize(i)", "S1.tile(j, k, 8, 8)"}));
    QCOMPARE(window.variants(), QList<QStringList>{(QStringList{"S1.parallelize(i)", "S1.interchange(j, k)"})});
    auto* history = window.findChild<HistoryView*>(QStringLiteral("historyView"));
    QVERIFY(history);
    QCOMPARE(history->variantCount(), 1);
    // The variant branches off right below the step it shares (row 0 is the original schedule).
    QCOMPARE(history->rowOfVariant(0), 2);
    QListWidgetItem* item = history->item(history->rowOfVariant(0));
    QVERIFY2(item->text().contains(QStringLiteral("\u2514\u2500 1: after step 1, S1.interchange(j, k)")),
             qPrintable(item->text()));
    QCOMPARE(history->item(3)->text().trimmed(), QStringLiteral("2  S1.tile(j, k, 8, 8)"));
    // Picking the step below the branch still shows that step.
    history->setCurrentRow(3);
    QCOMPARE(history->currentStep(), 2);

    // A click compares; the step shown does not change.
    QSignalSpy selected(history, &HistoryView::variantSelected);
    history->scrollToItem(item);
    QTest::mouseClick(history->viewport(), Qt::LeftButton, {}, history->visualItemRect(item).center());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(history->currentStep(), 2);
    VariantCompareView* view = window.variantCompareView();
    QVERIFY(view);
    QTRY_VERIFY_WITH_TIMEOUT(view->comparison().original_seconds > 0 || !view->comparison().error.isEmpty(), 120000);
    QVERIFY(window.waitForEngine());
    const VariantComparison& c = view->comparison();
    QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
    QCOMPARE(c.shared_steps, 1);
    QCOMPARE(c.current.steps, window.history());
    QCOMPARE(c.other.steps, window.variants().front());
    QVERIFY(c.current.seconds > 0 && c.other.seconds > 0);
    QVERIFY(c.current.difference.isEmpty() && c.other.difference.isEmpty());
    QVERIFY(c.current.code != c.other.code);
    // What each loop carries: the reduction over k moves with the steps.
    const QString current_loops = c.current.loops.join(QLatin1Char('\n'));
    const QString other_loops = c.other.loops.join(QLatin1Char('\n'));
    QVERIFY2(current_loops.contains(QStringLiteral("S1 k1: carries")), qPrintable(current_loops));
    QVERIFY2(current_loops.contains(QStringLiteral("S1 i: carries none")), qPrintable(current_loops));
    QVERIFY2(other_loops.contains(QStringLiteral("S1 k: carries")), qPrintable(other_loops));
    QVERIFY2(view->text().contains(QStringLiteral("Loops and the dependences they carry")), qPrintable(view->text()));
    QVERIFY2(view->text().contains(QStringLiteral("OpenMP code")), qPrintable(view->text()));
    const QString shot = QDir::current().absoluteFilePath(QStringLiteral("variant_compare.png"));
    QVERIFY(view->window()->grab().save(shot));
    qInfo("%s", qPrintable(shot));

    // Switch: the variant is the current line, the line left a variant.
    view->switchButton()->click();
    QVERIFY(window.waitForEngine());
    QTRY_COMPARE(window.history(), (QStringList{"S1.parallelize(i)", "S1.interchange(j, k)"}));
    QCOMPARE(window.variants(), QList<QStringList>{(QStringList{"S1.parallelize(i)", "S1.tile(j, k, 8, 8)"})});
    QCOMPARE(window.undoStack()->count(), 2);

    // Saved and reopened: both lines are there.
    QTemporaryDir dir;
    const QString saved = dir.filePath(QStringLiteral("matmul.loopscape.json"));
    QVERIFY2(window.saveSession(saved, &error), qPrintable(error));
    MainWindow reopened;
    QVERIFY2(reopened.openSession(saved, &error), qPrintable(error));
    QVERIFY(reopened.waitForEngine(120000));
    QVERIFY2(reopened.sessionError().isEmpty(), qPrintable(reopened.sessionError()));
    QCOMPARE(reopened.history(), window.history());
    QCOMPARE(reopened.variants(), window.variants());
  }

  // `loopscape SESSION.json`: a saved session opens from the command line
  // (with its variants); one whose variant is malformed is refused with where.
  void aSessionFileOpensFromTheCommandLine() {
    QTemporaryDir dir;
    const auto session = [&](const QString& name, const QString& variant) {
      QFile file(dir.filePath(name));
      if (!file.open(QIODevice::WriteOnly)) return QString();
      file.write(QStringLiteral("{\"format\": \"loopscape-session\", \"version\": 1,\n"
                                " \"source\": \"%1\",\n"
                                " \"compiler_options\": {\"defines\": [], \"include_dirs\": [], \"function\": \"\"},\n"
                                " \"commands\": [\"S1.parallelize(i)\"],\n"
                                " \"variants\": [[\"%2\"]],\n"
                                " \"view\": {\"step\": 1, \"zoom_steps\": 0, \"code_target\": \"openmp\"}}\n")
                     .arg(QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c"), variant)
                     .toUtf8());
      return file.fileName();
    };
    const QString shot = dir.filePath(QStringLiteral("session.png"));
    QProcess app;
    app.setProcessChannelMode(QProcess::MergedChannels);
    app.start(QStringLiteral(LOOPSCAPE_APP),
              {session(QStringLiteral("good.json"), QStringLiteral("S1.interchange(j, k)")), QStringLiteral("--screenshot"), shot});
    QVERIFY(app.waitForFinished(120000));
    QVERIFY2(app.exitCode() == 0, app.readAll().constData());
    QVERIFY(QFile::exists(shot));
    app.start(QStringLiteral(LOOPSCAPE_APP),
              {session(QStringLiteral("bad.json"), QStringLiteral("S1.interchange(j, k")), QStringLiteral("--screenshot"), shot});
    QVERIFY(app.waitForFinished(120000));
    QCOMPARE(app.exitCode(), 2);
    const QByteArray said = app.readAll();
    QVERIFY2(said.contains("bad.json:5:") && said.contains("variant 1, step 1"), said.constData());
  }
};

QTEST_MAIN(TestGuiVariants)
#include "test_gui_variants.moc"

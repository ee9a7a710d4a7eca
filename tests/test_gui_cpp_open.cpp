// SPDX-License-Identifier: Apache-2.0
// Opening a C++ program in the window (offscreen): it builds off the GUI
// thread, the history holds the program's commands, the Source view shows
// the .cpp and marks a statement's line there; a compile error is marked at
// its line and column; the C++ export opens back to the same session, and a
// saved session of a .cpp reopens with the same history.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "main_window.h"
#include "text_files.h"
#include "session/script.h"
#include "source_view.h"

using loopscape::MainWindow;
using loopscape::SourceView;
using loopscape::TrustAnswer;

namespace {

QString samplePath(const QString& name) { return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).filePath(name); }

// The programs these tests write in temporary folders run when asked
// (test_gui_trust covers the question itself).
void letRun(MainWindow& window) {
  window.setTrustPrompt([](const loopscape::RunRequest&) { return TrustAnswer::RunOnce; });
}

int lineOf(const QString& text, const QString& needle) {
  const qsizetype at = text.indexOf(needle);
  return at < 0 ? 0 : int(text.left(at).count(QLatin1Char('\n'))) + 1;
}

int columnOf(const QString& text, const QString& needle) {
  const qsizetype at = text.indexOf(needle);
  return at < 0 ? 0 : int(at - (text.lastIndexOf(QLatin1Char('\n'), at - 1) + 1)) + 1;
}

}  // namespace

class TestGuiCppOpen : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    // Shared with test_cpp_open: the samples are built once.
    qputenv("LOOPSCAPE_CPP_CACHE", QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("cpp-open-cache")).toUtf8());
  }

  void opensACppWithItsCommandsAsHistory() {
    const QString path = samplePath(QStringLiteral("tiramisu_gemm.cpp"));
    const QString text = readText(path);
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QString error;
    QVERIFY2(window.openFile(path, &error), qPrintable(error));
    QVERIFY(window.waitForEngine(120000));
    QVERIFY2(!window.analysisFailed(), qPrintable(window.lastReport()));
    QCOMPARE(window.history(), QStringList({QStringLiteral("c1.tile(i, j, 32, 32, i0, j0, i1, j1)"),
                                            QStringLiteral("c1.parallelize(i0)")}));
    QCOMPARE(window.undoStack()->count(), 2);
    // Reopened with other options, the history stays as it is (not applied twice).
    window.applyCompileOptions(window.compileOptions());
    QVERIFY(window.waitForEngine(120000));
    QCOMPARE(window.history().size(), 2);
    auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
    QVERIFY(source);
    QCOMPARE(source->toPlainText(), text);  // the C++, not its C rendering
    // Selecting a statement marks its line in the .cpp.
    loopscape::Selection selection;
    selection.statements << QStringLiteral("c0");
    window.select(selection);
    QVERIFY2(source->highlightedLines().contains(lineOf(text, QStringLiteral("computation c0("))),
             qPrintable(QStringLiteral("%1").arg(source->highlightedLines().value(0))));
  }

  void compileErrorIsMarkedAtItsLineAndColumn() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.cpp"));
    QString text = readText(samplePath(QStringLiteral("tiramisu_gemm.cpp")));
    text.replace(QStringLiteral("c0.then(c1, j);"), QStringLiteral("c0.then(c1, jj);"));
    QVERIFY(writeText(path, text));
    MainWindow window;
    letRun(window);
    window.show();
    QElapsedTimer timer;
    timer.start();
    QString error;
    QVERIFY2(window.openFile(path, &error), qPrintable(error));
    // The compiler runs on the engine thread: the window answers meanwhile.
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(window.worker()->busy());
    QVERIFY(window.waitForEngine(120000));
    QVERIFY(window.analysisFailed());
    auto* source = window.findChild<SourceView*>(QStringLiteral("sourceView"));
    QCOMPARE(source->toPlainText(), text);
    QCOMPARE(source->errors().size(), 1);
    QCOMPARE(source->errors().front().line, lineOf(text, QStringLiteral("jj);")));
    QCOMPARE(source->errors().front().column, columnOf(text, QStringLiteral("jj);")));
    QVERIFY2(source->errors().front().message.contains(QStringLiteral("jj")), qPrintable(source->errors().front().message));
    QVERIFY(window.lastReport().contains(QStringLiteral("error:")));
  }

  void exportedProgramOpensBackToTheSameSession() {
    const QString path = samplePath(QStringLiteral("tiramisu_gemm.cpp"));
    MainWindow window;
    QString error;
    QVERIFY2(window.openFile(path, &error), qPrintable(error));
    QVERIFY(window.waitForEngine(120000));
    window.requestCommand(*loopscape::parse_script_line("c1.vectorize(j1, 4)", {"test", 1, 1}));
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.history().size(), 3);
    QTemporaryDir dir;
    const QString exported = dir.filePath(QStringLiteral("session.cpp"));
    QVERIFY(writeText(exported, window.exportCppScript()));

    MainWindow back;
    letRun(back);
    QVERIFY2(back.openFile(exported, &error), qPrintable(error));
    QVERIFY(back.waitForEngine(120000));
    QVERIFY2(!back.analysisFailed(), qPrintable(back.lastReport()));
    QCOMPARE(back.history(), window.history());
    QVERIFY(back.snapshot() && window.snapshot());
    QCOMPARE(back.snapshot()->statements.size(), window.snapshot()->statements.size());
    // Exported again, it carries the same C and history (not a program that opens session.cpp).
    const QString again = back.exportCppScript();
    QVERIFY(again.contains(QStringLiteral("loopscape::open_source(kProgram + 1, \"gemm.c\"")));
    QCOMPARE(again.section(QStringLiteral("R\"loopscape("), 1).section(QStringLiteral(")loopscape\""), 0, 0),
             window.exportCppScript().section(QStringLiteral("R\"loopscape("), 1).section(QStringLiteral(")loopscape\""), 0, 0));

    // A saved session of a .cpp reopens with the same history (the program's
    // commands are not applied twice).
    const QString saved = dir.filePath(QStringLiteral("gemm.loopscape.json"));
    QVERIFY2(window.saveSession(saved, &error), qPrintable(error));
    MainWindow reopened;
    letRun(reopened);
    QVERIFY2(reopened.openSession(saved, &error), qPrintable(error));
    QVERIFY(reopened.waitForEngine(120000));
    QVERIFY2(reopened.sessionError().isEmpty(), qPrintable(reopened.sessionError()));
    QCOMPARE(reopened.history(), window.history());
  }

  void exportOfACSessionOpensOnItsCFile() {
    const QString path = samplePath(QStringLiteral("matmul.c"));
    MainWindow window;
    QString error;
    QVERIFY(window.openFile(path, &error));
    QVERIFY(window.waitForEngine());
    window.requestCommand(*loopscape::parse_script_line("S1.interchange(j, k)", {"test", 1, 1}));
    QVERIFY(window.waitForEngine());
    QVERIFY2(window.history().size() == 1, qPrintable(window.lastReport()));
    // Another line of work: the interchange is kept as a variant, and the export keeps it too.
    window.undoStack()->undo();
    QVERIFY(window.waitForEngine());
    window.requestCommand(*loopscape::parse_script_line("S1.parallelize(i)", {"test", 2, 1}));
    QVERIFY(window.waitForEngine());
    QCOMPARE(window.variants(), QList<QStringList>{QStringList{QStringLiteral("S1.interchange(j, k)")}});
    QTemporaryDir dir;
    const QString exported = dir.filePath(QStringLiteral("matmul_session.cpp"));
    QVERIFY(writeText(exported, window.exportCppScript()));
    QVERIFY2(window.exportCppScript().contains(QStringLiteral("loopscape::keep_variant(session, {\n          \"S1.interchange(j, k)\"});")),
             qPrintable(window.exportCppScript()));

    MainWindow back;
    letRun(back);
    QVERIFY(back.openFile(exported, &error));
    QVERIFY(back.waitForEngine(120000));
    QVERIFY2(!back.analysisFailed(), qPrintable(back.lastReport()));
    QCOMPARE(back.history(), window.history());
    QCOMPARE(back.variants(), window.variants());
    // The statements are in the C file: the Source view shows it.
    QCOMPARE(back.findChild<SourceView*>(QStringLiteral("sourceView"))->toPlainText(), readText(path));
    QCOMPARE(back.currentFile()->path, QFileInfo(exported).absoluteFilePath());
  }

  void aNewerOpenStopsTheBuild() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("slow.cpp"));
    // Content no run has built before: the compiler really runs.
    QVERIFY(writeText(path, readText(samplePath(QStringLiteral("tiramisu_gemm.cpp"))) +
                                QStringLiteral("// %1\n").arg(QDateTime::currentMSecsSinceEpoch())));
    MainWindow window;
    letRun(window);
    QString error;
    QVERIFY(window.openFile(path, &error));
    QElapsedTimer timer;
    timer.start();
    QVERIFY(window.openFile(samplePath(QStringLiteral("matmul.c")), &error));
    QVERIFY(window.waitForEngine(120000));
    QVERIFY2(timer.elapsed() < 2500, qPrintable(QString::number(timer.elapsed())));  // a build takes about 3 s
    QVERIFY2(!window.analysisFailed(), qPrintable(window.lastReport()));
    QCOMPARE(window.currentFile()->fileName(), QStringLiteral("matmul.c"));
    QVERIFY(window.snapshot());
  }
};

QTEST_MAIN(TestGuiCppOpen)
#include "test_gui_cpp_open.moc"

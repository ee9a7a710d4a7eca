// SPDX-License-Identifier: Apache-2.0
// Opening real C files: a header in another folder reached through -I, the
// Compiler Options dialog, options remembered per file, compile_commands.json,
// the missing-header action, and --screenshot's exit status.
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "compiler_options.h"
#include "compiler_options_dialog.h"
#include "main_window.h"

using namespace loopscape;

namespace {

const QString kCorpus = QStringLiteral(LOOPSCAPE_TEST_DATA "/polybench");
const QString kJacobi = kCorpus + QStringLiteral("/stencils/jacobi-2d/jacobi-2d.c");
const QString kUtilities = kCorpus + QStringLiteral("/utilities");

// A copy of jacobi-2d in a folder of its own, with polybench.h in a sibling folder.
struct Project {
  QTemporaryDir dir;
  QString source, headers;
  Project() {
    QDir(dir.path()).mkpath(QStringLiteral("src"));
    QDir(dir.path()).mkpath(QStringLiteral("include"));
    source = dir.filePath(QStringLiteral("src/jacobi-2d.c"));
    headers = dir.filePath(QStringLiteral("include"));
    QFile::copy(kJacobi, source);
    QFile::copy(QFileInfo(kJacobi).absolutePath() + QStringLiteral("/jacobi-2d.h"), dir.filePath(QStringLiteral("src/jacobi-2d.h")));
    QFile::copy(kUtilities + QStringLiteral("/polybench.h"), headers + QStringLiteral("/polybench.h"));
  }
};

bool analysed(MainWindow& window) {
  return window.waitForEngine() && !window.analysisFailed() && window.snapshot() && !window.snapshot()->statements.empty();
}

}  // namespace

class TestGuiCompilerOptions : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void init() { QSettings().clear(); }

  void headerInAnotherFolderThroughIncludeOption() {
    Project p;
    MainWindow window;
    QVERIFY(window.openFile(p.source));
    QVERIFY(window.waitForEngine());
    QVERIFY(window.analysisFailed());
    QVERIFY(window.lastReport().contains(QStringLiteral("'polybench.h' file not found")));

    CompileOptions options;
    options.include_dirs = {p.headers.toStdString()};
    options.defines = {"MINI_DATASET"};
    window.setCompileOptions(options);
    QVERIFY(window.openFile(p.source));
    QVERIFY(analysed(window));
    QCOMPARE(window.snapshot()->statements.size(), std::size_t(2));

    // Remembered for the file: it opens again without options.
    MainWindow again;
    QVERIFY(again.openFile(p.source));
    QVERIFY(analysed(again));
    QCOMPARE(again.compileOptions().include_dirs, options.include_dirs);
  }

  void missingHeaderOffersTheFolderThatHoldsIt() {
    Project p;
    MainWindow window;
    QVERIFY(window.openFile(p.source));
    QVERIFY(window.waitForEngine());
    QCOMPARE(QDir(window.suggestedIncludeDirectory()).canonicalPath(), QDir(p.headers).canonicalPath());
    auto* button = window.findChild<QPushButton*>(QStringLiteral("addIncludeButton"));
    QVERIFY(button && !button->isHidden());
    QVERIFY(button->text().contains(QStringLiteral("polybench.h")));
    button->click();
    QVERIFY(analysed(window));
    QVERIFY(button->isHidden());
  }

  void dialogChangesTheOptionsAndKeepsTheCommands() {
    Project p;
    MainWindow window;
    CompileOptions options;
    options.include_dirs = {p.headers.toStdString()};
    window.setCompileOptions(options);
    QVERIFY(window.openFile(p.source, nullptr, {QStringLiteral("S0.interchange(i, j)")}));
    QVERIFY(analysed(window));
    QTimer::singleShot(0, [&] {
      auto* dialog = window.findChild<CompilerOptionsDialog*>();
      QVERIFY(dialog);
      QCOMPARE(dialog->includeDirectories()->toPlainText(), p.headers);
      dialog->defines()->setPlainText(QStringLiteral("-DN=12\nTSTEPS=3"));
      dialog->accept();
    });
    window.showCompilerOptions();
    QVERIFY(analysed(window));
    QCOMPARE(window.compileOptions().defines, (std::vector<std::string>{"N=12", "TSTEPS=3"}));
    // The session's command is applied again.
    QCOMPARE(window.history(), QStringList{QStringLiteral("S0.interchange(i, j)")});
    QCOMPARE(remembered_options(p.source)->defines, (std::vector<std::string>{"N=12", "TSTEPS=3"}));
  }

  void compileCommandsDatabaseIsUsed() {
    Project p;
    QFile db(p.dir.filePath(QStringLiteral("compile_commands.json")));
    QVERIFY(db.open(QIODevice::WriteOnly));
    db.write(QStringLiteral(R"([{"directory": "%1", "file": "src/jacobi-2d.c",
      "command": "cc -O2 -Iinclude -DMINI_DATASET -c src/jacobi-2d.c"}])")
                 .arg(p.dir.path())
                 .toUtf8());
    db.close();
    QString note;
    const std::optional<CompileOptions> options = compile_commands_options(p.source, &note);
    QVERIFY2(options, qPrintable(note));
    QCOMPARE(QDir(QString::fromStdString(options->include_dirs.at(0))).canonicalPath(), QDir(p.headers).canonicalPath());
    QCOMPARE(options->defines, std::vector<std::string>{"MINI_DATASET"});
    MainWindow window;
    QVERIFY(window.openFile(p.source));
    QVERIFY(analysed(window));
  }

  void malformedCompileCommandsIsNamedAndIgnored() {
    Project p;
    QFile db(p.dir.filePath(QStringLiteral("src/compile_commands.json")));
    QVERIFY(db.open(QIODevice::WriteOnly));
    db.write("[{\"directory\": ");
    db.close();
    QString note;
    QVERIFY(!compile_commands_options(p.source, &note));
    QVERIFY2(note.contains(QStringLiteral("compile_commands.json is not a compilation database")), qPrintable(note));
    MainWindow window;
    QVERIFY(window.openFile(p.source));
    QVERIFY(window.waitForEngine());
    QVERIFY(window.analysisFailed());
  }

  void screenshotExitsWithTwoWhenTheFileCannotBeAnalysed() {
    Project p;
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), p.dir.filePath(QStringLiteral("config")));
    app.setProcessEnvironment(env);
    const QString shot = p.dir.filePath(QStringLiteral("shot.png"));
    app.start(QStringLiteral(LOOPSCAPE_APP), {p.source, QStringLiteral("--screenshot"), shot});
    QVERIFY(app.waitForFinished(120000));
    QCOMPARE(app.exitCode(), 2);
    QVERIFY(app.readAllStandardError().contains("'polybench.h' file not found"));
    app.start(QStringLiteral(LOOPSCAPE_APP),
              {p.source, QStringLiteral("-I") + p.headers, QStringLiteral("-DMINI_DATASET"), QStringLiteral("--screenshot"), shot});
    QVERIFY(app.waitForFinished(120000));
    QCOMPARE(app.exitCode(), 0);
    QVERIFY(QFileInfo(shot).size() > 0);
  }
};

QTEST_MAIN(TestGuiCompilerOptions)
#include "test_gui_compiler_options.moc"

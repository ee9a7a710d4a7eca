// SPDX-License-Identifier: Apache-2.0
// loopscape-cli with schedule scripts: check (0 legal, 3 illegal with the
// report, 2 malformed), --script on info/emit/verify, export, bench.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

#include "cli_process.h"

using namespace loopscape::testing;

namespace {
const QString kMatmul = QStringLiteral(LOOPSCAPE_SAMPLES "/matmul.c");
const QString kSeidel = QStringLiteral(LOOPSCAPE_SAMPLES "/seidel2d.c");
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}
}  // namespace

class TestCliScript : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString script(const QString& name, const QByteArray& text) {
    const QString path = dir_.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
  }

 private Q_SLOTS:
  void helpForTheNewCommands_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("expected");
    QTest::newRow("check") << "check" << "usage: loopscape-cli check FILE.c --script SCRIPT";
    QTest::newRow("export") << "export" << "find_package(Loopscape REQUIRED)";
    QTest::newRow("bench") << "bench" << "median_ms=X p95_ms=Y";
    QTest::newRow("emit") << "emit" << "--script SCRIPT";
    QTest::newRow("info") << "info" << "--script SCRIPT";
    QTest::newRow("verify") << "verify" << "--script SCRIPT";
  }
  void helpForTheNewCommands() {
    QFETCH(QString, command);
    QFETCH(QString, expected);
    const CliRun run = run_cli({command, "--help"});
    QCOMPARE(run.exit_code, 0);
    QVERIFY2(contains(run.out, expected.toStdString()), run.out.c_str());
    QVERIFY(contains(run.out, "--isl-quota N"));
  }

  void generalHelpListsTheCommands() {
    const CliRun run = run_cli({"--help"});
    QCOMPARE(run.exit_code, 0);
    for (const char* c : {"check", "export", "bench", "3 a script command is illegal"})
      QVERIFY2(contains(run.out, c), run.out.c_str());
  }

  void checkLegalScript() {
    const QString s = script("legal.ls", "# tile the product\n\nS1.tile(i, j, 16, 16, i0, j0, i1, j1)\n");
    const CliRun run = run_cli({"check", kMatmul, "--script", s});
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY2(contains(run.out, (s + ":3:1: ok: S1.tile(i, j, 16, 16, i0, j0, i1, j1)").toStdString()), run.out.c_str());
    QVERIFY2(contains(run.out, "1 command, all legal"), run.out.c_str());
  }

  void checkIllegalScriptReportsTheDependence() {
    // Seidel's a[i - 1][j + 1] read: distance (0, 1, -1); interchanging i and j reverses it.
    const QString s = script("illegal.ls", "# wrong\nS0.interchange(i, j)\n");
    const CliRun run = run_cli({"check", kSeidel, "--script", s});
    QCOMPARE(run.exit_code, 3);
    for (const std::string& part : {(s + ":2:1: error: S0.interchange(i, j) is illegal").toStdString(),
                                   std::string("dependence: "), std::string("source iteration: S0["),
                                   std::string("sink iteration:   S0["), std::string("hint: ")})
      QVERIFY2(contains(run.err, part), run.err.c_str());
  }

  void checkMalformedScriptNamesLineAndColumn() {
    const QString s = script("bad.ls", "S1.tile(i, j, 16, 16)\nS1.interchange(i j\n");
    const CliRun run = run_cli({"check", kMatmul, "--script", s});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, (s + ":2:15: missing ')' for this '('").toStdString()), run.err.c_str());
  }

  void checkUnknownLoopNamesTheArgument() {
    const QString s = script("loop.ls", "S1.interchange(i, q)\n");
    const CliRun run = run_cli({"check", kMatmul, "--script", s});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, (s + ":1:19:").toStdString()), run.err.c_str());
  }

  void checkUnknownCommand() {
    const QString s = script("unknown.ls", "S1.frobnicate(i)\n");
    const CliRun run = run_cli({"check", kMatmul, "--script", s});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, (s + ":1:4: error: unknown command 'frobnicate'").toStdString()), run.err.c_str());
  }

  void checkNeedsAScript() {
    const CliRun run = run_cli({"check", kMatmul});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "check needs --script FILE"), run.err.c_str());
    const CliRun missing = run_cli({"check", kMatmul, "--script", dir_.filePath("none.ls")});
    QCOMPARE(missing.exit_code, 2);
    QVERIFY2(contains(missing.err, "cannot read the script"), missing.err.c_str());
  }

  void emitAndInfoFollowTheScript() {
    const QString s = script("emit.ls", "S1.tile(i, j, 16, 16, i0, j0, i1, j1)\n");
    const CliRun plain = run_cli({"emit", kMatmul});
    const CliRun tiled = run_cli({"emit", kMatmul, "--script", s});
    QCOMPARE(tiled.exit_code, 0);
    QVERIFY(plain.out != tiled.out);
    QVERIFY2(contains(tiled.out, "16"), tiled.out.c_str());
    const CliRun tree = run_cli({"emit", kMatmul, "--script", s, "--target", "tree"});
    QCOMPARE(tree.exit_code, 0);
    const CliRun info = run_cli({"info", kMatmul, "--script", s});
    QCOMPARE(info.exit_code, 0);
    QVERIFY2(contains(info.out, "schedule after the script:"), info.out.c_str());
    // An illegal script emits nothing.
    const QString bad = script("emit_bad.ls", "S0.interchange(i, j)\n");
    const CliRun refused = run_cli({"emit", kSeidel, "--script", bad});
    QCOMPARE(refused.exit_code, 3);
    QVERIFY(refused.out.empty());
  }

  void verifyTheScriptsCode() {
    const QString s = script("verify.ls", "S1.tile(i, j, 16, 16, i0, j0, i1, j1)\n");
    const CliRun run = run_cli({"verify", kMatmul, "--script", s});
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY2(contains(run.out, "--script"), run.out.c_str());
  }

  void exportWritesAProgram() {
    const QString s = script("export.ls", "S1.tile(i, j, 16, 16, i0, j0, i1, j1)  # tile\n");
    const QString out = dir_.filePath("replay.cpp");
    const CliRun run = run_cli({"export", kMatmul, "--script", s, "-o", out, "-DNI=10"});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string text = f.readAll().toStdString();
    for (const char* part : {"#include <loopscape/api/loopscape.h>", "loopscape::open(", ".defines = {\"NI=10\"}",
                             "auto S1 = session.statement(\"S1\");",
                             "S1.tile(\"i\", \"j\", 16, 16, \"i0\", \"j0\", \"i1\", \"j1\");  // export.ls:1",
                             "std::cout << loopscape::emit_code(session, \"openmp\");"})
      QVERIFY2(contains(text, part), text.c_str());
    const CliRun no_output = run_cli({"export", kMatmul, "--script", s});
    QCOMPARE(no_output.exit_code, 2);
    const QString bad = script("export_bad.ls", "S0.interchange(i, j)\n");
    const CliRun refused = run_cli({"export", kSeidel, "--script", bad, "-o", dir_.filePath("bad.cpp")});
    QCOMPARE(refused.exit_code, 3);
    QVERIFY(!QFile::exists(dir_.filePath("bad.cpp")));
  }

  void benchPrintsMedianAndP95() {
    const QString s = script("bench.ls", "S1.tile(i, j, 16, 16, i0, j0, i1, j1)\n");
    const CliRun run = run_cli({"bench", kMatmul, "--script", s, "--repetitions", "3"});
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY2(contains(run.out, "repetitions: 3"), run.out.c_str());
    const QRegularExpression last(QStringLiteral("^median_ms=[0-9]+\\.[0-9]{3} p95_ms=[0-9]+\\.[0-9]{3}$"));
    QVERIFY2(last.match(QString::fromStdString(last_line(run.out))).hasMatch(), run.out.c_str());
  }

  void benchStopsAtTheQuota() {
    const QString s = script("quota.ls", "S1.tile(i, j, 16, 16, i0, j0, i1, j1)\n");
    QElapsedTimer timer;
    timer.start();
    const CliRun run = run_cli({"bench", kMatmul, "--script", s, "--isl-quota", "50"}, {}, 60000);
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "quota"), run.err.c_str());
    QVERIFY2(contains(run.err, (s + ":1:1:").toStdString()), run.err.c_str());
    QVERIFY(timer.elapsed() < 60000);
  }

  void benchBadRepetitions() {
    const QString s = script("rep.ls", "S1.tile(i, j, 16, 16, i0, j0, i1, j1)\n");
    const CliRun run = run_cli({"bench", kMatmul, "--script", s, "--repetitions", "zero"});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "'zero' is not a positive integer"), run.err.c_str());
  }
};

QTEST_GUILESS_MAIN(TestCliScript)
#include "test_cli_script.moc"

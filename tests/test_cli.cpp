// SPDX-License-Identifier: Apache-2.0
// loopscape-cli as a user meets it: help on every command, exit codes, errors with locations.
#include <QTemporaryDir>
#include <QtTest>

#include "cli_process.h"

using namespace loopscape::testing;

namespace {
const QString kMvt = QStringLiteral(LOOPSCAPE_SAMPLES "/mvt.c");
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

class TestCli : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void helpForEveryCommand_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("expected");
    QTest::newRow("info") << "info" << "usage: loopscape-cli info";
    QTest::newRow("emit") << "emit" << "--target";
    QTest::newRow("verify") << "verify" << "--param NAME=VALUE";
  }
  void helpForEveryCommand() {
    QFETCH(QString, command);
    QFETCH(QString, expected);
    const CliRun run = run_cli({command, "--help"});
    QCOMPARE(run.exit_code, 0);
    QVERIFY2(contains(run.out, expected.toStdString()), run.out.c_str());
    QVERIFY(contains(run.out, "-D NAME[=VALUE]"));
  }

  void noArgumentsPrintsGeneralHelp() {
    const CliRun run = run_cli({});
    QCOMPARE(run.exit_code, 0);
    QVERIFY(contains(run.out, "commands:"));
  }

  void versionIsTheProjectsVersion() {
    for (const char* flag : {"--version", "-V"}) {
      const CliRun run = run_cli({flag});
      QCOMPARE(run.exit_code, 0);
      QCOMPARE(run.out, std::string("loopscape-cli " LOOPSCAPE_PROJECT_VERSION "\n"));
    }
  }

  void commandsPrintsTheScheduleCommands() {
    CliRun run = run_cli({"commands"});
    QCOMPARE(run.exit_code, 0);
    QVERIFY2(contains(run.out, "S.tile") && contains(run.out, "N.fission"), run.out.c_str());
    run = run_cli({"commands", "vectorize"});
    QCOMPARE(run.exit_code, 0);
    QVERIFY2(contains(run.out, "S.vectorize(L, v [, Lo, Li])") && contains(run.out, "size"), run.out.c_str());
    run = run_cli({"commands", "vectorise"});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "no command is named 'vectorise'"), run.err.c_str());
  }

  void unknownCommandIsBadInput() {
    const CliRun run = run_cli({"frobnicate", kMvt});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "unknown command 'frobnicate'"), run.err.c_str());
  }

  void unknownOptionIsBadInput() {
    const CliRun run = run_cli({"emit", kMvt, "--bogus"});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "unknown option '--bogus'"), run.err.c_str());
  }

  void malformedParameterIsBadInput() {
    const CliRun run = run_cli({"verify", kMvt, "--param", "N=ten"});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "'ten' is not an integer"), run.err.c_str());
  }

  void unknownTargetIsBadInput() {
    const CliRun run = run_cli({"emit", kMvt, "--target", "fortran"});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "fortran"), run.err.c_str());
  }

  void missingFileIsBadInput() {
    const CliRun run = run_cli({"info", "/nonexistent/kernel.c"});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "/nonexistent/kernel.c"), run.err.c_str());
  }

  void unsupportedCodeNamesLineAndColumn() {
    const CliRun run = run_cli({"emit", QStringLiteral(LOOPSCAPE_TEST_DATA "/cli/unsupported.c")});
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(contains(run.err, "unsupported.c:4:"), run.err.c_str());
    QVERIFY(run.out.empty());
  }

  void infoShowsTheModel() {
    const CliRun run = run_cli({"info", kMvt});
    QCOMPARE(run.exit_code, 0);
    for (const char* part : {"parameters: n", "S0", "S1", "domain: { S0[i, j] : 0 <= i < n and 0 <= j < n }",
                             "read { S1[i, j] -> a[j, i]", "RAW S0 -> S0 on x1", "distance (0, 1), carried at level 2",
                             "schedule tree:", ": C1"})
      QVERIFY2(contains(run.out, part), (std::string("missing '") + part + "' in\n" + run.out).c_str());
  }

  void emitWritesTheOutputFile() {
    QTemporaryDir dir;
    const QString out = dir.filePath("mvt_omp.c");
    const CliRun run = run_cli({"emit", kMvt, "-o", out});
    QCOMPARE(run.exit_code, 0);
    QVERIFY(run.out.empty());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string text = file.readAll().toStdString();
    QVERIFY(contains(text, "#pragma omp parallel for"));
    QVERIFY(contains(text, "int main"));  // the rest of the file is kept
  }

  void defineChangesTheProgram() {
    const CliRun run = run_cli({"info", kMvt, "-DN=64"});
    QCOMPARE(run.exit_code, 0);
    QVERIFY2(contains(run.out, "[64]"), run.out.c_str());
  }

  void verifyReportsEqualityAndTimes() {
    const CliRun run = run_cli({"verify", kMvt});
    QCOMPARE(run.exit_code, 0);
    QVERIFY(contains(run.out, ": equal"));
    QVERIFY(contains(run.out, "original: "));
    QVERIFY(contains(run.out, "emitted:  "));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"

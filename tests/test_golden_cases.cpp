// SPDX-License-Identifier: Apache-2.0
// Golden cases as data: each folder of tests/golden_cases holds input.c,
// script.ls and expected.<target> for the targets it covers. The test runs
// `loopscape-cli emit input.c --script script.ls --target <target> -o F` as a
// user would and compares F with expected.<target>. LOOPSCAPE_UPDATE_GOLDEN=1
// rewrites the expected files (review the diff). A new case is a new folder.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_process.h"
#include "golden.h"

using namespace loopscape::testing;

namespace {

const QString kCases = QStringLiteral(LOOPSCAPE_GOLDEN_CASES);
const QString kExpected = QStringLiteral("expected.");

}  // namespace

class TestGoldenCases : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void everyPrinterHasACase() {
    QSet<QString> covered;
    for (const QString& name : QDir(kCases).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
      for (const QString& file : QDir(kCases + QLatin1Char('/') + name).entryList({kExpected + QLatin1Char('*')}))
        covered << file.mid(kExpected.size());
    const CliRun help = run_cli({QStringLiteral("emit"), QStringLiteral("--help")});
    for (const char* target : {"openmp", "c", "mpi", "hls", "cuda", "halide", "halide-stmt", "halide-ptx", "isl-ast",
                               "tree"}) {
      QVERIFY2(covered.contains(QString::fromLatin1(target)), target);
      QVERIFY2(help.out.find(std::string(target) + ": ") != std::string::npos, target);
    }
  }

  void emitMatchesExpected_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("target");
    for (const QString& name : QDir(kCases).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
      const QDir folder(kCases + QLatin1Char('/') + name);
      for (const QString& file : folder.entryList({kExpected + QLatin1Char('*')}, QDir::Files, QDir::Name)) {
        const QString target = file.mid(kExpected.size());
        QTest::newRow(qPrintable(name + QLatin1Char('/') + target)) << folder.path() << target;
      }
    }
  }

  void emitMatchesExpected() {
    QFETCH(QString, folder);
    QFETCH(QString, target);
    QTemporaryDir out;
    // A fixed name: the halide target's code includes the header named after it.
    const QString emitted = out.filePath(QStringLiteral("case.c"));
    const CliRun run = run_cli({QStringLiteral("emit"), folder + QStringLiteral("/input.c"), QStringLiteral("--script"),
                                folder + QStringLiteral("/script.ls"), QStringLiteral("--target"), target,
                                QStringLiteral("-o"), emitted});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    const std::string actual = read_text(emitted.toStdString());
    QVERIFY(!actual.empty());
    std::string message;
    QVERIFY2(matches_expected_file((folder + QLatin1Char('/') + kExpected + target).toStdString(), actual, &message),
             message.c_str());
  }
};

QTEST_GUILESS_MAIN(TestGoldenCases)
#include "test_golden_cases.moc"

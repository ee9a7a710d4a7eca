// SPDX-License-Identifier: Apache-2.0
// TSVC_2's 151 loop kernels (tests/data/tsvc), through loopscape-cli as a
// user would open them: every kernel listed in expected-modelled.txt opens,
// every other one is refused at its FILE:line:column, and the OpenMP code of
// every modelled kernel computes what the original does (verify, with the
// arguments TSVC_2 passes: the file's `verify-params:` line), also with every
// parallel loop run backwards (verify --reverse-parallel), which a race
// would change.
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#include "cli_process.h"

using namespace loopscape::testing;

namespace {

const QString kKernels = QStringLiteral(LOOPSCAPE_TEST_DATA "/tsvc/kernels");

QString readText(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QStringList kernelNames() {
  QStringList names;
  for (const QString& line : readText(QStringLiteral(LOOPSCAPE_TEST_DATA "/tsvc/kernels.txt")).split('\n'))
    if (!line.trimmed().isEmpty()) names << line.trimmed();
  return names;
}

std::set<QString> expectedModelled() {
  std::set<QString> names;
  for (const QString& line : readText(QStringLiteral(LOOPSCAPE_TEST_DATA "/tsvc/expected-modelled.txt")).split('\n'))
    if (!line.trimmed().isEmpty() && !line.startsWith('#')) names.insert(line.trimmed());
  return names;
}

QStringList verifyParameters(const QString& kernel) {
  const QRegularExpression params(QStringLiteral("verify-params:([^\\n]*)"));
  const QRegularExpressionMatch m = params.match(readText(kKernels + '/' + kernel + QStringLiteral(".c")));
  return m.hasMatch() ? m.captured(1).split(' ', Qt::SkipEmptyParts) : QStringList();
}

// verify --target openmp of the kernel (with `extra` arguments), then the
// race check: each parallel loop run backwards gives the same results. ""
// when both are equal, else what the failing run printed.
std::string verifyForwardsAndReversed(const QString& kernel, const QStringList& extra) {
  QStringList args = {QStringLiteral("verify"), kernel + QStringLiteral(".c"), QStringLiteral("--target"),
                      QStringLiteral("openmp")};
  args << extra << verifyParameters(kernel);
  for (const bool reversed : {false, true}) {
    const CliRun run = run_cli(reversed ? args << QStringLiteral("--reverse-parallel") : args, kKernels, 300000);
    if (run.exit_code != 0) return run.out + run.err;
  }
  return {};
}

}  // namespace

class TestTsvcCorpus : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCOMPARE(kernelNames().size(), 151);
    QVERIFY(expectedModelled().size() >= 135);
  }

  void everyKernelOpensOrIsRefusedAtItsPlace() {
    const std::set<QString> expected = expectedModelled();
    const QRegularExpression place(QStringLiteral("^[^\\s:]+\\.c:\\d+:\\d+: "));
    int modelled = 0;
    for (const QString& kernel : kernelNames()) {
      const CliRun run = run_cli({QStringLiteral("info"), kernel + QStringLiteral(".c")}, kKernels, 120000);
      if (run.exit_code == 0) {
        ++modelled;
        continue;
      }
      QVERIFY2(run.exit_code == 2, (kernel.toStdString() + " crashed or hung: " + run.err).c_str());
      QVERIFY2(!expected.count(kernel), (kernel.toStdString() + " is refused: " + run.err).c_str());
      QVERIFY2(place.match(QString::fromStdString(run.err)).hasMatch(),
               (kernel.toStdString() + " is refused without its place: " + run.err).c_str());
    }
    qInfo("%d of 151 TSVC_2 kernels modelled", modelled);
    QVERIFY(modelled >= static_cast<int>(expected.size()));
  }

  void modelledKernelsComputeWhatTheOriginalDoes_data() {
    QTest::addColumn<QString>("kernel");
    for (const QString& kernel : expectedModelled()) QTest::newRow(kernel.toUtf8().constData()) << kernel;
  }

  void modelledKernelsComputeWhatTheOriginalDoes() {
    QFETCH(QString, kernel);
    const std::string failure = verifyForwardsAndReversed(kernel, {});
    QVERIFY2(failure.empty(), failure.c_str());
  }

  // The kernels whose loop runs in parallel only as a reduction, with
  // private scalars or with its integer scalars read as closed forms
  // (parallel.txt): the command is legal, the OpenMP code has the clause, and
  // the results match (within verify's stated tolerance), also run backwards.
  void reductionsAndPrivateScalarsRunInParallel_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("commands");
    QTest::addColumn<QString>("clause");
    for (const QString& line : readText(QStringLiteral(LOOPSCAPE_TEST_DATA "/tsvc/parallel.txt")).split('\n')) {
      if (line.trimmed().isEmpty() || line.startsWith('#')) continue;
      const QStringList parts = line.split('|');
      QTest::newRow(parts[0].trimmed().toUtf8().constData())
          << parts[0].trimmed() << parts[1].trimmed() << parts[2].trimmed();
    }
  }

  void reductionsAndPrivateScalarsRunInParallel() {
    QFETCH(QString, kernel);
    QFETCH(QString, commands);
    QFETCH(QString, clause);
    QTemporaryDir dir;
    const QString script = dir.filePath(QStringLiteral("reduction.ls"));
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(commands.split(';').join('\n').toUtf8());
    file.close();
    const QString source = kernel + QStringLiteral(".c");
    const CliRun check = run_cli({QStringLiteral("check"), source, QStringLiteral("--script"), script}, kKernels, 120000);
    const bool plain = clause == QStringLiteral("-");
    const std::string note = plain ? "" : clause == QStringLiteral("reduction") ? "as a reduction of" : "with a private copy of";
    QVERIFY2(check.exit_code == 0 && check.out.find(note) != std::string::npos, (check.out + check.err).c_str());
    const CliRun emitted = run_cli({QStringLiteral("emit"), source, QStringLiteral("--script"), script, QStringLiteral("--target"),
                                 QStringLiteral("openmp")},
                                kKernels, 120000);
    const std::string pragma = plain ? "#pragma omp parallel for\n" : "#pragma omp parallel for " + clause.toStdString() + "(";
    QVERIFY2(emitted.out.find(pragma) != std::string::npos, (emitted.out + emitted.err).c_str());
    const std::string failure = verifyForwardsAndReversed(kernel, {QStringLiteral("--script"), script});
    QVERIFY2(failure.empty(), failure.c_str());
  }
};

QTEST_GUILESS_MAIN(TestTsvcCorpus)
#include "test_tsvc_corpus.moc"

// SPDX-License-Identifier: Apache-2.0
// The 30 kernels of the PolyBench/C 4.2 stand-in corpus, unmodified, through
// `loopscape-cli verify`: the emitted OpenMP program, built with the suite's
// harness, must print the same arrays as the original.
#include <QDir>
#include <QFile>
#include <QtTest>

#include "cli_process.h"
#include "polybench_corpus.h"

using namespace loopscape::testing;

namespace {
const QString& kCorpus = kPolybenchCorpus;
QStringList kernels() { return polybench_kernels(); }
}  // namespace

class TestPolybenchCorpus : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void corpusHasThirtyKernels() { QCOMPARE(kernels().size(), 30); }

  void emittedKernelPrintsTheSameArrays_data() {
    QTest::addColumn<QString>("kernel");
    for (const QString& k : kernels()) QTest::newRow(QFileInfo(k).completeBaseName().toUtf8().constData()) << k;
  }
  void emittedKernelPrintsTheSameArrays() {
    QFETCH(QString, kernel);
    const QString dir = QFileInfo(kernel).path();
    const CliRun run = run_cli({"verify", kernel, "--target", "openmp", "-I", "utilities", "-I", dir,
                                "utilities/polybench.c", "-DMINI_DATASET"},
                               kCorpus);
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY(run.out.find(": equal") != std::string::npos);
  }

  // The time-tiling sample scripts (samples/scripts/time_tiling, issue 8):
  // legal, and the same arrays as the original at MINI and at SMALL size.
  void timeTilingScriptsPrintTheSameArrays_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("size");
    for (const char* k : {"jacobi-1d", "jacobi-2d", "heat-3d", "seidel-2d", "fdtd-2d"})
      for (const char* size : {"MINI", "SMALL"})
        QTest::newRow((std::string(k) + " " + size).c_str()) << QString::fromUtf8(k) << QString::fromUtf8(size);
  }
  void timeTilingScriptsPrintTheSameArrays() {
    QFETCH(QString, kernel);
    QFETCH(QString, size);
    const QString script = QStringLiteral(LOOPSCAPE_SAMPLES "/scripts/time_tiling/") + kernel + ".ls";
    QVERIFY2(QFile::exists(script), qPrintable(script));
    const QString dir = "stencils/" + kernel;
    const CliRun run = run_cli({"verify", dir + "/" + kernel + ".c", "--target", "openmp", "--script", script, "-I",
                                "utilities", "-I", dir, "utilities/polybench.c", "-D" + size + "_DATASET"},
                               kCorpus);
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY(run.out.find(": equal") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestPolybenchCorpus)
#include "test_polybench_corpus.moc"

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
};

QTEST_GUILESS_MAIN(TestPolybenchCorpus)
#include "test_polybench_corpus.moc"

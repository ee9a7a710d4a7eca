// SPDX-License-Identifier: Apache-2.0
// Every bundled sample through the command line: schedule tree and generated
// OpenMP code and Halide IR against golden files, and the OpenMP and Halide
// programs run against the original.
#include <QDir>
#include <QtTest>

#include "cli_process.h"
#include "golden.h"

using namespace loopscape::testing;

namespace {
QStringList sample_files() {
  return QDir(QStringLiteral(LOOPSCAPE_SAMPLES)).entryList({QStringLiteral("*.c")}, QDir::Files, QDir::Name);
}
QString sample_path(const QString& name) { return QStringLiteral(LOOPSCAPE_SAMPLES "/") + name; }
}  // namespace

class TestSamplesPipeline : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everySampleIsCovered() { QVERIFY(sample_files().size() >= 8); }

  void scheduleTree_data() { samples(); }
  void scheduleTree() {
    QFETCH(QString, file);
    const CliRun run = run_cli({"emit", sample_path(file), "--target", "tree"});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    LOOPSCAPE_COMPARE_GOLDEN("samples/" + QFileInfo(file).completeBaseName().toStdString() + ".tree", run.out);
  }

  void openmpCode_data() { samples(); }
  void openmpCode() {
    QFETCH(QString, file);
    const CliRun run = run_cli({"emit", sample_path(file), "--target", "openmp"});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    // Seidel's in-place sweep carries a dependence on every loop; every other sample has a parallel loop.
    const bool has_parallel_loop = file != "seidel2d.c";
    QCOMPARE(run.out.find("#pragma omp parallel for") != std::string::npos, has_parallel_loop);
    LOOPSCAPE_COMPARE_GOLDEN("samples/" + QFileInfo(file).completeBaseName().toStdString() + ".openmp.c", run.out);
  }

  void islAst_data() { samples(); }
  void islAst() {
    QFETCH(QString, file);
    const CliRun run = run_cli({"emit", sample_path(file), "--target", "isl-ast"});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    LOOPSCAPE_COMPARE_GOLDEN("samples/" + QFileInfo(file).completeBaseName().toStdString() + ".isl-ast.c", run.out);
  }

  // The region lowered to Halide IR after Halide's own passes (a golden file
  // per sample), and the Halide target's program run against the original.
  void halideStmt_data() { samples(); }
  void halideStmt() {
    QFETCH(QString, file);
    const CliRun run = run_cli({"emit", sample_path(file), "--target", "halide-stmt"});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    LOOPSCAPE_COMPARE_GOLDEN("samples/" + QFileInfo(file).completeBaseName().toStdString() + ".halide.stmt", run.out);
  }

  void halideCodeComputesTheSameResults_data() { samples(); }
  void halideCodeComputesTheSameResults() {
    QFETCH(QString, file);
    const CliRun run = run_cli({"verify", sample_path(file), "--target", "halide"});
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY(run.out.find(": equal") != std::string::npos);
  }

  void generatedCodeComputesTheSameResults_data() { samples(); }
  void generatedCodeComputesTheSameResults() {
    QFETCH(QString, file);
    const CliRun run = run_cli({"verify", sample_path(file), "--target", "openmp"});
    QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
    QVERIFY(run.out.find(": equal") != std::string::npos);
    QVERIFY(run.out.find("values compared: 0\n") == std::string::npos);
  }

 private:
  void samples() {
    QTest::addColumn<QString>("file");
    for (const QString& f : sample_files()) QTest::newRow(f.toUtf8().constData()) << f;
  }
};

QTEST_GUILESS_MAIN(TestSamplesPipeline)
#include "test_samples_pipeline.moc"

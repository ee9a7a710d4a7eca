// SPDX-License-Identifier: Apache-2.0
// The OpenMP 6.0 directive export (directives/omp_directives.h): the user's
// file with the steps as loop-transformation directives, built by clang 19
// with -fopenmp -fopenmp-version=60 and run against the original (built by
// gcc) for PolyBench kernels and samples with scripts of tiles, splits,
// interchanges, unrolls, reversals and parallel loops
// (tests/data/omp_directives); steps without a directive are named and
// refused; a golden file for gemm's export.
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QtTest>

#include <fstream>
#include <sstream>
#include <string>

#include "directives/omp_directives.h"
#include "golden.h"
#include "loading/load_program.h"
#include "runner/runner.h"
#include "session/script.h"
#include "support/error.h"

using namespace loopscape;

namespace {

const std::string kData = LOOPSCAPE_TEST_DATA;
const std::string kPolybench = kData + "/polybench/";

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

CompileOptions polybench_options() {
  CompileOptions o;
  o.defines = {"SMALL_DATASET"};
  o.include_dirs = {kPolybench + "utilities"};
  o.extra_sources = {kPolybench + "utilities/polybench.c"};
  return o;
}

// A session of `file` with the script's steps applied (all of them legal).
Session session_of(const std::string& file, const CompileOptions& options, const std::string& script_text) {
  Session session(load_program(file, options));
  const ScriptRun run = apply_script(session, parse_script(script_text, "script"));
  if (run.refusal) throw std::runtime_error("the script is refused: " + run.refusal->report());
  return session;
}

std::string clang19() { return QStandardPaths::findExecutable("clang-19").toStdString(); }

}  // namespace

class TestExportOmpDirectives : public QObject {
  Q_OBJECT

 private:
  // Builds the export with clang 19 and compares what it computes with the original.
  void buildsAndComputesTheSame(const std::string& file, const CompileOptions& options, const std::string& script) {
    const Session session = session_of(file, options, file_text(script));
    DirectiveExport exported;
    try {
      exported = export_omp_directives(session);
    } catch (const InputError& e) {
      QFAIL(e.what());
    }
    for (const DirectiveStep& s : exported.steps)
      if (!s.directive.empty())
        QVERIFY2(contains(exported.text, "#pragma omp " + s.directive), (file + ": " + s.directive).c_str());
    RunnerOptions o;
    o.emitted_compiler = clang19();
    o.emitted_compile_flags = {"-fopenmp-version=60", "-Werror=source-uses-openmp", "-Wno-unknown-pragmas"};
    o.threads = 2;
    // The harness dumps every value in full (PolyBench's own dump prints two decimals).
    o.mode = RunnerOptions::Mode::Harness;
    const VerifyResult r = verify_equivalence(session.program(), exported.text, o);
    QVERIFY2(r.equal(), (file + ": " + r.message).c_str());
  }

 private Q_SLOTS:
  void initTestCase() {
    if (clang19().empty()) QSKIP("clang-19 is not installed (packaging/install-deps.sh installs it): the exports cannot be built here");
  }

  void polybenchKernelsBuildWithClang19AndComputeTheSame_data() {
    QTest::addColumn<QString>("kernel");
    QFile list(QString::fromStdString(kPolybench + "kernels.txt"));
    QVERIFY(list.open(QIODevice::ReadOnly));
    int scripts = 0;
    for (const QByteArray& line : list.readAll().split('\n')) {
      const QString kernel = QString::fromUtf8(line.trimmed());
      if (kernel.isEmpty() || kernel.startsWith('#')) continue;
      const QString name = QFileInfo(kernel).baseName();
      if (!QFile::exists(QString::fromStdString(kData) + "/omp_directives/" + name + ".ls")) continue;
      QTest::newRow(qPrintable(name)) << kernel;
      ++scripts;
    }
    QVERIFY(scripts >= 8);
  }

  void polybenchKernelsBuildWithClang19AndComputeTheSame() {
    QFETCH(QString, kernel);
    const std::string name = QFileInfo(kernel).baseName().toStdString();
    buildsAndComputesTheSame(kPolybench + kernel.toStdString(), polybench_options(),
                             kData + "/omp_directives/" + name + ".ls");
  }

  void samplesBuildWithClang19AndComputeTheSame_data() {
    QTest::addColumn<QString>("sample");
    for (const char* name : {"matmul", "jacobi2d", "image_pipeline"}) QTest::newRow(name) << QString(name);
  }

  void samplesBuildWithClang19AndComputeTheSame() {
    QFETCH(QString, sample);
    const std::string name = sample.toStdString();
    buildsAndComputesTheSame(std::string(LOOPSCAPE_SAMPLES) + "/" + name + ".c", {},
                             kData + "/omp_directives/sample_" + name + ".ls");
  }

  // The check sees what a directive does: a reversal the dependences forbid, written by hand, computes otherwise.
  void anIllegalDirectiveIsCaughtByTheRun() {
    const std::string file = kPolybench + "stencils/seidel-2d/seidel-2d.c";
    const Session session = session_of(file, polybench_options(), "");
    std::string text = session.program().source_text;
    const std::size_t loop = text.find("for (i = 1", session.program().region.begin_offset);
    QVERIFY(loop != std::string::npos);
    text.insert(loop, "#pragma omp reverse\n  ");
    RunnerOptions o;
    o.emitted_compiler = clang19();
    o.emitted_compile_flags = {"-fopenmp-version=60", "-Wno-unknown-pragmas"};
    o.mode = RunnerOptions::Mode::Harness;
    const VerifyResult r = verify_equivalence(session.program(), text, o);
    QVERIFY2(r.status == VerifyResult::Status::Different, r.message.c_str());
  }

  // A 3-D tile of a nest counting from 0, in a file of the test data.
  void threeDimensionalTileBuildsAndComputesTheSame() {
    buildsAndComputesTheSame(kData + "/omp_directives/box3d.c", {}, kData + "/omp_directives/box3d.ls");
  }

  // OpenMP's tiles start at the loop's first value and need a rectangular nest: other tiles are refused.
  void tilesOpenMpCutOtherwiseAreRefused() {
    const std::string file = kData + "/omp_directives/triangle.c";
    Session shifted = session_of(file, {}, "S0.tile(i, j, 8, 8, i0, j0, i1, j1)\n");
    std::vector<DirectiveStep> missing = steps_without_directive(shifted);
    QCOMPARE(missing.size(), std::size_t(1));
    QVERIFY2(contains(missing[0].reason, "agree only for a loop counting up by one from 0"), missing[0].reason.c_str());
    Session triangular = session_of(file, {}, "S1.tile(i, j, 8, 8, i0, j0, i1, j1)\n");
    missing = steps_without_directive(triangular);
    QCOMPARE(missing.size(), std::size_t(1));
    QVERIFY2(contains(missing[0].reason, "the bounds of loop j name i"), missing[0].reason.c_str());
  }

  // simd says how many iterations may run together (safelen), and clang 19 nests no directive with it.
  void simdStatesItsLengthAndStandsAlone() {
    const std::string gemm = kPolybench + "linear-algebra/blas/gemm/gemm.c";
    const Session alone = session_of(gemm, polybench_options(), "S0.vectorize(j, 4)\n");
    QVERIFY(contains(export_omp_directives(alone).text, "#pragma omp simd simdlen(4) safelen(4)"));
    const Session stacked = session_of(gemm, polybench_options(), "S0.unroll(j, 2)\nS0.vectorize(j0, 4)\n");
    const std::vector<DirectiveStep> missing = steps_without_directive(stacked);
    QCOMPARE(missing.size(), std::size_t(1));
    QVERIFY2(contains(missing[0].reason, "may not stand above another directive"), missing[0].reason.c_str());
  }

  // The printer's golden file: gemm's export with its comments.
  void gemmExportIsTheGolden() {
    const Session session = session_of(kPolybench + "linear-algebra/blas/gemm/gemm.c", polybench_options(),
                                       file_text(kData + "/omp_directives/gemm.ls"));
    const std::string text = export_omp_directives(session).text;
    const std::string region = text.substr(text.find("#pragma scop"), text.find("#pragma endscop") - text.find("#pragma scop"));
    LOOPSCAPE_COMPARE_GOLDEN("omp_directives/gemm.region.c", region);
  }

  void stepsWithoutADirectiveAreNamedAndRefused() {
    const std::string file = kPolybench + "stencils/jacobi-1d/jacobi-1d.c";
    const Session session = session_of(file, polybench_options(), "S0.skew(t, i, 1)\nS0.unroll(i, 2)\n");
    const std::vector<DirectiveStep> missing = steps_without_directive(session);
    QCOMPARE(missing.size(), std::size_t(1));
    QCOMPARE(missing[0].step, std::size_t(1));
    QVERIFY2(contains(missing[0].reason, "no OpenMP directive for skew"), missing[0].reason.c_str());
    try {
      export_omp_directives(session);
      QFAIL("exported");
    } catch (const InputError& e) {
      QVERIFY2(contains(e.what(), "step 1, S0.skew(t, i, 1)"), e.what());
      QVERIFY2(contains(e.what(), "emit --target openmp"), e.what());
    }
  }

  // A directive applies to the outermost loop below it: a step on an inner
  // loop of a nest a directive already transformed has none.
  void innerLoopsOfATransformedNestAreRefused() {
    const Session session = session_of(kPolybench + "linear-algebra/blas/gemm/gemm.c", polybench_options(),
                                       "S1.tile(k, j, 32, 32, k0, j0, k1, j1)\nS1.loop_reversal(j1)\n");
    const std::vector<DirectiveStep> missing = steps_without_directive(session);
    QCOMPARE(missing.size(), std::size_t(1));
    QVERIFY2(contains(missing[0].reason, "not the outermost loop of its nest (k0, j0, k1, j1)"), missing[0].reason.c_str());
  }

  // A parallel loop that carries a reduction needs a clause the export does not write.
  void parallelReductionsAreRefused() {
    const Session session = session_of(std::string(LOOPSCAPE_SAMPLES) + "/reductions.c", {}, "S1.parallelize(i)\n");
    const std::vector<DirectiveStep> missing = steps_without_directive(session);
    QCOMPARE(missing.size(), std::size_t(1));
    QVERIFY2(contains(missing[0].reason, "carries a reduction"), missing[0].reason.c_str());
  }

  // Iterators declared outside their loops are private to each thread.
  void parallelLoopsPrivatizeOuterDeclaredIterators() {
    const Session session = session_of(kPolybench + "linear-algebra/blas/gemm/gemm.c", polybench_options(),
                                       "S1.parallelize(i)\n");
    const std::string text = export_omp_directives(session).text;
    QVERIFY2(contains(text, "#pragma omp parallel for private(i, j, k)"), text.c_str());
  }
};

QTEST_GUILESS_MAIN(TestExportOmpDirectives)
#include "test_export_omp_directives.moc"

// SPDX-License-Identifier: Apache-2.0
// Running a schedule in-process (runner/jit_run.h): the work counted from the
// model (analysis/work_count.h), the bounds check that guards the process,
// default parameters, JIT runs of original and transformed schedules compared
// element by element, a difference reported at its subscripts, and the
// command line's `run`.
#include <QProcess>
#include <QtTest>

#include "analysis/work_count.h"
#include "command_test_support.h"
#include "runner/jit_run.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestJitRun : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void workIsCountedFromTheModel() {
    const LoadedProgram gemm = load_polybench("linear-algebra/blas/gemm");
    // S0: C[i][j] *= beta (1); S1: C[i][j] += alpha * A[i][k] * B[k][j] (3).
    QCOMPARE(flops_per_instance(gemm.program.statements[0]), 1);
    QCOMPARE(flops_per_instance(gemm.program.statements[1]), 3);
    const RegionWork w = region_work(gemm.program, {{"ni", 20}, {"nj", 25}, {"nk", 30}});
    QCOMPARE(w.statements[0].instances, 20.0 * 25);
    QCOMPARE(w.statements[1].instances, 20.0 * 25 * 30);
    QCOMPARE(w.flops(), 20.0 * 25 + 3.0 * 20 * 25 * 30);
    // A triangular domain: lu's S0 runs for j < i.
    const LoadedProgram lu = load_polybench("linear-algebra/solvers/lu");
    const RegionWork t = region_work(lu.program, {{"n", 10}});
    QCOMPARE(t.statements[0].instances, 0.0 + 0 + 1 + 3 + 6 + 10 + 15 + 21 + 28 + 36);  // sum over i of i(i-1)/2
    QVERIFY_THROWS_EXCEPTION(InputError, region_work(gemm.program, {{"ni", 20}}));
  }

  void outOfBoundsParametersAreRefusedBeforeAnythingRuns() {
    const LoadedProgram gemm = load_polybench("linear-algebra/blas/gemm");  // MINI: C[20][25], A[20][30], B[30][25]
    check_accesses_in_bounds(gemm.program, {{"ni", 20}, {"nj", 25}, {"nk", 30}});
    try {
      check_accesses_in_bounds(gemm.program, {{"ni", 21}, {"nj", 25}, {"nk", 30}});
      QFAIL("ni = 21 leaves C[20][25]");
    } catch (const InputError& e) {
      const std::string what = e.what();
      QVERIFY2(what.find("[20][") != std::string::npos && what.find("outside C[20][25]") != std::string::npos &&
                   what.find("ni = 21") != std::string::npos,
               what.c_str());
      QVERIFY(e.where().known());  // the access's place in the source
    }
    QVERIFY_THROWS_EXCEPTION(InputError, prepare_jit_run(gemm.program, gemm.original_schedule, {{"ni", 100}, {"nj", 25}, {"nk", 30}}));
    // Defaults stay inside: the smallest extent (20), and what was given.
    const auto d = default_run_parameters(gemm.program);
    QCOMPARE(d.at("ni"), 20L);
    QCOMPARE(d.at("nk"), 20L);
    QCOMPARE(default_run_parameters(gemm.program, {{"nk", 7}}).at("nk"), 7L);
  }

  void transformedSchedulesComputeTheOriginalsResults() {
    const LoadedProgram gemm = load_polybench("linear-algebra/blas/gemm");
    const auto parameters = default_run_parameters(gemm.program, {{"ni", 20}, {"nj", 25}, {"nk", 30}});
    const JitRunResult original = execute_jit_run(*prepare_jit_run(gemm.program, gemm.original_schedule, parameters), 2);
    QCOMPARE(original.run_seconds.size(), std::size_t(2));
    QVERIFY(original.compile_seconds > 0);
    QCOMPARE(original.arrays.size(), std::size_t(3));
    // C = alpha * A * B + beta * C, computed here independently.
    const auto array = [&](const std::string& name) {
      for (const JitArrayValues& a : original.arrays)
        if (a.name == name) return a;
      throw std::runtime_error("no " + name);
    };
    const JitArrayValues A = array("A"), B = array("B"), C = array("C");
    const auto input = [](long k, const std::string& name) {
      return static_cast<double>((k * 7 + static_cast<long>(name.size())) % 13) / 13.0 + 0.5;
    };
    for (long i = 0; i < 20; i += 7)
      for (long j = 0; j < 25; j += 6) {
        double want = input(i * 25 + j, "C") * 1.5;
        for (long k = 0; k < 30; ++k) want += 1.5 * A.values[static_cast<std::size_t>(i * 30 + k)] * B.values[static_cast<std::size_t>(k * 25 + j)];
        QVERIFY(std::fabs(C.values[static_cast<std::size_t>(i * 25 + j)] - want) < 1e-9 * std::fabs(want));
      }
    for (const std::vector<std::string>& script :
         {std::vector<std::string>{"S1.parallelize(i)"}, {"S1.vectorize(j, 4)"}, {"S1.tile(i, k, 8, 8, i0, k0, i1, k1)", "S1.parallelize(i0)"}}) {
      const isl::schedule s = apply_all(gemm, script);
      const JitRunResult r = execute_jit_run(*prepare_jit_run(gemm.program, s, parameters), 1);
      const std::optional<std::string> d = first_difference(original, r);
      QVERIFY2(!d, d ? d->c_str() : "");
    }
    // A changed element is found, and named by its subscripts.
    JitRunResult changed = original;
    for (JitArrayValues& a : changed.arrays)
      if (a.name == "C") a.values[3 * 25 + 17] += 0.5;
    const std::optional<std::string> d = first_difference(original, changed);
    QVERIFY(d && d->rfind("C[3][17]: ", 0) == 0);
  }

  void cancelledBetweenRepetitions() {
    const LoadedProgram gemm = load_polybench("linear-algebra/blas/gemm");
    std::atomic<bool> cancel{true};
    const JitRunResult r = execute_jit_run(*prepare_jit_run(gemm.program, gemm.original_schedule, default_run_parameters(gemm.program)), 5, &cancel);
    QVERIFY(r.cancelled);
    QVERIFY(r.run_seconds.empty());
  }

  void peakIsMeasured() {
    const double peak = measured_peak_gflops();
    QVERIFY(peak > 0.5);
    QCOMPARE(measured_peak_gflops(), peak);  // once per process
  }

  void commandLine() {
    const QString dir = QStringLiteral(LOOPSCAPE_TEST_DATA "/polybench");
    QTemporaryDir tmp;
    const QString script = tmp.filePath("s.ls");
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("S1.parallelize(i)\n");
    f.close();
    QProcess cli;
    cli.start(LOOPSCAPE_CLI, {"run", dir + "/linear-algebra/blas/gemm/gemm.c", "-I", dir + "/utilities", "-DMINI_DATASET",
                              "--script", script});
    QVERIFY(cli.waitForFinished(120000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QCOMPARE(cli.exitCode(), 0);
    QVERIFY2(out.contains("parameters: ni = 20 nj = 20 nk = 20") && out.contains("GFLOP/s") &&
                 out.contains("speed-up over the original schedule") && out.contains("results equal"),
             qPrintable(out));
    cli.start(LOOPSCAPE_CLI, {"run", dir + "/linear-algebra/blas/gemm/gemm.c", "-I", dir + "/utilities", "-DMINI_DATASET",
                              "--param", "ni=500"});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY(QString::fromUtf8(cli.readAllStandardError()).contains("outside C[20][25]"));
  }
};

QTEST_GUILESS_MAIN(TestJitRun)
#include "test_jit_run.moc"

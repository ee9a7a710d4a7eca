// SPDX-License-Identifier: Apache-2.0
// --target mpi: PolyBench kernels of the stand-in corpus, unmodified, with
// distributed loops, built with mpicc and run under mpirun on 1 to 4 ranks
// against the original; the bytes the ranks send are the dataflow's need
// (the plan's count, and a hand count for jacobi-1d), reductions combined
// across ranks, and refused cases.
#include <QtTest>

#include <algorithm>
#include <thread>

#include "analysis/distribution.h"
#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

struct MpiRun {
  VerifyResult result;
  GeneratedCode code;
};

MpiRun run_mpi(const LoadedProgram& l, const isl::schedule& s, int ranks) {
  MpiRun run;
  run.code = generate(l.program, s, l.dependences.all(), "mpi", {}, nullptr, &l.dependences);
  run.result = verify_equivalence(l.program, emit_file(l.program, run.code), mpi_runner_options(ranks));
  return run;
}

std::string why(const MpiRun& run) {
  return to_string(run.result.status) + " at " + to_string(run.result.stage) + ": " + run.result.message + "\n" +
         run.result.log + "\n" + run.code.text;
}

// The bytes the plan says the ranks send, at the parameter values of the program's -D options.
long planned_bytes(const LoadedProgram& l, const isl::schedule& s, int ranks, const std::map<std::string, long>& sizes) {
  const DistributionPlan plan =
      plan_distribution(l.program, s, l.dependences.read_after_write, l.dependences.write_after_write);
  return message_volume(l.program, plan, ranks, sizes).total_bytes;
}

struct Case {
  const char* kernel;
  std::vector<std::string> script;
  std::map<std::string, long> sizes;  // MINI_DATASET's, for the planned volume
};

std::vector<Case> cases() {
  return {
      {"stencils/jacobi-1d", {"S0.distribute(i)", "S1.distribute(i)"}, {{"tsteps", 20}, {"n", 30}}},
      {"stencils/jacobi-2d", {"S0.distribute(i)", "S1.distribute(i)"}, {{"tsteps", 20}, {"n", 30}}},
      {"stencils/heat-3d", {"S0.distribute(i)", "S1.distribute(i)"}, {{"tsteps", 20}, {"n", 10}}},
      {"stencils/fdtd-2d",
       {"S1.distribute(i)", "S2.distribute(i)", "S3.distribute(i)"},
       {{"tmax", 20}, {"nx", 20}, {"ny", 30}}},
      {"linear-algebra/blas/gemm", {"S0.distribute(i)"}, {{"ni", 20}, {"nj", 25}, {"nk", 30}}},
      {"linear-algebra/kernels/2mm",
       {"S0.distribute(i)", "S2.distribute(i)"},
       {{"ni", 16}, {"nj", 18}, {"nk", 22}, {"nl", 24}}},
      // tmp is computed in blocks, then every rank needs all of it (an all-gather).
      {"linear-algebra/kernels/atax", {"S3.after(S2, root)", "S1.distribute(i)"}, {{"m", 38}, {"n", 42}}},
      // s's reduction over i is turned into a loop over j first, distributed too.
      {"linear-algebra/kernels/bicg",
       {"S2.after(S3, root)", "S2.interchange(i, j)", "S2.distribute(j)", "S0.distribute(i)", "S1.distribute(i)"},
       {{"m", 38}, {"n", 42}}},
  };
}

const std::vector<std::string> kHaloTransfers = {
    "S0.distribute(r)", "S1.distribute(r)", "S0.send(r, B[r * 8 + 1], 1, r - 1)", "S0.send(r, B[r * 8 + 8], 1, r + 1)",
    "S1.receive(r, B[r * 8], 1, r - 1)", "S1.receive(r, B[r * 8 + 9], 1, r + 1)"};

}  // namespace

class TestCodegenMpi : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void distributedKernelComputesTheSameOnEveryRankCount_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("ranks");
    const std::vector<Case> all = cases();
    for (std::size_t k = 0; k < all.size(); ++k)
      for (int ranks = 1; ranks <= 4; ++ranks)
        QTest::newRow((std::string(all[k].kernel) + " on " + std::to_string(ranks)).c_str())
            << static_cast<int>(k) << ranks;
  }
  void distributedKernelComputesTheSameOnEveryRankCount() {
    QFETCH(int, index);
    QFETCH(int, ranks);
    const Case c = cases().at(static_cast<std::size_t>(index));
    const LoadedProgram l = load_polybench(c.kernel);
    const isl::schedule s = apply_all(l, c.script);
    QVERIFY(legality(l, s).legal());
    const MpiRun run = run_mpi(l, s, ranks);
    QVERIFY2(run.result.equal(), why(run).c_str());
    QVERIFY(run.result.bytes_sent.has_value());
    // The ranks send what the plan counts, no more.
    QCOMPARE(*run.result.bytes_sent, static_cast<long long>(planned_bytes(l, s, ranks, c.sizes)));
    if (ranks == 1) QCOMPARE(*run.result.bytes_sent, 0LL);
  }

  // Statements named like the arrays they write (Tiramisu's computations,
  // lappy's outputs): the exchange scans elements of C, never instances of
  // the statement C, so the rows E reads from other ranks are sent.
  void statementsNamedLikeTheirArraysExchangeTheirElements_data() {
    QTest::addColumn<QStringList>("script");
    QTest::newRow("distributed") << QStringList{"C.distribute(i)", "E.distribute(i)"};
    QTest::newRow("tiled first") << QStringList{"C.tile(i, j, 4, 8)", "C.distribute(i0)", "E.distribute(i)"};
  }
  void statementsNamedLikeTheirArraysExchangeTheirElements() {
    QFETCH(QStringList, script);
    const LoadedProgram l =
        load_program(std::string(LOOPSCAPE_TEST_DATA) + "/sweep/named_like_arrays.c", CompileOptions{});
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    for (int ranks : {2, 3}) {
      const MpiRun run = run_mpi(l, s, ranks);
      QVERIFY2(run.result.equal(), why(run).c_str());
      QVERIFY2(run.code.text.find("ls_out[ls_n++] = C[") != std::string::npos, run.code.text.c_str());
      QVERIFY(run.result.bytes_sent.value_or(0) > 0);
    }
  }

  // A loop both distributed and parallel keeps OpenMP's canonical form
  // (`i < min(bound, ls_hi + 1)`), in either order of the commands.
  void distributedParallelLoopIsCanonicalForOpenMp_data() {
    QTest::addColumn<QStringList>("script");
    QTest::newRow("distribute first") << QStringList{"S0.distribute(i)", "S1.distribute(i)", "S0.parallelize(i)",
                                                      "S1.parallelize(i)"};
    QTest::newRow("parallelize first") << QStringList{"S0.parallelize(i)", "S1.parallelize(i)", "S0.distribute(i)",
                                                       "S1.distribute(i)"};
  }
  void distributedParallelLoopIsCanonicalForOpenMp() {
    QFETCH(QStringList, script);
    const LoadedProgram l = load_polybench("stencils/jacobi-2d");
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    QVERIFY(legality(l, s).legal());
    const MpiRun run = run_mpi(l, s, 3);
    QVERIFY2(run.result.equal(), why(run).c_str());
    QVERIFY2(run.code.text.find("#pragma omp parallel for") != std::string::npos, run.code.text.c_str());
    QVERIFY2(run.code.text.find("&& i <= ls_hi") == std::string::npos, run.code.text.c_str());
  }

  // jacobi-1d counted by hand: each sweep exchanges one element each way across
  // every block boundary (A from the second step on, B at every step), and at
  // the end rank 0 gets the other blocks of A, and of B but the one element it
  // already read.
  void jacobi1dSendsTheHaloAndNothingElse() {
    const LoadedProgram l = load_polybench(cases()[0].kernel);
    const isl::schedule s = apply_all(l, cases()[0].script);
    const long steps = 20, values = 28;
    for (int ranks : {2, 3, 4}) {
      const long first_block = rank_block(1, values, 0, ranks).second;
      const long elements = 2 * (ranks - 1) * (2 * steps - 1) + (values - first_block) + (values - first_block - 1);
      QCOMPARE(planned_bytes(l, s, ranks, cases()[0].sizes), 8 * elements);
    }
    const MpiRun run = run_mpi(l, s, 3);
    QVERIFY2(run.result.equal(), why(run).c_str());
    QCOMPARE(*run.result.bytes_sent, 8LL * (2 * 2 * 39 + 18 + 17));
  }

  // jacobi-2d in row blocks: per sweep, one row of n - 2 values each way across a boundary.
  void jacobi2dHaloIsOneRowPerBoundary() {
    const LoadedProgram l = load_polybench(cases()[1].kernel);
    const DistributionPlan plan = plan_distribution(l.program, apply_all(l, cases()[1].script),
                                                    l.dependences.read_after_write, l.dependences.write_after_write);
    const MessageVolume v = message_volume(l.program, plan, 4, cases()[1].sizes, 100000);
    long halo = 0;
    for (const MessageRow& row : v.rows)
      if (row.point != "_ls_gather") {
        QCOMPARE(row.elements, 28L);
        QCOMPARE(std::abs(row.from - row.to), 1);
        halo += row.elements;
      }
    QCOMPARE(halo, 2L * 3 * (2 * 20 - 1) * 28);
  }

  // More ranks than values: ranks with an empty block take part in the exchanges.
  void moreRanksThanIterations() {
    const LoadedProgram l = load_polybench(cases()[0].kernel, {"TSTEPS=3", "N=5"});
    const isl::schedule s = apply_all(l, cases()[0].script);
    const MpiRun run = run_mpi(l, s, 4);
    QVERIFY2(run.result.equal(), why(run).c_str());
  }

  // A bare function (no main): the runner's harness calls it on every rank and dumps rank 0's arrays.
  void bareFunctionRunsUnderTheHarness() {
    const LoadedProgram l = load_program(LOOPSCAPE_TEST_DATA "/runner/axpy_hist.c", CompileOptions{});
    const isl::schedule s = apply_all(l, {"S0.distribute(i)"});
    RunnerOptions options = mpi_runner_options(3);
    options.parameters = {{"n", "100"}};
    const GeneratedCode code = generate(l.program, s, l.dependences.all(), "mpi", {}, nullptr, &l.dependences);
    const VerifyResult r = verify_equivalence(l.program, emit_file(l.program, code), options);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
    QCOMPARE(r.mode, RunnerOptions::Mode::Harness);
    QCOMPARE(*r.bytes_sent, 8LL * (100 - 34));  // y's values outside rank 0's block, gathered once
  }

  // Ranks that keep OpenMP loops share the cores: each rank's team gets its
  // share unless the user chose a size (a hybrid heat-3d ran past the
  // runner's limit on 2 cores with a machine-sized team per rank).
  void ranksShareTheCoresBetweenTheirThreads() {
    const QByteArray chosen = qgetenv("OMP_NUM_THREADS");
    auto threads_of = [](const RunnerOptions& o) -> std::string {
      for (const auto& [name, value] : o.emitted_environment)
        if (name == "OMP_NUM_THREADS") return value;
      return "";
    };
    qunsetenv("OMP_NUM_THREADS");
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    QCOMPARE(threads_of(mpi_runner_options(4)), std::to_string(std::max(1u, cores / 4)));
    QCOMPARE(threads_of(mpi_runner_options(1)), std::to_string(cores));
    qputenv("OMP_NUM_THREADS", "3");
    QCOMPARE(threads_of(mpi_runner_options(4)), std::string());  // the user's size is inherited
    if (chosen.isNull()) qunsetenv("OMP_NUM_THREADS");
    else qputenv("OMP_NUM_THREADS", chosen);
  }

  void undistributedScheduleRunsOnEveryRank() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const MpiRun run = run_mpi(l, l.original_schedule, 2);
    QVERIFY2(run.result.equal(), why(run).c_str());
    QCOMPARE(*run.result.bytes_sent, 0LL);
  }

  // Tiramisu's layer IV: the user's sends and receives move B (one value each
  // way across each block boundary), printed as MPI calls at their iterations.
  void explicitTransfersAreHonoured() {
    const LoadedProgram l = load_program(LOOPSCAPE_TEST_DATA "/mpi/halo.c", CompileOptions{});
    const isl::schedule s = apply_all(l, kHaloTransfers);
    for (int ranks : {2, 3, 4}) {
      const MpiRun run = run_mpi(l, s, ranks);
      QVERIFY2(run.result.equal(), why(run).c_str());
      QVERIFY(run.code.text.find("MPI_Send((void *)&B[8 * r + 8]") != std::string::npos);
      QVERIFY(run.code.text.find("MPI_Recv((void *)&B[8 * r]") != std::string::npos);
      // No automatic exchange of B: the user's transfers move it.
      QVERIFY(run.code.text.find("exchange before") == std::string::npos);
    }
  }

  // Refused: transfers that pair up but leave out a value the dataflow needs.
  void transfersMissingANeededElementAreRefused() {
    const LoadedProgram l = load_program(LOOPSCAPE_TEST_DATA "/mpi/halo.c", CompileOptions{});
    const isl::schedule s = apply_all(l, {"S0.distribute(r)", "S1.distribute(r)", "S0.send(r, B[r * 8 + 1], 1, r - 1)",
                                          "S1.receive(r, B[r * 8 + 9], 1, r + 1)"});
    const std::string error = input_error([&] { generate(l.program, s, l.dependences.all(), "mpi"); });
    QVERIFY2(error.find("miss an element the dataflow needs: B[16] from rank 0 to rank 1: S1[2, 0] on rank 1 reads it "
                        "(written by S0[1, 7] on rank 0)") != std::string::npos,
             error.c_str());
  }

  // Refused: a send without its receive would leave a rank waiting forever.
  void unpairedTransfersAreRefused() {
    const LoadedProgram l = load_program(LOOPSCAPE_TEST_DATA "/mpi/halo.c", CompileOptions{});
    std::vector<std::string> script = kHaloTransfers;
    script.pop_back();
    const std::string error =
        input_error([&] { generate(l.program, apply_all(l, script), l.dependences.all(), "mpi"); });
    QVERIFY2(error.find("do not pair up") != std::string::npos, error.c_str());
  }

  // A distributed loop that runs a reduction: each rank reduces its block,
  // and MPI_Allreduce combines the partial results (the sum and the product
  // from the identity and the value before the loop, the max as it is), so
  // every rank holds the result the code after the loop reads.
  void distributedReductionsCombineTheRanksPartialResults_data() {
    QTest::addColumn<int>("ranks");
    for (int ranks = 1; ranks <= 4; ++ranks) QTest::newRow(std::to_string(ranks).c_str()) << ranks;
  }
  void distributedReductionsCombineTheRanksPartialResults() {
    QFETCH(int, ranks);
    const LoadedProgram l = load_sample("reductions.c");
    const isl::schedule s = apply_all(l, {"S1.distribute(i)", "S3.distribute(i)", "S5.distribute(j)", "S7.distribute(i)"});
    const LegalityReport report = legality(l, s);
    QVERIFY2(report.legal(), report.summary().c_str());
    const MpiRun run = run_mpi(l, s, ranks);
    QVERIFY2(run.result.equal(), why(run).c_str());
    for (const char* combine : {"MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);",
                                "total = ls_before_total + total;", "MPI_Allreduce(MPI_IN_PLACE, &peak, 1, MPI_DOUBLE, MPI_MAX",
                                "MPI_Allreduce(MPI_IN_PLACE, &rowsum[i], 1, MPI_DOUBLE, MPI_SUM",
                                "scale = ls_before_scale * scale;"})
      QVERIFY2(run.code.text.find(combine) != std::string::npos, run.code.text.c_str());
    // After MPI_Allreduce every rank holds rowsum[i]: S7 reads it with no message.
    QVERIFY2(run.code.text.find("/* exchange before") == std::string::npos, run.code.text.c_str());
  }

  // A reduction that no distributed loop combines still sends its result:
  // y[i] summed over j inside the distributed i lives on i's rank, and the
  // replicated sum after it needs every element.
  void aReductionInsideADistributedLoopSendsItsResult() {
    const LoadedProgram l = load_c(
        "#include <stdio.h>\n#define N 24\nstatic double a[N][N], y[N], out[1];\n"
        "void kernel(double a[N][N], double y[N], double out[1]) {\n  int i, j;\n#pragma scop\n"
        "  for (i = 0; i < N; i++) {\n    y[i] = 0.;\n    for (j = 0; j < N; j++)\n      y[i] += a[i][j];\n  }\n"
        "  out[0] = 0.;\n  for (i = 0; i < N; i++)\n    out[0] += y[N - 1 - i] * (i + 1);\n#pragma endscop\n}\n"
        "int main(void) {\n  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++) a[i][j] = (i * 3 + j) % 7;\n"
        "  kernel(a, y, out);\n  printf(\"%.6f %.6f\\n\", out[0], y[3]);\n  return 0;\n}\n");
    const isl::schedule s = apply_all(l, {"S0.distribute(i)"});
    QVERIFY(legality(l, s).legal());
    const MpiRun run = run_mpi(l, s, 3);
    QVERIFY2(run.result.equal(), why(run).c_str());
    QVERIFY2(run.code.text.find("MPI_Allreduce") == std::string::npos, run.code.text.c_str());
    QVERIFY(run.result.bytes_sent.has_value() && *run.result.bytes_sent > 0);
  }

  // Still refused: a running total is no reduction (s3112's `sum += a[i]; b[i] = sum;`).
  void distributingARunningTotalIsIllegal() {
    const LoadedProgram l = load_c(
        "#define N 32\nvoid kernel(double a[N], double b[N]) {\n  int i;\n  double sum;\n#pragma scop\n  sum = 0.;\n"
        "  for (i = 0; i < N; i++) {\n    sum += a[i];\n    b[i] = sum;\n  }\n#pragma endscop\n}\n");
    const LegalityReport report = legality(l, apply_all(l, {"S1.distribute(i)"}));
    QVERIFY(!report.legal());
    QCOMPARE(report.tag_violations.front().tag, std::string("node"));
  }

  // Refused: a distributed loop that carries a dependence (the time loop).
  void distributingACarryingLoopIsIllegal() {
    const LoadedProgram l = load_polybench(cases()[1].kernel);
    const LegalityReport report = legality(l, apply_all(l, {"S0.distribute(t)"}));
    QVERIFY(!report.legal());
    QCOMPARE(report.tag_violations.front().tag, std::string("node"));
  }

  // Refused: two nested distributed loops of one statement.
  void nestedDistributionIsRefused() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const isl::schedule s = apply_all(l, {"S1.distribute(i)", "S1.distribute(j)"});
    const std::string error = input_error([&] { generate(l.program, s, l.dependences.all(), "mpi"); });
    QVERIFY2(error.find("nested distributed loops") != std::string::npos, error.c_str());
  }
};

QTEST_GUILESS_MAIN(TestCodegenMpi)
#include "test_codegen_mpi.moc"

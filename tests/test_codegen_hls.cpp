// SPDX-License-Identifier: Apache-2.0
// --target hls: the region as a top function with HLS pragmas, golden files
// beside C-simulation runs (the emitted file built as C++ with g++, run
// against the original) for pipelining (reductions in lanes), unrolling and the
// space-time transform.
#include <QtTest>

#include "command_test_support.h"
#include "golden.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

LoadedProgram load_hls(const std::string& name) {
  return load_program(LOOPSCAPE_TEST_DATA "/hls/" + name + ".c", CompileOptions{});
}
LoadedProgram load_matmul() { return load_hls("matmul"); }

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

GeneratedCode hls(const LoadedProgram& l, const isl::schedule& s) {
  return generate(l.program, s, l.dependences.all(), "hls", {}, nullptr, &l.dependences);
}

// "" when the C simulation computes what the original does.
std::string simulate(const LoadedProgram& l, const isl::schedule& s) {
  const GeneratedCode g = hls(l, s);
  const VerifyResult r = verify_equivalence(l.program, emit_file(l.program, g), hls_runner_options());
  if (r.equal()) return "";
  return to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log + "\n" +
         g.before_function + g.text;
}

}  // namespace

class TestCodegenHls : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Spec 004's 2-D array: the space loops j, k unrolled into a 12 x 12 grid
  // of PEs, the time loop t1 = i + j + k pipelined at II = 1. C flows along k
  // (the partial sums), A along j and B stays in its PE, each through a
  // shift register of depth 2 (one step); the PEs on the grid's edges get
  // their first values from the loaders and C's final values go to the drainer.
  void gemmBecomesATwoDimensionalSystolicArray() {
    const LoadedProgram l = load_matmul();
    const isl::schedule s = apply_all(l, {"S0.space_time_transform({j, k}, {1, 1})"});
    const GeneratedCode g = hls(l, s);
    const std::string& f = g.before_function;
    LOOPSCAPE_COMPARE_GOLDEN("hls/matmul_space_time.cpp", f + g.text);
    QVERIFY(has(f, "processing elements: 12 x 12"));
    QVERIFY(has(f, "time steps: 34 (t1=i+j+k)"));
    QVERIFY(has(f, "systolic array of S0: 12 x 12 PEs, 34 steps"));
    QVERIFY(has(f, "static double sr_C_S0[12][12][2];"));
    QVERIFY(has(f, "k >= 1 ? sr_C_S0[j][k - 1][1] : C_S0_r1_in.read()"));  // from the left neighbour, one step ago
    QVERIFY(has(f, "j >= 1 ? sr_A_S0_r2[j - 1][k][1] : A_S0_r2_in.read()"));
    QVERIFY(has(f, "t1 - j - k >= 1 ? sr_B_S0_r3[j][k][1] : B_S0_r3_in.read()"));  // kept in the PE
    QVERIFY(has(f, "if (k == 11) C_S0_out.write("));
    QVERIFY(has(f, "// loader:") && has(f, "// drainer:") && has(f, "#pragma HLS DATAFLOW"));
    QVERIFY(has(f, "shift register sr_C_S0: 2 x double per PE = 18432 bits in all"));
    QVERIFY(has(f, "loader FIFO C_S0_r1_in: depth 13"));  // at most 12 PEs of column 0 load at one step
    QVERIFY(!has(f, "ARRAY_PARTITION variable=A "));     // memory is the loaders' and drainers' alone
    QVERIFY(has(g.file_prelude, "namespace hls"));       // the project's own hls::stream
    QCOMPARE(simulate(l, s), std::string());
  }

  // The matrix-vector product as spec 004's 1-D array: y flows along the PEs j.
  void matrixVectorBecomesAOneDimensionalArray() {
    const LoadedProgram l = load_hls("matvec");
    const isl::schedule s = apply_all(l, {"S0.space_time_transform({j}, {1})"});
    const GeneratedCode g = hls(l, s);
    LOOPSCAPE_COMPARE_GOLDEN("hls/matvec_space_time.cpp", g.before_function + g.text);
    QVERIFY(has(g.before_function, "systolic array of S0: 14 PEs, 23 steps"));
    QVERIFY(has(g.before_function, "sr_y_S0[j - 1][1]"));
    QCOMPARE(simulate(l, s), std::string());
  }

  // A 1-D convolution with the taps as PEs: at t = i + 2k the input in[i + k]
  // a PE needs is the one its left neighbour read a step before.
  void convolutionForwardsItsInput() {
    const LoadedProgram l = load_hls("conv1d");
    const isl::schedule s = apply_all(l, {"S0.space_time_transform({k}, {2})"});
    const GeneratedCode g = hls(l, s);
    LOOPSCAPE_COMPARE_GOLDEN("hls/conv1d_space_time.cpp", g.before_function + g.text);
    QVERIFY(has(g.before_function, "sr_in_S0_r3[k - 1][1]"));
    QVERIFY(has(g.before_function, "sr_out_S0[k - 1][2]"));  // the partial sum waits two steps
    QCOMPARE(simulate(l, s), std::string());
  }

  // Spec 004's three recurrences and its double projection: t1 = k + 3j + 2i,
  // then t2 = j + 2i; one PE per i, the steps flattened as t1 * 15 + t2, each
  // recurrence's register as deep as its flattened distance plus one.
  void doubleProjectionFlattensTheSteps() {
    const LoadedProgram l = load_hls("recurrences");
    const isl::schedule s =
        apply_all(l, {"S0.space_time_transform({j, i}, {3, 2})", "S0.space_time_transform({i}, {2})"});
    const GeneratedCode g = hls(l, s);
    const std::string& f = g.before_function;
    LOOPSCAPE_COMPARE_GOLDEN("hls/recurrences_double_projection.cpp", f + g.text);
    QVERIFY(has(f, "clock t1=k+3*j+2*i, then t2=j+2*i"));
    QVERIFY(has(f, "systolic array of S0, S1, S2, S3: 6 PEs, 390 steps"));  // 26 x 15
    // A: d = (0, 0, 1) over (k, j, i): 2 * 15 + 2 = 32 steps; B: 3 * 15 + 1 = 46; C: 15.
    QVERIFY(has(f, "static double sr_A_S0[6][33];"));
    QVERIFY(has(f, "static double sr_B_S1[6][47];"));
    QVERIFY(has(f, "static double sr_C_S2[6][16];"));
    QCOMPARE(simulate(l, s), std::string());
  }

  // CheckTime: every PE of the grid exists at every step and checks whether
  // the step is one of its own (spec 004's run-time check).
  void checkTimeGuardsEveryProcessingElement() {
    const LoadedProgram l = load_hls("recurrences");
    const isl::schedule s = apply_all(l, {"S0.space_time_transform({j, i}, {3, 2}, CheckTime)"});
    const GeneratedCode g = hls(l, s);
    LOOPSCAPE_COMPARE_GOLDEN("hls/recurrences_check_time.cpp", g.before_function + g.text);
    QVERIFY(has(g.before_function, "for (int j = 0; j <= 4; j++) {"));
    QVERIFY(has(g.before_function, "for (int i = 0; i <= 5; i++) {"));
    QVERIFY(has(g.before_function, "// CheckTime: this PE works at this step"));
    QCOMPARE(simulate(l, s), std::string());
  }

  // A value read by every PE from one writer (A[i - 1][0]) has no single
  // distance: A stays in memory, the PEs read and write it, and the file says why.
  void varyingDistancesKeepAnArrayInMemory() {
    const LoadedProgram l = load_hls("broadcast");
    const isl::schedule s = apply_all(l, {"S0.space_time_transform({j}, {1})"});
    const GeneratedCode g = hls(l, s);
    QVERIFY(has(g.before_function, "S0 reads A from S0 at varying steps or PEs: A stays in memory"));
    QVERIFY(!has(g.before_function, "sr_A"));
    QVERIFY(has(g.before_function, "A[t1 - j][j] = A[t1 - j - 1][0] * 0.5 + A[t1 - j - 1][j];"));
    QCOMPARE(simulate(l, s), std::string());
  }

  void pipelineAndUnrollBecomePragmas() {
    const LoadedProgram l = load_matmul();
    const isl::schedule s = apply_all(l, {"S0.pipeline(k, 2)", "S0.unroll(j, 4)"});
    const GeneratedCode g = hls(l, s);
    LOOPSCAPE_COMPARE_GOLDEN("hls/matmul_pipeline_unroll.cpp", g.before_function + g.text);
    QVERIFY(g.before_function.find("#pragma HLS PIPELINE II=2") != std::string::npos);
    QVERIFY(g.before_function.find("#pragma HLS UNROLL factor=4") != std::string::npos);
    // k pipelined inside i and j's 3 strips (the 4 unrolled copies run side by side).
    QVERIFY(g.before_function.find("pipelined loop: 12 x 3 x 12 iterations at II = 2") != std::string::npos);
    QCOMPARE(simulate(l, s), std::string());
  }

  // A pipelined loop that runs a reduction keeps 8 partial results (one per
  // lane of iterations) and combines them in an unrolled tree after it: the
  // sum, the max under its condition, the row sums and the product.
  void pipelinedReductionsAccumulateInLanes() {
    const LoadedProgram l = load_sample("reductions.c");
    const isl::schedule s =
        apply_all(l, {"S1.pipeline(i)", "S3.pipeline(i)", "S5.pipeline(j)", "S7.pipeline(i)"});
    const GeneratedCode g = hls(l, s);
    const std::string code = g.before_function + g.text;
    for (const char* part : {"double ls_acc_total[8];", "#pragma HLS ARRAY_PARTITION variable=ls_acc_total type=complete dim=0",
                             "ls_acc_total[i % 8] += x[i];", "ls_acc_peak[ls_lane] = peak;",
                             "ls_acc_rowsum[j % 8] = ls_acc_rowsum[j % 8] + a[i][j] * x[j];", "ls_acc_peak[(i - 1) % 8] = x[i];",
                             "rowsum[i] = rowsum[i] + ls_acc_rowsum[0];", "scale = scale * ls_acc_scale[0];"})
      QVERIFY2(has(code, part), (std::string(part) + "\n" + code).c_str());
    QCOMPARE(simulate(l, s), std::string());
  }

  // A running total is read by another statement in the loop: no lanes.
  void aRunningTotalKeepsOneAccumulator() {
    const LoadedProgram l = load_c(
        "#define N 32\nvoid kernel(double a[N], double b[N]) {\n  int i;\n  double sum;\n#pragma scop\n  sum = 0.;\n"
        "  for (i = 0; i < N; i++) {\n    sum += a[i];\n    b[i] = sum;\n  }\n#pragma endscop\n}\n");
    const GeneratedCode g = hls(l, apply_all(l, {"S1.pipeline(i)"}));
    QVERIFY2(!has(g.before_function + g.text, "ls_acc_"), (g.before_function + g.text).c_str());
  }

  // PolyBench, unmodified: the top function takes the kernel's own parameter
  // declarations (macros and all) and the locals the region reads.
  void polybenchKernelsSimulate_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("script");
    QTest::newRow("gemm") << "linear-algebra/blas/gemm"
                          << QStringList{"S1.pipeline(j, 1)", "S1.unroll(k, 4)"};
    QTest::newRow("jacobi-1d") << "stencils/jacobi-1d" << QStringList{"S0.pipeline(i)", "S1.pipeline(i)"};
    QTest::newRow("correlation") << "datamining/correlation" << QStringList{};
    QTest::newRow("atax") << "linear-algebra/kernels/atax" << QStringList{"S2.unroll(j, 2)"};
    // Space-time transformed PolyBench nests: sizes are parameters, so the
    // PE grid is a variable-length array in the C simulation.
    QTest::newRow("gemm 1-D array") << "linear-algebra/blas/gemm"
                                    << QStringList{"S1.space_time_transform({j}, {1})"};
    QTest::newRow("gemm after interchange") << "linear-algebra/blas/gemm"
                                            << QStringList{"S1.interchange(k, j)", "S1.space_time_transform({k}, {1})"};
    QTest::newRow("mvt two arrays") << "linear-algebra/kernels/mvt"
                                    << QStringList{"S0.space_time_transform({j}, {1})",
                                                   "S1.space_time_transform({j}, {1}, CheckTime)"};
  }
  void polybenchKernelsSimulate() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, script);
    const LoadedProgram l = load_polybench(kernel.toStdString());
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    QCOMPARE(simulate(l, s), std::string());
  }

  void regionCallReplacesTheRegion() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const GeneratedCode g = hls(l, l.original_schedule);
    QCOMPARE(g.text, std::string("kernel_gemm_hls(ni, nj, nk, alpha, beta, C, A, B);\n"));
    QVERIFY(g.before_function.find("void kernel_gemm_hls(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta, "
                                   "DATA_TYPE POLYBENCH_2D(C,NI,NJ,ni,nj)") != std::string::npos);
    const std::string file = emit_file(l.program, g);
    QVERIFY(file.find("void kernel_gemm_hls") < file.find("void kernel_gemm("));
  }
};

QTEST_GUILESS_MAIN(TestCodegenHls)
#include "test_codegen_hls.moc"

// --target hls: the region as a top function with HLS pragmas, golden files
// beside C-simulation runs (the emitted file built as C++ with g++, run
// against the original) for pipelining, unrolling and the space-time transform.
#include <QtTest>

#include "command_test_support.h"
#include "golden.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

LoadedProgram load_matmul() { return load_program(LOOPSCAPE_TEST_DATA "/hls/matmul.c", CompileOptions{}); }

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
  // Spec 004's 2-D array: the space loops j, k unrolled into processing
  // elements, the time loop t1 = i + j + k pipelined at II = 1, every array
  // the PEs index partitioned completely.
  void spaceTimeTransformGivesAProcessingElementGrid() {
    const LoadedProgram l = load_matmul();
    const isl::schedule s = apply_all(l, {"S0.space_time_transform({j, k}, {1, 1})"});
    const GeneratedCode g = hls(l, s);
    LOOPSCAPE_COMPARE_GOLDEN("hls/matmul_space_time.cpp", g.before_function + g.text);
    // The schedule's figures: a 12 x 12 grid, 34 time steps (i + j + k from 0 to 33).
    QVERIFY(g.before_function.find("processing elements: 12 x 12") != std::string::npos);
    QVERIFY(g.before_function.find("time steps: 34 (t1=i+j+k)") != std::string::npos);
    QVERIFY(g.before_function.find("on-chip memory for A: 144 x double = 9216 bits") != std::string::npos);
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

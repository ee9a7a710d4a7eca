// SPDX-License-Identifier: Apache-2.0
// --target cuda: golden files, nvcc builds (wherever nvcc is installed), runs
// on a CUDA device where there is one, and everywhere a run of the same file
// with the CUDA execution model emulated on the CPU (tests/data/cuda_emulation:
// every block and thread in turn) against the original, which checks the
// kernels' index arithmetic, the grid-stride loops and the data movement.
#include <QtTest>

#include <regex>

#include "command_test_support.h"
#include "golden.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

GeneratedCode cuda(const LoadedProgram& l, const isl::schedule& s) {
  return generate(l.program, s, l.dependences.all(), "cuda", {}, nullptr, &l.dependences);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// "" when the emulated run computes what the original does.
std::string emulate(const LoadedProgram& l, const GeneratedCode& g) {
  std::string file = emit_file(l.program, g);
  // k<<<grid, block>>>(args); -> LOOPSCAPE_EMULATE_LAUNCH(grid, block, k(args));
  file = std::regex_replace(file, std::regex(R"((\w+)<<<(dim3\([^)]*\)), (dim3\([^)]*\))>>>\(([^;]*)\);)"),
                            "LOOPSCAPE_EMULATE_LAUNCH($2, $3, $1($4));");
  RunnerOptions o;
  o.emitted_compiler = "g++";
  o.emitted_compile_flags = {"-x", "c++", "-std=c++20", "-pthread", "-I", LOOPSCAPE_TEST_DATA "/cuda_emulation",
                             "-Wno-unknown-pragmas"};
  const VerifyResult r = verify_equivalence(l.program, file, o);
  if (r.equal()) return "";
  return to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log + "\n" + file;
}

// "" when nvcc builds the file (and, on a machine with a device, it computes
// what the original does); the reason otherwise. Skipped without nvcc.
std::string build_with_nvcc(const LoadedProgram& l, const GeneratedCode& g) {
  const VerifyResult r = verify_equivalence(l.program, emit_file(l.program, g), cuda_runner_options());
  if (r.status == VerifyResult::Status::Equal || r.status == VerifyResult::Status::NotRun) return "";
  return to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log;
}

}  // namespace

class TestCodegenCuda : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    if (find_nvcc().empty()) qWarning("nvcc is not installed here: the nvcc builds are skipped, the emulated runs are not");
    if (!cuda_device_present()) qWarning("no CUDA device here: the nvcc builds are not run on a device");
  }

  void polybenchMappings_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("script");
    QTest::addColumn<QString>("golden");
    QTest::newRow("gemm") << "linear-algebra/blas/gemm"
                          << QStringList{"S0.tile_gpu(i, j, 16, 16)", "S1.interchange(k, j)",
                                         "S1.tile_gpu(i, j, 16, 16)"}
                          << "gemm_tile_gpu.cu";
    QTest::newRow("2mm") << "linear-algebra/kernels/2mm"
                         << QStringList{"S0.gpu(i, j)", "S2.gpu(i, j)"}
                         << "2mm_gpu.cu";
    QTest::newRow("atax (the rest on the host)")
        << "linear-algebra/kernels/atax" << QStringList{"S0.split(i, 8, i0, i1)", "S0.gpu(i0, i1)"}
        << "atax_host_and_device.cu";
    // n = 40 rows in blocks of 12 threads: the last block is partial.
    QTest::newRow("mvt") << "linear-algebra/kernels/mvt"
                         << QStringList{"S0.split(i, 12, i0, i1)", "S0.gpu(i0, i1)", "S1.split(i, 12, i0, i1)",
                                        "S1.gpu(i0, i1)"}
                         << "mvt_partial_blocks.cu";
    // C's 16 x 16 block in shared memory: filled by the block's threads, summed into, written back.
    QTest::newRow("gemm, cache_shared_at") << "linear-algebra/blas/gemm"
                                           << QStringList{"S1.interchange(k, j)", "S1.tile_gpu(i, j, 16, 16)",
                                                          "S1.cache_shared_at(S1, j0)"}
                                           << "gemm_cache_shared.cu";
    // copy_at at a block loop: the block's 16 columns of B in shared memory
    // (read only: nothing goes back), A read in place.
    QTest::newRow("gemm, copy_at") << "linear-algebra/blas/gemm"
                                   << QStringList{"S1.interchange(k, j)", "S1.tile_gpu(i, j, 16, 16)",
                                                  "S1.copy_at(j0, B)"}
                                   << "gemm_copy_at.cu";
    // i is shared with S1, which stays off the threads: one thread of each block runs it, after a barrier.
    QTest::newRow("gemm, S1 in S0's blocks") << "linear-algebra/blas/gemm" << QStringList{"S0.gpu(i, j)"}
                                             << "gemm_single_thread_part.cu";
    // A register tile: each thread owns 2 x 2 elements of C (ir, jr unrolled),
    // kept in scalar temporaries across k; partial tiles (ni = 20, nj = 25) guarded.
    QTest::newRow("gemm, register tile")
        << "linear-algebra/blas/gemm"
        << QStringList{"S1.interchange(k, j)",   "S1.tile(i, j, 8, 8, i0, j0, i1, j1)", "S1.split(i1, 2, it, ir)",
                       "S1.split(j1, 2, jt, jr)", "S1.interchange(ir, jt)",             "S1.interchange(jr, k)",
                       "S1.interchange(ir, k)",   "S1.gpu(i0, j0, it, jt)",              "S1.unroll(ir, 2)",
                       "S1.unroll(jr, 2)"}
        << "gemm_register_tile.cu";
    QTest::newRow("jacobi-2d (time loop on the host)")
        << "stencils/jacobi-2d" << QStringList{"S0.tile_gpu(i, j, 16, 16)", "S1.tile_gpu(i, j, 16, 16)"}
        << "jacobi-2d_host_time_loop.cu";
    // Shared copies inside kernels launched in the host's time loop: the
    // copies' bounds use t (and tsteps), which the kernels take as arguments.
    QTest::newRow("jacobi-2d, cache_shared_at in the time loop")
        << "stencils/jacobi-2d"
        << QStringList{"S0.tile_gpu(i, j, 16, 16, i0, j0, i1, j1)", "S1.tile_gpu(i, j, 16, 16, i0, j0, i1, j1)",
                       "S1.cache_shared_at(S0, j0)", "S0.cache_shared_at(S1, j0)"}
        << "jacobi-2d_cache_shared_time_loop.cu";
    // Two arrays cached at one loop, the read one named first: the written
    // one (B) still goes back at the end of each iteration.
    QTest::newRow("jacobi-2d, two caches at one loop")
        << "stencils/jacobi-2d"
        << QStringList{"S0.tile_gpu(i, j, 4, 4)", "S1.cache_shared_at(S0, j0)", "S0.cache_shared_at(S0, j0)"}
        << "jacobi-2d_two_caches_one_loop.cu";
    // sin(i) on an int in a kernel: nvcc's <cmath> would pick a host-only
    // overload, so the argument is cast to double.
    QTest::newRow("outer_sincos, libm in a kernel")
        << "samples/outer_sincos" << QStringList{"S0.gpu(i, j)"} << "outer_sincos_gpu.cu";
    QTest::newRow("heat-3d, cache_shared_at in the time loop")
        << "stencils/heat-3d" << QStringList{"S0.gpu(i, j)", "S1.gpu(i, j)", "S1.cache_shared_at(S0, i)"}
        << "heat-3d_cache_shared_time_loop.cu";
  }
  void polybenchMappings() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, script);
    QFETCH(QString, golden);
    const LoadedProgram l = kernel.startsWith(QStringLiteral("samples/")) ? load_sample(kernel.mid(8).toStdString() + ".c")
                                                                          : load_polybench(kernel.toStdString());
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    const GeneratedCode g = cuda(l, s);
    LOOPSCAPE_COMPARE_GOLDEN("cuda/" + golden.toStdString(), g.before_function + g.text);
    QVERIFY(has(g.before_function, "__global__ void ls_kernel0("));
    QVERIFY(has(g.text, "cudaMalloc"));
    QCOMPARE(has(g.before_function, "register tile"), golden.contains("register"));
    QCOMPARE(emulate(l, g), std::string());
    if (!find_nvcc().empty()) QCOMPARE(build_with_nvcc(l, g), std::string());
  }

  // No register tile where the written elements change with the loop around
  // the unrolled ones: C[i][2 * j0 + j1] *= beta moves with j0.
  void registerTilesOnlyWhereTheElementsStay() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const isl::schedule s = apply_all(l, {"S0.split(i, 4, i0, i1)", "S0.gpu(i0, i1)", "S0.split(j, 2, j0, j1)",
                                          "S0.unroll(j1, 2)"});
    const GeneratedCode g = cuda(l, s);
    QVERIFY(has(g.before_function, "#pragma unroll 2"));
    QVERIFY(!has(g.before_function, "register tile"));
    QCOMPARE(emulate(l, g), std::string());
  }

  // GPU loops that run reductions: the threads update the shared element
  // atomically (atomicAdd for sums; the compare-and-swap ls_atomic_update
  // for max and product), a scalar through its device cell; emulated with
  // real threads here, built with nvcc, and run where there is a device.
  void reductionsUpdateAtomically() {
    const LoadedProgram l = load_sample("reductions.c");
    const isl::schedule s =
        apply_all(l, {"S1.split(i, 64, i0, i1)", "S1.gpu(i0, i1)", "S3.split(i, 64, i0, i1)", "S3.gpu(i0, i1)",
                      "S5.gpu(i, j)", "S7.split(i, 16, i0, i1)", "S7.gpu(i0, i1)"});
    const LegalityReport report = legality(l, s);
    QVERIFY2(report.legal(), report.summary().c_str());
    const GeneratedCode g = cuda(l, s);
    const std::string all = g.before_function + g.text;
    for (const char* part : {"atomicAdd(ls_cell_total, (double)(", "ls_atomic_update(ls_cell_peak, (double)(",
                             "ls_op_max());", "ls_atomic_update(ls_cell_scale, (double)(", "ls_op_mul());",
                             "cudaMemcpy(&total, ls_cell_total, sizeof(double), cudaMemcpyDeviceToHost)",
                             "#define LS_ATOMIC_UPDATE"})
      QVERIFY2(has(all, part), (part + std::string(" in\n") + all).c_str());
    QVERIFY2(std::regex_search(all, std::regex(R"(atomicAdd\(&rowsum\[[^\]]*\], \(double\)\()")), all.c_str());
    QCOMPARE(emulate(l, g), std::string());
    QCOMPARE(build_with_nvcc(l, g), std::string());
  }

  // A temporary that only the GPU loop touches (TSVC's s251): each thread
  // declares its own.
  void privateScalarsAreThreadLocals() {
    const LoadedProgram l = load_c("#include <stdio.h>\n"
                                   "#define N 200\n"
                                   "double a[N], b[N], c[N];\n"
                                   "void kernel(void) {\n"
                                   "  int i;\n"
                                   "  double s;\n"
                                   "#pragma scop\n"
                                   "  for (i = 0; i < N; i++) {\n"
                                   "    s = b[i] + c[i];\n"
                                   "    a[i] = s * s;\n"
                                   "  }\n"
                                   "#pragma endscop\n"
                                   "}\n"
                                   "int main(void) {\n"
                                   "  for (int i = 0; i < N; i++) { b[i] = i % 7; c[i] = i % 3; }\n"
                                   "  kernel();\n"
                                   "  for (int i = 0; i < N; i += 9) printf(\"%g\\n\", a[i]);\n"
                                   "  return 0;\n"
                                   "}\n");
    const isl::schedule s = apply_all(l, {"S0.split(i, 32, i0, i1)", "S0.gpu(i0, i1)"});
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    const GeneratedCode g = cuda(l, s);
    QVERIFY2(has(g.before_function, "double s;  // each thread's own"), g.before_function.c_str());
    QCOMPARE(emulate(l, g), std::string());
    QCOMPARE(build_with_nvcc(l, g), std::string());
  }

  // A per-row sum into a scalar that the row loop sets: on blocks (the sum
  // inside each thread) each thread declares its own and no atomic is
  // needed; with the sum's loop on threads the scalar would have to be
  // shared by a block's threads, which the target refuses with a reason.
  void perRowScalarSumsStayInTheirThread() {
    const LoadedProgram l = load_c("#include <stdio.h>\n"
                                   "#define N 40\n"
                                   "#define M 30\n"
                                   "double A[N][M], y[N];\n"
                                   "void kernel(void) {\n"
                                   "  int i, j;\n"
                                   "  double s;\n"
                                   "#pragma scop\n"
                                   "  for (i = 0; i < N; i++) {\n"
                                   "    s = 0.0;\n"
                                   "    for (j = 0; j < M; j++)\n"
                                   "      s += A[i][j];\n"
                                   "    y[i] = s;\n"
                                   "  }\n"
                                   "#pragma endscop\n"
                                   "}\n"
                                   "int main(void) {\n"
                                   "  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) A[i][j] = (i * 3 + j) % 11;\n"
                                   "  kernel();\n"
                                   "  for (int i = 0; i < N; i += 3) printf(\"%g\\n\", y[i]);\n"
                                   "  return 0;\n"
                                   "}\n");
    const isl::schedule rows = apply_all(l, {"S0.split(i, 8, i0, i1)", "S0.gpu(i0, i1)"});
    QVERIFY2(legality(l, rows).legal(), legality(l, rows).summary().c_str());
    const GeneratedCode g = cuda(l, rows);
    QVERIFY2(has(g.before_function, "double s;  // each thread's own"), g.before_function.c_str());
    QVERIFY2(!has(g.before_function, "atomic"), g.before_function.c_str());
    QCOMPARE(emulate(l, g), std::string());
    QCOMPARE(build_with_nvcc(l, g), std::string());
    const isl::schedule threads = apply_all(l, {"S1.gpu(i, j)"});
    const std::string refusal = input_error([&] { cuda(l, threads); });
    QVERIFY2(has(refusal, "cannot sum s over the GPU loop j"), refusal.c_str());
  }

  // A GPU loop over a reduction whose element changes with the loop is an
  // ordinary parallel loop: no atomics (rowsum[i] with i on threads).
  void reductionsOverOtherLoopsNeedNoAtomics() {
    const LoadedProgram l = load_sample("reductions.c");
    const GeneratedCode g = cuda(l, apply_all(l, {"S5.split(i, 8, i0, i1)", "S5.gpu(i0, i1)"}));
    QVERIFY2(!has(g.before_function, "atomic"), g.before_function.c_str());
    QCOMPARE(emulate(l, g), std::string());
  }

  // The arrays the kernels use are copied in once and out once, not per
  // launch, even with the time loop on the host.
  void arraysStayOnTheDeviceAcrossLaunches() {
    const LoadedProgram l = load_polybench("stencils/jacobi-2d");
    const GeneratedCode g =
        cuda(l, apply_all(l, {"S0.tile_gpu(i, j, 16, 16)", "S1.tile_gpu(i, j, 16, 16)"}));
    auto count = [&](const std::string& part) {
      std::size_t n = 0;
      for (std::size_t at = g.text.find(part); at != std::string::npos; at = g.text.find(part, at + 1)) ++n;
      return n;
    };
    QCOMPARE(count("cudaMemcpyHostToDevice"), std::size_t(2));  // A and B, before the time loop
    QCOMPARE(count("cudaMemcpyDeviceToHost"), std::size_t(2));  // after it
    QVERIFY(g.text.find("for (int t = 0; t < tsteps; t++)") < g.text.find("ls_kernel0<<<"));
  }

  // A statement left on the host between kernels reads the device's values
  // first and sends its own back.
  void hostStatementsCopyAroundThemselves() {
    const LoadedProgram l = load_polybench("linear-algebra/kernels/atax");
    const GeneratedCode g = cuda(l, apply_all(l, {"S0.split(i, 8, i0, i1)", "S0.gpu(i0, i1)"}));
    QVERIFY(has(g.text, "cudaMemcpyDeviceToHost));  // the host reads it next"));
    QCOMPARE(emulate(l, g), std::string());
  }

  // Without GPU loops the file is the C of the schedule, with no CUDA call.
  void noGpuLoopsNoKernels() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const GeneratedCode g = cuda(l, l.original_schedule);
    QVERIFY(g.before_function.empty());
    QVERIFY(!has(g.text, "cuda"));
    QCOMPARE(emulate(l, g), std::string());
  }

  // gpu_auto: PPCG's default in one step. gemm's S0 gets a 16 x 32 tiling of
  // (i, j); S1, whose loop k carries the sum, gets i split into blocks of 512.
  void gpuAutoMapsTheOutermostParallelLoops() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    CommandOutcome first, second;
    const isl::schedule s0 = apply_all(l, {"S0.gpu_auto()"}, &first);
    QVERIFY2(has(first.description, "S0.tile_gpu(i, j, 16, 32)"), first.description.c_str());
    const isl::schedule s = apply_all(l, {"S0.gpu_auto()", "S1.gpu_auto(8, 64)"}, &second);
    QVERIFY2(has(second.description, "S1.split(i, 512, i_b, i_t)"), second.description.c_str());
    QVERIFY(legality(l, s).legal());
    const GeneratedCode g = cuda(l, s);
    QVERIFY(has(g.before_function, "ls_kernel1"));
    QCOMPARE(emulate(l, g), std::string());
    // Nothing of seidel-2d can run in parallel: refused, with the last candidate's dependence.
    const LoadedProgram seidel = load_polybench("stencils/seidel-2d");
    const std::string e = input_error([&] { apply_all(seidel, {"S0.gpu_auto()"}); });
    QVERIFY2(has(e, "no loop of S0 can run on the GPU") && has(e, "carries RAW"), e.c_str());
    // Blocks of more than 1024 threads are refused.
    QVERIFY(has(input_error([&] { apply_all(l, {"S0.gpu_auto(64, 32)"}); }), "at most 1024"));
    (void)s0;
  }

  // A GPU loop that carries a dependence is illegal, shown with a pair of iterations.
  void illegalMappingIsRefused() {
    const LoadedProgram l = load_polybench("stencils/seidel-2d");
    const LegalityReport report = legality(l, apply_all(l, {"S0.gpu(i, j)"}));
    QVERIFY(!report.legal());
    const std::string e = report.summary();
    QVERIFY2(has(e, "gpu_block") && has(e, "carries RAW") && has(e, "S0["), e.c_str());
  }
};

QTEST_GUILESS_MAIN(TestCodegenCuda)
#include "test_codegen_cuda.moc"

// SPDX-License-Identifier: Apache-2.0
// Loops tagged for the GPU through Halide: CUDA kernels compiled by Halide's
// PTX back-end (the halide, halide-stmt and halide-ptx targets). The PTX is
// assembled by ptxas where the CUDA toolkit is installed, and the program is
// built against the original and run where a CUDA device is present; without
// one the runner says that it built both and ran neither.
// Halide.h before Qt: Qt defines `emit` as a macro, Halide declares an emit().
#include "codegen/halide/halide_lowering.h"

#include <QtTest>

#include "codegen/halide/halide_object.h"
#include "runner/target_run.h"
#include "codegen/halide/halide_ptx_fma.h"
#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

QString find_ptxas() {
  const QString on_path = QStandardPaths::findExecutable(QStringLiteral("ptxas"));
  if (!on_path.isEmpty()) return on_path;
  for (const QString& dir : {qEnvironmentVariable("CUDA_PATH") + "/bin", QStringLiteral("/usr/local/cuda/bin")})
    if (QFileInfo(dir + "/ptxas").isExecutable()) return dir + "/ptxas";
  return {};
}

int count_of(const std::string& text, const std::string& word) {
  int n = 0;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

}  // namespace

class TestCodegenHalideGpu : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void kernels_compile_and_run_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("script");
    QTest::addColumn<int>("kernels");
    QTest::newRow("gemm gpu") << "linear-algebra/blas/gemm" << QStringList{"S1.interchange(k, j)", "S1.gpu(i, j)"} << 1;
    QTest::newRow("gemm tile_gpu") << "linear-algebra/blas/gemm" << QStringList{"S1.interchange(k, j)", "S1.tile_gpu(i, j, 8, 8)"} << 1;
    QTest::newRow("jacobi-2d, two kernels a step")
        << "stencils/jacobi-2d" << QStringList{"S0.gpu(i, j)", "S1.gpu(i, j)"} << 2;
    QTest::newRow("heat-3d, a serial loop in each thread")
        << "stencils/heat-3d" << QStringList{"S0.gpu(i, j)", "S1.gpu(i, j)"} << 2;
    // A triangle of tiles (j0 up to i0) with the block loop reversed: the
    // grid stays rectangular and the reversed loop stays the block loop.
    QTest::newRow("syr2k, reversed triangular blocks")
        << "linear-algebra/blas/syr2k" << QStringList{"S0.tile_gpu(i, j, 8, 8)", "S0.loop_reversal(i0)"} << 1;
    // The j loop of gramschmidt's last k is empty: a launch of 0 threads is a
    // CUDA error (seen on an H100), so it launches one thread that does nothing.
    QTest::newRow("gramschmidt, an empty launch")
        << "linear-algebra/solvers/gramschmidt" << QStringList{"S3.gpu_auto()", "S4.gpu_auto()"} << 2;
  }
  void kernels_compile_and_run() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, script);
    QFETCH(int, kernels);
    const LoadedProgram l = load_polybench(kernel.toStdString());
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);

    const std::string ir = generate(l.program, s, l.dependences.all(), "halide-stmt").text;
    QVERIFY2(ir.find("gpu_block<CUDA>") != std::string::npos, ir.c_str());
    QVERIFY2(ir.find("halide_copy_to_device") != std::string::npos, ir.c_str());

    const std::string ptx = generate(l.program, s, l.dependences.all(), "halide-ptx").text;
    QCOMPARE(count_of(ptx, ".entry"), kernels);
    QVERIFY(ptx.find(".target sm_70") != std::string::npos);
    if (const QString ptxas = find_ptxas(); !ptxas.isEmpty()) {
      QTemporaryDir dir;
      QFile file(dir.filePath("k.ptx"));
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(QByteArray::fromStdString(ptx));
      file.close();
      QProcess p;
      // PTX for sm_70 assembles for every later GPU; sm_90 is the H100's.
      p.start(ptxas, {"-arch=sm_90", file.fileName(), "-o", dir.filePath("k.cubin")});
      QVERIFY(p.waitForFinished(60000));
      QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    } else {
      qInfo("ptxas is not installed: the PTX was not assembled");
    }

    const GeneratedCode g = generate(l.program, s, l.dependences.all(), "halide");
    QVERIFY(g.full_text().find("halide_copy_to_host") != std::string::npos);
    QTemporaryDir dir;
    const Target& halide = *find_target("halide");
    const SideFiles side = halide.write_side_files(l.program, g.schedule, dir.filePath("k.c").toStdString(), {});
    QVERIFY(side.needs_gpu);
    const VerifyResult r = verify_equivalence(l.program, emit_file(l.program, g),
                                              runner_options_for(halide, l.program, {.side_files = side}));
    if (cuda_device_present()) {
      QVERIFY2(r.equal(), (to_string(r.status) + ": " + r.message + "\n" + r.log).c_str());
      QVERIFY(r.values_compared > 0);
    } else {
      // Both programs were compiled and linked (the object with its PTX and
      // the C file wrapping the arrays as halide_buffer_t); nothing ran.
      QVERIFY2(r.status == VerifyResult::Status::NotRun, (to_string(r.status) + ": " + r.message + "\n" + r.log).c_str());
      QVERIFY2(r.message.find("no CUDA device") != std::string::npos, r.message.c_str());
    }
  }

  // Halide 14's PTX back-end fuses a * b + c whatever strict_float says; C
  // does not, and gramschmidt's results then differ far past any tolerance
  // (seen on an H100). The kernels keep C's arithmetic unless FMAs are asked for.
  void kernels_keep_cs_arithmetic() {
    const LoadedProgram l = load_polybench("linear-algebra/solvers/gramschmidt");
    const isl::schedule s = apply_all(l, {"S3.gpu_auto()", "S4.gpu_auto()"});
    const HalideLowering strict = lower_to_halide(l.program, s, {.allow_gpu = true});
    QVERIFY(strict.gpu);
    QVERIFY2(strict.device_code.find("fma.rn") == std::string::npos, strict.device_code.c_str());
    QVERIFY2(strict.device_code.find("mul.rn.f64") != std::string::npos, strict.device_code.c_str());
    const HalideLowering fused = lower_to_halide(l.program, s, {.allow_gpu = true, .contract_fma = true});
    QVERIFY(fused.device_code.find("fma.rn.f64") != std::string::npos);
    QCOMPARE(split_ptx_fmas("\tfma.rn.f32 \t%f3, %f1, %f2, %f0;\n\tret;\n"),
             std::string("\t{ .reg .f32 %ls_product; mul.rn.f32 %ls_product, %f1, %f2; add.rn.f32 %f3, %ls_product, "
                         "%f0; }\n\tret;\n"));
  }

  // The CPU halide target and the JIT ignore GPU tags: the loops run serially on the host.
  void without_gpu_tags_nothing_changes() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const std::string ptx = generate(l.program, l.original_schedule, l.dependences.all(), "halide-ptx").text;
    QVERIFY(ptx.find("No loop is tagged for the GPU") != std::string::npos);
    const GeneratedCode g = generate(l.program, l.original_schedule, l.dependences.all(), "halide");
    QVERIFY(g.full_text().find("halide_buffer_t") == std::string::npos);
    const isl::schedule s = apply_all(l, {"S1.interchange(k, j)", "S1.gpu(i, j)"});
    const HalideLowering cpu = lower_to_halide(l.program, s);
    QVERIFY(!cpu.gpu);
    QVERIFY(cpu.device_code.empty());
  }
};

QTEST_APPLESS_MAIN(TestCodegenHalideGpu)
#include "test_codegen_halide_gpu.moc"

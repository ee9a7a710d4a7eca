// SPDX-License-Identifier: Apache-2.0
// copy_at(L, A): the part of A one iteration of L uses goes into a local
// buffer; the statements under L use it, and what they write goes back.
// Always legal; refused for an unknown or scalar array, an array nothing
// under L accesses, and a part without a constant size or over the limit.
// Every target prints it: the C targets and HLS as a local array, CUDA in
// shared memory at a block loop (test_codegen_cuda), each built and run
// against the original here.
#include <QTemporaryDir>
#include <QtTest>

#include "cli_process.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;
using loopscape::testing::run_cli;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// gemm on 24 x 24, tiled 8 x 8 x 8 (the point loops i1, j1, k1).
isl::schedule tiled(const Kernel& k) {
  return apply(k, k.original(), "S0", "tile", {"i", "j", "k", "8", "8", "8"}).schedule;
}

// `verify` of the kernel with `script`, through `target`: its exit code and what it said.
std::pair<int, std::string> verify_through(const std::string& source, const std::string& script,
                                           const QString& target) {
  QTemporaryDir dir;
  QFile c(dir.filePath("kernel.c")), s(dir.filePath("steps.ls"));
  if (!c.open(QIODevice::WriteOnly) || !s.open(QIODevice::WriteOnly)) return {-1, "cannot write the files"};
  c.write(source.c_str());
  s.write(script.c_str());
  c.close();
  s.close();
  const auto run = run_cli({"verify", c.fileName(), "--script", s.fileName(), "--target", target, "--ranks", "2"},
                           dir.path());
  return {run.exit_code, run.out + run.err};
}

}  // namespace

class TestCommandCopyAt : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // B's k-slice of a tile: 8 x 8 elements copied in, none written back.
  void readOnlyPartIsCopiedAndComputesTheSame() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, tiled(k), "S0", "copy_at", {"k0", "B"});
    QVERIFY2(tree(out.schedule).find("[copy(B)]") != std::string::npos, tree(out.schedule).c_str());
    QVERIFY(legality(k, out.schedule).legal());
    QVERIFY2(has(out.description, "8 x 8 elements, 512 bytes"), out.description.c_str());
    QVERIFY2(!has(out.description, "back"), out.description.c_str());
    const std::string code = openmp(k, out.schedule);
    QVERIFY2(has(code, "double ls_copy_B[8][8];"), code.c_str());
    QVERIFY2(has(code, "ls_copy_B[8 * k0 + k1 - ls_lo_B0][8 * j0 + j1 - ls_lo_B1]"), code.c_str());
    // the box is exactly what the tile reads: no guard on the copy
    QVERIFY2(has(code, "ls_copy_B[ls_e0 - ls_lo_B0][ls_e1 - ls_lo_B1] = B[ls_e0][ls_e1];"), code.c_str());
    QVERIFY2(!has(code, "if ("), code.c_str());
    // nothing is stored back into B
    QVERIFY2(!has(code, "B[ls_e0][ls_e1] = "), code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // C is read and written: copied in, and the written elements stored back,
  // with the tile loop i0 parallel (each thread its own copy).
  void writtenPartGoesBackAndEachThreadHasItsOwn() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome copy = apply(k, tiled(k), "S0", "copy_at", {"j0", "C"});
    QVERIFY2(has(copy.description, "back after it"), copy.description.c_str());
    const CommandOutcome par = apply(k, copy.schedule, "S0", "parallelize", {"i0"});
    const std::string code = openmp(k, par.schedule);
    QVERIFY2(has(code, "C[ls_e0][ls_e1] = ls_copy_C[ls_e0 - ls_lo_C0][ls_e1 - ls_lo_C1];"), code.c_str());
    VerifyResult r = run_and_compare(k, par.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
    r = run_reversed_and_compare(k, par.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // {1, 0}: B's 6 x 4 part stored transposed, 4 x 6, each column of the
  // tile contiguous; the copy is filled in its own order.
  void transposedCopyComputesTheSame() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const isl::schedule t = apply(k, k.original(), "S0", "tile", {"i", "j", "k", "8", "4", "6"}).schedule;
    const CommandOutcome out = apply(k, t, "S0", "copy_at", {"k0", "B", "{1, 0}"});
    QVERIFY2(tree(out.schedule).find("[copy(B,1,0)]") != std::string::npos, tree(out.schedule).c_str());
    QVERIFY2(has(out.description, "6 x 4 elements") && has(out.description, "(transposed)"), out.description.c_str());
    const std::string code = openmp(k, out.schedule);
    QVERIFY2(has(code, "double ls_copy_B[4][6];"), code.c_str());
    QVERIFY2(has(code, "ls_copy_B[ls_e1 - ls_lo_B1][ls_e0 - ls_lo_B0] = B[ls_e0][ls_e1];"), code.c_str());
    QVERIFY2(has(code, "ls_copy_B[4 * j0 + j1 - ls_lo_B1][6 * k0 + k1 - ls_lo_B0]"), code.c_str());
    // the copy loops walk the copy's rows: ls_e1 outside ls_e0
    QVERIFY2(code.find("for (int ls_e1") < code.find("for (int ls_e0"), code.c_str());
    VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
    r = run_halide_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
    // the array's own order is not recorded
    const CommandOutcome same = apply(k, t, "S0", "copy_at", {"k0", "B", "{0, 1}"});
    QVERIFY2(tree(same.schedule).find("[copy(B)]") != std::string::npos, tree(same.schedule).c_str());
  }

  void badOrdersAreRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(has(refusal(k, tiled(k), "S0", "copy_at", {"k0", "B", "{0, 0}"}), "once"));
    QVERIFY(has(refusal(k, tiled(k), "S0", "copy_at", {"k0", "B", "{1}"}), "B has 2 dimensions"));
    QVERIFY(has(refusal(k, tiled(k), "S0", "copy_at", {"k0", "B", "{1, x}"}), "'x'"));
    QVERIFY(has(refusal(k, tiled(k), "S0", "copy_at", {"k0", "B", "{2, 0}"}), "0 to 1"));
  }

  // A copy inside a copy of the same array reads and writes the outer copy.
  void innerCopyOfTheSameArrayUsesTheOuterOne() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome outer = apply(k, tiled(k), "S0", "copy_at", {"i0", "C"});
    const CommandOutcome inner = apply(k, outer.schedule, "S0", "copy_at", {"j0", "C"});
    const std::string code = openmp(k, inner.schedule);
    QVERIFY2(has(code, "ls_copy_C_1[ls_e0 - ls_lo_C_1_0][ls_e1 - ls_lo_C_1_1] = ls_copy_C[ls_e0 - ls_lo_C0][ls_e1 - "
                       "ls_lo_C1];"),
             code.c_str());
    const VerifyResult r = run_and_compare(k, inner.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // The box covers a triangle's rows. L is only read: the copy takes the
  // whole box within the array's bounds (the last tile reaches past its
  // end), not the exact triangle, whose test would cost more than the copy.
  void triangularPartIsGuarded() {
    Kernel k = load_kernel(
        "#define N 20\n"
        "void kernel(double L[N][N], double x[N], double b[N]) {\n"
        "  int i, j;\n"
        "#pragma scop\n"
        "  for (i = 0; i < N; i++)\n"
        "    for (j = 0; j <= i; j++)\n"
        "      x[i] += L[i][j] * b[j];\n"
        "#pragma endscop\n"
        "}\n");
    const CommandOutcome split = apply(k, k.original(), "S0", "split", {"i", "6", "i0", "i1"});
    const CommandOutcome out = apply(k, split.schedule, "S0", "copy_at", {"i0", "L"});
    QVERIFY2(has(out.description, "6 x 20 elements"), out.description.c_str());
    const std::string code = openmp(k, out.schedule);
    QVERIFY2(has(code, "if (ls_e0 <= 19) ls_copy_L"), code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  void badArgumentsAreRefusedWithAReason() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(has(refusal(k, tiled(k), "S0", "copy_at", {"k0", "Q"}), "not an array of the program (its arrays: "));
    QVERIFY(has(refusal(k, tiled(k), "S0", "copy_at", {"q", "B"}), "q"));
    Kernel scalar = load_kernel(
        "#define N 16\n"
        "void kernel(double A[N], double s) {\n"
        "  int i;\n"
        "#pragma scop\n"
        "  for (i = 0; i < N; i++)\n"
        "    A[i] = A[i] * s;\n"
        "#pragma endscop\n"
        "}\n");
    QVERIFY(has(refusal(scalar, scalar.original(), "S0", "copy_at", {"i", "s"}), "not an array"));
    Kernel two = load_kernel(kTwoCopies);
    QVERIFY(has(refusal(two, two.original(), "S0", "copy_at", {"i", "B"}), "nothing to copy"));
  }

  // Untiled gemm on 400 x 400: B at loop i is all of B, 1.2 MiB.
  void tooLargeAPartIsRefusedWithItsSize() {
    std::string source = matmul_source("ijk");
    source.replace(source.find("#define N 24"), 12, "#define N 400");
    Kernel k = load_kernel(source);
    const std::string why = refusal(k, k.original(), "S0", "copy_at", {"i", "B"});
    QVERIFY2(has(why, "400 x 400 elements") && has(why, "tile smaller"), why.c_str());
    QVERIFY(refusal(k, k.original(), "S0", "copy_at", {"j", "B"}).empty());  // a column of B at j: 400 elements
  }

  // With a parameter and no tiling, the part has no constant size.
  void unboundedPartIsRefused() {
    Kernel k = load_kernel(
        "void kernel(int n, double A[n][n], double B[n][n]) {\n"
        "  int i, j;\n"
        "#pragma scop\n"
        "  for (i = 0; i < n; i++)\n"
        "    for (j = 0; j < n; j++)\n"
        "      B[i][j] = A[j][i];\n"
        "#pragma endscop\n"
        "}\n");
    const std::string why = refusal(k, k.original(), "S0", "copy_at", {"i", "A"});
    QVERIFY2(has(why, "no bound") || has(why, "tile"), why.c_str());
  }

  // Every target that runs code: built and run against the original.
  void everyTargetComputesTheSame_data() {
    QTest::addColumn<QString>("target");
    for (const char* t : {"c", "openmp", "mpi", "hls", "halide"}) QTest::newRow(t) << t;
  }
  void everyTargetComputesTheSame() {
    QFETCH(QString, target);
    const std::string script = "S0.tile(i, j, k, 8, 8, 8)\nS0.copy_at(k0, B, {1, 0})\nS0.copy_at(j0, C)\n";
    // With a main that prints C: the hls target runs the file's own main.
    const std::string program = matmul_source("ijk") +
                                "#include <stdio.h>\n"
                                "double A[N][N], B[N][N], C[N][N];\n"
                                "int main(void) {\n"
                                "  for (int i = 0; i < N; i++)\n"
                                "    for (int j = 0; j < N; j++) {\n"
                                "      A[i][j] = (i * 3 + j) % 7 * 0.5;\n"
                                "      B[i][j] = (i + 2 * j) % 5 * 0.25;\n"
                                "      C[i][j] = i - j;\n"
                                "    }\n"
                                "  kernel(C, A, B);\n"
                                "  for (int i = 0; i < N; i++)\n"
                                "    for (int j = 0; j < N; j++) printf(\"%.6f\\n\", C[i][j]);\n"
                                "  return 0;\n"
                                "}\n";
    const auto [code, said] = verify_through(program, script, target);
    QVERIFY2(code == 0, said.c_str());
  }

  // CUDA: at a host loop around kernel launches there is no copy to make.
  void cudaRefusesACopyAroundLaunches() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome split = apply(k, k.original(), "S0", "split", {"i", "8", "i0", "i1"});
    const CommandOutcome gpu = apply(k, split.schedule, "S0", "gpu", {"i1", "j"});
    const CommandOutcome copy = apply(k, gpu.schedule, "S0", "copy_at", {"i0", "B"});
    try {
      generate(k.program(), copy.schedule, k.dependences().all(), "cuda");
      QFAIL("the cuda target printed a copy around kernel launches");
    } catch (const InputError& e) {
      QVERIFY2(has(e.what(), "kernel launches"), e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestCommandCopyAt)
#include "test_command_copy_at.moc"

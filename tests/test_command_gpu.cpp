// SPDX-License-Identifier: Apache-2.0
// gpu(Lb..., Lt...): jacobi-2d's space loops map to blocks and threads; the
// time loop carries dependences and is refused.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {
std::string jacobi2d(int n) {
  return "#define N " + std::to_string(n) +
         "\n#define T 6\n"
         "void kernel(double A[N][N], double B[N][N]) {\n"
         "  int t, i, j;\n"
         "#pragma scop\n"
         "  for (t = 0; t < T; t++) {\n"
         "    for (i = 1; i < N - 1; i++)\n"
         "      for (j = 1; j < N - 1; j++)\n"
         "        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);\n"
         "    for (i = 1; i < N - 1; i++)\n"
         "      for (j = 1; j < N - 1; j++)\n"
         "        A[i][j] = B[i][j];\n"
         "  }\n"
         "#pragma endscop\n"
         "}\n";
}
}  // namespace

class TestCommandGpu : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void spaceLoopsAreLegal() {
    Kernel k = load_kernel(jacobi2d(20));
    CommandOutcome out = apply(k, k.original(), "S0", "gpu", {"i", "j"});
    out = apply(k, out.schedule, "S1", "gpu", {"i", "j"});
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("[gpu_block(x)]") != std::string::npos && t.find("[gpu_thread(x)]") != std::string::npos,
             t.c_str());
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    // The code is unchanged on the CPU.
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  void timeLoopIsIllegal() {
    Kernel k = load_kernel(jacobi2d(20));
    const CommandOutcome out = apply(k, k.original(), "S0", "gpu", {"t", "i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(report.tag_violations.front().tag, std::string("gpu_block(x)"));
    QCOMPARE(report.tag_violations.front().loop, std::string("t"));
  }

  void formsAndOrderAreChecked() {
    Kernel k = load_kernel(jacobi2d(20));
    QVERIFY(refusal(k, k.original(), "S0", "gpu", {"i"}).find("expects") != std::string::npos ||
            !refusal(k, k.original(), "S0", "gpu", {"i"}).empty());
    QVERIFY(refusal(k, k.original(), "S0", "gpu", {"j", "i"}).find("consecutive") != std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "gpu", {"t", "i", "j"}).empty());
    // 4 loops: blocks t, i? No: t, i, j are only three loops.
    const CommandOutcome once = apply(k, k.original(), "S0", "gpu", {"i", "j"});
    QVERIFY(refusal(k, once.schedule, "S0", "gpu", {"i", "j"}).find("already mapped") != std::string::npos);
  }

  void tooManyThreadsAreRefused() {
    Kernel k = load_kernel(jacobi2d(2000));
    QVERIFY(refusal(k, k.original(), "S0", "gpu", {"i", "j"}).find("1024") != std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestCommandGpu)
#include "test_command_gpu.moc"

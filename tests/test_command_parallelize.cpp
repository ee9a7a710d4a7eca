// SPDX-License-Identifier: Apache-2.0
// parallelize(L): legal on matmul's i (OpenMP pragma on that loop, same
// results when run) and on its k as a reduction of C; refused on a loop that
// carries a running value, with a concrete pair.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandParallelize : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void parallelOuterLoopIsLegalAndRuns() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "parallelize", {"i"});
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    QVERIFY2(tree(out.schedule).find("[parallel]") != std::string::npos, tree(out.schedule).c_str());
    QVERIFY(out.description.find("loop i of S0") != std::string::npos);
    const std::string code = openmp(k, out.schedule);
    const std::size_t pragma = code.find("#pragma omp parallel for");
    QVERIFY2(pragma != std::string::npos, code.c_str());
    QVERIFY2(code.find("for (int i", pragma) != std::string::npos &&
                 code.find("for (int i", pragma) < code.find("for (int j"),
             code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // k carries only the sum into C[i][j]: it runs as a reduction.
  void reductionLoopRunsAsAReduction() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "parallelize", {"k"});
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    QVERIFY2(out.description.find("as a reduction of C") != std::string::npos, out.description.c_str());
    const std::string code = openmp(k, out.schedule);
    QVERIFY2(code.find("reduction(+: C[i:1][j:1])") != std::string::npos, code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // A running total written out at every step is no reduction: refused with the pair.
  void parallelCarryingLoopIsRefusedWithAPair() {
    Kernel k = load_kernel(
        "#define N 32\n"
        "void kernel(double a[N], double b[N]) {\n"
        "  int i;\n"
        "#pragma scop\n"
        "  for (i = 1; i < N; i++)\n"
        "    a[i] = a[i - 1] + b[i];\n"
        "#pragma endscop\n"
        "}\n");
    const CommandOutcome out = apply(k, k.original(), "S0", "parallelize", {"i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(int(report.tag_violations.size()), 1);
    const TagViolation& v = report.tag_violations.front();
    QCOMPARE(v.tag, std::string("parallel"));
    QCOMPARE(v.loop, std::string("i"));
    QVERIFY(!v.carried.empty());
    QVERIFY2(v.carried.front().source.find("S0[") == 0 && v.carried.front().sink.find("S0[") == 0,
             v.explanation.c_str());
    QVERIFY(!out.repair_hint.empty());
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(refusal(k, k.original(), "S0", "parallelize", {"x"}).find("has no loop 'x'") != std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "parallelize", {"i", "j"}).empty());
    QVERIFY(!refusal(k, k.original(), "S9", "parallelize", {"i"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandParallelize)
#include "test_command_parallelize.moc"

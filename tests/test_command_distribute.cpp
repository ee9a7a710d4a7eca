// SPDX-License-Identifier: Apache-2.0
// distribute(L): MPI ranks run concurrently, so the loop must carry nothing
// but the updates of a reduction (then combined across the ranks).
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandDistribute : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void independentLoopIsLegal() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "distribute", {"i"});
    QVERIFY(tree(out.schedule).find("[node]") != std::string::npos);
    QVERIFY(legality(k, out.schedule).legal());
  }

  // k carries only the updates of C[i][j]'s sum: the ranks' partial sums are combined.
  void reductionLoopIsLegalAsAReduction() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "distribute", {"k"});
    QVERIFY(legality(k, out.schedule).legal());
    QVERIFY2(out.description.find("as a reduction of C: each rank keeps a private partial result, combined by "
                                  "MPI_Allreduce after the loop") != std::string::npos,
             out.description.c_str());
  }

  void carryingLoopIsIllegal() {
    Kernel k = load_kernel("#define N 32\nvoid kernel(double a[N], double b[N]) {\n  int i;\n#pragma scop\n"
                           "  for (i = 1; i < N; i++)\n    a[i] = a[i - 1] + b[i];\n#pragma endscop\n}\n");
    const CommandOutcome out = apply(k, k.original(), "S0", "distribute", {"i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(report.tag_violations.front().tag, std::string("node"));
    QVERIFY(!report.tag_violations.front().carried.empty());
    QVERIFY(tag_requires_independence("node"));
  }
};

QTEST_APPLESS_MAIN(TestCommandDistribute)
#include "test_command_distribute.moc"

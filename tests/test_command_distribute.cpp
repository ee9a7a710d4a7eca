// SPDX-License-Identifier: Apache-2.0
// distribute(L): MPI ranks run concurrently, so the loop must carry nothing.
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

  void carryingLoopIsIllegal() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "distribute", {"k"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(report.tag_violations.front().tag, std::string("node"));
    QVERIFY(!report.tag_violations.front().carried.empty());
    QVERIFY(tag_requires_independence("node"));
  }
};

QTEST_APPLESS_MAIN(TestCommandDistribute)
#include "test_command_distribute.moc"

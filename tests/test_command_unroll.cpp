// SPDX-License-Identifier: Apache-2.0
// unroll(L, v [, Lo, Li]): always legal; the computed values do not change.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandUnroll : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void unrollAnyLoopIsLegalAndComputesTheSame() {
    Kernel k = load_kernel(matmul_source("ijk"));
    for (const char* loop : {"i", "j", "k"}) {
      const CommandOutcome out = apply(k, k.original(), "S0", "unroll", {loop, "4"});
      QVERIFY2(legality(k, out.schedule).legal(), loop);
      QVERIFY(tree(out.schedule).find("[unroll(4)]") != std::string::npos);
    }
    // The carrying k, split and unrolled: same results.
    const CommandOutcome out = apply(k, k.original(), "S0", "unroll", {"k", "4"});
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  void fullUnrollNeedsNoSplit() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "unroll", {"k", "24"});
    QVERIFY2(out.description.find("need no split") != std::string::npos, out.description.c_str());
    QVERIFY(legality(k, out.schedule).legal());
  }

  void badFactorIsRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(!refusal(k, k.original(), "S0", "unroll", {"k", "-2"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "unroll", {"k"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandUnroll)
#include "test_command_unroll.moc"

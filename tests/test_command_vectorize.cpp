// SPDX-License-Identifier: Apache-2.0
// vectorize(L, v [, Lo, Li]): split by v when needed and tag the inner loop.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandVectorize : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void innerIndependentLoopIsSplitAndTagged() {
    Kernel k = load_kernel(matmul_source("ikj"));
    const CommandOutcome out = apply(k, k.original(), "S0", "vectorize", {"j", "8"});
    QVERIFY2(legality(k, out.schedule).legal(), legality(k, out.schedule).summary().c_str());
    const std::string t = tree(out.schedule);
    QVERIFY2(t.find("[vector(8)]") != std::string::npos, t.c_str());
    QVERIFY2(out.description.find("j1") != std::string::npos, out.description.c_str());
    // The new names address the loops afterwards.
    const CommandOutcome again = apply(k, out.schedule, "S0", "unroll", {"j0", "3"});
    QVERIFY(legality(k, again.schedule).legal());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  void namedSplitAndShortLoopWithoutSplit() {
    Kernel k = load_kernel(matmul_source("ikj"));
    const CommandOutcome named = apply(k, k.original(), "S0", "vectorize", {"j", "4", "jo", "ji"});
    QVERIFY(named.description.find("ji") != std::string::npos);
    QVERIFY(legality(k, named.schedule).legal());
    const CommandOutcome whole = apply(k, k.original(), "S0", "vectorize", {"j", "32"});
    QVERIFY2(whole.description.find("need no split") != std::string::npos, whole.description.c_str());
    QVERIFY(tree(whole.schedule).find("[vector(32)]") != std::string::npos);
    QVERIFY(legality(k, whole.schedule).legal());
  }

  void carriedLoopIsIllegal() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "vectorize", {"k", "4"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QVERIFY(!report.tag_violations.empty());
    QCOMPARE(report.tag_violations.front().tag, std::string("vector(4)"));
    QVERIFY(!report.tag_violations.front().carried.empty());
  }

  void badLengthIsRefused() {
    Kernel k = load_kernel(matmul_source("ikj"));
    QVERIFY(!refusal(k, k.original(), "S0", "vectorize", {"j", "0"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "vectorize", {"j", "x"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "vectorize", {"j", "4", "jo"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandVectorize)
#include "test_command_vectorize.moc"

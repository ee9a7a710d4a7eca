// SPDX-License-Identifier: Apache-2.0
// loop_reversal: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandLoopReversal : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void carriedLoopIllegalParallelLoopLegal() {
    const LoadedProgram l = load_c(kStencil1D);
    const LegalityReport r = legality(l, apply_all(l, {"S0.loop_reversal(t)"}));
    QVERIFY(!r.legal());
    // The runner sees it too: the illegal schedule computes something else.
    QVERIFY(!run_and_compare(l, apply_all(l, {"S0.loop_reversal(t)"})).empty());
    QCOMPARE(r.violations[0].witness.sink_iteration[0] - r.violations[0].witness.source_iteration[0], 1L);
    const isl::schedule s = apply_all(l, {"S0.loop_reversal(i)"});
    QVERIFY(legality(l, s).legal());
    std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // The reversed loop keeps its name.
    const isl::schedule twice = apply_all(l, {"S0.loop_reversal(i)", "S0.loop_reversal(i)"});
    QVERIFY(legality(l, twice).legal());
    const LoadedProgram m = load_c(kMatmul);
    QVERIFY(!legality(m, apply_all(m, {"S0.loop_reversal(k)"})).legal());
    const isl::schedule mj = apply_all(m, {"S0.loop_reversal(j)"});
    QVERIFY(legality(m, mj).legal());
    diff = run_and_compare(m, mj);
    QVERIFY2(diff.empty(), diff.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandLoopReversal)
#include "test_command_loop_reversal.moc"

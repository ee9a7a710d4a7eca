// SPDX-License-Identifier: Apache-2.0
// split: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandSplit : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void splitKeepsOrder() {
    const LoadedProgram l = load_c(kStencil1D);
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.split(i, 8)"}, &o);
    QVERIFY(legality(l, s).legal());
    QVERIFY2(o.description.find("into i0, i1") != std::string::npos, o.description.c_str());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // Moving the block loop outside time breaks the (1, -1) dependence across blocks.
    const isl::schedule bad = apply_all(l, {"S0.split(i, 8, ib, ip)", "S0.interchange(t, ib)"});
    QVERIFY(!legality(l, bad).legal());
    const std::string e = input_error([&] { apply_all(l, {"S0.split(i, 8, t, ip)"}); });
    QVERIFY2(e.find("'t' already names a loop of S0") != std::string::npos, e.c_str());
  }

  void splitFusedBandSplitsBoth() {
    const LoadedProgram l = load_c(kBlur);
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S1.after(S0, i)", "S1.shift(i, 1)", "S0.split(i, 4)"}, &o);
    QCOMPARE(o.changed_statements, (std::vector<std::string>{"S0", "S1"}));
    QVERIFY(legality(l, s).legal());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandSplit)
#include "test_command_split.moc"

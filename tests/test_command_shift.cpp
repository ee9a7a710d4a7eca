// SPDX-License-Identifier: Apache-2.0
// shift: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandShift : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void shiftRepairsFusion() {
    const LoadedProgram l = load_c(kBlur);
    // S1 reads b[i + 1]: fused as is, it runs before S0 writes it.
    const isl::schedule fused = apply_all(l, {"S1.after(S0, i)"});
    const LegalityReport bad = legality(l, fused);
    QVERIFY(!bad.legal());
    QCOMPARE(bad.violations[0].witness.source_statement, std::string("S0"));
    QCOMPARE(bad.violations[0].witness.sink_statement, std::string("S1"));
    CommandOutcome o;
    const isl::schedule shifted = apply_all(l, {"S1.after(S0, i)", "S1.shift(i, 1)"}, &o);
    QVERIFY2(legality(l, shifted).legal(), legality(l, shifted).summary().c_str());
    QCOMPARE(o.changed_statements, std::vector<std::string>{"S1"});
    QVERIFY2(o.description.find("S1 only") != std::string::npos, o.description.c_str());
    const std::string diff = run_and_compare(l, shifted);
    QVERIFY2(diff.empty(), diff.c_str());
    // Shifting the other way makes it worse; the loop keeps its name after a shift.
    const isl::schedule worse = apply_all(l, {"S1.after(S0, i)", "S1.shift(i, -1)", "S1.shift(i, 1)"});
    QVERIFY(!legality(l, worse).legal());
    const std::string e = input_error([&] { apply_all(l, {"S1.shift(i, x)"}); });
    QVERIFY2(e.find("must be an integer") != std::string::npos, e.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandShift)
#include "test_command_shift.moc"

// SPDX-License-Identifier: Apache-2.0
// skew: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"
#include "session/session.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandSkew : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void skewThenTileStencil() {
    const LoadedProgram l = load_c(kStencil1D);
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.skew(t, i, 1)"}, &o);
    QVERIFY(legality(l, s).legal());
    QVERIFY2(o.description.find("skews loop i by t") != std::string::npos, o.description.c_str());
    std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // A negative factor that keeps a dependence backwards: (1, -1) becomes (1, -2), fine; but then
    // interchanging puts i' outside t, which (1, -2) forbids.
    const isl::schedule bad = apply_all(l, {"S0.skew(t, i, -1)", "S0.interchange(t, i)"});
    QVERIFY(!legality(l, bad).legal());
    // Skewed by 1, interchange is legal (all distances (1, 0..2) become (0..2, 1)).
    const isl::schedule good = apply_all(l, {"S0.skew(t, i, 1)", "S0.interchange(t, i)"});
    QVERIFY2(legality(l, good).legal(), legality(l, good).summary().c_str());
    diff = run_and_compare(l, good);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void namedAndPairForm() {
    const LoadedProgram l = load_c(kStencil1D);
    const isl::schedule s = apply_all(l, {"S0.skew(t, i, 1, tt, ii)", "S0.tile(tt, ii, 4, 8)"});
    QVERIFY(legality(l, s).legal());
    // (a, b) = (1, 1): outer t + i, inner a unimodular complement: a wavefront.
    const isl::schedule w = apply_all(l, {"S0.skew(t, i, 2, 1, w, p)"});
    QVERIFY2(legality(l, w).legal(), legality(l, w).summary().c_str());
    const std::string diff = run_and_compare(l, w);
    QVERIFY2(diff.empty(), diff.c_str());
    const std::string e = input_error([&] { apply_all(l, {"S0.skew(t, i, 2, 2)"}); });
    QVERIFY2(e.find("gcd") != std::string::npos, e.c_str());
    const std::string e2 = input_error([&] { apply_all(l, {"S0.skew(i, t, 1)"}); });
    QVERIFY2(e2.find("L1 outside L2") != std::string::npos, e2.c_str());
  }

  // heat-3d: S0 and S1 share the time loop t, each has its own (i, j, k) nest.
  // Skewing S0's i by t leaves t as it is: the fusion under t stays (issue 8;
  // this was distributed first, and so refused).
  void skewOfAnInnerLoopKeepsTheSharedOuterLoop() {
    const LoadedProgram l = load_polybench("stencils/heat-3d");
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.skew(t, i, 1, t2, i2)"}, &o);
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    QVERIFY2(o.description.find("stays shared with S0 and S1") != std::string::npos, o.description.c_str());
    QVERIFY2(o.description.find("loops of its own") == std::string::npos, o.description.c_str());
    const std::string tree = print_schedule_tree(s);
    const std::string top = tree.substr(0, tree.find('\n'));
    QVERIFY2(top.find("S0[") != std::string::npos && top.find("S1[") != std::string::npos, tree.c_str());
    // The renamed t is t2 for both statements; i2 names S0's skewed loop only.
    QCOMPARE(input_error([&] { apply_all(l, {"S0.skew(t, i, 1, t2, i2)", "S1.shift(t2, 1)"}); }), std::string());
    QVERIFY(!input_error([&] { apply_all(l, {"S0.skew(t, i, 1, t2, i2)", "S1.shift(i2, 1)"}); }).empty());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // Changing the shared loop itself still distributes it first, and says so: then illegal.
    CommandOutcome d;
    const isl::schedule moved = apply_all(l, {"S0.skew(t, i, 1, 1)"}, &d);
    QVERIFY2(d.description.find("S0 first gets loops of its own") != std::string::npos, d.description.c_str());
    QVERIFY(!legality(l, moved).legal());
  }

  // A refused skew is not answered with "skew the loop": the hint never repeats the refused command.
  void refusedSkewHintSuggestsNoSkew() {
    Session session(load_c(kStencil1D));
    const auto skew = session.preview(parse_call("S0.skew(t, i, -1, 1)"));
    QVERIFY(std::holds_alternative<Refusal>(skew));
    const Refusal& r = std::get<Refusal>(skew);
    QCOMPARE(int(r.kind), int(Refusal::Kind::Illegal));
    QVERIFY(!r.repair_hint.empty());
    QVERIFY2(r.repair_hint.find("skew the loop") == std::string::npos, r.repair_hint.c_str());
    QVERIFY2(r.repair_hint.find("S0.skew(t, i, -1, 1)") == std::string::npos, r.repair_hint.c_str());
    // An interchange refused for the same reason does get the skew advice.
    const auto interchange = session.preview(parse_call("S0.interchange(t, i)"));
    QVERIFY(std::holds_alternative<Refusal>(interchange));
    const std::string hint = std::get<Refusal>(interchange).repair_hint;
    QVERIFY2(hint.find("skew the loop") != std::string::npos, hint.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandSkew)
#include "test_command_skew.moc"

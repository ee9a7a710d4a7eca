// skew: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

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
};

QTEST_APPLESS_MAIN(TestCommandSkew)
#include "test_command_skew.moc"

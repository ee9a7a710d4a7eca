// compute_at: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandComputeAt : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void producerShiftedIntoConsumer() {
    const LoadedProgram l = load_c(kBlur);
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.compute_at(S1, i)"}, &o);
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    QVERIFY2(o.description.find("shifted by -1") != std::string::npos, o.description.c_str());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // Placing it without the shift (before, at the same level) is what compute_at avoids.
    QVERIFY(!legality(l, apply_all(l, {"S0.before(S1, i)"})).legal());
  }

  void stencilSweepsComputedAtTheInnerLoop() {
    const LoadedProgram l = load_sample("jacobi2d.c");
    // S1 reads S0's values of the same t at i +- 1, j +- 1: S0 is shifted by -1 in i (the j neighbours are then already computed).
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.compute_at(S1, j)"}, &o);
    QVERIFY2(o.description.find("shifted by 0, -1, 0") != std::string::npos, o.description.c_str());
    const LegalityReport r = legality(l, s);
    if (r.legal()) {
      const std::string diff = run_and_compare(l, s);
      QVERIFY2(diff.empty(), diff.c_str());
    } else {
      QVERIFY(!r.violations.empty());
    }
    const isl::schedule t = apply_all(l, {"S0.compute_at(S1, t)"});
    QVERIFY(legality(l, t).legal());
  }
};

QTEST_APPLESS_MAIN(TestCommandComputeAt)
#include "test_command_compute_at.moc"

// set_schedule: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandSetSchedule : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void userMaps() {
    const LoadedProgram l = load_c(kMatmul);
    const isl::schedule s = apply_all(l, {"S0.set_schedule({ S0[i, j, k] -> [i, k, j] })"});
    QVERIFY(legality(l, s).legal());
    std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // Reversing the reduction order breaks its dependences.
    const LegalityReport r = legality(l, apply_all(l, {"S0.set_schedule({ S0[i, j, k] -> [i, j, -k] })"}));
    QVERIFY(!r.legal());
    QCOMPARE(r.violations[0].witness.sink_statement, std::string("S0"));
    // Seidel's wavefront (t, 2t + i, ...) is legal; (i, t, j) is not.
    const LoadedProgram sd = load_sample("seidel2d.c");
    const isl::schedule w = apply_all(sd, {"S0.set_schedule({ S0[t, i, j] -> [t, 2t + i, 2t + i + j] })"});
    QVERIFY2(legality(sd, w).legal(), legality(sd, w).summary().c_str());
    diff = run_and_compare(sd, w);
    QVERIFY2(diff.empty(), diff.c_str());
    QVERIFY(!legality(sd, apply_all(sd, {"S0.set_schedule({ S0[t, i, j] -> [i, t, j] })"})).legal());
    // Errors.
    std::string e = input_error([&] { apply_all(l, {"S0.set_schedule({ S0[i, j, k] -> [i] })"}); });
    QVERIFY2(e.find("3 loops") != std::string::npos, e.c_str());
    e = input_error([&] { apply_all(l, {"S0.set_schedule({ S0[i, j, k] -> [i, j, k] : i < 3 })"}); });
    QVERIFY2(e.find("every instance") != std::string::npos, e.c_str());
    e = input_error([&] { apply_all(l, {"S0.set_schedule(nonsense)"}); });
    QVERIFY2(e.find("not an isl map") != std::string::npos, e.c_str());
  }

  void inlineIsRefusedWhenNotExact() {
    const LoadedProgram l = load_c(kBlur);
    const std::string e = input_error([&] { apply_all(l, {"S0.inline()"}); });
    QVERIFY2(e.find("cannot inline S0") != std::string::npos && e.find("code after the region can see") != std::string::npos,
             e.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandSetSchedule)
#include "test_command_set_schedule.moc"

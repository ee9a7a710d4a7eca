// SPDX-License-Identifier: Apache-2.0
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

  // jacobi-2d, S1 shifted and fused with S0 (issue 8): skewing S0 alone breaks
  // the fusion's dependences; one map for both statements is one legal step.
  void oneMapForSeveralStatements() {
    const LoadedProgram l = load_polybench("stencils/jacobi-2d");
    const std::vector<std::string> fused = {"C1.apply({ [i, j] -> [i + 1, j + 1] })", "R.fuse(C0, C1, F)"};
    std::vector<std::string> one = fused;
    one.push_back("S0.set_schedule({ S0[t, i, j] -> [t, 2t + i, 2t + j] })");
    QVERIFY(!legality(l, apply_all(l, one)).legal());
    const std::string both =
        "{ S0[t, i, j] -> [t, 2t + i, 2t + j]; S1[t, i, j] -> [t, 2t + i + 1, 2t + j + 1] }";
    std::vector<std::string> calls = fused;
    calls.push_back("S0.set_schedule(" + both + ")");
    CommandOutcome o;
    const isl::schedule s = apply_all(l, calls, &o);
    QVERIFY2(o.description.find("sets the schedule of S0 and S1") != std::string::npos, o.description.c_str());
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    calls.push_back("R.cat()");
    calls.push_back("R.tile(4, 4, 4, P)");
    const isl::schedule tiled = apply_all(l, calls);
    QVERIFY2(legality(l, tiled).legal(), legality(l, tiled).summary().c_str());
    const std::string diff = run_and_compare(l, tiled);
    QVERIFY2(diff.empty(), diff.c_str());
    // The node form: the statements below R, all of them and no other.
    calls = fused;
    calls.push_back("R.set_schedule(" + both + ")");
    QVERIFY(apply_all(l, calls).get_map().is_equal(s.get_map()));
    calls.back() = "F.set_schedule({ S0[t, i, j] -> [t, 2t + i, 2t + j] })";
    std::string e = input_error([&] { apply_all(l, calls); });
    QVERIFY2(e.find("misses S1") != std::string::npos, e.c_str());
    calls.back() = "S1.set_schedule({ S0[t, i, j] -> [t, 2t + i, 2t + j] })";
    e = input_error([&] { apply_all(l, calls); });
    QVERIFY2(e.find("must give times to S1") != std::string::npos, e.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandSetSchedule)
#include "test_command_set_schedule.moc"

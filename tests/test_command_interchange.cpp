// interchange: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandInterchange : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void seidelSpaceLoopsRefusedWithPoints() {
    const LoadedProgram l = load_sample("seidel2d.c");
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S0.interchange(i, j)"}, &o);
    const LegalityReport r = legality(l, s);
    QVERIFY(!r.legal());
    QVERIFY(!r.violations.empty());
    const DependenceWitness& w = r.violations[0].witness;
    QCOMPARE(w.source_statement, std::string("S0"));
    QVERIFY2(!w.source.empty() && !w.sink.empty(), r.summary().c_str());
    // Same t, i one step on, j one step back: swapping i and j reverses the pair.
    QCOMPARE(w.sink_iteration[0], w.source_iteration[0]);
    QCOMPARE(w.sink_iteration[1] - w.source_iteration[1], 1L);
    QCOMPARE(w.sink_iteration[2] - w.source_iteration[2], -1L);
    QVERIFY2(o.description.find("interchanges loops i and j of S0") != std::string::npos, o.description.c_str());
  }

  void jacobiSpaceLoopsLegal() {
    const LoadedProgram l = load_sample("jacobi2d.c");
    const isl::schedule s = apply_all(l, {"S0.interchange(i, j)", "S1.interchange(j, i)"});
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // The time loop carries everything: moving it inside is refused.
    const std::string err = input_error([&] { apply_all(l, {"S0.interchange(t, i)"}); });
    QVERIFY2(err.find("not perfectly nested") != std::string::npos, err.c_str());
  }

  void matmulAllOrdersAndFusedBand() {
    const LoadedProgram l = load_c(kMatmul);
    const isl::schedule s = apply_all(l, {"S0.interchange(j, k)", "S0.interchange(i, k)"});
    QVERIFY(legality(l, s).legal());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    const std::string e = input_error([&] { apply_all(l, {"S0.interchange(i, i)"}); });
    QVERIFY2(e.find("two different loops") != std::string::npos, e.c_str());
    const std::string e2 = input_error([&] { apply_all(l, {"S0.interchange(i, q)"}); });
    QVERIFY2(e2.find("script:1:19") != std::string::npos && e2.find("its loops are i, j, k") != std::string::npos,
             e2.c_str());
  }

  void fusedBandChangesEveryStatement() {
    const LoadedProgram l = load_sample("mvt.c");
    CommandOutcome o;
    // mvt: fuse S1 into S0's loops (i of S0 with i of S1), then interchange for both.
    const isl::schedule s = apply_all(l, {"S1.after(S0, j)", "S0.interchange(i, j)"}, &o);
    QCOMPARE(o.changed_statements, (std::vector<std::string>{"S0", "S1"}));
    QVERIFY2(o.description.find("S0 and S1 (fused band") != std::string::npos, o.description.c_str());
    QVERIFY(legality(l, s).legal());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandInterchange)
#include "test_command_interchange.moc"

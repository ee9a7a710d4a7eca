// SPDX-License-Identifier: Apache-2.0
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
    // The time loop carries everything: S0 gets a time loop of its own
    // (distributed away from S1), and moving it inside is refused for the dependences.
    CommandOutcome o;
    const isl::schedule moved = apply_all(l, {"S0.interchange(t, i)"}, &o);
    QVERIFY2(o.description.find("S0 first gets loops of its own (they were shared with S1)") != std::string::npos,
             o.description.c_str());
    const LegalityReport r = legality(l, moved);
    QVERIFY(!r.legal());
    QVERIFY2(!r.violations.empty() && !r.violations[0].witness.source.empty(), r.summary().c_str());
  }

  void imperfectNestGetsItsOwnLoops() {
    // 2mm's first product: the k loop of S1 moves out of j, S0 keeps its loop j, i stays shared.
    const LoadedProgram l = load_c(R"(#define N 12
void kernel(double t[N][N], double A[N][N], double B[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      t[i][j] = 0.0;
      for (k = 0; k < N; k++)
        t[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
}
)");
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S1.interchange(j, k)"}, &o);
    QVERIFY2(legality(l, s).legal(), legality(l, s).summary().c_str());
    QCOMPARE(o.changed_statements, (std::vector<std::string>{"S1", "S0"}));
    const std::string code = openmp_text(l, s);
    QVERIFY2(code.find("for (int i = 0; i <= 11; i++) {\n  for (int j = 0; j <= 11; j++)\n    t[i][j] = 0.0;\n"
                       "  for (int k = 0; k <= 11; k++)\n    for (int j = 0; j <= 11; j++)") != std::string::npos,
             code.c_str());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // The same for tile and skew, which bring loops into one band the same way.
    const isl::schedule tiled = apply_all(l, {"S1.tile(j, k, 4, 4)"});
    QVERIFY(legality(l, tiled).legal());
    QVERIFY2(run_and_compare(l, tiled).empty(), run_and_compare(l, tiled).c_str());
    // Separating S0 after S1 (S0 initialises what S1 accumulates) is refused with a witness.
    const isl::schedule reversed = apply_all(l, {"S1.interchange(j, k)", "S0.after(S1, i)"});
    QVERIFY(!legality(l, reversed).legal());
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

// SPDX-License-Identifier: Apache-2.0
// after: legal and illegal cases side by side; legal ones run against the original.
#include <QtTest>

#include "command_test_support.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestCommandAfter : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void fusingStencilSweepsInnermostIsIllegal() {
    const LoadedProgram l = load_sample("jacobi2d.c");
    CommandOutcome o;
    const isl::schedule s = apply_all(l, {"S1.after(S0, j)"}, &o);
    const LegalityReport r = legality(l, s);
    QVERIFY(!r.legal());
    const DependenceWitness& w = r.violations[0].witness;
    QCOMPARE(w.source_statement, std::string("S0"));
    QCOMPARE(w.sink_statement, std::string("S1"));
    QVERIFY2(o.description.find("fuses S1 into the loops t, i, j of S0") != std::string::npos, o.description.c_str());
    QVERIFY(!o.repair_hint.empty());
    // At the time loop (where they already are) the order is the original one: legal.
    const isl::schedule t = apply_all(l, {"S1.after(S0, t)"});
    QVERIFY(legality(l, t).legal());
    const std::string diff = run_and_compare(l, t);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void mvtFusionLegal() {
    const LoadedProgram l = load_sample("mvt.c");
    const isl::schedule s = apply_all(l, {"S1.after(S0, j)"});
    QVERIFY(legality(l, s).legal());
    const std::string tree = print_schedule_tree(s);
    QVERIFY2(tree.find("{ S0[i, j] -> [i, j]; S1[i, j] -> [i, j] }") != std::string::npos, tree.c_str());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void beforeAndThenAndRoot() {
    const LoadedProgram l = load_c(kBlur);
    // S1 before S0 at the root: reads b before it is written.
    const LegalityReport r = legality(l, apply_all(l, {"S1.before(S0, root)"}));
    QVERIFY(!r.legal());
    // S0.then(S1, i) is S1.after(S0, i).
    const isl::schedule a = apply_all(l, {"S1.after(S0, i)"});
    const isl::schedule b = apply_all(l, {"S0.then(S1, i)"});
    QVERIFY(a.get_map().is_equal(b.get_map()));
    // S0 before S1 inside i, with S1 shifted: legal and the same results.
    const isl::schedule c = apply_all(l, {"S0.before(S1, i)", "S0.shift(i, -1)"});
    QVERIFY2(legality(l, c).legal(), legality(l, c).summary().c_str());
    const std::string diff = run_and_compare(l, c);
    QVERIFY2(diff.empty(), diff.c_str());
    // Fused, then back to separate nests at the root.
    const isl::schedule d = apply_all(l, {"S1.after(S0, i)", "S1.after(S0, root)"});
    QVERIFY(legality(l, d).legal());
    QVERIFY2(run_and_compare(l, d).empty(), run_and_compare(l, d).c_str());
    const std::string e = input_error([&] { apply_all(l, {"S1.after(S1, i)"}); });
    QVERIFY2(!e.empty(), e.c_str());
    const std::string e2 = input_error([&] { apply_all(l, {"S1.after(S0, q)"}); });
    QVERIFY2(e2.find("S0 has no loop 'q'") != std::string::npos, e2.c_str());
  }

  void outOfASharedLoopToTheRoot() {
    // syr2k's shape: both statements inside one loop i; S1 leaves it for a nest of its own.
    const LoadedProgram l = load_c(R"(#define N 10
#define M 6
void kernel(double C[N][N], double A[N][M]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= 0.5;
    for (k = 0; k < M; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k] * A[i][k];
  }
#pragma endscop
}
)");
    const isl::schedule s = apply_all(l, {"S1.after(S0, root)"});
    QVERIFY(legality(l, s).legal());
    const std::string code = openmp_text(l, s);
    QVERIFY2(code.find("C[i][j] *= 0.5;\n") != std::string::npos && code.find("for (int k = 0; k <= 5; k++)") != std::string::npos,
             code.c_str());
    QVERIFY2(run_and_compare(l, s).empty(), run_and_compare(l, s).c_str());
    // Before the root: the update runs before the scaling of its element: refused.
    QVERIFY(!legality(l, apply_all(l, {"S1.before(S0, root)"})).legal());
  }
};

QTEST_APPLESS_MAIN(TestCommandAfter)
#include "test_command_after.moc"

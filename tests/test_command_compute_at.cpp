// SPDX-License-Identifier: Apache-2.0
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

  void noConstantShiftIsRefused() {
    // gemm: the scaling S0[i, j] feeds S1[i, k, j] at k = 0 only, so along k its
    // values are at distance 0 - j, unbounded in n: no constant shift lines them up.
    const LoadedProgram l = load_c(R"(#define N 8
void kernel(int n, double C[N][N], double A[N][N], double B[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      C[i][j] *= 0.5;
    for (k = 0; k < n; k++)
      for (j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
#pragma endscop
}
)");
    const std::string e = input_error([&] { apply_all(l, {"S0.compute_at(S1, k)"}); });
    QVERIFY2(e.find("no constant distance along loop k") != std::string::npos, e.c_str());
    // At i, the shared loop, it is already where it is computed: legal.
    const isl::schedule s = apply_all(l, {"S0.compute_at(S1, i)"});
    QVERIFY(legality(l, s).legal());
    QVERIFY2(run_and_compare(l, s).empty(), run_and_compare(l, s).c_str());
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

// SPDX-License-Identifier: Apache-2.0
// storage_fold(L, d): legal when every value is read before its folded
// element is overwritten (fused producer/consumer), refused otherwise.
#include <QtTest>

#include "analysis/storage_fold_check.h"
#include "schedule/data_layout.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {
std::string producer_consumer(bool fused) {
  std::string body = fused ? "  for (i = 0; i < N; i++) {\n"
                             "    T[i] = A[i] * 2.0;\n"
                             "    B[i] = T[i] + 1.0;\n"
                             "  }\n"
                           : "  for (i = 0; i < N; i++)\n"
                             "    T[i] = A[i] * 2.0;\n"
                             "  for (i = 0; i < N; i++)\n"
                             "    B[i] = T[i] + 1.0;\n";
  return "#define N 16\n"
         "void kernel(double A[N], double B[N]) {\n"
         "  double T[N];\n"
         "  int i;\n"
         "#pragma scop\n" +
         body +
         "#pragma endscop\n"
         "}\n";
}
}  // namespace

class TestCommandStorageFold : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void foldWithinOneIterationIsLegal() {
    Kernel k = load_kernel(producer_consumer(true));
    const CommandOutcome out = apply(k, k.original(), "S0", "storage_fold", {"i", "1"});
    const DataLayout layout = data_layout(out.schedule);
    QCOMPARE(int(layout.folds.size()), 1);
    QCOMPARE(layout.folds[0].factor, 1L);
    QCOMPARE(layout.folds[0].dimension, 0);
    QVERIFY(check_storage_folds(k.program(), k.dependences(), out.schedule).empty());
    // The code keeps one element of T, and computes the same.
    const std::string code = openmp(k, out.schedule);
    QVERIFY2(code.find("T[0] = A[i] * 2.0;") != std::string::npos && code.find("B[i] = T[0] + 1.0;") != std::string::npos,
             code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
  }

  void foldingAnOutputIsRefused() {
    Kernel k = load_kernel(producer_consumer(true));
    const std::string why = refusal(k, k.original(), "S1", "storage_fold", {"i", "2"});
    QVERIFY2(why.find("what remains in B") != std::string::npos, why.c_str());
  }

  void aLaterReorderingThatBreaksAFoldIsRefused() {
    Kernel k = load_kernel(producer_consumer(true));
    const CommandOutcome folded = apply(k, k.original(), "S0", "storage_fold", {"i", "1"});
    // Moving the consumer out of the fused loop lets every S0 overwrite T[0] first.
    const CommandOutcome apart = apply(k, folded.schedule, "S1", "after", {"S0", "root"});
    const LegalityReport report = legality(k, apart.schedule);
    QVERIFY(!report.legal());
    QVERIFY2(report.summary().find("overwrite the value") != std::string::npos, report.summary().c_str());
  }

  void foldAcrossLoopsIsRefused() {
    Kernel k = load_kernel(producer_consumer(false));
    const std::string why = refusal(k, k.original(), "S0", "storage_fold", {"i", "2"});
    QVERIFY2(why.find("overwrite") != std::string::npos && why.find("S1[") != std::string::npos, why.c_str());
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(producer_consumer(true));
    QVERIFY(!refusal(k, k.original(), "S0", "storage_fold", {"x", "2"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "storage_fold", {"i", "0"}).empty());
    // After store_in to U[2*i], no dimension is i plus a constant.
    const CommandOutcome scalar = apply(k, k.original(), "S0", "store_in", {"U", "{2*i}"});
    QVERIFY(refusal(k, scalar.schedule, "S0", "storage_fold", {"i", "2"}).find("indexed by loop i") !=
            std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestCommandStorageFold)
#include "test_command_storage_fold.moc"

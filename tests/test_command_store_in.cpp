// SPDX-License-Identifier: Apache-2.0
// store_in(B [, {indices}]): the storage mapping is recorded in the schedule
// (data_layout.h), survives later commands and text round trips, moves the
// statement's write and every read of its values in the generated code, and
// is refused when it would merge elements the statement wrote separately or
// change what code after the region sees.
#include <QtTest>

#include "schedule/data_layout.h"
#include "schedule/node_names.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

// S0 fills the local temporary T; S1 reads it into the output B.
const char* kPipeline = R"(#define N 24
void kernel(double A[N][N], double B[N][N]) {
  double T[N][N];
  double U[N][N];
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      T[i][j] = A[i][j] * 2.0;
  for (i = 0; i < N; i++)
    for (j = 1; j < N; j++)
      B[i][j] = T[i][j] + T[i][j - 1];
  for (i = 0; i < N; i++)
    U[i][0] = A[i][0];
#pragma endscop
}
)";

}  // namespace

class TestCommandStoreIn : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void mappingIsRecordedAndSurvives() {
    Kernel k = load_kernel(kPipeline);
    const CommandOutcome out = apply(k, k.original(), "S0", "store_in", {"D", "{i, j + 1}"});
    QVERIFY(legality(k, out.schedule).legal());
    DataLayout layout = data_layout(out.schedule);
    QCOMPARE(int(layout.mappings.size()), 1);
    QCOMPARE(layout.mappings[0].buffer, std::string("D"));
    QCOMPARE(layout.mappings[0].indices, (std::vector<std::string>{"i", "j + 1"}));
    QVERIFY(tree(out.schedule).find("[store_in(S0,D,i,j + 1)]") != std::string::npos);
    // Later commands and a text round trip keep it; a second store_in replaces it.
    const CommandOutcome later = apply(k, out.schedule, "S0", "parallelize", {"i"});
    const isl::schedule back = schedule_from_text(k.program().ctx(), schedule_to_text(later.schedule));
    layout = data_layout(back);
    QCOMPARE(int(layout.mappings.size()), 1);
    QVERIFY(layout.mapping_of("S0") != nullptr);
    const CommandOutcome replaced = apply(k, back, "S0", "store_in", {"E"});
    layout = data_layout(replaced.schedule);
    QCOMPARE(int(layout.mappings.size()), 1);
    QCOMPARE(layout.mappings[0].indices, (std::vector<std::string>{"i", "j"}));
  }

  void theCodeStoresAndReadsTheNewPlace() {
    Kernel k = load_kernel(kPipeline);
    const CommandOutcome out = apply(k, k.original(), "S0", "store_in", {"D", "{j + 1, i}"});
    const GeneratedCode code = openmp_code(k, out.schedule);
    QVERIFY2(code.text.find("D[j + 1][i] = A[i][j] * 2.0;") != std::string::npos, code.text.c_str());
    QVERIFY2(code.text.find("B[i][j] = D[j + 1][i] + D[j][i];") != std::string::npos, code.text.c_str());
    QVERIFY2(code.text.find("T[") == std::string::npos, code.text.c_str());
    // D is new: the region declares it, as large as the stored elements need.
    QVERIFY2(code.declarations && code.declarations->find("double D[25][24];") != std::string::npos,
             code.declarations.value_or("(none)").c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
  }

  void mergingElementsIsRefused() {
    Kernel k = load_kernel(kPipeline);
    QVERIFY(refusal(k, k.original(), "S0", "store_in", {"D", "{i, j}"}).empty());
    const std::string merged = refusal(k, k.original(), "S0", "store_in", {"D", "{i}"});
    QVERIFY2(merged.find("same element of D") != std::string::npos && merged.find("S0[") != std::string::npos,
             merged.c_str());
  }

  void whatCodeAfterTheRegionSeesStays() {
    Kernel k = load_kernel(kPipeline);
    const std::string output = refusal(k, k.original(), "S1", "store_in", {"D"});
    QVERIFY2(output.find("what remains in B") != std::string::npos, output.c_str());
    const std::string input = refusal(k, k.original(), "S0", "store_in", {"A"});
    QVERIFY2(input.find("would overwrite A") != std::string::npos, input.c_str());
    // U is a temporary, but S2 writes it: S0's values would collide with S2's.
    const std::string used = refusal(k, k.original(), "S0", "store_in", {"U"});
    QVERIFY2(used.find("S2 writes U too") != std::string::npos, used.c_str());
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(kPipeline);
    QVERIFY(refusal(k, k.original(), "S0", "store_in", {"D", "{i, q}"}).find("'q'") != std::string::npos);
    QVERIFY(refusal(k, k.original(), "S0", "store_in", {"U", "{i}"}).find("dimensions") != std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "store_in", {"D", "{i, j*j}"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "store_in", {"1D"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandStoreIn)
#include "test_command_store_in.moc"

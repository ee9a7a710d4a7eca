// store_in(B [, {indices}]): the storage mapping is recorded in the schedule
// (data_layout.h), survives later commands and text round trips, and may not
// merge elements the statement wrote separately.
#include <QtTest>

#include "schedule/data_layout.h"
#include "schedule/node_names.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandStoreIn : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void mappingIsRecordedAndSurvives() {
    Kernel k = load_kernel(matmul_source("ijk"));
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
    QCOMPARE(layout.mappings[0].indices, (std::vector<std::string>{"i", "j", "k"}));
    // Code generation is unaffected for now (the printers read the layout later).
    QVERIFY(!openmp(k, replaced.schedule).empty());
  }

  void mergingElementsIsRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    // C[i][j] already merges k: the same merge is fine.
    QVERIFY(refusal(k, k.original(), "S0", "store_in", {"D", "{i, j}"}).empty());
    const std::string merged = refusal(k, k.original(), "S0", "store_in", {"D", "{i}"});
    QVERIFY2(merged.find("same element of D") != std::string::npos && merged.find("S0[") != std::string::npos,
             merged.c_str());
  }

  void argumentsAreChecked() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(refusal(k, k.original(), "S0", "store_in", {"D", "{i, q}"}).find("'q'") != std::string::npos);
    QVERIFY(refusal(k, k.original(), "S0", "store_in", {"A", "{i}"}).find("dimensions") != std::string::npos);
    QVERIFY(!refusal(k, k.original(), "S0", "store_in", {"D", "{i, j*j}"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "store_in", {"1D"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandStoreIn)
#include "test_command_store_in.moc"

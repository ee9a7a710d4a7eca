// SPDX-License-Identifier: Apache-2.0
// pipeline(L [, II]): FPGA pipelining keeps iteration order, so even a
// carrying loop may be pipelined.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

class TestCommandPipeline : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pipelineIsRecordedAndLegal() {
    Kernel k = load_kernel(matmul_source("ijk"));
    const CommandOutcome out = apply(k, k.original(), "S0", "pipeline", {"k", "2"});
    QVERIFY(tree(out.schedule).find("[pipeline(2)]") != std::string::npos);
    QVERIFY(legality(k, out.schedule).legal());
    const CommandOutcome plain = apply(k, k.original(), "S0", "pipeline", {"j"});
    QVERIFY(tree(plain.schedule).find("[pipeline]") != std::string::npos);
  }

  void badIntervalIsRefused() {
    Kernel k = load_kernel(matmul_source("ijk"));
    QVERIFY(!refusal(k, k.original(), "S0", "pipeline", {"k", "0"}).empty());
    QVERIFY(!refusal(k, k.original(), "S0", "pipeline", {"q"}).empty());
  }
};

QTEST_APPLESS_MAIN(TestCommandPipeline)
#include "test_command_pipeline.moc"

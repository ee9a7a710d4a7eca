// SPDX-License-Identifier: Apache-2.0
// The code entries of a snapshot: pending ones (SnapshotOptions::code off)
// name their target and carry no text; make_code_info fills one in exactly
// as a full snapshot does; a reused legality report is not checked again;
// annotate_code ties lines to statements in programs whose statements are
// scalars only (deriche: it read past an empty list of arrays and crashed
// the window on its automatic schedule).
#include <QtTest>

#include <algorithm>

#include "codegen/common/ast_cache.h"
#include "command_test_support.h"
#include "snapshot/snapshot.h"

using namespace loopscape;
using namespace loopscape::testing;

class TestSnapshotCode : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pendingCodeIsFilledInAsAFullSnapshotHasIt() {
    const LoadedProgram l = load_sample("matmul.c");
    const isl::schedule s = apply_all(l, {"S1.interchange(j, k)"});
    SnapshotOptions lazy;
    lazy.code = false;
    lazy.plot = false;
    const Snapshot pending = make_snapshot(l, s, lazy);
    SnapshotOptions full;
    full.plot = false;
    const Snapshot complete = make_snapshot(l, s, full);
    QCOMPARE(pending.code.size(), complete.code.size());
    AstCache cache;
    for (std::size_t k = 0; k < pending.code.size(); ++k) {
      QVERIFY(pending.code[k].pending);
      QVERIFY(pending.code[k].text.empty());
      QCOMPARE(pending.code[k].target, complete.code[k].target);
      QVERIFY(!complete.code[k].pending);
      const CodeInfo filled = make_code_info(l, s, pending.code[k].target, cache);
      QCOMPARE(filled.text, complete.code[k].text);
      QCOMPARE(filled.error, complete.code[k].error);
      QCOMPARE(filled.line_statement, complete.code[k].line_statement);
    }
  }

  void aReusedLegalityReportIsShown() {
    const LoadedProgram l = load_sample("matmul.c");
    const isl::schedule original = apply_all(l, {});
    // The report of an illegal schedule, shown for the original one: proof that it was not checked again.
    const isl::schedule reversed = apply_all(l, {"S1.loop_reversal(k)"});
    auto report = std::make_shared<const LegalityReport>(check_schedule(l.program, l.dependences, reversed));
    QVERIFY(!report->legal());
    SnapshotOptions options;
    options.plot = false;
    options.targets = {"c"};
    options.legality = report;
    QVERIFY(!make_snapshot(l, original, options).legal);
    options.legality = nullptr;
    QVERIFY(make_snapshot(l, original, options).legal);
  }

  void linesOfScalarStatementsDoNotCrash() {
    const LoadedProgram l = load_polybench("medley/deriche");
    CodeInfo code;
    code.target = "c";
    code.text = "  y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;\n  xm1 = imgIn[i][j];\n";
    annotate_code(l.program, code);
    QCOMPARE(code.line_statement.size(), std::size_t(2));
    QVERIFY(!code.line_statement[0].empty());  // the y1 statement
  }
};

QTEST_GUILESS_MAIN(TestSnapshotCode)
#include "test_snapshot_code.moc"

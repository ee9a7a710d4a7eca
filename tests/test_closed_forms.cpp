// SPDX-License-Identifier: Apache-2.0
// Integer scalars with closed forms (frontend/scalar_evolution.h and the
// scop builder): a scalar assigned an affine form (`j = i + 1`), stepped by a
// constant each iteration (`k++`, also in both branches of an `if` on data,
// also across an inner loop of constant trip count) or assigned at the end of
// the body and read before it (`im1 = i`) is read as its closed form in the
// iterators; its assignments go when nothing after the region sees it. The
// subscripts become exact, so the loop runs in parallel where the code allows,
// and computes what the original does, also run backwards. Where the value
// depends on data or on a jump, the access stays a may-access of the whole
// array and the loop sequential.
#include <QtTest>

#include "support/text.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

std::string kernel_with(const std::string& region, const std::string& after = "") {
  return "#define N 64\n"
         "void kernel(double a[N], double b[N], double c[N], double flat[N * N], double bb[N][N], int out[1]) {\n"
         "  int i, j, k, im1, im2;\n"
         "#pragma scop\n" +
         region +
         "#pragma endscop\n" + after +
         "}\n";
}

std::string read_of(const Program& p, const std::string& statement, const std::string& array) {
  const Statement* s = p.find_statement(statement);
  if (!s) return "no statement " + statement;
  for (const Access& a : s->accesses)
    if (a.kind == Access::Kind::Read && a.array == array) return to_text(a.relation);
  return "no read of " + array;
}

std::string write_of(const Program& p, const std::string& statement) {
  const Statement* s = p.find_statement(statement);
  if (!s) return "no statement " + statement;
  return to_text(s->accesses.at(std::size_t(s->target->access_index)).relation);
}

// Why parallelising `loop` is illegal ("" when it is legal).
std::string parallel_refusal(const Kernel& k, const std::string& statement, const std::string& loop) {
  const std::string refused = refusal(k, k.original(), statement, "parallelize", {loop});
  if (!refused.empty()) return refused;
  const LegalityReport report = legality(k, apply(k, k.original(), statement, "parallelize", {loop}).schedule);
  return report.legal() ? std::string() : report.summary();
}

bool parallel_and_right(const Kernel& k, const std::string& statement, const std::string& loop, std::string& why) {
  const CommandOutcome out = apply(k, k.original(), statement, "parallelize", {loop});
  const LegalityReport report = legality(k, out.schedule);
  if (!report.legal()) {
    why = report.summary();
    return false;
  }
  const VerifyResult forwards = run_and_compare(k, out.schedule);
  const VerifyResult backwards = run_reversed_and_compare(k, out.schedule);
  why = forwards.message + " / reversed: " + backwards.message;
  return forwards.equal() && backwards.equal();
}

}  // namespace

class TestClosedForms : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // TSVC's s121: `j = i + 1` read as i + 1; j's assignment goes.
  void anAssignedFormIsSubstituted() {
    const Kernel k = load_kernel(kernel_with("  for (i = 0; i < N - 1; i++) {\n    j = i + 1;\n    a[i] = a[j] + b[i];\n  }\n"));
    const Program& p = k.program();
    QCOMPARE(int(p.statements.size()), 1);
    QCOMPARE(p.closed_form_scalars, std::vector<std::string>{"j"});
    QVERIFY(!p.find_array("j"));
    QVERIFY2(read_of(p, "S1", "a").find("a[1 + i]") != std::string::npos, read_of(p, "S1", "a").c_str());
    // Exact now: only the WAR at distance 1, which keeps i sequential.
    const std::string refused = parallel_refusal(k, "S1", "i");
    QVERIFY2(refused.find("overwrites a[1] read by S1[0]") != std::string::npos, refused.c_str());
    const VerifyResult r = run_and_compare(k, k.original());
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // TSVC's s127: two increments per iteration give a[2i] and a[2i + 1].
  void anInductionVariableIsSubstituted() {
    const Kernel k = load_kernel(kernel_with(
        "  j = -1;\n  for (i = 0; i < N / 2; i++) {\n    j++;\n    a[j] = b[i] + c[i];\n    j++;\n    a[j] = b[i] - c[i];\n  }\n"));
    const Program& p = k.program();
    QCOMPARE(int(p.statements.size()), 2);
    QVERIFY2(write_of(p, "S2").find("a[2i]") != std::string::npos, write_of(p, "S2").c_str());
    QVERIFY2(write_of(p, "S4").find("a[1 + 2i]") != std::string::npos, write_of(p, "S4").c_str());
    QCOMPARE(int(k.dependences().list.size()), 0);
    std::string why;
    QVERIFY2(parallel_and_right(k, "S2", "i", why), why.c_str());
  }

  // TSVC's s126: k steps once per inner iteration and once more per outer one.
  void anInductionAcrossAnInnerLoop() {
    const Kernel k = load_kernel(kernel_with(
        "  k = 1;\n  for (i = 0; i < N; i++) {\n    for (j = 1; j < N; j++) {\n"
        "      bb[j][i] = bb[j - 1][i] + flat[k - 1] * c[j];\n      ++k;\n    }\n    ++k;\n  }\n"));
    const Program& p = k.program();
    QCOMPARE(int(p.statements.size()), 1);
    QVERIFY2(read_of(p, "S1", "flat").find("flat[-1 + 64i + j]") != std::string::npos, read_of(p, "S1", "flat").c_str());
    std::string why;
    QVERIFY2(parallel_and_right(k, "S1", "i", why), why.c_str());
    const std::string code = openmp(k, k.original());
    QVERIFY2(code.find("flat[64 * i + j - 1]") != std::string::npos, code.c_str());
  }

  // TSVC's s291 and s292: the value the previous iteration left, and before
  // the loop in the first iteration.
  void wrapAroundVariablesArePiecewise() {
    const Kernel k = load_kernel(kernel_with(
        "  im1 = N - 1;\n  im2 = N - 2;\n  for (i = 0; i < N; i++) {\n"
        "    a[i] = b[i] + b[im1] + b[im2];\n    im2 = im1;\n    im1 = i;\n  }\n"));
    const Program& p = k.program();
    QCOMPARE(int(p.statements.size()), 1);
    const std::string reads = to_text(p.reads());
    QVERIFY2(reads.find("b[63]") != std::string::npos && reads.find("b[-2 + i]") != std::string::npos, reads.c_str());
    std::string why;
    QVERIFY2(parallel_and_right(k, "S2", "i", why), why.c_str());
  }

  // TSVC's s124: the same step in both branches of an `if` on data.
  void theSameStepInBothBranches() {
    const Kernel k = load_kernel(kernel_with(
        "  j = -1;\n  for (i = 0; i < N; i++) {\n    if (b[i] > 0.) {\n      j++;\n      a[j] = b[i] * c[i];\n"
        "    } else {\n      j++;\n      a[j] = c[i];\n    }\n  }\n"));
    QCOMPARE(k.program().closed_form_scalars, std::vector<std::string>{"j"});
    QVERIFY2(write_of(k.program(), "S2").find("a[i]") != std::string::npos, write_of(k.program(), "S2").c_str());
    std::string why;
    QVERIFY2(parallel_and_right(k, "S2", "i", why), why.c_str());
  }

  // The value is kept for code after the region: the reads are substituted,
  // the assignments stay (k's last value is right), and the loop stays
  // sequential (every iteration writes k).
  void aScalarReadAfterTheRegionKeepsItsAssignments() {
    const Kernel k = load_kernel(kernel_with("  k = 0;\n  for (i = 0; i < N; i++) {\n    k += 2;\n    a[k / 2 - 1] = b[i];\n  }\n",
                                             "  out[0] = k;\n"));
    const Program& p = k.program();
    QVERIFY(p.closed_form_scalars.empty());
    QVERIFY(p.find_array("k"));
    QVERIFY2(write_of(p, "S2").find("a[i]") != std::string::npos, write_of(p, "S2").c_str());
    const VerifyResult r = run_and_compare(k, k.original());
    QVERIFY2(r.equal(), r.message.c_str());
    const std::string refused = parallel_refusal(k, "S2", "i");
    QVERIFY2(refused.find(" on k") != std::string::npos, refused.c_str());
  }

  // `int j = -1;` before the region: its initialiser is the value at entry,
  // unless the region runs more than once (a loop of the function around it).
  void anInitialiserBeforeTheRegionIsTheEntryValue() {
    const std::string once = "#define N 64\nvoid kernel(double a[N], double b[N]) {\n  int i;\n  int j = -1;\n"
                             "#pragma scop\n  for (i = 0; i < N / 2; i++) {\n    j++;\n    a[j] = b[i];\n  }\n"
                             "#pragma endscop\n}\n";
    const Kernel k = load_kernel(once);
    QCOMPARE(k.program().closed_form_scalars, std::vector<std::string>{"j"});
    QVERIFY2(write_of(k.program(), "S1").find("a[i]") != std::string::npos, write_of(k.program(), "S1").c_str());
    const std::string twice = "#define N 64\nvoid kernel(double a[N], double b[N]) {\n  int i, r;\n  int j = -1;\n"
                              "  for (r = 0; r < 2; r++) {\n#pragma scop\n  for (i = 0; i < N / 2; i++) {\n    j++;\n"
                              "    a[j] = b[i];\n  }\n#pragma endscop\n  }\n}\n";
    const Kernel again = load_kernel(twice);
    QVERIFY(again.program().closed_form_scalars.empty());
    QVERIFY2(write_of(again.program(), "S1").find("o0") != std::string::npos, write_of(again.program(), "S1").c_str());
  }

  // Where the value is not one closed form, the access stays conservative.
  void noClosedForm_data() {
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("statement");
    // TSVC's s123: a step under a condition on data, in one branch only.
    QTest::newRow("step in one branch")
        << QString::fromStdString("  j = -1;\n  for (i = 0; i < N / 2; i++) {\n    j++;\n    a[j] = b[i];\n"
                                  "    if (c[i] > 0.) {\n      j++;\n      a[j] = c[i];\n    }\n  }\n")
        << "S2";
    // A step that grows with the iteration: quadratic.
    QTest::newRow("quadratic") << QString::fromStdString(
                                      "  k = 0;\n  for (i = 0; i < 8; i++) {\n    k += i;\n    a[k] = b[i];\n  }\n")
                               << "S2";
    // An inner loop whose trip count changes with i.
    QTest::newRow("triangular inner loop")
        << QString::fromStdString("  k = 0;\n  for (i = 0; i < 8; i++) {\n    for (j = 0; j < i; j++)\n      k++;\n"
                                  "    a[k] = b[i];\n  }\n")
        << "S2";
  }
  void noClosedForm() {
    QFETCH(QString, region);
    QFETCH(QString, statement);
    const Kernel k = load_kernel(kernel_with(region.toStdString()));
    const std::string write = write_of(k.program(), statement.toStdString());
    QVERIFY2(write.find("o0") != std::string::npos, write.c_str());  // any element of a
    const std::string refused = parallel_refusal(k, statement.toStdString(), "i");
    QVERIFY2(!refused.empty(), "the loop was parallelised");
    const VerifyResult r = run_and_compare(k, k.original());
    QVERIFY2(r.equal(), r.message.c_str());
  }
};

QTEST_APPLESS_MAIN(TestClosedForms)
#include "test_closed_forms.moc"

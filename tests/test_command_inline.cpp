// SPDX-License-Identifier: Apache-2.0
// inline(): a temporary's value recomputed where it is read, the statement
// dropped from the code; refused when that would change a value (an output
// array, an update, a read that sees other values, an overwritten input),
// also when a later command would break it.
#include <QtTest>

#include "schedule/data_layout.h"
#include "plot/domain_points.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

// S0 fills a local temporary t, S1 reads two of its elements, S2 sets a
// scalar declared in the region that S3 reads.
const char* kTemporaries = R"(#define N 24
void kernel(double a[N], double b[N], double c[N]) {
  double t[N];
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    t[i] = a[i] * 2.0 + 1.0;
  for (i = 1; i < N; i++)
    b[i] = t[i] + t[i - 1];
  for (i = 0; i < N; i++) {
    double s = a[i] * a[i];
    c[i] = s + b[i];
  }
#pragma endscop
}
)";

// S2 overwrites a, which S0's expression reads.
const char* kOverwrittenInput = R"(#define N 16
void kernel(double a[N], double b[N]) {
  double t[N];
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    t[i] = a[i] * 3.0;
  for (i = 0; i < N; i++)
    b[i] = t[i] + 1.0;
  for (i = 0; i < N; i++)
    a[i] = 0.0;
#pragma endscop
}
)";

}  // namespace

class TestCommandInline : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void temporariesAreInlinedAndTheCodeComputesTheSame() {
    Kernel k = load_kernel(kTemporaries);
    const CommandOutcome first = apply(k, k.original(), "S0", "inline", {});
    QVERIFY2(first.description.find("into S1 (2 reads of t") != std::string::npos, first.description.c_str());
    QCOMPARE(first.changed_statements, (std::vector<std::string>{"S0", "S1"}));
    const CommandOutcome both = apply(k, first.schedule, "S2", "inline", {});
    QVERIFY(legality(k, both.schedule).legal());
    QCOMPARE(data_layout(both.schedule).inlined, (std::vector<std::string>{"S0", "S2"}));
    QVERIFY(tree(both.schedule).find("[inline(S0)]") != std::string::npos);
    const GeneratedCode code = openmp_code(k, both.schedule);
    QVERIFY2(code.text.find("t[") == std::string::npos && code.text.find(" s ") == std::string::npos, code.text.c_str());
    QVERIFY2(code.text.find("b[i] = a[i] * 2.0 + 1.0 + (a[i - 1] * 2.0 + 1.0);") != std::string::npos, code.text.c_str());
    QVERIFY2(code.text.find("c[i] = a[i] * a[i] + b[i];") != std::string::npos, code.text.c_str());
    QCOMPARE(code.declarations.value_or("?"), std::string());  // the region's scalar s is gone
    const VerifyResult r = run_and_compare(k, both.schedule);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
    // Inlining twice is refused.
    QVERIFY(refusal(k, both.schedule, "S0", "inline", {}).find("inlined already") != std::string::npos);
  }

  void inliningThePipelineBuffersFreesTheRowLoop() {
    // The row buffers b1 and b2 serialise the rows; inlined, every row is independent.
    const LoadedProgram l = testing::load_sample("image_pipeline.c");
    const std::string before = testing::openmp_text(l, l.original_schedule);
    QVERIFY2(before.rfind("for (int i = 0; i < n; i++) {", 0) == 0, before.c_str());
    const isl::schedule s = testing::apply_all(l, {"S0.inline()", "S1.inline()"});
    const std::string after = testing::openmp_text(l, s);
    QVERIFY2(after.rfind("#pragma omp parallel for\nfor (int i = 0; i < n; i++)", 0) == 0, after.c_str());
    QVERIFY2(after.find("b1") == std::string::npos && after.find("b2") == std::string::npos, after.c_str());
    const std::string diff = testing::run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
    // The plot keeps their points, marked as inlined.
    PlotRequest request;
    request.parameters = {{"n", 3}, {"m", 4}};
    const PlotData plot = build_plot_data(l.program, l.dependences, s, request);
    QVERIFY(plot.statements.at(0).inlined && plot.statements.at(1).inlined && !plot.statements.at(2).inlined);
    QCOMPARE(plot.statements.at(0).point_count, std::size_t(3 * 4 * 3));
  }

  void outputsAndUpdatesAreNotInlined() {
    Kernel k = load_kernel(kTemporaries);
    const std::string output = refusal(k, k.original(), "S1", "inline", {});
    QVERIFY2(output.find("b, which code after the region can see") != std::string::npos, output.c_str());
    Kernel sum = load_kernel(R"(#define N 8
void kernel(double a[N], double b[N]) {
  double acc[1];
  int i;
#pragma scop
  acc[0] = 0.0;
  for (i = 0; i < N; i++)
    acc[0] += a[i];
  b[0] = acc[0];
#pragma endscop
}
)");
    const std::string update = refusal(sum, sum.original(), "S1", "inline", {});
    QVERIFY2(update.find("reads acc") != std::string::npos, update.c_str());
    const std::string shared = refusal(sum, sum.original(), "S0", "inline", {});
    QVERIFY2(shared.find("S1 writes acc too") != std::string::npos, shared.c_str());
  }

  void aReadOfOtherValuesIsRefused() {
    Kernel k = load_kernel(R"(#define N 16
void kernel(double a[N], double b[N]) {
  double t[N];
  int i;
#pragma scop
  for (i = 1; i < N; i++)
    t[i] = a[i];
  for (i = 0; i < N; i++)
    b[i] = t[i];
#pragma endscop
}
)");
    const std::string why = refusal(k, k.original(), "S0", "inline", {});
    QVERIFY2(why.find("only for some instances") != std::string::npos && why.find("S1[0]") != std::string::npos,
             why.c_str());
  }

  void anOverwrittenInputIsRefusedNowAndLater() {
    Kernel k = load_kernel(kOverwrittenInput);
    // In source order the overwrite comes after every read: legal, and the code runs the same.
    const CommandOutcome inlined = apply(k, k.original(), "S0", "inline", {});
    const VerifyResult r = run_and_compare(k, inlined.schedule);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
    // Fusing S2 in front of the reader is legal for the dependences, but not for the inlining.
    const CommandOutcome reordered = apply(k, inlined.schedule, "S1", "after", {"S2", "i"});
    const LegalityReport report = legality(k, reordered.schedule);
    QVERIFY(!report.legal());
    QVERIFY2(report.summary().find("S1 would recompute S0's value S0[0] at S1[0], after S2 has overwritten the a") !=
                 std::string::npos,
             report.summary().c_str());
    // Inlining after that reordering is refused the same way.
    const CommandOutcome first = apply(k, k.original(), "S1", "after", {"S2", "i"});
    QVERIFY(legality(k, first.schedule).legal());
    const std::string why = refusal(k, first.schedule, "S0", "inline", {});
    QVERIFY2(why.find("after S2 has overwritten the a it reads") != std::string::npos, why.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCommandInline)
#include "test_command_inline.moc"

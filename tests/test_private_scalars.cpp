// SPDX-License-Identifier: Apache-2.0
// Private scalars (analysis/legality.h, parallel_plan): a loop whose only
// carried dependences are WARs and WAWs on a scalar that nothing after the
// region reads and that no value flows into or out of runs in parallel with a copy
// of the scalar per thread (OpenMP's private clause; a local of the CUDA
// kernel; Halide one per chunk of iterations), and computes what the original
// does, also run backwards. Other loops may use the scalar for values of
// their own. A value carried from one iteration to the next, or one the
// loop hands to code after it, keeps the loop sequential.
#include <QtTest>

#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

// TSVC's s251 and s1281: a temporary computed and used in each iteration.
std::string kernel_with(const std::string& body, const std::string& after = "") {
  return "#define N 64\n"
         "void kernel(double a[N], double b[N], double c[N], double d[N]) {\n"
         "  int i;\n"
         "  double s;\n"
         "#pragma scop\n"
         "  for (i = 1; i < N; i++) {\n" +
         body +
         "  }\n" + after +
         "#pragma endscop\n"
         "}\n";
}

const std::string kTemporary = kernel_with("    s = b[i] + c[i] * d[i];\n    a[i] = s * s;\n    b[i] = s;\n");

}  // namespace

class TestPrivateScalars : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void aTemporaryIsPrivateToEachThread() {
    const Kernel k = load_kernel(kTemporary);
    QVERIFY(k.program().find_array("s")->temporary);
    const CommandOutcome out = apply(k, k.original(), "S0", "parallelize", {"i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY2(report.legal(), report.summary().c_str());
    QVERIFY2(out.description.find("with a private copy of s in each thread") != std::string::npos,
             out.description.c_str());
    const std::string code = openmp(k, out.schedule);
    QVERIFY2(code.find("#pragma omp parallel for private(s)") != std::string::npos, code.c_str());
    const VerifyResult r = run_and_compare(k, out.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
    const VerifyResult reversed = run_reversed_and_compare(k, out.schedule);
    QVERIFY2(reversed.equal(), reversed.message.c_str());
  }

  // Halide runs the loop in parallel chunks, each with its own copy (s.private[chunk]).
  void halideGivesEachChunkItsOwnCopy() {
    const Kernel k = load_kernel(kTemporary);
    const isl::schedule s = apply(k, k.original(), "S0", "parallelize", {"i"}).schedule;
    const GeneratedCode stmt = generate(k.program(), s, k.dependences().all(), "halide-stmt");
    QVERIFY2(stmt.text.find("parallel (i.chunk") != std::string::npos, stmt.text.c_str());
    QVERIFY2(stmt.text.find("s.private[i.chunk]") != std::string::npos, stmt.text.c_str());
    const VerifyResult r = run_halide_and_compare(k, s);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
  }

  // deriche's sweeps: each loop sets s before it reads it, so the value one
  // leaves in s is never read by the other, and each may keep its own copies.
  void loopsThatEachSetTheScalarFirstKeepTheirOwnCopies() {
    const Kernel k = load_kernel(kernel_with("    s = b[i] + c[i];\n    a[i] = s * s;\n",
                                             "  for (i = 1; i < N; i++) {\n    s = a[i] * 2.;\n    d[i] = s + 1.;\n  }\n"));
    const CommandOutcome first = apply(k, k.original(), "S0", "parallelize", {"i"});
    const CommandOutcome both = apply(k, first.schedule, "S2", "parallelize", {"i"});
    const LegalityReport report = legality(k, both.schedule);
    QVERIFY2(report.legal(), report.summary().c_str());
    QVERIFY2(both.description.find("with a private copy of s in each thread") != std::string::npos,
             both.description.c_str());
    const std::string code = openmp(k, both.schedule);
    const std::size_t clause = code.find("#pragma omp parallel for private(s)");
    QVERIFY2(clause != std::string::npos && code.find("#pragma omp parallel for private(s)", clause + 1) != std::string::npos,
             code.c_str());
    const VerifyResult r = run_and_compare(k, both.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
    const VerifyResult reversed = run_reversed_and_compare(k, both.schedule);
    QVERIFY2(reversed.equal(), reversed.message.c_str());
    const VerifyResult halide = run_halide_and_compare(k, both.schedule);
    QVERIFY2(halide.equal(), (halide.message + "\n" + halide.log).c_str());
  }

  void refusals_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("why");
    // The next iteration reads what this one wrote: a RAW carried by i.
    QTest::newRow("carried value") << QString::fromStdString(kernel_with("    a[i] = s;\n    s = b[i];\n"))
                                   << "RAW";
    // The loop hands its last value to a statement after it.
    QTest::newRow("read after the loop")
        << QString::fromStdString(kernel_with("    s = b[i] * 2.;\n    a[i] = s;\n", "  c[0] = s;\n"))
        << "s written in the loop (by S0) is read after it (by S2)";
    // A later loop reads the value this one leaves before setting its own.
    QTest::newRow("read by a later loop")
        << QString::fromStdString(kernel_with("    s = b[i] * 2.;\n    a[i] = s;\n",
                                              "  for (i = 1; i < N; i++) {\n    d[i] = s;\n    s = c[i];\n  }\n"))
        << "s written in the loop (by S0) is read after it (by S2)";
    // The next pass of a loop around the region reads what it left in s.
    QTest::newRow("read by the next pass of a loop around the region")
        << QString::fromStdString("#define N 64\n"
                                  "void kernel(double a[N], double b[N], double c[N]) {\n"
                                  "  int i, rep;\n"
                                  "  double s = 0.;\n"
                                  "  for (rep = 0; rep < 2; rep++) {\n"
                                  "    c[rep] = s;\n"
                                  "#pragma scop\n"
                                  "    for (i = 0; i < N; i++) {\n"
                                  "      s = b[i] * 2.;\n"
                                  "      a[i] = s;\n"
                                  "    }\n"
                                  "#pragma endscop\n"
                                  "  }\n"
                                  "}\n")
        << "s is no local of the function that only the region uses";
    // Code after the region reads it: a parameter's element, not a temporary.
    QTest::newRow("not a temporary")
        << QString::fromStdString("#define N 64\n"
                                  "void kernel(double a[N], double b[N], double t[1]) {\n"
                                  "  int i;\n"
                                  "#pragma scop\n"
                                  "  for (i = 0; i < N; i++) {\n"
                                  "    t[0] = b[i] * 2.;\n"
                                  "    a[i] = t[0];\n"
                                  "  }\n"
                                  "#pragma endscop\n"
                                  "}\n")
        << "WA";
  }
  void refusals() {
    QFETCH(QString, source);
    QFETCH(QString, why);
    const Kernel k = load_kernel(source.toStdString());
    const CommandOutcome out = apply(k, k.original(), "S0", "parallelize", {"i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(int(report.tag_violations.size()), 1);
    QVERIFY2(report.tag_violations.front().explanation.find(why.toStdString()) != std::string::npos,
             report.tag_violations.front().explanation.c_str());
  }
};

QTEST_APPLESS_MAIN(TestPrivateScalars)
#include "test_private_scalars.moc"

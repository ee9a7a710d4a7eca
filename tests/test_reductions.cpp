// SPDX-License-Identifier: Apache-2.0
// Reductions (analysis/reductions.h): the update forms recognised and the
// ones that are no reduction; the dependences between updates marked; a loop
// that carries only those runs in parallel as a reduction (OpenMP's
// reduction clause, one element of an array as a section; Halide in chunks
// with a partial result each),
// and gives the original's results within the stated tolerance, also with
// every parallel loop run backwards. Loops that carry any other dependence,
// or whose updates reach different elements inside the loop, stay refused.
#include <QtTest>

#include "analysis/reductions.h"
#include "tag_command_test_support.h"

using namespace loopscape;
using namespace loopscape::tagtest;

namespace {

// One loop over x with `body` as its only statement after `init`.
std::string one_update(const std::string& init, const std::string& body) {
  return "#include <math.h>\n"
         "#define N 64\n"
         "void kernel(double x[N], double y[N], double out[1]) {\n"
         "  int i;\n"
         "  double s;\n"
         "#pragma scop\n"
         "  " + init + "\n"
         "  for (i = 1; i < N; i++)\n"
         "    " + body + "\n"
         "  out[0] = s;\n"
         "#pragma endscop\n"
         "}\n";
}

// A sum, a maximum under a condition on data, and row sums into y[i].
const std::string kThreeReductions =
    "#define N 64\n"
    "#define M 12\n"
    "void kernel(double a[M][N], double x[N], double y[M], double out[2]) {\n"
    "  int i, j;\n"
    "  double s, m;\n"
    "#pragma scop\n"
    "  s = 0.0;\n"
    "  for (i = 0; i < N; i++)\n"
    "    s += x[i] * 0.1;\n"
    "  m = x[0];\n"
    "  for (i = 1; i < N; i++)\n"
    "    if (x[i] > m) m = x[i];\n"
    "  for (i = 0; i < M; i++) {\n"
    "    y[i] = 0.0;\n"
    "    for (j = 0; j < N; j++)\n"
    "      y[i] = y[i] + a[i][j] * x[j];\n"
    "  }\n"
    "  out[0] = s;\n"
    "  out[1] = m;\n"
    "#pragma endscop\n"
    "}\n";

const std::vector<std::string> kParallelReductions = {"S1.parallelize(i)", "S3.parallelize(i)",
                                                      "S5.parallelize(j)"};

isl::schedule apply_script(const Kernel& k, const std::vector<std::string>& calls) {
  return testing::apply_all(*k.loaded, calls);
}

}  // namespace

class TestReductions : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void updateForms_data() {
    QTest::addColumn<QString>("init");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("expected");  // "sum", "product", "max", "min" or "none"
    QTest::newRow("+=") << "s = 0.;" << "s += x[i];" << "sum";
    QTest::newRow("-=") << "s = 0.;" << "s -= x[i] * y[i];" << "sum";
    QTest::newRow("s = s + e") << "s = 0.;" << "s = s + x[i];" << "sum";
    QTest::newRow("s = e + s") << "s = 0.;" << "s = x[i] * 2. + s;" << "sum";
    QTest::newRow("chain of + and -") << "s = 0.;" << "s = x[i] + s - y[i];" << "sum";
    QTest::newRow("*=") << "s = 1.;" << "s *= x[i];" << "product";
    QTest::newRow("s = e * s") << "s = 1.;" << "s = x[i] * s;" << "product";
    QTest::newRow("if (e > s) s = e") << "s = x[0];" << "if (x[i] > s) s = x[i];" << "max";
    QTest::newRow("if (s < e) s = e") << "s = x[0];" << "if (s < x[i]) s = x[i];" << "max";
    QTest::newRow("if (e < s) s = e") << "s = x[0];" << "if (x[i] < s) s = x[i];" << "min";
    QTest::newRow("fmax") << "s = x[0];" << "s = fmax(s, x[i]);" << "max";
    QTest::newRow("fmin") << "s = x[0];" << "s = fmin(x[i], s);" << "min";
    QTest::newRow("s < e ? e : s") << "s = x[0];" << "s = s < x[i] ? x[i] : s;" << "max";
    QTest::newRow("s < e ? s : e") << "s = x[0];" << "s = s < x[i] ? s : x[i];" << "min";
    QTest::newRow("guarded sum") << "s = 0.;" << "if (x[i] > 0.) s += x[i];" << "sum";
    QTest::newRow("array element") << "s = 0.;" << "y[0] += x[i];" << "sum";
    // No reductions: the rest reads the target, or the target is subtracted.
    QTest::newRow("s = s * 2 + e") << "s = 0.;" << "s = s * 2. + x[i];" << "none";
    QTest::newRow("s = e - s") << "s = 0.;" << "s = x[i] - s;" << "none";
    QTest::newRow("s = s + s") << "s = 1.;" << "s = s + s;" << "none";
    QTest::newRow("guard reads s") << "s = 0.;" << "if (s < 10.) s += x[i];" << "none";
    QTest::newRow("other element") << "s = 0.;" << "y[i] += y[i - 1];" << "none";
    QTest::newRow("max with another value") << "s = x[0];" << "if (x[i] > s) s = y[i];" << "none";
  }
  void updateForms() {
    QFETCH(QString, init);
    QFETCH(QString, body);
    QFETCH(QString, expected);
    const Kernel k = load_kernel(one_update(init.toStdString(), body.toStdString()));
    const Statement& update = k.program().statements.at(1);
    const std::optional<Reduction> r = statement_reduction(update);
    QCOMPARE(QString::fromStdString(r ? reduction_operator_name(r->op) : "none"), expected);
    // The dependences between updates say so exactly when it is one.
    bool marked = false;
    for (const Dependence& d : k.dependences().list)
      if (d.source_statement == update.name && d.sink_statement == update.name && d.array == update.target->text)
        marked = marked || d.reduction;
    QCOMPARE(marked, r.has_value());
  }

  void onlyDependencesBetweenUpdatesAreReductions() {
    const Kernel k = load_kernel(kThreeReductions);
    for (const Dependence& d : k.dependences().list) {
      const bool between_updates = d.source_statement == d.sink_statement &&
                                   (d.source_statement == "S1" || d.source_statement == "S3" ||
                                    d.source_statement == "S5");
      QVERIFY2(d.reduction == between_updates,
               (d.source_statement + " -> " + d.sink_statement + " on " + d.array).c_str());
    }
  }

  void reductionLoopsRunInParallel() {
    const Kernel k = load_kernel(kThreeReductions);
    CommandOutcome last;
    const isl::schedule s = testing::apply_all(*k.loaded, kParallelReductions, &last);
    const LegalityReport report = legality(k, s);
    QVERIFY2(report.legal(), report.summary().c_str());
    QVERIFY2(last.description.find("as a reduction of y") != std::string::npos, last.description.c_str());
    QVERIFY2(last.description.find("may differ in its last bits") != std::string::npos, last.description.c_str());
    const std::string max_note = apply(k, k.original(), "S3", "parallelize", {"i"}).description;
    QVERIFY2(max_note.find("the same in any order") != std::string::npos, max_note.c_str());
    const std::string code = openmp(k, s);
    for (const char* clause : {"#pragma omp parallel for reduction(+: s)", "#pragma omp parallel for reduction(max: m)",
                               "#pragma omp parallel for reduction(+: y[i:1])"})
      QVERIFY2(code.find(clause) != std::string::npos, (clause + std::string(" in\n") + code).c_str());
    const VerifyResult r = run_and_compare(k, s);
    QVERIFY2(r.equal(), r.message.c_str());
    QVERIFY2(r.message.find("float within a relative") != std::string::npos, r.message.c_str());
  }

  void reversedReductionLoopsGiveTheSameResults() {
    const Kernel k = load_kernel(kThreeReductions);
    const isl::schedule s = apply_script(k, kParallelReductions);
    CodegenOptions o;
    o.auto_parallel = false;
    o.reverse_parallel_loops = true;
    const GeneratedCode g = generate(k.program(), s, k.dependences().all(), "openmp", o);
    QVERIFY2(g.text.find("for (int j = 63; j >= 0; j--)") != std::string::npos, g.text.c_str());
    const VerifyResult r = run_reversed_and_compare(k, s);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // Halide runs each loop in parallel chunks of iterations, each with its own
  // partial result (s.partial[chunk], m.partial[chunk], y.partial[chunk] for
  // y[i]), combined in chunk order after them.
  void halideRunsTheReductionLoopsInParallelChunks() {
    const Kernel k = load_kernel(kThreeReductions);
    const isl::schedule s = apply_script(k, kParallelReductions);
    const GeneratedCode stmt = generate(k.program(), s, k.dependences().all(), "halide-stmt");
    for (const char* partial : {"s.partial", "m.partial", "y.partial"})
      QVERIFY2(stmt.text.find(partial) != std::string::npos, stmt.text.c_str());
    QVERIFY2(stmt.text.find("parallel (i.chunk") != std::string::npos, stmt.text.c_str());
    QVERIFY2(stmt.text.find("parallel (j.chunk") != std::string::npos, stmt.text.c_str());
    const VerifyResult r = run_halide_and_compare(k, s);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
  }

  // gpu says how the threads run the reduction of y[i] over j.
  void gpuSaysTheThreadsUpdateAtomically() {
    const Kernel k = load_kernel(kThreeReductions);
    const CommandOutcome out = apply(k, k.original(), "S5", "gpu", {"i", "j"});
    QVERIFY2(out.description.find("as a reduction of y: the GPU threads of j update it atomically") != std::string::npos,
             out.description.c_str());
  }

  // Halide's GPU loops cannot run a reduction (no atomic updates there): refused, with the cuda target named.
  void halideRefusesAReductionOverAGpuLoop() {
    const Kernel k = load_kernel(kThreeReductions);
    const isl::schedule s = apply_script(k, {"S5.gpu(i, j)"});
    QVERIFY(legality(k, s).legal());
    try {
      generate(k.program(), s, k.dependences().all(), "halide-stmt");
      QFAIL("lowered a reduction over a GPU loop");
    } catch (const InputError& e) {
      QVERIFY2(std::string(e.what()).find("use the cuda target") != std::string::npos, e.what());
    }
  }

  // A loop that also carries a dependence of another kind stays sequential:
  // the prefix sum writes its running total into b[i].
  void aRunningTotalIsRefusedWithItsOwnDependence() {
    const Kernel k = load_kernel(
        "#define N 64\n"
        "void kernel(double x[N], double b[N]) {\n"
        "  int i;\n"
        "  double s;\n"
        "#pragma scop\n"
        "  s = 0.;\n"
        "  for (i = 0; i < N; i++) {\n"
        "    s += x[i];\n"
        "    b[i] = s;\n"
        "  }\n"
        "#pragma endscop\n"
        "}\n");
    const CommandOutcome out = apply(k, k.original(), "S1", "parallelize", {"i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(int(report.tag_violations.size()), 1);
    const TagViolation& v = report.tag_violations.front();
    QVERIFY2(!k.dependences().list.at(std::size_t(v.carried.front().dependence)).reduction, v.explanation.c_str());
    QVERIFY2(v.explanation.find("(reduction):") == std::string::npos, v.explanation.c_str());
    QVERIFY2(v.explanation.find("S2 reads s between its updates in the loop: a running total, not a reduction") !=
                 std::string::npos,
             v.explanation.c_str());
  }

  // Updates of a[i + j] reach different elements inside the parallel loop i:
  // no thread could keep one private partial result for them.
  void updatesOfDifferentElementsAreRefused() {
    const Kernel k = load_kernel(
        "#define N 16\n"
        "void kernel(double a[2 * N], double b[N]) {\n"
        "  int i, j;\n"
        "#pragma scop\n"
        "  for (i = 0; i < N; i++)\n"
        "    for (j = 0; j < N; j++)\n"
        "      a[i + j] += b[j];\n"
        "#pragma endscop\n"
        "}\n");
    QVERIFY(statement_reduction(k.program().statements.at(0)).has_value());
    const CommandOutcome out = apply(k, k.original(), "S0", "parallelize", {"i"});
    const LegalityReport report = legality(k, out.schedule);
    QVERIFY(!report.legal());
    QCOMPARE(int(report.tag_violations.size()), 1);
    QVERIFY2(report.tag_violations.front().explanation.find("reach different elements inside the loop") !=
                 std::string::npos,
             report.tag_violations.front().explanation.c_str());
    // Inside i, the iterations of j update different elements: j carries
    // nothing, runs in parallel, and needs no reduction clause.
    const CommandOutcome inner = apply(k, k.original(), "S0", "parallelize", {"j"});
    QVERIFY(legality(k, inner.schedule).legal());
    const std::string code = openmp(k, inner.schedule);
    QVERIFY2(code.find("#pragma omp parallel for\n") != std::string::npos, code.c_str());
    QVERIFY2(code.find("reduction") == std::string::npos, code.c_str());
    const VerifyResult r = run_and_compare(k, inner.schedule);
    QVERIFY2(r.equal(), r.message.c_str());
  }

  // Tags that run iterations at the same instant (vector lanes, GPU threads)
  // keep refusing a loop that carries a reduction.
  void vectorTagsStillRefuseReductions() {
    const Kernel k = load_kernel(one_update("s = 0.;", "s += x[i];"));
    const CommandOutcome out = apply(k, k.original(), "S1", "vectorize", {"i", "4"});
    QVERIFY(!legality(k, out.schedule).legal());
  }
};

QTEST_APPLESS_MAIN(TestReductions)
#include "test_reductions.moc"

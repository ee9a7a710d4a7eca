// SPDX-License-Identifier: Apache-2.0
// lappy's lazy arrays (api/lappy.h): spec 001's two examples in its three
// modes (fused, pin, pin_cse) give the instructions and loop domains the spec
// shows and compute equal values; every API element legal and malformed;
// lappy kernels against the same kernels written in C (same model, same
// dependences, same code); generated code compiled and run against the
// original.
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>
#include <optional>
#include <random>

#include "api/lappy.h"
#include "golden.h"
#include "lappy/lowering.h"
#include "lappy/set_expression.h"
#include "program_compare.h"
#include "sample_build.h"
#include "session/script.h"

#define LOOPSCAPE_SAMPLE_NO_MAIN
#include "../samples/lappy_diamond.cpp"
#include "../samples/lappy_outer.cpp"

using loopscape::Access;
using loopscape::CompileOptions;
using loopscape::InputError;
using loopscape::LoadedProgram;
using loopscape::Session;
using loopscape::Statement;
using namespace loopscape::testing;

namespace {

// The spec's examples, by name: "outer" or "diamond", and mode.
program example(const QString& name, const QString& mode) {
  return name == "outer" ? lappy_outer(mode.toStdString()) : lappy_diamond(mode.toStdString());
}

// "" when statement `name` of `l` has this domain and these accesses
// ("W:{ S[i] -> A[i] }" / "R:..."; relations are compared on the domain).
std::string statement_difference(const LoadedProgram& l, const std::string& name, const std::string& domain,
                                 const std::vector<std::string>& accesses) {
  const Statement* s = l.program.find_statement(name);
  if (!s) return "no statement " + name;
  isl::ctx ctx = l.program.ctx();
  const isl::set d(ctx, domain);
  if (!isl::set(ctx, text_of(s->domain)).is_equal(d)) return name + ": domain " + text_of(s->domain);
  if (s->accesses.size() != accesses.size()) return name + ": " + std::to_string(s->accesses.size()) + " accesses";
  for (std::size_t k = 0; k < accesses.size(); ++k) {
    const Access& a = s->accesses[k];
    const bool write = accesses[k].substr(0, 2) == "W:";
    const isl::map expected = isl::map(ctx, accesses[k].substr(2)).intersect_domain(d);
    if (write != (a.kind == Access::Kind::Write) || !isl::map(ctx, text_of(a.relation)).is_equal(expected))
      return name + ": access " + std::to_string(k) + " is " + text_of(a.relation);
  }
  return "";
}

std::string names_of(const LoadedProgram& l) {
  std::string s;
  for (const Statement& st : l.program.statements) s += (s.empty() ? "" : " ") + st.name;
  return s;
}

// "" when what `b`'s C rendering computes equals what `a`'s does (same signature).
std::string same_values(const program& a, const program& b, const std::string& n = "23") {
  loopscape::RunnerOptions options;
  options.parameters = {{"n", n}, {"m", "17"}, {"p", "11"}};
  const LoadedProgram original = a.load();
  const loopscape::VerifyResult r = loopscape::verify_equivalence(original.program, b.c_source(), options);
  if (!r.equal()) return to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log;
  if (r.values_compared == 0) return "no values compared";
  return "";
}

LoadedProgram load_c(const std::string& name) {
  return loopscape::load_program(LOOPSCAPE_TEST_DATA "/lappy/" + name, CompileOptions{});
}

}  // namespace

#define EXPECT_ERROR(WORK, PART, LINE)                                             \
  do {                                                                             \
    const std::optional<InputError> e_ = error_of([&] { WORK; });                  \
    QVERIFY2(e_.has_value(), "no error");                                          \
    QVERIFY2(contains(e_->what(), PART), e_->what());                              \
    QVERIFY2(contains(e_->where().file, "test_lappy.cpp"), e_->what());            \
    QCOMPARE(e_->where().line, static_cast<unsigned>(LINE));                       \
  } while (false)

class TestLappy : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // ------------------------------------------------------------ spec 001's examples

  void outerOfSinAndCos_data() { modes(); }
  void outerOfSinAndCos() {
    QFETCH(QString, mode);
    const program c = lappy_outer(mode.toStdString());
    const LoadedProgram l = c.load();
    const std::string both = "[n] -> { %s[i, j] : 0 <= i < n and 0 <= j < n }";
    auto over_ij = [&](const char* name) { return QString::asprintf(both.c_str(), name).toStdString(); };
    if (mode == "fused") {
      // for i, j: c[i, j] = sin(i) * cos(j)
      QCOMPARE(QString::fromStdString(c.instructions()), QString("for i, j\n  c[i, j] = sin(i) * cos(j)\nend\n"));
      QCOMPARE(QString::fromStdString(names_of(l)), QString("c"));
      QCOMPARE(QString::fromStdString(statement_difference(l, "c", over_ij("c"), {"W:[n] -> { c[i, j] -> c[i, j] }"})),
               QString());
    } else if (mode == "pin") {
      // k computed inside c's loops, the loop domain unchanged.
      QCOMPARE(QString::fromStdString(c.instructions()),
               QString("for i, j\n  <> k[j] = j  {id=k}\n  c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}\nend\n"));
      QCOMPARE(QString::fromStdString(names_of(l)), QString("k c"));
      QCOMPARE(QString::fromStdString(statement_difference(l, "k", over_ij("k"), {"W:[n] -> { k[i, j] -> k[j] }"})),
               QString());
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "c", over_ij("c"),
                   {"W:[n] -> { c[i, j] -> c[i, j] }", "R:[n] -> { c[i, j] -> k[i] }", "R:[n] -> { c[i, j] -> k[j] }"})),
               QString());
      QCOMPARE(l.program.statements[0].loops[1].id, l.program.statements[1].loops[1].id);  // one loop nest
    } else {
      // k in loops of its own (duplicated inames), computed once.
      QCOMPARE(QString::fromStdString(c.instructions()),
               QString("for i_dup\n  <> k[i_dup] = i_dup  {id=k}\nend\n\n"
                       "for i, j\n  c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}\nend\n"));
      QCOMPARE(QString::fromStdString(names_of(l)), QString("k c"));
      QCOMPARE(QString::fromStdString(statement_difference(l, "k", "[n] -> { k[i_dup] : 0 <= i_dup < n }",
                                                           {"W:[n] -> { k[i_dup] -> k[i_dup] }"})),
               QString());
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "c", over_ij("c"),
                   {"W:[n] -> { c[i, j] -> c[i, j] }", "R:[n] -> { c[i, j] -> k[i] }", "R:[n] -> { c[i, j] -> k[j] }"})),
               QString());
      QVERIFY(l.program.statements[0].position[0] != l.program.statements[1].position[0]);  // two nests
    }
    const QString domain = mode == "cse" ? "OR(AND({ 0 <= i < n }, { 0 <= j < n }), { 0 <= i_dup < n })"
                                         : "AND({ 0 <= i < n }, { 0 <= j < n })";
    QCOMPARE(QString::fromStdString(c.domain_expression()), domain);
  }

  void diamond_data() { modes(); }
  void diamond() {
    QFETCH(QString, mode);
    const program c = lappy_diamond(mode.toStdString());
    const LoadedProgram l = c.load();
    const std::string ij = "0 <= i < n and 0 <= j < n";
    if (mode == "fused") {
      // The matrix-vector product twice inside c's instruction, each reduction realised in c's loops.
      QCOMPARE(QString::fromStdString(c.instructions()),
               QString("for i, j\n  c[i, j] = sin(sum([k], A[i, k] * x[k])) * cos(sum([l], A[j, l] * x[l]))\nend\n"));
      QCOMPARE(QString::fromStdString(names_of(l)), QString("c_sum_init c_sum c_sum_1_init c_sum_1 c"));
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "c_sum", "[n] -> { c_sum[i, j, k] : " + ij + " and 0 <= k < n }",
                   {"W:[n] -> { c_sum[i, j, k] -> c_sum[i, j] }", "R:[n] -> { c_sum[i, j, k] -> c_sum[i, j] }",
                    "R:[n] -> { c_sum[i, j, k] -> A[i, k] }", "R:[n] -> { c_sum[i, j, k] -> x[k] }"})),
               QString());
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "c_sum_1", "[n] -> { c_sum_1[i, j, l] : " + ij + " and 0 <= l < n }",
                   {"W:[n] -> { c_sum_1[i, j, l] -> c_sum_1[i, j] }", "R:[n] -> { c_sum_1[i, j, l] -> c_sum_1[i, j] }",
                    "R:[n] -> { c_sum_1[i, j, l] -> A[j, l] }", "R:[n] -> { c_sum_1[i, j, l] -> x[l] }"})),
               QString());
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "c", "[n] -> { c[i, j] : " + ij + " }",
                   {"W:[n] -> { c[i, j] -> c[i, j] }", "R:[n] -> { c[i, j] -> c_sum[i, j] }",
                    "R:[n] -> { c[i, j] -> c_sum_1[i, j] }"})),
               QString());
      QCOMPARE(QString::fromStdString(c.domain_expression()),
               QString("AND({ 0 <= i < n }, { 0 <= j < n }, { 0 <= k < n }, { 0 <= l < n })"));
    } else if (mode == "pin") {
      QCOMPARE(QString::fromStdString(c.instructions()),
               QString("for i, j\n  <> k[j] = sum([l], A[j, l] * x[l])  {id=k}\n"
                       "  c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}\nend\n"));
      QCOMPARE(QString::fromStdString(names_of(l)), QString("k_init k c"));
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "k", "[n] -> { k[i, j, l] : " + ij + " and 0 <= l < n }",
                   {"W:[n] -> { k[i, j, l] -> k[j] }", "R:[n] -> { k[i, j, l] -> k[j] }",
                    "R:[n] -> { k[i, j, l] -> A[j, l] }", "R:[n] -> { k[i, j, l] -> x[l] }"})),
               QString());
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "c", "[n] -> { c[i, j] : " + ij + " }",
                   {"W:[n] -> { c[i, j] -> c[i, j] }", "R:[n] -> { c[i, j] -> k[i] }", "R:[n] -> { c[i, j] -> k[j] }"})),
               QString());
      QCOMPARE(QString::fromStdString(c.domain_expression()),
               QString("AND({ 0 <= i < n }, { 0 <= j < n }, { 0 <= l < n })"));
    } else {
      QCOMPARE(QString::fromStdString(c.instructions()),
               QString("for i_dup\n  <> k[i_dup] = sum([l], A[i_dup, l] * x[l])  {id=k}\nend\n\n"
                       "for i, j\n  c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}\nend\n"));
      QCOMPARE(QString::fromStdString(names_of(l)), QString("k_init k c"));
      QCOMPARE(QString::fromStdString(statement_difference(
                   l, "k", "[n] -> { k[i_dup, l] : 0 <= i_dup < n and 0 <= l < n }",
                   {"W:[n] -> { k[i_dup, l] -> k[i_dup] }", "R:[n] -> { k[i_dup, l] -> k[i_dup] }",
                    "R:[n] -> { k[i_dup, l] -> A[i_dup, l] }", "R:[n] -> { k[i_dup, l] -> x[l] }"})),
               QString());
      QCOMPARE(QString::fromStdString(c.domain_expression()),
               QString("OR(AND({ 0 <= i < n }, { 0 <= j < n }), AND({ 0 <= i_dup < n }, { 0 <= l < n }))"));
    }
  }

  // The trees drawn as the spec draws them.
  void domainTreesAreDrawnAsTheSpecDraws() {
    QCOMPARE(QString::fromStdString(lappy_outer("pin").domain_tree()),
             QString("                AND\n"
                     "       /-------/  \\-------\\\n"
                     "       |                  |\n"
                     "{ 0 <= i < n }     { 0 <= j < n }\n"));
    QCOMPARE(QString::fromStdString(lappy_outer("cse").domain_tree()),
             QString("                               OR\n"
                     "                 /------------/ \\--------------\\\n"
                     "                 |                             |\n"
                     "                AND                   { 0 <= i_dup < n }\n"
                     "       /-------/  \\-------\\\n"
                     "       |                  |\n"
                     "{ 0 <= i < n }     { 0 <= j < n }\n"));
  }

  // Each statement carries the tree, and its isl domain is the AND of its inames' pieces.
  void everyInstructionEndsAsAnIslSet_data() { examples(); }
  void everyInstructionEndsAsAnIslSet() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    const program c = example(name, mode);
    const LoadedProgram l = c.load();
    const auto& domain = c.data().domain;
    for (const Statement& s : l.program.statements) {
      QCOMPARE(QString::fromStdString(s.domain_description), QString::fromStdString(c.domain_tree()));
      const std::string text = loopscape::lappy::detail::isl_text(domain, l.program.parameters, s.name, s.iterators());
      QVERIFY2(isl::set(l.program.ctx(), text).is_equal(s.domain), text.c_str());
    }
  }

  // Pinned and CSE'd, the examples compute what the fused ones compute.
  void modesComputeEqualValues_data() { examples(); }
  void modesComputeEqualValues() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    QCOMPARE(QString::fromStdString(same_values(example(name, "fused"), example(name, mode))), QString());
  }

  // pin_cse() gives what evaluating k separately and passing it in gives.
  void cseEqualsEvaluatingSeparately() {
    Unsigned n("n");
    ndarray k = arange(n);
    const program separate_k = k.eval("k");
    ndarray given("k_given", "n", dtype::int32);
    const program consumer = outer(sin(given), cos(given)).eval("c_sep");
    const std::string both = separate_k.c_source() + consumer.c_source() +
                             "void c_kernel(int n, double c[n][n]) {\n  int k[n];\n  k_kernel(n, k);\n"
                             "  c_sep_kernel(n, k, c);\n}\n";
    loopscape::RunnerOptions options;
    options.parameters = {{"n", "31"}};
    const loopscape::VerifyResult r =
        loopscape::verify_equivalence(lappy_outer("cse").load().program, both, options);
    QVERIFY2(r.equal(), (r.message + "\n" + r.log).c_str());
    QVERIFY(r.values_compared >= 31 * 31);
  }

  void generatedCodeComputesWhatTheOriginalComputes_data() { examples(); }
  void generatedCodeComputesWhatTheOriginalComputes() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    program c = example(name, mode);
    for (const std::string target : {"c", "openmp"})
      QCOMPARE(QString::fromStdString(run_against_original(c.session(), target, {{"n", "37"}})), QString());
    // Scheduled by the engine's commands (interchanging a pinned nest is refused: see below).
    loopscape::apply(c.session(), mode == "cse"   ? "c.tile(i, j, 8, 8, i0, j0, i1, j1)"
                                  : mode == "pin" ? "c.split(j, 4, j0, j1)"
                                                  : "c.interchange(i, j)");
    for (const std::string target : {"c", "openmp"})
      QCOMPARE(QString::fromStdString(run_against_original(c.session(), target, {{"n", "37"}})), QString());
  }

  // A pinned temporary is shared by the iterations of i: running them in
  // parallel, or j outside i, is refused; the CSE's nest may run in parallel.
  void legalityCheckGuardsThePinnedTemporary() {
    for (const char* command : {"c.parallelize(i)", "c.interchange(i, j)"}) {
      program c = lappy_outer("pin");
      bool refused = false;
      try {
        loopscape::apply(c.session(), command);
      } catch (const loopscape::CommandRefused& e) {
        refused = e.refusal().kind == loopscape::Refusal::Kind::Illegal;
      }
      QVERIFY2(refused, command);
      QCOMPARE(c.session().history().size(), std::size_t(0));
    }
    program d = lappy_outer("cse");
    loopscape::apply(d.session(), "c.parallelize(i)");
    QCOMPARE(QString::fromStdString(run_against_original(d.session(), "openmp", {{"n", "41"}})), QString());
  }

  // The C rendering: read back by the C front-end as the same model; golden files.
  void renderingReadsBackAsTheSameModel_data() { examples(); }
  void renderingReadsBackAsTheSameModel() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    const LoadedProgram cpp = example(name, mode).load();
    const LoadedProgram c = loopscape::load_program_source(cpp.program.source_text, cpp.program.file, CompileOptions{});
    QCOMPARE(QString::fromStdString(model_difference(cpp, c)), QString());
  }

  void goldenRenderings_data() { examples(); }
  void goldenRenderings() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    LOOPSCAPE_COMPARE_GOLDEN("lappy/" + name.toStdString() + "_" + mode.toStdString() + ".c",
                             example(name, mode).c_source());
  }

  // What opening a lappy program in the app needs: its C rendering and its
  // session's script give the same program, history and code through the C path.
  void renderingAndScriptReplayTheSession_data() { examples(); }
  void renderingAndScriptReplayTheSession() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    program p = example(name, mode);
    Session& lappy = p.session();
    loopscape::apply(lappy, mode == "pin" ? "c.split(j, 4, j0, j1)" : "c.tile(i, j, 8, 8, i0, j0, i1, j1)");
    QCOMPARE(QString::fromStdString(replay_difference(lappy)), QString());
  }

  // The samples, built like a user's program, print what the API emits in process.
  void samplesPrintTheirCode_data() { examples(); }
  void samplesPrintTheirCode() {
    QFETCH(QString, name);
    QFETCH(QString, mode);
    QString out;
    QCOMPARE(run_tool(QStringLiteral(LOOPSCAPE_SAMPLE_BINARIES "/sample_lappy_") + name, {"openmp", mode}, &out), 0);
    QCOMPARE(out, QString::fromStdString(example(name, mode).code("openmp")));
  }

  // A user's build: the samples against the installed package alone (find_package(Loopscape)).
  void samplesBuildAgainstTheInstalledPackage() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QList<QPair<QString, QString>> sources;
    for (const QString name : {"outer", "diamond"})
      sources.append({name, QStringLiteral(LOOPSCAPE_SAMPLES "/lappy_") + name + ".cpp"});
    const QString failure = build_against_installed_engine(tmp.path(), sources);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QString out;
    for (const QString name : {"outer", "diamond"})
      for (const QString mode : {"fused", "pin", "cse"}) {
        QCOMPARE(run_tool(tmp.path() + "/app/build/" + name, {"c", mode}, &out), 0);
        QCOMPARE(out, QString::fromStdString(example(name, mode).code("c")));
      }
  }

  // Statements and accesses are located at the user's lines.
  void statementsAreLocatedAtTheUsersLines() {
    ndarray A("A", "n, n"), x("x", "n");
    const unsigned reduction = __LINE__; ndarray k = matmul(A, x);
    const unsigned pinned = __LINE__; k.pin("k");
    const unsigned evaluated = __LINE__; program p = sin(k).eval("c");
    const LoadedProgram l = p.load();
    const std::map<std::string, unsigned> lines = {{"k_init", reduction}, {"k", reduction}, {"c", evaluated}};
    QCOMPARE(QString::fromStdString(names_of(l)), QString("k_init k c"));
    for (const Statement& s : l.program.statements) {
      QVERIFY2(contains(s.where.file, "test_lappy.cpp"), s.where.file.c_str());
      QCOMPARE(s.where.line, lines.at(s.name));
    }
    QVERIFY(pinned > reduction);
  }

  // ------------------------------------------------------------ lappy and C versions of one kernel

  void gemmIsTheSameProgramAsItsC() {
    ndarray A("A", "n, m"), B("B", "m, p");
    program C = matmul(A, B).eval("C");
    QCOMPARE(QString::fromStdString(C.instructions()), QString("for i, j\n  C[i, j] = sum([k], A[i, k] * B[k, j])\nend\n"));
    const LoadedProgram lappy = C.load();
    const LoadedProgram c = load_c("gemm.c");
    QCOMPARE(QString::fromStdString(model_difference(lappy, c)), QString());
    QCOMPARE(QString::fromStdString(model_difference(c, lappy)), QString());
  }

  void diamondCseIsTheSameProgramAsItsC() {
    const LoadedProgram lappy = lappy_diamond("cse").load();
    const LoadedProgram c = load_c("diamond_cse.c");
    QCOMPARE(QString::fromStdString(model_difference(lappy, c)), QString());
  }

  void sameCodeAsTheC_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QStringList>("commands");
    const QStringList gemm = {"C.tile(i, j, 32, 32, i0, j0, i1, j1)", "C.parallelize(i0)"};
    const QStringList diamond = {"c.interchange(i, j)", "k.parallelize(i_dup)"};
    for (const char* target : {"c", "openmp", "tree", "isl-ast", "mpi", "hls", "cuda", "halide"}) {
      QTest::newRow(qPrintable(QString("gemm original ") + target)) << "gemm" << target << QStringList();
      QTest::newRow(qPrintable(QString("gemm tiled ") + target)) << "gemm" << target << gemm;
      QTest::newRow(qPrintable(QString("diamond original ") + target)) << "diamond_cse" << target << QStringList();
      QTest::newRow(qPrintable(QString("diamond scheduled ") + target)) << "diamond_cse" << target << diamond;
    }
  }
  void sameCodeAsTheC() {
    QFETCH(QString, kernel);
    QFETCH(QString, target);
    QFETCH(QStringList, commands);
    ndarray A("A", "n, m"), B("B", "m, p");
    program p = kernel == "gemm" ? matmul(A, B).eval("C") : lappy_diamond("cse");
    Session& lappy = p.session();
    Session c(load_c(kernel.toStdString() + ".c"));
    for (const QString& line : commands) {
      loopscape::apply(lappy, line.toStdString());
      loopscape::apply(c, line.toStdString());
    }
    QCOMPARE(QString::fromStdString(code_difference(lappy, c, target.toStdString())), QString());
  }

  // ------------------------------------------------------------ every element, legal

  void everyElementBuildsAndRuns_data() {
    QTest::addColumn<QString>("element");
    for (const char* e : {"arithmetic", "math", "matvec", "vecmat", "matmat", "dot", "sum0", "sum1", "sumlast",
                          "sumall", "transpose2", "transpose3", "int", "float32", "nested", "pin_in_reduction",
                          "cse_of_cse", "pinned_scalar", "cse_scalar", "pin_in_pin", "extents"})
      QTest::newRow(e) << e;
  }
  void everyElementBuildsAndRuns() {
    QFETCH(QString, element);
    program p = element_program(element);
    QVERIFY(!p.instructions().empty());
    for (const std::string target : {"c", "openmp"})
      QCOMPARE(QString::fromStdString(run_against_original(p.session(), target, {{"n", "13"}, {"m", "7"}})),
               QString());
  }

  // Equal values from different formulations: the lowering means what numpy means.
  void identitiesHold() {
    ndarray A("A", "n, m"), B("B", "m, p"), x("x", "m"), y("y", "m"), a("a", "n"), b("b", "m");
    QCOMPARE(QString::fromStdString(same_values(matmul(A, B).T().eval("r"), matmul(B.T(), A.T()).eval("r"))), QString());
    QCOMPARE(QString::fromStdString(same_values(dot(x, y).eval("r"), sum(x * y).eval("r"))), QString());
    QCOMPARE(QString::fromStdString(same_values(sum(outer(a, b), 1).eval("r"), (a * sum(b)).eval("r"))), QString());
    QCOMPARE(QString::fromStdString(same_values(sum(outer(a, b), 0).eval("r"), (b * sum(a)).eval("r"))), QString());
    QCOMPARE(QString::fromStdString(same_values(matmul(x, B).eval("r"), matmul(B.T(), x).eval("r"))), QString());
    QCOMPARE(QString::fromStdString(same_values(transpose(A.T()).eval("r"), (A + 0.0).eval("r"))), QString());
    QCOMPARE(QString::fromStdString(same_values((A - A).eval("r"), (0.0 * A).eval("r"))), QString());
  }

  // Random expressions (shared subexpressions, reductions, transposes,
  // broadcasts), each node fused, pinned or a CSE at random: the same values
  // as everything fused, or (for a pin) a refusal that says to use pin_cse().
  void randomExpressionsComputeTheSameInEveryMode() {
    int compared = 0;
    for (unsigned seed = 1; seed <= 12; ++seed) {
      const program fused = random_program(seed, false);
      std::optional<program> kept;
      const std::optional<InputError> e = error_of([&] { kept.emplace(random_program(seed, true)); });
      if (e) {
        QVERIFY2(contains(e->what(), "use pin_cse()") || contains(e->what(), "make it a CSE with pin_cse()"), e->what());
        continue;
      }
      QCOMPARE(QString::fromStdString(same_values(fused, *kept, "9")), QString());
      QVERIFY2(kept->instructions() != fused.instructions() || seed_keeps_nothing_, qPrintable(QString::number(seed)));
      ++compared;
    }
    qInfo("%d of 12 random programs compared with everything fused, the others refused by pin()", compared);
    QVERIFY(compared >= 8);
  }

  // Labels name inames and stay with their axes through transposes.
  void labelsFollowTheirAxes() {
    Unsigned n("n"), m("m");
    ndarray u = arange(n).label(0, "p"), v = arange(m).label(0, "q");
    ndarray B = outer(sin(u), cos(v));
    QCOMPARE(B.labels(), (std::vector<std::string>{"p", "q"}));
    program t = B.T().eval("t");
    QCOMPARE(QString::fromStdString(t.instructions()), QString("for q, p\n  t[q, p] = sin(p) * cos(q)\nend\n"));
    QCOMPARE(QString::fromStdString(t.domain_expression()), QString("AND({ 0 <= q < m }, { 0 <= p < n })"));
    B.pin_cse("B");
    program s = (B.T() * 2.0).eval("s");
    QCOMPARE(QString::fromStdString(s.instructions()),
             QString("for p_dup, q_dup\n  <> B[p_dup, q_dup] = sin(p_dup) * cos(q_dup)  {id=B}\nend\n\n"
                     "for q, p\n  s[q, p] = B[p, q] * 2.0  {dep=B}\nend\n"));
    ndarray C("C", "n, m");
    program r = sum(C.label(1, "red"), 1).eval("r");
    QCOMPARE(QString::fromStdString(r.instructions()), QString("for i\n  r[i] = sum([red], C[i, red])\nend\n"));
    QCOMPARE(QString::fromStdString(same_values(t, outer(cos(arange(m)), sin(arange(n))).eval("t"))), QString());
  }

  void shapesAndTypes() {
    Unsigned n("n");
    ndarray A("A", "n, 2*n + 1", dtype::float32);
    QCOMPARE(A.ndim(), 2);
    QCOMPARE(QString::fromStdString(A.shape_str()), QString("(n, 2 * n + 1)"));
    QVERIFY(A.type() == dtype::float32);
    QVERIFY(sin(A).type() == dtype::float32);
    QVERIFY(arange(n).type() == dtype::int32);
    QVERIFY((arange(n) * 0.5).type() == dtype::float64);
    QCOMPARE(sum(A, 1).ndim(), 1);
    QCOMPARE(QString::fromStdString(matmul(A.T(), A).shape_str()), QString("(2 * n + 1, 2 * n + 1)"));
    QVERIFY(contains(sin(A).eval("s").c_source(), "float s[n][2 * n + 1]"));
  }

  // ------------------------------------------------------------ every element, malformed

  void shapeMismatchesAreRefused() {
    ndarray a("a", "n"), b("b", "m"), A("A", "n, m");
    EXPECT_ERROR(a + b, "shape mismatch in '+': 'a' (n) and 'b' (m)", __LINE__);
    EXPECT_ERROR(multiply(A, a), "shape mismatch", __LINE__);
    EXPECT_ERROR(matmul(A, a), "shape mismatch in matmul", __LINE__);
    EXPECT_ERROR(matmul(A, ndarray(1.0)), "vectors and matrices", __LINE__);
    EXPECT_ERROR(matmul(outer(A, a), a), "vectors and matrices", __LINE__);
    EXPECT_ERROR(outer(a, ndarray(2.0)), "outer of a 0-dimensional array", __LINE__);
  }

  void shapeStringsThatDoNotParseSayWhere() {
    EXPECT_ERROR(ndarray("A", "n, +"), "does not parse at column 4: unexpected '+'", __LINE__);
    EXPECT_ERROR(ndarray("A", "n, (m"), "at column 6: expected ')'", __LINE__);
    EXPECT_ERROR(ndarray("A", "n m"), "expected ',' or the end", __LINE__);
    EXPECT_ERROR(ndarray("A", "-2"), "negative extent -2", __LINE__);
    EXPECT_ERROR(ndarray("A", "n, int"), "'int' cannot name a parameter", __LINE__);
  }

  void nonAffineExtentIsRefusedWhereItBoundsALoop() {
    Unsigned n("n"), m("m");
    const int line = __LINE__; ndarray k = arange(n * m);
    QCOMPARE(QString::fromStdString(k.shape_str()), QString("(n * m)"));  // tolerated until it bounds a loop
    EXPECT_ERROR(k.eval("c"), "the extent 'n * m' of axis 0 bounds a loop but is not affine", line);
    EXPECT_ERROR(arange(extent(1.5)), "no integer expression", __LINE__);
    const int input_line = __LINE__; ndarray A("A", "n, n * n");
    EXPECT_ERROR(sin(A).eval("c"), "is not affine: it multiplies two non-constant values", input_line);
  }

  void wrongAxesAreRefused() {
    ndarray A("A", "n, m");
    EXPECT_ERROR(sum(A, 2), "sum over axis 2 of an array of shape 'A' (n, m), which has 2 axis(es) (0 to 1)", __LINE__);
    EXPECT_ERROR(sum(A, -3), "sum over axis -3", __LINE__);
    EXPECT_ERROR(sum(ndarray(1.0)), "sum of a 0-dimensional array", __LINE__);
    EXPECT_ERROR((void)A.label(2, "q"), "label of axis 2", __LINE__);
    EXPECT_ERROR((void)A.label(0, "q").label(1, "q"), "already the label of axis 0", __LINE__);
    EXPECT_ERROR((void)A.label(0, "float"), "cannot name a label", __LINE__);
    EXPECT_ERROR(transpose(A, {0, 0}), "names axis 0 twice", __LINE__);
    EXPECT_ERROR(transpose(A, {1}), "give a permutation of all its axes", __LINE__);
    EXPECT_ERROR(transpose(A, {0, 5}), "transpose with axis 5", __LINE__);
  }

  void pinningMistakesAreRefused() {
    Unsigned n("n");
    ndarray A("A", "n");
    EXPECT_ERROR(A.pin(), "pin() of input 'A'", __LINE__);
    EXPECT_ERROR(ndarray(2.0).pin_cse(), "pin_cse() of a constant", __LINE__);
    ndarray k = arange(n);
    k.pin("k");
    EXPECT_ERROR(k.pin_cse("k"), "already made a temporary by pin()", __LINE__);
    EXPECT_ERROR(sin(A).pin("2k"), "cannot name a temporary", __LINE__);
    // B[i, j] and B[j, i] both read in the loops of i and j: no one place computes B for both.
    ndarray B = outer(arange(n), arange(n));
    const int line = __LINE__; B.pin("B");
    EXPECT_ERROR((B + B.T()).eval("c"), "make it a CSE with pin_cse()", line);
    ndarray D = outer(arange(n), arange(n));
    D.pin_cse("D");
    QCOMPARE(QString::fromStdString(same_values((D + D.T()).eval("c"),
                                                (outer(arange(n), arange(n)) + outer(arange(n), arange(n)).T()).eval("c"))),
             QString());
  }

  void namingMistakesAreRefused() {
    Unsigned n("n");
    EXPECT_ERROR(Unsigned("int"), "'int' cannot name a parameter", __LINE__);
    EXPECT_ERROR(ndarray("for", "n"), "'for' cannot name a lappy array", __LINE__);
    ndarray A("A", "n");
    EXPECT_ERROR(A.eval("c"), "eval() of input 'A'", __LINE__);
    EXPECT_ERROR(sin(A).eval("1c"), "cannot name a result array", __LINE__);
    EXPECT_ERROR(sin(A).eval("A"), "the output 'A' has the name of another array", __LINE__);
    EXPECT_ERROR(sin(A).eval("n"), "the output 'n' has the name of another array or parameter", __LINE__);
    const int second = __LINE__; ndarray A2("A", "n");
    EXPECT_ERROR((A + A2).eval("c"), "two different input arrays named 'A'", second);
    const int label_line = __LINE__; ndarray L = arange(n).label(0, "n");
    EXPECT_ERROR(L.eval("c"), "label 'n' is the name of an array or parameter", label_line);
    ndarray k = sin(A);
    k.pin("A");
    EXPECT_ERROR(outer(k, k).eval("c"), "temporary 'A' has the name of another array", __LINE__ - 1);
    EXPECT_ERROR(outer(A.label(0, "p"), A.label(0, "p")).eval("c"), "both labelled 'p'", __LINE__);
  }

 private:
  static void modes() {
    QTest::addColumn<QString>("mode");
    for (const char* m : {"fused", "pin", "cse"}) QTest::newRow(m) << m;
  }

  static void examples() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("mode");
    for (const char* e : {"outer", "diamond"})
      for (const char* m : {"fused", "pin", "cse"}) QTest::newRow(qPrintable(QString(e) + " " + m)) << e << m;
  }

  // A random expression of vectors of length n; with `keep`, some of its
  // nodes pinned or made CSEs (the choices are drawn either way, so both
  // programs have the same shape).
  program random_program(unsigned seed, bool keep) {
    std::mt19937 rng(seed);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    ndarray A("A", "n, n"), x("x", "n"), y("y", "n");
    Unsigned n("n");
    std::vector<ndarray> made;
    int kept = 0;
    std::function<ndarray(int)> gen = [&](int depth) -> ndarray {
      if (!made.empty() && pick(4) == 0) return made[static_cast<std::size_t>(pick(static_cast<int>(made.size())))];
      ndarray r = x;
      const int choice = depth <= 0 ? pick(3) : 3 + pick(7);
      switch (choice) {
        case 0: return x;
        case 1: return y;
        case 2: return arange(n) * 0.1;
        case 3: r = pick(2) ? sin(gen(depth - 1)) : tanh(gen(depth - 1)); break;
        case 4: r = gen(depth - 1) + gen(depth - 1); break;
        case 5: r = gen(depth - 1) * gen(depth - 1); break;
        case 6: r = matmul(A, gen(depth - 1)) * 0.01; break;
        case 7: r = sum(outer(gen(depth - 1), gen(depth - 1)), pick(2)) * 0.01; break;
        case 8: r = sum(transpose(outer(gen(depth - 1), gen(depth - 1))), 0) * 0.01; break;
        default: r = gen(depth - 1) * sum(gen(depth - 1)) * 0.01; break;
      }
      const int mode = pick(3);
      if (keep && mode == 1) r.pin("t" + std::to_string(made.size()));
      if (keep && mode == 2) r.pin_cse("t" + std::to_string(made.size()));
      kept += mode != 0;
      made.push_back(r);
      return r;
    };
    ndarray root = pick(2) ? outer(gen(3), gen(2)) : gen(3);
    seed_keeps_nothing_ = kept == 0;
    return cos(root).eval("r");
  }
  bool seed_keeps_nothing_ = false;

  // One program for each API element.
  static program element_program(const QString& e) {
    Unsigned n("n"), m("m");
    ndarray A("A", "n, m"), B("B", "m, n"), x("x", "m"), y("y", "n");
    if (e == "arithmetic") return (2.0 * A - A / 3.0 + (-A) * A + 1).eval("r");
    if (e == "math")
      return (exp(sin(x)) + log(abs(x) + 1.0) + sqrt(abs(x)) + tanh(x) + tan(x) * cos(x)).eval("r");
    if (e == "matvec") return matmul(A, x).eval("r");
    if (e == "vecmat") return matmul(y, A).eval("r");
    if (e == "matmat") return matmul(A, B).eval("r");
    if (e == "dot") return dot(x, x).eval("r");
    if (e == "sum0") return sum(A, 0).eval("r");
    if (e == "sum1") return sum(A, 1).eval("r");
    if (e == "sumlast") return sum(outer(A, y), -1).eval("r");
    if (e == "sumall") return sum(A).eval("r");
    if (e == "transpose2") return (A.T() + B).eval("r");
    if (e == "transpose3") return transpose(outer(A, y), {2, 0, 1}).eval("r");
    if (e == "int") return (outer(arange(n), arange(m)) - 3).eval("r");
    if (e == "float32") {
      ndarray F("F", "n, m", dtype::float32);
      return sum(sin(F) * F, 1).eval("r");
    }
    if (e == "nested") return sum(matmul(A, B), 0).eval("r");
    if (e == "pin_in_reduction") {
      ndarray s = sin(x);
      s.pin("s");
      return matmul(A, s).eval("r");
    }
    if (e == "cse_of_cse") {
      ndarray k = matmul(A, x);
      k.pin_cse("k");
      ndarray k2 = outer(k, k);
      k2.pin_cse("k2");
      return sum(k2 * 0.5, 0).eval("r");
    }
    if (e == "pinned_scalar" || e == "cse_scalar") {
      ndarray s = sum(x);
      if (e == "pinned_scalar") s.pin("s");
      else s.pin_cse("s");
      return (x * s).eval("r");
    }
    if (e == "pin_in_pin") {
      ndarray s = sin(y);
      s.pin("s");
      ndarray t = s * s;
      t.pin("t");
      return outer(t, s).eval("r");
    }
    ndarray E("E", "n + 1, 2*n");
    return sum(E, 1).eval("r");
  }
};

QTEST_APPLESS_MAIN(TestLappy)
#include "test_lappy.moc"

// SPDX-License-Identifier: Apache-2.0
// Tiramisu's Layer I in the C++ API (api/tiramisu.h): every element legal and
// malformed; the C++ samples against the same kernels written in C (same
// model, same dependences, byte-identical code); the C rendering read back by
// the C front-end; generated code compiled and run against the original.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <optional>
#include <sstream>

#include "api/tiramisu.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "frontend/frontend.h"
#include "golden.h"
#include "program_compare.h"
#include "sample_build.h"
#include "runner/runner.h"
#include "session/script.h"

#define LOOPSCAPE_SAMPLE_NO_MAIN
#include "../samples/tiramisu_blur.cpp"
#include "../samples/tiramisu_gemm.cpp"
#include "../samples/tiramisu_jacobi1d.cpp"

using loopscape::Access;
using loopscape::CompileOptions;
using loopscape::GeneratedCode;
using loopscape::InputError;
using loopscape::LoadedProgram;
using loopscape::Program;
using loopscape::Session;
using loopscape::Statement;
using namespace loopscape::testing;

namespace {

LoadedProgram load_c(const std::string& name) {
  return loopscape::load_program(LOOPSCAPE_TEST_DATA "/layer1/" + name, CompileOptions{});
}

// The C rendering of `l` read back by the C front-end.
LoadedProgram reparsed(const LoadedProgram& l) {
  return loopscape::load_program_source(l.program.source_text, l.program.file, CompileOptions{});
}

}  // namespace

#define EXPECT_ERROR(WORK, PART, LINE)                                                                  \
  do {                                                                                                  \
    const std::optional<InputError> e_ = error_of([&] { WORK; });                                       \
    QVERIFY2(e_.has_value(), "no error");                                                               \
    QVERIFY2(contains(e_->what(), PART), e_->what());                                                   \
    QVERIFY2(contains(e_->where().file, "test_layer1.cpp"), e_->what());                                \
    QCOMPARE(e_->where().line, static_cast<unsigned>(LINE));                                            \
  } while (false)

class TestLayer1 : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // ------------------------------------------------------------ C++ and C versions of one kernel

  void gemmIsTheSameProgramAsItsC() {
    function gemm("gemm");
    define_gemm();
    const LoadedProgram cpp = gemm.load();
    const LoadedProgram c = load_c("gemm.c");
    QCOMPARE(QString::fromStdString(model_difference(cpp, c)), QString());
    QCOMPARE(QString::fromStdString(model_difference(c, cpp)), QString());
  }

  void jacobiIsTheSameProgramAsItsC() {
    function jacobi("jacobi1d");
    define_jacobi1d();
    const LoadedProgram cpp = jacobi.load();
    const LoadedProgram c = load_c("jacobi1d.c");
    QCOMPARE(QString::fromStdString(model_difference(cpp, c)), QString());
    // The time loop carries the flow from sA to sB, its i loops only the ones inside a step.
    bool carried_by_time = false;
    for (const auto& d : cpp.dependences.list)
      if (d.source_statement == "sA" && d.sink_statement == "sB" && d.carried_level == 1) carried_by_time = true;
    QVERIFY(carried_by_time);
  }

  void sameCodeAsTheC_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QStringList>("commands");
    const QStringList gemm = {"c1.tile(i, j, 32, 32, i0, j0, i1, j1)", "c1.parallelize(i0)"};
    const QStringList jacobi = {"sA.shift(i, 1)", "sA.after(sB, i)"};
    for (const char* target : {"c", "openmp", "tree", "isl-ast", "mpi", "hls", "cuda", "halide"}) {
      QTest::newRow(qPrintable(QString("gemm original ") + target)) << "gemm" << target << QStringList();
      QTest::newRow(qPrintable(QString("gemm tiled ") + target)) << "gemm" << target << gemm;
      QTest::newRow(qPrintable(QString("jacobi1d original ") + target)) << "jacobi1d" << target << QStringList();
      QTest::newRow(qPrintable(QString("jacobi1d fused ") + target)) << "jacobi1d" << target << jacobi;
    }
  }
  void sameCodeAsTheC() {
    QFETCH(QString, kernel);
    QFETCH(QString, target);
    QFETCH(QStringList, commands);
    function f(kernel.toStdString());
    if (kernel == "gemm") define_gemm();
    else define_jacobi1d();
    Session& cpp = f.session();
    Session c(load_c(kernel.toStdString() + ".c"));
    for (const QString& line : commands) {
      loopscape::apply(cpp, line.toStdString());
      loopscape::apply(c, line.toStdString());
    }
    QCOMPARE(QString::fromStdString(code_difference(cpp, c, target.toStdString())), QString());
  }

  // ------------------------------------------------------------ the samples

  void renderingReadsBackAsTheSameModel_data() { samples(); }
  void renderingReadsBackAsTheSameModel() {
    QFETCH(QString, sample);
    function f(sample.toStdString());
    define_sample(sample);
    const LoadedProgram cpp = f.load();
    const LoadedProgram c = reparsed(cpp);
    QCOMPARE(QString::fromStdString(model_difference(cpp, c)), QString());
  }

  // What opening a C++ program in the app needs: its C rendering and its
  // session's script give the same program, history and code through the C path.
  void renderingAndScriptReplayTheSession_data() { samples(); }
  void renderingAndScriptReplayTheSession() {
    QFETCH(QString, sample);
    function f(sample.toStdString());
    define_sample(sample);
    schedule_sample(sample, f);
    QCOMPARE(QString::fromStdString(replay_difference(f.session())), QString());
  }

  // Golden files: each sample's C rendering and its scheduled OpenMP code.
  void goldenRenderingAndCode_data() { samples(); }
  void goldenRenderingAndCode() {
    QFETCH(QString, sample);
    function f(sample.toStdString());
    define_sample(sample);
    LOOPSCAPE_COMPARE_GOLDEN("layer1/" + sample.toStdString() + ".c", f.c_source());
    schedule_sample(sample, f);
    LOOPSCAPE_COMPARE_GOLDEN("layer1/" + sample.toStdString() + ".openmp.c", f.code("openmp"));
  }

  void samplesComputeWhatTheirOriginalComputes_data() { samples(); }
  void samplesComputeWhatTheirOriginalComputes() {
    QFETCH(QString, sample);
    function f(sample.toStdString());
    define_sample(sample);
    schedule_sample(sample, f);
    for (const std::string target : {"c", "openmp"})
      QCOMPARE(QString::fromStdString(run_against_original(f.session(), target, {{"N", "37"}, {"T", "9"}})), QString());
  }

  // The MPI code runs on two ranks. (The HLS C simulation and CUDA build the
  // emitted file as C++, which takes neither the rendering's variable-length
  // array arguments nor the runner's C harness: their code is compared with
  // the C versions' byte for byte above instead.)
  void samplesRunAsMpi_data() { samples(); }
  void samplesRunAsMpi() {
    QFETCH(QString, sample);
    function f(sample.toStdString());
    define_sample(sample);
    schedule_sample(sample, f);
    const std::vector<std::pair<std::string, std::string>> sizes = {{"N", "29"}, {"M", "23"}, {"T", "5"}};
    QCOMPARE(QString::fromStdString(run_against_original(f.session(), "mpi", sizes, loopscape::mpi_runner_options(2))),
             QString());
  }

  // The sample programs, built like a user's, print what the API emits in process.
  void sampleProgramsPrintTheirCode_data() { samples(); }
  void sampleProgramsPrintTheirCode() {
    QFETCH(QString, sample);
    function f(sample.toStdString());
    define_sample(sample);
    schedule_sample(sample, f);
    QProcess p;
    p.start(QStringLiteral(LOOPSCAPE_SAMPLE_BINARIES "/sample_tiramisu_") + sample, {"openmp"});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), QString::fromStdString(f.code("openmp")));
  }

  // A user's build: the samples against the installed package alone (find_package(Loopscape)).
  void samplesBuildAgainstTheInstalledPackage() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QStringList names = {"blur", "gemm", "jacobi1d"};
    QList<QPair<QString, QString>> sources;
    for (const QString& name : names) sources.append({name, QStringLiteral(LOOPSCAPE_SAMPLES "/tiramisu_") + name + ".cpp"});
    const QString failure = build_against_installed_engine(tmp.path(), sources);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QString out;
    for (const QString& name : names) {
      function f(name.toStdString());
      define_sample(name);
      schedule_sample(name, f);
      QCOMPARE(run_tool(tmp.path() + "/app/build/" + name, {"openmp"}, &out), 0);
      QCOMPARE(out, QString::fromStdString(f.code("openmp")));
    }
  }

  void blurIsThePipelineOfTheSpec() {
    function blur("blur");
    define_blur();
    const LoadedProgram l = blur.load();
    const Program& p = l.program;
    QCOMPARE(p.statements.size(), std::size_t(3));
    QCOMPARE(QString::fromStdString(p.statements[0].source_text), QString("b1[i][j][c] = 1.5f * img[i][j][c];"));
    QCOMPARE(QString::fromStdString(p.statements[1].source_text),
             QString("buf_b2[i][j][c] = fminf(fmaxf(b1[i][j][c], 0.0f), 255.0f);"));
    QCOMPARE(QString::fromStdString(p.statements[2].source_text),
             QString("out[i][j][c] = (buf_b2[i][j - 1][c] + buf_b2[i][j][c] + buf_b2[i][j + 1][c]) / 3.0f;"));
    // One i loop around the three nests; b1's buffer is a temporary (b2 reads it), out is the result.
    QCOMPARE(p.statements[0].loops[0].id, p.statements[2].loops[0].id);
    QVERIFY(p.statements[0].loops[1].id != p.statements[1].loops[1].id);
    QVERIFY(p.find_array("b1")->temporary);
    QVERIFY(!p.find_array("out")->temporary);
    QVERIFY(!p.find_array("img")->temporary);
    // The paper's CPU schedule is legal and its rows run in parallel.
    b2_after_b1_and_parallel(blur);
    QVERIFY(contains(blur.code("openmp"), "#pragma omp parallel for"));
  }

  // ------------------------------------------------------------ every element, legal

  void everyExpressionElementBuildsAndRuns() {
    function f("elements");
    constant N("N");
    f.add_context_constraints("[N] -> { : N >= 4 }");
    var i("i", 0, N), j("j", 0, N), x(p_int32, "x");
    input A("A", {i, j}, p_float32);
    input V("V", {"q"}, {N}, p_float64);
    computation S("S", {i, j},
                  select(i < j && i != 2, cast(p_float32, i + 2 * j), sqrt(abs(A(i, j))) + sin(A(j, i)) * -A(i, i)));
    computation P("P", {i},
                  cast(p_float64, (i >= 1) || !(i == 0)) * V(N - 1 - i) + max(S(i, i), 0.5f) - pow(V(i), 2.0) +
                      exp(cos(V(i) / 4.0)) + abs(i - 3) % 5 + min(i, 7) + floor(log(abs(V(i)) + 1.0)) - ceil(tanh(V(i))));
    computation T("{ T[i, j] : 0 <= i < N and 0 <= j <= i }", P(i) + P(j) - tan(cast(p_float64, i - j)));
    const LoadedProgram l = f.load();
    const Program& p = l.program;
    QCOMPARE(QString::fromStdString(p.statements[0].source_text),
             QString("S[i][j] = i < j && i != 2 ? (float)(i + 2 * j) : sqrtf(fabsf(A[i][j])) + sinf(A[j][i]) * -A[i][i];"));
    QVERIFY(contains(p.statements[1].source_text, "(double)(i >= 1 || !(i == 0)) * V[N - 1 - i]"));
    QVERIFY(contains(p.statements[1].source_text, "fmaxf(S[i][i], 0.5f)"));
    QVERIFY(contains(p.statements[1].source_text, "(i - 3 < 0 ? -(i - 3) : i - 3) % 5"));
    QVERIFY(contains(p.statements[1].source_text, "(i < 7 ? i : 7)"));
    // The isl domain's own buffer is sized by its largest point.
    QCOMPARE(p.find_array("T")->extents, (std::vector<std::string>{"N", "N"}));
    QVERIFY(same_isl(p.ctx(), p.statements[2].domain, isl::set(p.ctx(), "[N] -> { T[i, j] : 0 <= j <= i < N }")));
    QVERIFY(same_isl(p.ctx(), p.context, isl::set(p.ctx(), "[N] -> { : N >= 4 }")));
    // C has no place for the context: the front-end's program gets it to compare dependences.
    Program back = reparsed(l).program.clone();
    back.context = isl::set(back.ctx(), text_of(p.context));
    QCOMPARE(QString::fromStdString(model_difference(l, loopscape::analyse(std::move(back)))), QString());
    Session& s = f.session();
    QCOMPARE(QString::fromStdString(run_against_original(s, "openmp")), QString());
    loopscape::apply(s, "S.interchange(i, j)");
    QCOMPARE(QString::fromStdString(run_against_original(s, "openmp", {{"N", "11"}})), QString());
  }

  // The spec's Layer I example: {A(i,j): 0<=i<4 and 0<=j<4 and i<j and i!=2}: cos(i).
  void specDomainExample() {
    function f("spec");
    var i("i"), j("j");
    computation A("{ A[i, j] : 0 <= i < 4 and 0 <= j < 4 and i < j and i != 2 }", cos(i));
    const LoadedProgram l = f.load();
    QCOMPARE(l.program.find_array("A")->extents, (std::vector<std::string>{"2", "4"}));
    QCOMPARE(QString::fromStdString(l.program.statements[0].source_text), QString("A[i][j] = cos(i);"));
    QCOMPARE(QString::fromStdString(run_against_original(f.session(), "c")), QString());
  }

  // A recurrence stored with a folded index (t % 2): Tiramisu's storage of c(i % 2).
  void foldedStorageOfARecurrence() {
    function f("heat");
    constant T("T"), N("N");
    var t("t", 1, T), i("i", 1, N - 1);
    computation H("H", {t, i}, p_float64);
    H.set_expression((H(t - 1, i - 1) + H(t - 1, i) + H(t - 1, i + 1)) / 3.0);
    buffer rows("rows", {2, N}, p_float64, a_output);
    H.store_in(&rows, {t % 2, i});
    const LoadedProgram l = f.load();
    QCOMPARE(QString::fromStdString(l.program.statements[0].source_text),
             QString("rows[t % 2][i] = (rows[(t - 1) % 2][i - 1] + rows[(t - 1) % 2][i] + rows[(t - 1) % 2][i + 1]) / 3.0;"));
    QCOMPARE(QString::fromStdString(model_difference(l, reparsed(l))), QString());
    QCOMPARE(QString::fromStdString(run_against_original(f.session(), "openmp", {{"T", "7"}})), QString());
  }

  // Layer III for inputs: an input mapped to a buffer of the user's, transposed.
  void inputStoredInAGivenBuffer() {
    function f("transpose");
    constant N("N"), M("M");
    var i("i", 0, N), j("j", 0, M);
    input X("X", {i, j}, p_float32);
    buffer columns("columns", {M, N}, p_float32, a_input);
    X.store_in(&columns, {j, i});
    computation Y("Y", {i, j}, X(i, j) * 2.0f);
    const LoadedProgram l = f.load();
    QCOMPARE(QString::fromStdString(l.program.statements[0].source_text), QString("Y[i][j] = columns[j][i] * 2.0f;"));
    QCOMPARE(l.program.find_array("columns")->extents, (std::vector<std::string>{"M", "N"}));
    QCOMPARE(QString::fromStdString(model_difference(l, reparsed(l))), QString());
    QCOMPARE(QString::fromStdString(run_against_original(f.session(), "openmp", {{"N", "13"}, {"M", "7"}})), QString());
  }

  void initMakesTheGlobalFunction() {
    function& f = init("global");
    QCOMPARE(&global_function(), &f);
    var i("i", 0, 10);
    computation S("S", {i}, expr(2) * i);
    QCOMPARE(QString::fromStdString(f.load().program.statements[0].source_text), QString("S[i] = 2 * i;"));
    QCOMPARE(f.get_computation_by_name("S")[0]->get_name(), std::string("S"));
    QCOMPARE(f.get_computation_by_name("S").size(), std::size_t(1));
  }

  void orderingShapesTheLoops() {
    function f("order");
    constant N("N");
    var i("i", 0, N), j("j", 0, N);
    computation a("a", {i, j}, expr(1.0)), b("b", {i, j}, expr(2.0)), c("c", {i}, expr(3.0));
    c.after(a, computation::root);  // c, declared last, stays after a's nest
    a.then(b, i);                   // b joins a's i loop
    const Program p = f.load().program;
    QCOMPARE(p.statements[0].name, std::string("a"));
    QCOMPARE(p.statements[1].name, std::string("b"));
    QCOMPARE(p.statements[2].name, std::string("c"));
    QCOMPARE(p.statements[0].loops[0].id, p.statements[1].loops[0].id);
    QVERIFY(p.statements[0].loops[1].id != p.statements[1].loops[1].id);
    QVERIFY(p.statements[2].loops[0].id != p.statements[0].loops[0].id);
    QCOMPARE(p.statements[1].position, (std::vector<int>{0, 1, 0}));
  }

  // ------------------------------------------------------------ every element, malformed

  void nonAffineIndexIsRefused() {
    function f("bad");
    constant N("N");
    var i("i", 0, N), j("j", 0, N);
    input A("A", {i}, p_float64);
    computation S("S", {i, j}, A(i * j)); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "index 1 of the access to 'A' 'i * j' is not affine: it multiplies two non-constant values", line);
  }

  void dataDependentIndexIsRefused() {
    function f("bad");
    constant N("N");
    var i("i", 0, N);
    input A("A", {i}, p_int32), B("B", {i}, p_float64);
    computation S("S", {i}, B(A(i))); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "it reads 'A' (an index cannot depend on data)", line);
  }

  void domainThatDoesNotParseSaysWhere() {
    function f("bad");
    constant N("N");
    var i("i");
    const std::string domain = "{ S[i] : 0 <= i < N and i +* 2 }";
    computation S(domain, expr(1.0)); const int line = __LINE__;
    const std::string column = std::to_string(domain.find('*') + 1);
    EXPECT_ERROR(f.load(), "does not parse at column " + column + ": unexpected", line);
    function g("bad2");
    computation U("{ U[i] : 0 <= i < Q }", expr(1.0)); const int line2 = __LINE__;
    EXPECT_ERROR(g.load(), "unknown identifier", line2);
    function h("bad3");
    computation W("{ W[i, 0] : 0 <= i < 4 }", expr(1.0)); const int line3 = __LINE__;
    EXPECT_ERROR(h.load(), "has no name", line3);
  }

  void wrongNumberOfIndicesIsRefused() {
    function f("bad");
    var i("i", 0, 8), j("j", 0, 8);
    computation S("S", {i, j}, expr(1.0));
    computation U("U", {i, j}, S(i)); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "an access to 'S' with 1 index(es), but 'S' has 2 dimension(s) (i, j)", line);
  }

  void unknownComputationsAreRefused() {
    function other("other");
    var i("i", 0, 8);
    computation elsewhere("elsewhere", {i}, expr(1.0));
    function f("bad");
    computation S("S", {i}, elsewhere(i) + 1.0); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "no computation or input of function 'bad'", line);
    EXPECT_ERROR(f.get_computation_by_name("nope"), "no computation named 'nope' in function 'bad' (it has S)", __LINE__);
    computation empty;
    EXPECT_ERROR(empty(i), "an empty computation handle", __LINE__);
  }

  void varThatIsNoIteratorIsRefused() {
    function f("bad");
    var i("i", 0, 8), j("j", 0, 8);
    computation S("S", {i}, cast(p_float64, j)); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "var 'j' is not an iterator of 'S' (its iterators: i)", line);
  }

  void malformedDeclarationsAreRefused() {
    EXPECT_ERROR(var("for"), "cannot name a var", __LINE__);
    function f("bad");
    constant N("N");
    EXPECT_ERROR(constant("N"), "a second constant named 'N'", __LINE__);
    var i("i", 0, N), free_var("k");
    EXPECT_ERROR(computation("S", {i, free_var}, expr(1.0)), "var 'k' has no range", __LINE__);
    EXPECT_ERROR(computation("S", {i, i}, expr(1.0)), "appears twice", __LINE__);
    computation S("S", {i}, expr(1.0));
    EXPECT_ERROR(computation("S", {i}, expr(2.0)), "a second computation named 'S'", __LINE__);
    EXPECT_ERROR(buffer("B", {N}, p_none, a_output), "without an element type", __LINE__);
    const std::optional<InputError> modulo = error_of([] { expr(1.5) % expr(2); });
    QVERIFY(modulo && contains(modulo->what(), "C's % takes integers"));
    computation R("R", {i}, p_float64); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "computation 'R' has no expression", line);
  }

  void nonAffineBoundIsRefused() {
    function f("bad");
    constant N("N");
    var i("i", 0, N * N); const int line = __LINE__;
    computation S("S", {i}, expr(1.0));
    EXPECT_ERROR(f.load(), "the upper bound of var 'i' 'N * N' is not affine", line);
  }

  void storageMistakesAreRefused() {
    function f("bad");
    constant N("N");
    var i("i", 0, N), j("j", 0, N);
    computation S("S", {i, j}, expr(1.0));
    buffer B("B", {N}, p_float64, a_output);
    S.store_in(&B, {i, j}); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "store_in of 'S' with 2 index(es), but buffer 'B' has 1 dimension(s)", line);
    S.store_in(&B); const int line2 = __LINE__;
    EXPECT_ERROR(f.load(), "'S' has 2 dimension(s) but buffer 'B' has 1", line2);
    S.store_in(&B, {i * j}); const int line3 = __LINE__;
    EXPECT_ERROR(f.load(), "the store_in index 'i * j' is not affine", line3);
    function g("bad2");
    constant M("M");
    var t("t", 0, M), k("k", 0, M);
    computation H("H", {t, k}, p_float64);
    H.set_expression(H(t - 1, k) + 1.0); const int line4 = __LINE__;
    buffer rows("rows", {2, M}, p_float64, a_output);
    H.store_in(&rows, {t % 2, k});
    EXPECT_ERROR(g.load(), "divides (t - 1), which is negative at", line4);
    function h("bad3");
    var n("n", -1, 4);
    computation V("V", {n}, expr(1.0)); const int line5 = __LINE__;
    EXPECT_ERROR(h.load(), "its iterator 'n' can be negative", line5);
    function named("bad4");
    var m("m", 0, 4);
    buffer taken("W", {4}, p_float64, a_output);
    computation W("W", {m}, expr(1.0)); const int line6 = __LINE__;
    EXPECT_ERROR(named.load(), "a buffer of that name exists: store it there with store_in", line6);
  }

  void orderingMistakesAreRefused() {
    function f("bad");
    var i("i", 0, 8), j("j", 0, 8), k("k", 0, 8);
    computation a("a", {i, j}, expr(1.0)), b("b", {j, i}, expr(2.0)), c("c", {i}, expr(3.0));
    a.then(b, i); const int line = __LINE__;
    EXPECT_ERROR(f.load(), "'b' cannot share the loops of 'a' down to 'i'", line);
    function g("bad2");
    computation d("d", {i, j}, expr(1.0)), e("e", {i, j}, expr(2.0));
    d.then(e, k); const int line2 = __LINE__;
    EXPECT_ERROR(g.load(), "'k' is not a loop of 'd' (its loops: i, j)", line2);
  }

  // Layer I reads values; an order that reads one before it is computed is refused.
  void readsBeforeTheValueIsComputedAreRefused() {
    function f("early");
    constant N("N");
    var i("i", 0, N);
    computation a("a", {i}, cast(p_float64, i));
    computation b("b", {i}, a(i + 1) * 2.0); const int line = __LINE__;
    a.then(b, i);  // one i loop: b(i) would read a(i + 1) before it runs
    EXPECT_ERROR(f.load(), "'b' reads a(i + 1) before that value is computed", line);
    function g("late");
    var k("k", 0, 16);
    computation c("c", {k}, p_float64);
    c.set_expression(c(k + 1) + 1.0); const int line2 = __LINE__;
    EXPECT_ERROR(g.load(), "'c' reads c(k + 1) before that value is computed", line2);
    // The same reads in separate loops, producer first, are what Layer I means.
    function h("fine");
    computation d("d", {k}, cast(p_float64, k));
    computation e("e", {k}, select(k + 1 < 16, d(k + 1), expr(0.0)));
    QVERIFY(!error_of([&] { h.load(); }));
  }

  void layerOneIsFrozenByTheFirstScheduleCommand() {
    function f("frozen");
    constant N("N");
    var i("i", 0, N), j("j", 0, N);
    computation S("S", {i, j}, cast(p_float64, i + j));
    S.interchange(i, j);
    QCOMPARE(f.session().history().size(), std::size_t(1));
    EXPECT_ERROR(computation("U", {i}, expr(1.0)), "after the first schedule command", __LINE__);
    // Ordering is now the engine's checked command, and refusals are CommandRefused.
    function g("stencil");
    define_jacobi1d();
    computation sB = g.get_computation_by_name("sB");
    var t("t");
    bool refused = false;
    try {
      sB.parallelize(t);
    } catch (const loopscape::CommandRefused& e) {
      refused = e.refusal().kind == loopscape::Refusal::Kind::Illegal;
    }
    QVERIFY(refused);
    QCOMPARE(g.session().history().size(), std::size_t(0));
  }

  void noCurrentFunctionIsAnError() {
    { function f("gone"); }
    EXPECT_ERROR(constant("N"), "outside any function", __LINE__);
  }

 private:
  void samples() {
    QTest::addColumn<QString>("sample");
    QTest::newRow("blur") << "blur";
    QTest::newRow("gemm") << "gemm";
    QTest::newRow("jacobi1d") << "jacobi1d";
  }

  static void define_sample(const QString& name) {
    if (name == "blur") define_blur();
    if (name == "gemm") define_gemm();
    if (name == "jacobi1d") define_jacobi1d();
  }

  static void b2_after_b1_and_parallel(function& f) {
    computation b1 = f.get_computation_by_name("b1"), b2 = f.get_computation_by_name("b2");
    var i("i"), c("c");
    b2.after(b1, c);
    b1.parallelize(i);
  }

  // The schedule each sample's main applies.
  static void schedule_sample(const QString& name, function& f) {
    if (name == "blur") b2_after_b1_and_parallel(f);
    if (name == "gemm") {
      computation c1 = f.get_computation_by_name("c1");
      var i("i"), j("j"), i0("i0"), j0("j0"), i1("i1"), j1("j1");
      c1.tile(i, j, 32, 32, i0, j0, i1, j1);
      c1.parallelize(i0);
    }
  }
};

QTEST_APPLESS_MAIN(TestLayer1)
#include "test_layer1.moc"

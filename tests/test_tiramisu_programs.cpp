// SPDX-License-Identifier: Apache-2.0
// Tiramisu programs as they are (engine/api/compat/tiramisu): a suite laid
// out as PolyBench-Tiramisu is (tests/data/tiramisu_programs: generators,
// wrappers with their own checks, shared headers) builds against the
// installed package through find_package(Loopscape) and Loopscape::tiramisu
// (bench/tiramisu_suite), every generator writes its object with Tiramisu's
// calling convention, and every wrapper links it and passes its check; the
// same programs open in loopscape-cli with their commands as the history; a
// refused command is reported at its line; add_context_constraints survives
// the C rendering.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>
#include <sstream>
#include <string>

#include "api/tiramisu.h"
#include "cli_process.h"
#include "loading/load_program.h"
#include "sample_build.h"
#include "support/error.h"

using namespace loopscape;
using loopscape::testing::CliRun;
using loopscape::testing::run_cli;
using loopscape::testing::run_tool;

namespace {

const QString kSuite = QStringLiteral(LOOPSCAPE_TEST_DATA "/tiramisu_programs");

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

template <typename F>
std::optional<InputError> error_of(F&& work) {
  try {
    work();
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

}  // namespace

class TestTiramisuPrograms : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // A Tiramisu user's build: install, configure the suite project, build, run the wrappers.
  void suiteBuildsAndPassesItsChecksAgainstTheInstalledPackage() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString prefix = tmp.path() + "/prefix", build = tmp.path() + "/suite";
    const QString cmake = QStringLiteral(LOOPSCAPE_CMAKE_COMMAND);
    QString out;
    QCOMPARE(run_tool(cmake, {"--install", LOOPSCAPE_BUILD_DIR, "--component", "Loopscape_engine", "--prefix", prefix}, &out),
             0);
    const int configured =
        run_tool(cmake,
                 {"-S", QStringLiteral(LOOPSCAPE_SOURCE_DIR "/bench/tiramisu_suite"), "-B", build,
                  "-DTIRAMISU_SUITE=" + kSuite, "-DTIRAMISU_SIZE=SMALL", "-DCMAKE_PREFIX_PATH=" + prefix,
                  "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_COMPILER=" LOOPSCAPE_CXX_COMPILER,
                  "-DCMAKE_C_COMPILER=" LOOPSCAPE_C_COMPILER},
                 &out);
    QVERIFY2(configured == 0, qPrintable(out));
    const int built = run_tool(cmake, {"--build", build, "--parallel", "2"}, &out);
    QVERIFY2(built == 0, qPrintable(out));
    // The generators wrote their objects and prototypes where the wrappers include them.
    for (const QString name : {"rowmax", "backsolve", "tiled_mm", "saturate"}) {
      QVERIFY(QFile::exists(build + "/" + name + "/generated_" + name + ".o"));
      QFile header(build + "/" + name + "/generated_" + name + ".o.h");
      QVERIFY(header.open(QIODevice::ReadOnly));
      QVERIFY2(header.readAll().contains(("int " + name + "(struct halide_buffer_t *").toUtf8()), qPrintable(name));
    }
    const int failures = run_tool(QStringLiteral(LOOPSCAPE_SOURCE_DIR "/bench/tiramisu_suite/run.sh"), {build}, &out);
    QVERIFY2(failures == 0, qPrintable(out));
    QVERIFY2(out.contains("passed 4 of 4"), qPrintable(out));
  }

  // Run by the CLI, a generator publishes its function instead of compiling it.
  void programsOpenWithTheirScheduleCommands() {
    const CliRun run = run_cli({"info", kSuite + "/tiled_mm/tiled_mm_generator.cpp", "-DTIRAMISU_SMALL", "-I",
                                kSuite + "/utilities"});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    QVERIFY2(contains(run.out, "C_init.tile(i, j, 16, 16, i0, j0, i1, j1)"), run.out.c_str());
    QVERIFY2(contains(run.out, "C.parallelize(i0)"), run.out.c_str());
    // The loop that loop_reversal shaped is the original program's, running down.
    const CliRun emitted = run_cli({"emit", kSuite + "/backsolve/backsolve_generator.cpp", "-DTIRAMISU_SMALL", "-I",
                                    kSuite + "/utilities", "--target", "c"});
    QVERIFY2(emitted.exit_code == 0, emitted.err.c_str());
    QVERIFY2(contains(emitted.out, "i >= 0; i--)"), emitted.out.c_str());
    // And every one verifies: the generated code computes what the original does.
    for (const QString name : {"rowmax", "backsolve"}) {
      const CliRun verified = run_cli({"verify", kSuite + "/" + name + "/" + name + "_generator.cpp", "-DTIRAMISU_SMALL",
                                       "-I", kSuite + "/utilities", "--target", "openmp"});
      QVERIFY2(verified.exit_code == 0, (verified.out + verified.err).c_str());
    }
  }

  // The refusal names the line of the command in the program, as a compiler's error does.
  void refusedCommandIsReportedAtItsLine() {
    const CliRun run = run_cli({"info", QStringLiteral(LOOPSCAPE_TEST_DATA "/tiramisu_refused/refused_generator.cpp")});
    QVERIFY(run.exit_code != 0);
    QVERIFY2(contains(run.err, "refused_generator.cpp:15:"), run.err.c_str());
    QVERIFY2(contains(run.err, "illegal"), run.err.c_str());
  }

  void refusedCommandCarriesItsPlaceInProcess() {
    tiramisu::function f("shifted");
    tiramisu::var t("t", 1, 20), i("i", 1, 30);
    tiramisu::input u("u", {t, i}, tiramisu::p_float64);
    tiramisu::computation s("s", {t, i}, tiramisu::p_float64);
    s.set_expression(u(t - 1, i + 1) * 0.5);
    tiramisu::buffer b("b", {20, 32}, tiramisu::p_float64, tiramisu::a_output);
    u.store_in(&b);
    s.store_in(&b);
    const unsigned line = __LINE__ + 2;
    try {
      s.interchange(t, i);
      QFAIL("the interchange was applied");
    } catch (const CommandRefused& e) {
      QCOMPARE(e.refusal().call.where.line, line);
      QVERIFY2(contains(e.what(), "test_tiramisu_programs.cpp:" + std::to_string(line)), e.what());
    }
  }

  // Without add_context_constraints N = 1 makes a spurious dependence; the context keeps it out, in the
  // function's own model and in its C rendering read back by the C front-end.
  void contextConstraintsSurviveTheRendering() {
    tiramisu::function f("ctx");
    tiramisu::constant N("N");
    tiramisu::var i("i", 0, 10);
    tiramisu::input A("A", {i}, tiramisu::p_float64);
    tiramisu::computation s("s", {i}, A(i * 0 + N - 1) + 1.0);
    tiramisu::buffer b("b", {10}, tiramisu::p_float64, tiramisu::a_output);
    A.store_in(&b);
    s.store_in(&b);
    f.add_context_constraints("[N] -> { : N >= 20 }");
    const std::string c = f.c_source();
    QVERIFY2(contains(c, "#pragma loopscape context [N] -> {  : N >= 20 }"), c.c_str());
    const LoadedProgram reread = load_program_source(c, "ctx.c", CompileOptions{});
    QVERIFY(!reread.program.context.is_null());
    std::ostringstream read_back, own;
    read_back << reread.program.context;
    own << f.load().program.context;
    QCOMPARE(read_back.str(), own.str());
    QVERIFY2(reread.dependences.list.empty(), "a dependence for N < 20 survived");
  }

  void contextPragmaErrorsAreLocated() {
    const std::string text = "void f(int N, double A[100]) {\n#pragma loopscape context [M] -> { : M >= 2 }\n"
                             "#pragma scop\n  for (int i = 0; i < N; i++) A[i] = 1.0;\n#pragma endscop\n}\n";
    auto e = error_of([&] { load_program_source(text, "p.c", CompileOptions{}); });
    QVERIFY(e.has_value());
    QCOMPARE(e->where().line, 2u);
    QVERIFY2(contains(e->what(), "'M', which is no parameter of the region (its parameters: N)"), e->what());
    const std::string unknown = "void f(int N, double A[100]) {\n#pragma loopscape assume N > 2\n"
                                "#pragma scop\n  for (int i = 0; i < N; i++) A[i] = 1.0;\n#pragma endscop\n}\n";
    e = error_of([&] { load_program_source(unknown, "p.c", CompileOptions{}); });
    QVERIFY(e.has_value());
    QVERIFY2(contains(e->what(), "'#pragma loopscape assume' is not known"), e->what());
  }

  // Tiramisu's codegen takes buffers the function does not allocate, and only buffers.
  void codegenArgumentsAreChecked() {
    tiramisu::function f("args");
    tiramisu::var i("i", 0, 8);
    tiramisu::computation s("s", {i}, 1.0);
    tiramisu::buffer out("out", {8}, tiramisu::p_float64, tiramisu::a_output);
    tiramisu::buffer tmp("tmp", {8}, tiramisu::p_float64, tiramisu::a_temporary);
    s.store_in(&out);
    auto e = error_of([&] { f.codegen({&tmp}, "x.o"); });
    QVERIFY(e.has_value());
    QVERIFY2(contains(e->what(), "'tmp' is a_temporary"), e->what());
    e = error_of([&] { f.codegen({&out, &out}, "x.o"); });
    QVERIFY(e.has_value());
    QVERIFY2(contains(e->what(), "given twice"), e->what());
    tiramisu::function g("params");
    tiramisu::constant N("N");
    tiramisu::var j("j", 0, N);
    tiramisu::computation t("t", {j}, 2.0);
    tiramisu::buffer b("b", {N}, tiramisu::p_float64, tiramisu::a_output);
    t.store_in(&b);
    e = error_of([&] { g.codegen({&b}, "y.o"); });
    QVERIFY(e.has_value());
    QVERIFY2(contains(e->what(), "constant 'N' has no value"), e->what());
  }

  // Tiramisu's forms: valued constants, depths as levels, expr(op, ...), get_computation_by_name's list.
  void tiramisuFormsBuildTheSameProgram() {
    // m reads the buffer a is stored in after m's own earlier writes: Tiramisu's meaning (memory).
    tiramisu::set_access_meaning(tiramisu::access_meaning::memory);
    struct Restore {
      ~Restore() { tiramisu::set_access_meaning(tiramisu::access_meaning::values); }
    } restore;
    tiramisu::function f("forms");
    tiramisu::constant NN("NN", 6 * 2);
    tiramisu::var i("i", 0, NN), j("j", 0, 4);
    tiramisu::input A("A", {i, j}, tiramisu::p_float64);
    tiramisu::computation a("a", {i}, 0.0);
    tiramisu::computation m("[NN]->{m[i,j]: 0<=i<NN and 0<=j<4}", tiramisu::expr(), true, tiramisu::p_float64,
                            tiramisu::global::get_implicit_function());
    m.set_expression(tiramisu::expr(tiramisu::o_max, a(i), A(i, j)));
    a.then(m, 0);
    tiramisu::buffer b("b", {12}, tiramisu::p_float64, tiramisu::a_output);
    a.store_in(&b);
    m.store_in(&b, {i});
    const LoadedProgram p = f.load();
    QCOMPARE(p.program.parameters.size(), std::size_t(0));
    QVERIFY(p.program.find_statement("m")->domain.is_equal(isl::set(p.program.ctx(), "{ m[i, j] : 0 <= i < 12 and 0 <= j < 4 }")));
    const std::string c = f.c_source();
    QVERIFY2(contains(c, "fmax(") || contains(c, "max("), c.c_str());
    // m shares a's i loop: one loop nest.
    QCOMPARE(p.program.find_statement("m")->loops.front().id, p.program.find_statement("a")->loops.front().id);
    QCOMPARE(f.get_computation_by_name("m").size(), std::size_t(1));
    QCOMPARE(f.get_computation_by_name("m")[0]->get_name(), std::string("m"));
    QVERIFY(f.get_computation_by_name("m")[0] == f.get_computation_by_name("m")[0]);
    // Read as values (Loopscape's Layer I), the same program is refused where m reads a.
    tiramisu::set_access_meaning(tiramisu::access_meaning::values);
    {
      tiramisu::function g("values");
      tiramisu::var k("k", 0, 12), l("l", 0, 4);
      tiramisu::input B("B", {k, l}, tiramisu::p_float64);
      tiramisu::computation a2("a2", {k}, 0.0);
      tiramisu::computation m2("m2", {k, l}, tiramisu::p_float64);
      const unsigned line = __LINE__ + 1;
      m2.set_expression(tiramisu::expr(tiramisu::o_max, a2(k), B(k, l)));
      a2.then(m2, 0);
      tiramisu::buffer b2("b2", {12}, tiramisu::p_float64, tiramisu::a_output);
      a2.store_in(&b2);
      m2.store_in(&b2, {k});
      auto refused = error_of([&] { g.load(); });
      QVERIFY(refused.has_value());
      QCOMPARE(refused->where().line, line);
      QVERIFY2(contains(refused->what(), "'m2' reads a2(k) before that value is computed"), refused->what());
    }
    auto e = error_of([&] { m.loop_reversal(5); f.load(); });
    QVERIFY(e.has_value());
    QVERIFY2(contains(e->what(), "at level 5: it has 2 loop(s)"), e->what());
  }
};

QTEST_GUILESS_MAIN(TestTiramisuPrograms)
#include "test_tiramisu_programs.moc"

// SPDX-License-Identifier: Apache-2.0
// Opening C++ programs (cpp_program/program_file.h) and the C++ export round
// trip: a program is built against the engine, run, and what it publishes is
// opened with its commands as the history; compile errors and the API's
// InputErrors are located in the .cpp; a second open comes from the cache;
// every sample (samples/*.c with isl's automatic schedule as its commands,
// samples/*.cpp with their own) exported as C++ and opened again is the same
// program with the same history and byte-identical code for every target.
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>
#include <sstream>
#include <string>

#include "autoschedule/planner.h"
#include "cli_process.h"
#include "text_files.h"
#include "codegen/registry/registry.h"
#include "cpp_program/cpp_build.h"
#include "cpp_program/cpp_export.h"
#include "cpp_program/program_file.h"
#include "cpp_program/published_program.h"
#include "snapshot/snapshot.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"

using namespace loopscape;
using loopscape::testing::run_cli;

namespace {

QString samplesDir() { return QStringLiteral(LOOPSCAPE_SAMPLES); }

// Fails the test when the file cannot be written.
void writeOrFail(const QString& path, const QString& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(text.toUtf8());
}

// The 1-based line and column of `needle` in `text` (0, 0 when absent).
QPair<unsigned, unsigned> placeOf(const QString& text, const QString& needle) {
  const qsizetype at = text.indexOf(needle);
  if (at < 0) return {0, 0};
  const qsizetype line_start = text.lastIndexOf(QLatin1Char('\n'), at - 1) + 1;
  return {unsigned(text.left(at).count(QLatin1Char('\n'))) + 1, unsigned(at - line_start) + 1};
}

// A small Layer I program; `body` goes inside main after the declarations.
QString layer1Program(const QString& extra_declarations, const QString& schedule) {
  return QStringLiteral(
             "#include \"api/tiramisu.h\"\n"
             "using namespace loopscape::tiramisu;\n"
             "int main() {\n"
             "  function f(\"scale\");\n"
             "  constant N(\"N\");\n"
             "  var i(\"i\", 0, N), j(\"j\", 0, N);\n"
             "  input A(\"A\", {i, j}, p_float64);\n"
             "  computation S(\"S\", {i, j}, A(i, j) * 2.0);\n") +
         extra_declarations + schedule + QStringLiteral("  return 0;\n}\n");
}

// What `session` prints for `target`, or the message it refuses with.
std::string codeOrError(const Session& session, const std::string& target) {
  try {
    const GeneratedCode code = generate(session.program(), session.schedule(), session.dependences().all(), target, {},
                                        nullptr, &session.dependences());
    return code.full_text();
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

template <class T>
std::string textOf(const T& isl_object) {
  std::ostringstream out;
  out << isl_object;
  return out.str();
}

// Equal as isl sets / maps, read into `a`'s context (each program has its own).
template <class T>
bool sameIsl(const Program& a, const T& x, const T& y) {
  return T(a.ctx(), textOf(x)).is_equal(T(a.ctx(), textOf(y)));
}

// Same statements (names, domains, accesses, text), arrays and parameters.
void compareModels(const Program& a, const Program& b) {
  QCOMPARE(b.parameters, a.parameters);
  QCOMPARE(b.statements.size(), a.statements.size());
  for (std::size_t k = 0; k < a.statements.size(); ++k) {
    const Statement& s = a.statements[k];
    const Statement& t = b.statements[k];
    QCOMPARE(t.name, s.name);
    QVERIFY2(sameIsl(a, t.domain, s.domain), (textOf(t.domain) + " vs " + textOf(s.domain)).c_str());
    QCOMPARE(t.source_text, s.source_text);
    QCOMPARE(t.accesses.size(), s.accesses.size());
    for (std::size_t m = 0; m < s.accesses.size(); ++m) {
      QCOMPARE(t.accesses[m].array, s.accesses[m].array);
      QVERIFY(sameIsl(a, t.accesses[m].relation, s.accesses[m].relation));
    }
  }
  QCOMPARE(b.arrays.size(), a.arrays.size());
  for (std::size_t k = 0; k < a.arrays.size(); ++k) {
    QCOMPARE(b.arrays[k].name, a.arrays[k].name);
    QCOMPARE(b.arrays[k].extents, a.arrays[k].extents);
  }
}

}  // namespace

class TestCppOpen : public QObject {
  Q_OBJECT

  QString cache_;
  ProgramFileOptions options_;

 private Q_SLOTS:
  // The build tree precompiles the API headers as it builds: a program
  // compiles against them and makes nothing in the cache.
  void programsUseTheBuildTreesPrecompiledApi() {
    const CppToolchain toolchain = find_cpp_toolchain();
    QVERIFY(!toolchain.precompiled_header.empty());
    QVERIFY(QFileInfo::exists(QString::fromStdString(toolchain.precompiled_header + ".gch")));
    QTemporaryDir cache;
    CppBuildOptions build;
    build.cache_dir = cache.path().toStdString();
    QVERIFY(build_cpp_program(std::string(LOOPSCAPE_SAMPLES) + "/lappy_outer.cpp", {}, build).precompiled_api);
    QVERIFY(!QFileInfo::exists(cache.filePath(QStringLiteral("pch"))));
  }

  // An installed package (a toolchain without the build tree's precompiled
  // headers) precompiles them once per cache; later programs compile against
  // them, a program with an error still reports its own error, and turned
  // off, programs build without them.
  void programsShareThePrecompiledApi() {
    QTemporaryDir cache;
    const QString toolchain = cache.filePath(QStringLiteral("toolchain.txt"));
    {
      QString text;
      for (const QString& line : readText(QString::fromStdString(find_cpp_toolchain().file)).split(QLatin1Char('\n')))
        if (!line.startsWith(QLatin1String("precompiled\t"))) text += line + QLatin1Char('\n');
      writeOrFail(toolchain, text);
    }
    const QByteArray before = qgetenv("LOOPSCAPE_CPP_TOOLCHAIN");
    qputenv("LOOPSCAPE_CPP_TOOLCHAIN", toolchain.toUtf8());
    auto restore = qScopeGuard([&] {
      if (before.isEmpty()) qunsetenv("LOOPSCAPE_CPP_TOOLCHAIN");
      else qputenv("LOOPSCAPE_CPP_TOOLCHAIN", before);
    });
    QVERIFY(find_cpp_toolchain().precompiled_header.empty());
    CppBuildOptions build;
    build.cache_dir = cache.filePath(QStringLiteral("programs")).toStdString();
    const std::string gemm = std::string(LOOPSCAPE_SAMPLES) + "/tiramisu_gemm.cpp";
    QVERIFY(QDir(cache.path()).mkpath(QStringLiteral("programs/pch")));
    const QString stale = cache.filePath(QStringLiteral("programs/pch/api-0123456789abcdef.h.gch"));  // an older engine's
    writeOrFail(stale, QStringLiteral("old"));
    const CppBuild first = build_cpp_program(gemm, {}, build);
    QVERIFY(first.precompiled_api);
    QVERIFY(!QFileInfo::exists(stale));
    QVERIFY(QDir(cache.filePath(QStringLiteral("programs/pch"))).entryList({QStringLiteral("*.gch")}, QDir::Files).size() == 1);
    const CppBuild second = build_cpp_program(std::string(LOOPSCAPE_SAMPLES) + "/lappy_outer.cpp", {}, build);
    QVERIFY(second.precompiled_api);
    const QString broken = cache.filePath(QStringLiteral("broken.cpp"));
    writeOrFail(broken, readText(QString::fromStdString(gemm)).replace(QStringLiteral("c0.then(c1, j);"),
                                                                        QStringLiteral("c0.then(c1, jj);")));
    try {
      build_cpp_program(broken.toStdString(), {}, build);
      QFAIL("built");
    } catch (const InputError& e) {
      QCOMPARE(QFileInfo(QString::fromStdString(e.where().file)).fileName(), QStringLiteral("broken.cpp"));
      QVERIFY2(std::string(e.what()).find("jj") != std::string::npos && std::string(e.what()).find("was not declared") != std::string::npos, e.what());
    }
    build.precompile_api = false;
    QTemporaryDir other;
    build.cache_dir = other.path().toStdString();
    QVERIFY(!build_cpp_program(gemm, {}, build).precompiled_api);
  }

  // A file name is text in the export's comments: a newline or a backslash in
  // it never turns the rest of the name into code.
  void exportedCommentsCarryNamesAsText() {
    ExportInput in;
    in.input = "/tmp/k\nint injected = 1;\n.c";
    in.script = "s\\\nint also = 2;.ls";
    in.target = "openmp";
    const std::string text = export_cpp(in);
    QVERIFY(text.find("\nint injected") == std::string::npos);
    QVERIFY(text.find("\nint also") == std::string::npos);
    QVERIFY(text.find("// k?int injected = 1;?.c") != std::string::npos);
    QVERIFY(text.find("\\\n") == std::string::npos);
    // The path itself still reaches open() whole, as a string literal.
    QVERIFY(text.find("k\\nint injected = 1;\\n.c") != std::string::npos);
  }

  // A script's knobs go out at their first value; variants are kept, each
  // one left out with a message when it no longer replays.
  void exportTakesKnobsAtTheirFirstValueAndKeepsVariants() {
    ExportInput in;
    in.input = "/tmp/gemm.c";
    in.target = "openmp";
    in.calls = parse_script("S1.tile(i, k, tune(32, 8), 16)\n", "s.ls");
    in.variants = {parse_script("S1.interchange(k, j)\n", "v.ls")};
    const std::string text = export_cpp(in);
    QVERIFY2(text.find("S1.tile(\"i\", \"k\", 32, 16);") != std::string::npos, text.c_str());
    QVERIFY2(text.find("tune(") == std::string::npos, text.c_str());
    QVERIFY2(text.find("loopscape::keep_variant(session, {\n          \"S1.interchange(k, j)\"});") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("variant 1 left out: ") != std::string::npos, text.c_str());
  }

  void initTestCase() {
    // Kept between runs beside the test: a sample compiles once (about 3 s).
    cache_ = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("cpp-open-cache"));
    qputenv("LOOPSCAPE_CPP_CACHE", cache_.toUtf8());
    options_.cache_dir = cache_.toStdString();
  }

  void opensALayer1ProgramWithItsCommands() {
    const QString path = QDir(samplesDir()).filePath(QStringLiteral("tiramisu_gemm.cpp"));
    const QString text = readText(path);
    ProgramFile file = open_program_file(path.toStdString(), {}, options_);
    const Program& p = file.loaded.program;
    QCOMPARE(p.statements.size(), std::size_t(2));
    // Statements are located where the .cpp declares them, by the path as given.
    const Statement* c1 = p.find_statement("c1");
    QVERIFY(c1);
    QCOMPARE(c1->where.file, path.toStdString());
    QCOMPARE(c1->where.line, placeOf(text, QStringLiteral("c1.set_expression(")).first);
    QCOMPARE(file.located_in, path.toStdString());
    QVERIFY(!file.embedded_c.empty());
    // The commands the program applied, in order, are the history to replay.
    QCOMPARE(file.calls.size(), std::size_t(2));
    QCOMPARE(file.calls[0].command, std::string("tile"));
    QCOMPARE(file.calls[1].command, std::string("parallelize"));
    Session session(std::move(file.loaded));
    QVERIFY(!apply_script(session, file.calls).refusal);
    QVERIFY(codeOrError(session, "openmp").find("#pragma omp parallel for") != std::string::npos);
  }

  void secondOpenComesFromTheCache() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cached.cpp"));
    writeOrFail(path, layer1Program({}, QStringLiteral("  S.interchange(i, j);\n")));
    QElapsedTimer first_timer;
    first_timer.start();
    const ProgramFile first = open_program_file(path.toStdString(), {}, options_);
    const qint64 first_ms = first_timer.elapsed();
    QElapsedTimer second_timer;
    second_timer.start();
    const ProgramFile second = open_program_file(path.toStdString(), {}, options_);
    const qint64 second_ms = second_timer.elapsed();
    QVERIFY(second.from_cache);
    QCOMPARE(second.build_seconds, 0.0);
    QCOMPARE(format_call(second.calls.at(0)), format_call(first.calls.at(0)));
    qInfo("first open %lld ms (%s), cached open %lld ms", first_ms, first.from_cache ? "cached" : "built", second_ms);
    if (!first.from_cache) QVERIFY(second_ms < first_ms);
    // A changed file is built again, and says what it now defines.
    writeOrFail(path, layer1Program({}, QStringLiteral("  S.interchange(i, j);\n  S.parallelize(j);\n")));
    const ProgramFile changed = open_program_file(path.toStdString(), {}, options_);
    QCOMPARE(changed.calls.size(), std::size_t(2));
  }

  void compileErrorIsLocatedInTheCpp() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.cpp"));
    const QString text = layer1Program(QStringLiteral("  computation T(\"T\", {i, j}, S(i, j) + undeclared);\n"), {});
    writeOrFail(path, text);
    const auto place = placeOf(text, QStringLiteral("undeclared"));
    try {
      (void)open_program_file(path.toStdString(), {}, options_);
      QFAIL("a program that does not compile opened");
    } catch (const InputError& e) {
      QCOMPARE(e.where().file, path.toStdString());
      QCOMPARE(e.where().line, place.first);
      QCOMPARE(e.where().column, place.second);
      QVERIFY2(e.message().find("error: ") == 0 && e.message().find("undeclared") != std::string::npos, e.what());
    }
    // The command line says it as a compiler does: FILE:LINE:COLUMN: error: ...
    const auto run = run_cli({QStringLiteral("info"), QStringLiteral("broken.cpp")}, dir.path());
    QCOMPARE(run.exit_code, 2);
    const std::string expected = "broken.cpp:" + std::to_string(place.first) + ":" + std::to_string(place.second) + ": error: ";
    QVERIFY2(run.err.rfind(expected, 0) == 0, run.err.c_str());
  }

  void apiErrorAtRunTimeIsLocatedInTheCpp() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nonaffine.cpp"));
    // Uncaught: the program ends in std::terminate, its message still says where.
    const QString text = layer1Program(QStringLiteral("  computation T(\"T\", {i, j}, S(i * j, j));\n"), {});
    writeOrFail(path, text);
    const auto place = placeOf(text, QStringLiteral("S(i * j"));
    try {
      (void)open_program_file(path.toStdString(), {}, options_);
      QFAIL("a program the API refuses opened");
    } catch (const InputError& e) {
      QCOMPARE(e.where().file, path.toStdString());
      QCOMPARE(e.where().line, place.first);
      QVERIFY2(e.message().find("not affine") != std::string::npos, e.what());
    }
  }

  void ofSeveralFunctionsTheLastCreatedOpens() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("two.cpp"));
    writeOrFail(path, QStringLiteral("#include \"api/tiramisu.h\"\n"
                                   "using namespace loopscape::tiramisu;\n"
                                   "int main() {\n"
                                   "  function first(\"first\");\n"
                                   "  var i(\"i\", 0, 16);\n"
                                   "  computation A(\"A\", {i}, expr(1.0));\n"
                                   "  function second(\"second\");\n"
                                   "  var k(\"k\", 0, 8);\n"
                                   "  computation B(\"B\", {k}, expr(2.0));\n"
                                   "  return 0;\n}\n"));
    const ProgramFile file = open_program_file(path.toStdString(), {}, options_);
    QVERIFY(file.loaded.program.find_statement("B"));
    QVERIFY(!file.loaded.program.find_statement("A"));
    QVERIFY2(file.note.find("2 programs (first, second)") != std::string::npos &&
                 file.note.find("opened 'second'") != std::string::npos,
             file.note.c_str());
  }

  // The hook is generic: any program that builds a Session (lappy will) and
  // publishes it opens, with its statements' C++ places and domain descriptions.
  void anyPublishedSessionOpensWithItsDescriptions() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("generic.cpp"));
    const QString text = QStringLiteral(
        "#include <loopscape/api/loopscape.h>\n"
        "#include <loopscape/api/publish.h>\n"
        "int main() {\n"
        "  const long number = loopscape::next_definition_number();\n"
        "  loopscape::LoadedProgram loaded = loopscape::load_program_source(\n"
        "      \"void f(int N, double A[N]) {\\n#pragma scop\\n  for (int i = 0; i < N; i++)\\n\"\n"
        "      \"    S: A[i] = 2.0 * A[i];\\n#pragma endscop\\n}\\n\", \"f.c\", {});\n"
        "  loaded.program.statements[0].domain_description = \"AND\\n  i: 0 <= i < N\\t(label i)\";\n"
        "  loaded.program.statements[0].where = {__FILE__, __LINE__, 3};  // S is here\n"
        "  loopscape::Session session(std::move(loaded));\n"
        "  session.statement(\"S\").loop_reversal(\"i\");\n"
        "  loopscape::publish(session, \"f\", number);\n"
        "}\n");
    writeOrFail(path, text);
    ProgramFile file = open_program_file(path.toStdString(), {}, options_);
    const Statement* s = file.loaded.program.find_statement("S");
    QVERIFY(s);
    QCOMPARE(s->domain_description, std::string("AND\n  i: 0 <= i < N\t(label i)"));
    QCOMPARE(s->where.file, path.toStdString());
    QCOMPARE(s->where.line, placeOf(text, QStringLiteral("// S is here")).first);
    QCOMPARE(file.calls.size(), std::size_t(1));
    QCOMPARE(file.calls[0].command, std::string("loop_reversal"));
    // The window's views get it (the Schedule dock's domain node shows it).
    const Snapshot snap = make_snapshot(file.loaded, file.loaded.original_schedule, {});
    QCOMPARE(snap.statements.at(0).domain_description, s->domain_description);
  }

  void malformedPublishedFilesAreRefusedWithTheirLine() {
    QTemporaryDir dir;
    PublishedProgram p;
    QVERIFY(!read_published(dir.path().toStdString(), &p));  // nothing published
    writeOrFail(dir.filePath(QStringLiteral("manifest.txt")), QStringLiteral("loopscape-published 1\nname\tf\nbogus\tx\n"));
    try {
      read_published(dir.path().toStdString(), &p);
      QFAIL("a malformed manifest was read");
    } catch (const InputError& e) {
      QCOMPARE(e.where().line, 3u);
      QVERIFY2(e.message().find("bogus") != std::string::npos, e.what());
    }
  }

  void cliOpensACppWithAScriptAfterItsCommands() {
    QTemporaryDir dir;
    const QString script = dir.filePath(QStringLiteral("more.ls"));
    writeOrFail(script, QStringLiteral("c1.vectorize(j1, 4)\n"));
    const QString path = QDir(samplesDir()).filePath(QStringLiteral("tiramisu_gemm.cpp"));
    const auto run = run_cli({QStringLiteral("info"), path, QStringLiteral("--script"), script});
    QVERIFY2(run.exit_code == 0, run.err.c_str());
    const std::size_t tile = run.out.find("c1.tile(");
    const std::size_t vectorize = run.out.find("c1.vectorize(j1, 4)");
    QVERIFY2(tile != std::string::npos && vectorize != std::string::npos && tile < vectorize, run.out.c_str());
    // verify compiles and runs the scheduled program against the original.
    const auto verify = run_cli({QStringLiteral("verify"), path, QStringLiteral("-t"), QStringLiteral("c")});
    QVERIFY2(verify.exit_code == 0, (verify.out + verify.err).c_str());
  }

  // An export opened and exported again (as File › Export does on it, and
  // `loopscape-cli export session.cpp`) reads the same program: the C file an
  // exported C session opens, or the C an exported C++ session carries.
  void anExportOfAnExportIsTheSameSession_data() {
    QTest::addColumn<QString>("sample");
    QTest::newRow("C") << QDir(samplesDir()).filePath(QStringLiteral("matmul.c"));
    QTest::newRow("C++") << QDir(samplesDir()).filePath(QStringLiteral("tiramisu_gemm.cpp"));
  }

  void anExportOfAnExportIsTheSameSession() {
    QFETCH(QString, sample);
    QTemporaryDir dir;
    QString path = sample;
    std::vector<std::string> scripts, codes;
    for (int generation = 0; generation < 3; ++generation) {
      ProgramFile file = open_program_file(path.toStdString(), {}, options_);
      const std::string program_file = file.loaded.program.file, embedded = file.embedded_c;
      const CompileOptions program_options = file.loaded.program.options;
      Session session(std::move(file.loaded));
      QVERIFY(!apply_script(session, file.calls).refusal);
      if (generation == 0 && file.calls.empty()) {
        for (const PlannedStep& step : plan_auto_schedule(session).steps)
          if (session.apply(step.call)) break;
      }
      scripts.push_back(session.script());
      codes.push_back(codeOrError(session, "openmp"));
      ExportInput in;
      set_export_source(in, path.toStdString(), {}, program_file, program_options, embedded);
      in.target = "openmp";
      in.calls = parse_script(session.script(), "session");
      if (generation > 0) QCOMPARE(in.embedded_c.empty(), !is_cpp_source(sample.toStdString()));
      path = dir.filePath(QStringLiteral("generation%1.cpp").arg(generation + 1));
      writeOrFail(path, QString::fromStdString(export_cpp(in)));
    }
    QVERIFY(!scripts.front().empty());
    QCOMPARE(scripts[1], scripts[0]);
    QCOMPARE(scripts[2], scripts[0]);
    QCOMPARE(codes[1], codes[0]);
    QCOMPARE(codes[2], codes[0]);
  }

  void everySampleRoundTripsThroughTheCppExport_data() {
    QTest::addColumn<QString>("sample");
    const QStringList files = QDir(samplesDir()).entryList({QStringLiteral("*.c"), QStringLiteral("*.cpp")}, QDir::Files, QDir::Name);
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << QDir(samplesDir()).filePath(f);
    QVERIFY(files.size() >= 8);
  }

  void everySampleRoundTripsThroughTheCppExport() {
    QFETCH(QString, sample);
    const bool cpp = is_cpp_source(sample.toStdString());
    ProgramFile original = open_program_file(sample.toStdString(), {}, options_);
    std::vector<CommandCall> calls = original.calls;
    const std::string embedded_c = original.embedded_c, c_name = original.loaded.program.file;
    Session first(std::move(original.loaded));
    QVERIFY(!apply_script(first, calls).refusal);
    // Further commands, as a user adds them in the app: isl's automatic
    // schedule as steps, after a C++ program's own commands.
    const std::size_t own = calls.size();
    const AutoSchedulePlan plan = plan_auto_schedule(first);
    for (const PlannedStep& step : plan.steps) {
      if (first.apply(step.call)) break;
      calls.push_back(step.call);
    }
    QCOMPARE(first.history().size(), calls.size());
    qInfo("%s: %zu commands of its own, %zu added", qPrintable(QFileInfo(sample).fileName()), own, calls.size() - own);

    // Exported as the app and the command line export it, then opened.
    QTemporaryDir dir;
    ExportInput in;
    in.input = sample.toStdString();
    in.target = "openmp";
    in.calls = calls;
    in.embedded_c = embedded_c;
    in.c_name = c_name;
    const QString exported = dir.filePath(QStringLiteral("session.cpp"));
    writeOrFail(exported, QString::fromStdString(export_cpp(in)));
    // The same text each time (absolute paths only), so the cache serves later runs.
    ProgramFile back = open_program_file(exported.toStdString(), {}, options_);
    QCOMPARE(back.embedded_c.empty(), !cpp);
    if (cpp) {
      // Statements are located in the exported file, inside the C it carries.
      const Statement& s = back.loaded.program.statements.front();
      QCOMPARE(s.where.file, exported.toStdString());
      const QStringList lines = readText(exported).split(QLatin1Char('\n'));
      QVERIFY(s.where.line >= 1 && int(s.where.line) <= lines.size());
      QVERIFY2(lines[int(s.where.line) - 1].contains(QString::fromStdString(s.name) + QStringLiteral(":")),
               qPrintable(lines[int(s.where.line) - 1]));
    } else {
      QCOMPARE(back.located_in, QFileInfo(sample).absoluteFilePath().toStdString());
    }
    Session second(std::move(back.loaded));
    QVERIFY(!apply_script(second, back.calls).refusal);

    compareModels(first.program(), second.program());
    QCOMPARE(second.script(), first.script());
    for (const std::string& target : target_names())
      QVERIFY2(codeOrError(second, target) == codeOrError(first, target), target.c_str());
  }
};

QTEST_GUILESS_MAIN(TestCppOpen)
#include "test_cpp_open.moc"

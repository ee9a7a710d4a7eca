// SPDX-License-Identifier: Apache-2.0
#include <QtTest>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/frontend.h"
#include "runner/bundle.h"
#include "runner/compare.h"
#include "runner/harness.h"
#include "runner/process.h"
#include "runner/runner.h"

using namespace loopscape;

namespace {

const std::string kData = std::string(LOOPSCAPE_TEST_DATA) + "/runner/";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

struct ArraySpec {
  std::string name, type;
  std::vector<std::string> extents;
  bool written;
};

// A Program as the front-end would give it, for what the runner uses: the
// file, its region between the scop pragmas, arrays and which ones are written.
Program load(const std::string& file, const std::string& function, const std::vector<ArraySpec>& arrays,
             const std::vector<std::string>& parameters = {}) {
  Program p(std::make_shared<IslContext>());
  p.file = kData + file;
  p.source_text = read_text(p.file);
  const std::size_t scop = p.source_text.find("#pragma scop");
  const std::size_t endscop = p.source_text.find("#pragma endscop");
  p.region.begin_offset = p.source_text.find('\n', scop) + 1;
  p.region.end_offset = endscop;
  p.region.function = function;
  p.parameters = parameters;
  Statement s;
  s.name = "S0";
  s.domain = isl::set(p.ctx(), "{ S0[] }");
  for (const ArraySpec& a : arrays) {
    p.arrays.push_back(Array{a.name, a.type, a.extents, false, {}});
    if (a.written) {
      Access w;
      w.kind = Access::Kind::Write;
      w.array = a.name;
      w.relation = isl::map(p.ctx(), "{ S0[] -> " + a.name + "[] }");
      s.accesses.push_back(w);
    }
  }
  p.statements.push_back(std::move(s));
  return p;
}

Program matmul() {
  return load("matmul_main.c", "kernel_matmul",
              {{"C", "double", {"40", "40"}, true}, {"A", "double", {"40", "40"}, false},
               {"B", "double", {"40", "40"}, false}},
              {"n"});
}

Program axpy() {
  return load("axpy_hist.c", "kernel_axpy",
              {{"x", "double", {"n"}, false}, {"y", "double", {"n"}, true}, {"hist", "int", {"8"}, true}}, {"n"});
}

Program float_sum() {
  return load("float_sum.c", "kernel_sum", {{"data", "float", {"LEN"}, false}, {"total", "float", {"1"}, true}});
}

RunnerOptions quick() {
  RunnerOptions o;
  o.compile_flags = {"-O2", "-fopenmp"};
  o.run_timeout_seconds = 20;
  return o;
}

const char* text(const VerifyResult& r) {
  static std::string s;
  s = to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log;
  return s.c_str();
}

}  // namespace

class TestRunner : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void printedNumbers() {
    const Tolerance t{1e-9, 1e-12};
    QVERIFY(printed_numbers_match("12", "12", t));
    QVERIFY(!printed_numbers_match("12", "13", t));
    QVERIFY(printed_numbers_match("0.12", "0.13", t));  // printing hides anything finer
    QVERIFY(!printed_numbers_match("0.12", "0.14", t));
    QVERIFY(printed_numbers_match("1.0000000000001", "1.0000000000002", t));
    QVERIFY(!printed_numbers_match("1.000001", "1.000003", t));
    QVERIFY(printed_numbers_match("nan", "-nan", t));
    QVERIFY(!printed_numbers_match("inf", "-inf", t));
    QVERIFY(printed_numbers_match("1.23457e+06", "1.23458e+06", t));
  }

  void printedOutputMapsDumpPositions() {
    const std::string want = "x = 3\nbegin dump: B\n1.00 2.00 3.00\n4.00 5.00 6.00\nend   dump: B\n";
    const std::string got = "x = 3\nbegin dump: B\n1.00 2.00 3.00\n4.00 7.50 6.00\nend   dump: B\n";
    const Comparison c = compare_printed_output(want, got, "stderr", {}, {{"B", {2, 3}}});
    QVERIFY(c.difference);
    QCOMPARE(c.difference->array, std::string("B"));
    QCOMPARE(c.difference->index, (std::vector<long>{1, 1}));
    QCOMPARE(c.difference->expected, std::string("5.00"));
    QCOMPARE(c.difference->actual, std::string("7.50"));
    QCOMPARE(c.difference->where, std::string("stderr line 4"));
    const Comparison shorter = compare_printed_output("a 1 2", "a 1", "stdout", {});
    QVERIFY(shorter.difference);
    QCOMPARE(shorter.difference->actual, std::string("<end of output>"));
    QVERIFY(!compare_printed_output("sum=1.5e3, max=[2]", "sum=1500.0000000001, max=[2]", "stdout", {}).difference);
  }

  void sourceQueries() {
    const std::string src = read_text(kData + "axpy_hist.c");
    QVERIFY(!defines_main(src));
    QVERIFY(defines_main(read_text(kData + "matmul_main.c")));
    const auto params = function_parameters(src, "kernel_axpy");
    QVERIFY(params);
    QCOMPARE(int(params->size()), 5);
    QCOMPARE((*params)[1].name, std::string("alpha"));
    QCOMPARE((*params)[1].type, std::string("double"));
    QVERIFY(!(*params)[1].pointer);
    QCOMPARE((*params)[4].name, std::string("hist"));
    QVERIFY((*params)[4].pointer);
    const auto pointer = function_parameters("void f(const float (*restrict img)[4], long m) { }", "f");
    QVERIFY(pointer);
    QCOMPARE((*pointer)[0].name, std::string("img"));
    QCOMPARE((*pointer)[0].type, std::string("float"));
    const std::string fs = read_text(kData + "float_sum.c");
    QCOMPARE(macro_value(fs, "LEN").value_or(""), std::string("20000"));
    QVERIFY(declared_at_file_scope(fs, "total"));
    QVERIFY(!declared_at_file_scope(fs, "i"));
    QCOMPARE(evaluate_integer("2 * (LEN + 1) - n", {{"n", 2}}, fs).value_or(-1), 40000L);
    QCOMPARE(parse_parameter_option("N=100"), (std::pair<std::string, std::string>{"N", "100"}));
    QVERIFY_THROWS_EXCEPTION(InputError, parse_parameter_option("N"));
  }

  void processTimeoutKillsTheChild() {
    ProcessSpec spec;
    spec.argv = {"sleep", "30"};
    spec.timeout_seconds = 0.5;
    const auto start = std::chrono::steady_clock::now();
    const ProcessResult r = run_process(spec);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    QVERIFY(r.timed_out);
    QVERIFY(elapsed < 5);
    QVERIFY(!r.succeeded());
    ProcessSpec missing_tool;
    missing_tool.argv = {"/nonexistent/loopscape-tool"};
    missing_tool.timeout_seconds = 1;
    const ProcessResult missing = run_process(missing_tool);
    QVERIFY(!missing.started);
  }

  void cancelledProcessIsKilledAndSaysSo() {
    ProcessSpec spec;
    spec.argv = {"sleep", "30"};
    spec.timeout_seconds = 20;
    const auto start = std::chrono::steady_clock::now();
    spec.cancelled = [start] { return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(300); };
    const ProcessResult r = run_process(spec);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    QVERIFY(r.cancelled);
    QVERIFY(!r.timed_out);
    QVERIFY(!r.succeeded());
    QVERIFY(elapsed < 5);
    QCOMPARE(r.describe(), std::string("was cancelled"));
  }

  void ownMainEqualPrograms() {
    const Program p = matmul();
    const VerifyResult r = verify_equivalence(p, p.source_text, quick());
    QVERIFY2(r.status == VerifyResult::Status::Equal, text(r));
    QCOMPARE(int(r.mode), int(RunnerOptions::Mode::OwnMain));
    QVERIFY(r.values_compared >= 1601);  // the 40 x 40 dump and the checksum
    QVERIFY(r.original.region_seconds.has_value());
    QVERIFY(r.emitted.region_seconds.has_value());
    QVERIFY(r.original.process_seconds > 0);
    QVERIFY(!std::filesystem::exists(r.work_dir));
  }

  void ownMainInterchangedLoopsAreEqual() {
    const Program p = matmul();
    const std::string emitted = replace_region(p,
                                               "  for (i = 0; i < n; i++)\n"
                                               "    for (j = 0; j < n; j++)\n"
                                               "      C[i][j] = 0.0;\n"
                                               "  #pragma omp parallel for private(j, k)\n"
                                               "  for (i = 0; i < n; i++)\n"
                                               "    for (k = 0; k < n; k++)\n"
                                               "      for (j = 0; j < n; j++)\n"
                                               "        C[i][j] += A[i][k] * B[k][j];\n");
    const VerifyResult r = verify_equivalence(p, emitted, quick());
    QVERIFY2(r.status == VerifyResult::Status::Equal, text(r));
  }

  // The tuner's way: one run of the original, kept, for every emitted
  // program compared with it; verdicts as without keeping it.
  void originalRunKeptAcrossVerifications() {
    const Program p = matmul();
    const std::string region = p.source_text.substr(p.region.begin_offset, p.region.end_offset - p.region.begin_offset);
    RunnerOptions o = quick();
    o.original_runs = make_original_runs();
    const VerifyResult first = verify_equivalence(p, p.source_text, o);
    QVERIFY2(first.status == VerifyResult::Status::Equal, text(first));
    QCOMPARE(reused_original_runs(*o.original_runs), 0);
    const VerifyResult wrong = verify_equivalence(p, replace_region(p, region + "  C[3][5] = -1.0;\n"), o);
    QVERIFY2(wrong.status == VerifyResult::Status::Different, text(wrong));
    QCOMPARE(reused_original_runs(*o.original_runs), 1);
    // The kept run's times are reported again.
    QCOMPARE(wrong.original.process_seconds, first.original.process_seconds);
    const VerifyResult same = verify_equivalence(p, p.source_text, o);
    QVERIFY2(same.status == VerifyResult::Status::Equal, text(same));
    QCOMPARE(reused_original_runs(*o.original_runs), 2);
    // Built another way (another define): the original is built and run again.
    o.defines = {"NO_CHECKSUM"};
    const VerifyResult other = verify_equivalence(p, p.source_text, o);
    QVERIFY2(other.status == VerifyResult::Status::Equal, text(other));
    QCOMPARE(reused_original_runs(*o.original_runs), 2);
    QVERIFY(other.values_compared < same.values_compared);  // no checksum line
  }

  void ownMainWrongElementIsReported() {
    const Program p = matmul();
    const std::string region = p.source_text.substr(p.region.begin_offset, p.region.end_offset - p.region.begin_offset);
    const VerifyResult r = verify_equivalence(p, replace_region(p, region + "  C[3][5] = -1.0;\n"), quick());
    QVERIFY2(r.status == VerifyResult::Status::Different, text(r));
    QCOMPARE(int(r.stage), int(VerifyResult::Stage::Compare));
    QVERIFY(r.first_difference);
    // The checksum on stdout is compared first; the dump names the element.
    QVERIFY2(r.first_difference->where.rfind("stdout", 0) == 0, text(r));
    // Without the checksum in the way, the dump names the element.
    RunnerOptions o = quick();
    o.defines = {"NO_CHECKSUM"};
    const VerifyResult d = verify_equivalence(p, replace_region(p, region + "  C[3][5] = -1.0;\n"), o);
    QVERIFY2(d.status == VerifyResult::Status::Different, text(d));
    QVERIFY(d.first_difference);
    QCOMPARE(d.first_difference->array, std::string("C"));
    QCOMPARE(d.first_difference->index, (std::vector<long>{3, 5}));
    QCOMPARE(d.first_difference->flat_index, 3L * 40 + 5);
    QCOMPARE(d.first_difference->actual, std::string("-1.00"));
    double c35 = 0;
    for (int k = 0; k < 40; ++k) c35 += double((3 * k + 1) % 40) / 40 * (double(k * 6 % 40) / 40);
    char expected[32];
    std::snprintf(expected, sizeof expected, "%0.2lf", c35);
    QCOMPARE(d.first_difference->expected, std::string(expected));
    QVERIFY(d.message.find("C[3][5]") != std::string::npos);
  }

  // verify --bundle: both programs built and the original run here, the
  // emitted one run and compared elsewhere (loopscape-run-bundle, on the GPU
  // machine), with the same verdicts verify gives.
  void bundlesRunAndCompareElsewhere() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    const Program p = matmul();
    const std::string region = p.source_text.substr(p.region.begin_offset, p.region.end_offset - p.region.begin_offset);
    RunnerOptions o = quick();
    o.compile_only = true;
    o.compile_only_reason = "no device in this test";
    o.bundle_dir = root + "/same";
    const VerifyResult built = verify_equivalence(p, p.source_text, o);
    QVERIFY2(built.status == VerifyResult::Status::NotRun, text(built));
    QVERIFY2(built.message.find("loopscape-run-bundle " + o.bundle_dir) != std::string::npos, text(built));
    const BundleRun same = run_bundle(o.bundle_dir, true, 20);
    QVERIFY2(same.status == BundleRun::Status::Equal, same.message.c_str());
    QVERIFY(same.values_compared >= 1601);
    QVERIFY(same.region_seconds.has_value());

    o.bundle_dir = root + "/wrong";
    o.defines = {"NO_CHECKSUM"};
    QCOMPARE(int(verify_equivalence(p, replace_region(p, region + "  C[3][5] = -1.0;\n"), o).status),
             int(VerifyResult::Status::NotRun));
    const BundleRun wrong = run_bundle(o.bundle_dir, true, 20);
    QVERIFY2(wrong.status == BundleRun::Status::Different, wrong.message.c_str());
    QVERIFY2(wrong.message.find("C[3][5]") != std::string::npos, wrong.message.c_str());

    RunnerOptions h = quick();
    h.compile_only = true;
    h.parameters = {parse_parameter_option("n=1000")};
    h.bundle_dir = root + "/harness";
    QCOMPARE(int(verify_equivalence(axpy(), axpy().source_text, h).status), int(VerifyResult::Status::NotRun));
    const BundleRun harness = run_bundle(h.bundle_dir, true, 20);
    QVERIFY2(harness.status == BundleRun::Status::Equal, harness.message.c_str());
    QCOMPARE(harness.values_compared, std::size_t(1008));

    // What a damaged copy says: an error (status 2), never a wrong result.
    auto error_of = [](const std::string& bundle) {
      const BundleRun r = run_bundle(bundle, true, 20);
      return r.status == BundleRun::Status::Error ? r.message : "not an error: " + r.message;
    };
    QVERIFY(error_of(root + "/none").find("is no folder") != std::string::npos);
    std::filesystem::create_directories(root + "/empty");
    QVERIFY(error_of(root + "/empty").find("not a Loopscape bundle") != std::string::npos);
    namespace fs = std::filesystem;
    fs::copy(root + "/same", root + "/no_output", fs::copy_options::recursive);
    fs::remove(root + "/no_output/expected.stdout");
    QVERIFY(error_of(root + "/no_output").find("incomplete") != std::string::npos);
    fs::copy(root + "/same", root + "/not_executable", fs::copy_options::recursive);
    fs::permissions(root + "/not_executable/program", fs::perms::owner_exec | fs::perms::group_exec |
                    fs::perms::others_exec, fs::perm_options::remove);
    QVERIFY(error_of(root + "/not_executable").find("not executable") != std::string::npos);
    fs::copy(root + "/same", root + "/bad_tolerance", fs::copy_options::recursive);
    {
      std::ofstream manifest(root + "/bad_tolerance/bundle.txt", std::ios::app);
      manifest << "tolerance printed abc\n";
    }
    QVERIFY(error_of(root + "/bad_tolerance").find("bundle.txt:") != std::string::npos);
  }

  void harnessEqualAndWrong() {
    const Program p = axpy();
    RunnerOptions o = quick();
    o.parameters = {parse_parameter_option("n=1000")};
    const VerifyResult same = verify_equivalence(p, p.source_text, o);
    QVERIFY2(same.status == VerifyResult::Status::Equal, text(same));
    QCOMPARE(int(same.mode), int(RunnerOptions::Mode::Harness));
    QCOMPARE(same.values_compared, std::size_t(1008));
    QVERIFY(same.original.region_seconds.has_value());

    const std::string wrong_float = replace_region(p,
                                                   "  for (int i = 0; i < n; i++)\n"
                                                   "    y[i] = alpha * x[i] + y[i] + (i == 617 ? 1e-3 : 0.0);\n"
                                                   "  for (int i = 0; i < n; i++)\n"
                                                   "    hist[i % 8] += i;\n");
    const VerifyResult r = verify_equivalence(p, wrong_float, o);
    QVERIFY2(r.status == VerifyResult::Status::Different, text(r));
    QVERIFY(r.first_difference);
    QCOMPARE(r.first_difference->array, std::string("y"));
    QCOMPARE(r.first_difference->index, std::vector<long>{617});
    const double want = std::stod(r.first_difference->expected), got = std::stod(r.first_difference->actual);
    QVERIFY(std::abs(got - want - 1e-3) < 1e-9);

    const std::string wrong_int = replace_region(p,
                                                 "  for (int i = 0; i < n; i++)\n"
                                                 "    y[i] = alpha * x[i] + y[i];\n"
                                                 "  for (int i = 0; i < n; i++)\n"
                                                 "    hist[i % 8] += i + (i == 9);\n");
    const VerifyResult w = verify_equivalence(p, wrong_int, o);
    QVERIFY2(w.status == VerifyResult::Status::Different, text(w));
    QCOMPARE(w.first_difference->array, std::string("hist"));
    QCOMPARE(w.first_difference->index, std::vector<long>{1});
    QCOMPARE(std::stol(w.first_difference->actual) - std::stol(w.first_difference->expected), 1L);
  }

  void harnessDefaultsAndGlobals() {
    // No --param: n takes the default and the run still compares.
    const Program p = axpy();
    const VerifyResult r = verify_equivalence(p, p.source_text, quick());
    QVERIFY2(r.equal(), text(r));
    QVERIFY(r.log.find("n = 32 (default)") != std::string::npos);
  }

  void floatToleranceAbsorbsReassociation() {
    const Program p = float_sum();
    const std::string reassociated = replace_region(p,
                                                    "  {\n"
                                                    "    float p0 = 0, p1 = 0, p2 = 0, p3 = 0;\n"
                                                    "    for (int i = 0; i < LEN; i += 4) {\n"
                                                    "      p0 += data[i] * data[i]; p1 += data[i + 1] * data[i + 1];\n"
                                                    "      p2 += data[i + 2] * data[i + 2]; p3 += data[i + 3] * data[i + 3];\n"
                                                    "    }\n"
                                                    "    total[0] += (p0 + p1) + (p2 + p3);\n"
                                                    "  }\n");
    const VerifyResult r = verify_equivalence(p, reassociated, quick());
    QVERIFY2(r.status == VerifyResult::Status::Equal, text(r));
    RunnerOptions strict = quick();
    strict.float_tolerance = {1e-12, 0};
    const VerifyResult s = verify_equivalence(p, reassociated, strict);
    QVERIFY2(s.status == VerifyResult::Status::Different, text(s));
    QCOMPARE(s.first_difference->array, std::string("total"));
    QCOMPARE(s.first_difference->index, std::vector<long>{0});
  }

  void crashAndTimeout() {
    const Program p = axpy();
    RunnerOptions o = quick();
    const VerifyResult crash =
        verify_equivalence(p, replace_region(p, "  { volatile int *z = 0; *z = 1; }\n"), o);
    QVERIFY2(crash.status == VerifyResult::Status::Different, text(crash));
    QCOMPARE(int(crash.stage), int(VerifyResult::Stage::RunEmitted));
    QVERIFY(crash.message.find("signal") != std::string::npos);

    o.run_timeout_seconds = 1;
    const auto start = std::chrono::steady_clock::now();
    const VerifyResult hang =
        verify_equivalence(p, replace_region(p, "  for (volatile int s = 0; s >= 0; s = 1) { }\n"), o);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    QVERIFY2(hang.status == VerifyResult::Status::Different, text(hang));
    QCOMPARE(int(hang.stage), int(VerifyResult::Stage::RunEmitted));
    QVERIFY(hang.message.find("timed out") != std::string::npos);
    QVERIFY(elapsed < 30);
  }

  void compileErrors() {
    const Program p = axpy();
    const VerifyResult r = verify_equivalence(p, replace_region(p, "  y[0] = ;\n"), quick());
    QCOMPARE(int(r.status), int(VerifyResult::Status::Error));
    QCOMPARE(int(r.stage), int(VerifyResult::Stage::CompileEmitted));
    QVERIFY(r.log.find("error") != std::string::npos);

    RunnerOptions o = quick();
    o.function = "no_such_function";
    const VerifyResult missing = verify_equivalence(p, p.source_text, o);
    QCOMPARE(int(missing.status), int(VerifyResult::Status::Error));
    QVERIFY(missing.message.find("no_such_function") != std::string::npos);
  }

  // A PolyBench kernel through the real front-end, in both modes.
  void polybenchGemmBothModes() {
    const std::string root = std::string(LOOPSCAPE_TEST_DATA) + "/polybench/";
    const std::string file = root + "linear-algebra/blas/gemm/gemm.c";
    if (!std::filesystem::exists(file)) QSKIP("no PolyBench stand-in corpus");
    CompileOptions options;
    options.defines = {"MINI_DATASET"};
    options.include_dirs = {root + "utilities"};
    options.extra_sources = {root + "utilities/polybench.c"};
    const Program p = parse_c_file(file, options);
    std::string wrong = p.source_text;
    const std::size_t update = wrong.find("C[i][j] += alpha", p.region.begin_offset);
    QVERIFY(update != std::string::npos && update < p.region.end_offset);
    wrong.replace(wrong.find("+=", update), 2, "-=");

    for (const auto mode : {RunnerOptions::Mode::OwnMain, RunnerOptions::Mode::Harness}) {
      RunnerOptions o = quick();
      o.mode = mode;
      const VerifyResult same = verify_equivalence(p, p.source_text, o);
      QVERIFY2(same.equal(), text(same));
      QVERIFY(same.values_compared >= 20 * 25);
      const VerifyResult r = verify_equivalence(p, wrong, o);
      QVERIFY2(r.status == VerifyResult::Status::Different, text(r));
      QCOMPARE(r.first_difference->array, std::string("C"));
      // PolyBench's own inputs have a zero row 0 in A; the harness's do not.
      const std::vector<long> first = mode == RunnerOptions::Mode::OwnMain ? std::vector<long>{1, 0}
                                                                         : std::vector<long>{0, 0};
      QCOMPARE(r.first_difference->index, first);
    }
  }

  void samplesWithTheirOwnMain() {
    const std::string sample = std::string(LOOPSCAPE_SAMPLES) + "/image_pipeline.c";
    if (!std::filesystem::exists(sample)) QSKIP("samples/image_pipeline.c is not there");
    Program p(std::make_shared<IslContext>());
    p.file = sample;
    p.source_text = read_text(sample);
    p.region.begin_offset = p.source_text.find("#pragma scop");
    p.region.end_offset = p.source_text.find("#pragma endscop") + std::string("#pragma endscop").size();
    p.arrays.push_back(Array{"out", "float", {"48", "64", "3"}, false, {}});
    Statement s;
    s.name = "S0";
    s.domain = isl::set(p.ctx(), "{ S0[] }");
    s.accesses.push_back(Access{Access::Kind::Write, "out", isl::map(p.ctx(), "{ S0[] -> out[] }"), {}});
    p.statements.push_back(std::move(s));
    const VerifyResult same = verify_equivalence(p, p.source_text, quick());
    QVERIFY2(same.equal(), text(same));
    // Blurring with a different weight changes the checksum.
    std::string wrong = p.source_text;
    wrong.replace(wrong.find("/ 3.0f"), 6, "/ 3.1f");
    const VerifyResult r = verify_equivalence(p, wrong, quick());
    QVERIFY2(r.status == VerifyResult::Status::Different, text(r));
    QVERIFY(r.first_difference->where.rfind("stdout", 0) == 0);
  }
};

QTEST_APPLESS_MAIN(TestRunner)
#include "test_runner.moc"

// SPDX-License-Identifier: Apache-2.0
// Code generation: the loop AST, the C and OpenMP printers, the target
// registry and the emitter. Golden files (schedule in, code out) plus
// run-and-compare: every generated variant is compiled with gcc -O2 -fopenmp
// in the kernel's own C harness and its output compared numerically with the
// original loop nest's.
#include <QtTest>

#include <isl/cpp.h>
#include <isl/schedule_node.h>

#include <cmath>
#include <sstream>

#include "analysis/dependences.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/emitter.h"
#include "codegen/common/loop_ast.h"
#include "codegen/registry/registry.h"
#include "codegen_kernels.h"
#include "frontend/frontend.h"
#include "command_test_support.h"
#include "golden.h"
#include "schedule/node_names.h"
#include "schedule/parallelism.h"
#include "schedule/original_schedule.h"
#include "schedule/tags.h"
#include "schedule/tree_printer.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

isl::union_map dependences_of(const Program& p, const isl::schedule& original) {
  return compute_dependences(p, original).all();
}

isl::schedule read_schedule(const Program& p, const std::string& golden_name) {
  return schedule_from_text(p.ctx(), read_text(golden_path(golden_name)));
}

// Tiles the band named `band` by `sizes` (a stand-in for the tile command).
isl::schedule tile(const isl::schedule& s, const std::string& band, const std::vector<int>& sizes) {
  isl::schedule_node n = *find_node(s, band);
  isl::multi_val mv = isl::multi_val::zero(isl::manage(isl_schedule_node_band_get_space(n.get())));
  for (std::size_t k = 0; k < sizes.size(); ++k) mv = mv.set_at(static_cast<int>(k), isl::val(s.ctx(), sizes[k]));
  return n.as<isl::schedule_node_band>().tile(mv).schedule();
}

struct RunResult {
  bool ok = false;
  std::string output;
  std::string error;
};

RunResult compile_and_run(const QString& dir, const QString& name, const std::string& source) {
  RunResult r;
  const QString c = dir + "/" + name + ".c";
  const QString exe = dir + "/" + name;
  write_text(c.toStdString(), source);
  QProcess gcc;
  gcc.setProcessChannelMode(QProcess::MergedChannels);
  gcc.start("gcc", {"-O2", "-fopenmp", "-o", exe, c, "-lm"});
  if (!gcc.waitForFinished(120000) || gcc.exitCode() != 0) {
    r.error = "gcc failed on " + name.toStdString() + ":\n" + gcc.readAll().toStdString() + "\n" + source;
    return r;
  }
  QProcess run;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("OMP_NUM_THREADS", "4");
  run.setProcessEnvironment(env);
  run.start(exe, {});
  if (!run.waitForFinished(120000) || run.exitCode() != 0) {
    r.error = name.toStdString() + " did not run to completion";
    return r;
  }
  r.output = run.readAllStandardOutput().toStdString();
  r.ok = true;
  return r;
}

// Compares two outputs number by number (relative tolerance for reordered sums).
bool same_numbers(const std::string& a, const std::string& b, std::string* why) {
  std::istringstream sa(a), sb(b);
  std::vector<double> va, vb;
  for (double x; sa >> x;) va.push_back(x);
  for (double x; sb >> x;) vb.push_back(x);
  if (va.size() != vb.size() || va.empty()) {
    *why = "outputs have " + std::to_string(va.size()) + " and " + std::to_string(vb.size()) + " numbers";
    return false;
  }
  for (std::size_t k = 0; k < va.size(); ++k) {
    const double scale = std::max({1.0, std::fabs(va[k]), std::fabs(vb[k])});
    if (std::fabs(va[k] - vb[k]) > 1e-9 * scale) {
      *why = "value " + std::to_string(k) + ": " + std::to_string(va[k]) + " vs " + std::to_string(vb[k]);
      return false;
    }
  }
  return true;
}

}  // namespace

class TestCodegenOpenmp : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void targetsAreRegistered() {
    const auto names = target_names();
    for (const char* n : {"tree", "isl-ast", "c", "openmp"})
      QVERIFY2(std::find(names.begin(), names.end(), n) != names.end(), n);
    QVERIFY(find_target("openmp"));
    QVERIFY(!find_target("fortran"));
    Program p = mvt_program();
    isl::schedule s = build_original_schedule(p);
    QVERIFY_THROWS_EXCEPTION(InputError, generate(p, s, std::nullopt, "fortran"));
    QCOMPARE(generate(p, s, std::nullopt, "tree").text, print_schedule_tree(s));
  }

  void originalCodeMatchesGoldenFiles() {
    for (const Kernel& k : all_kernels()) {
      Program p = k.make();
      isl::schedule s = build_original_schedule(p);
      const isl::union_map deps = dependences_of(p, s);
      LOOPSCAPE_COMPARE_GOLDEN(k.name + ".openmp.c", generate_code(p, s, deps, "openmp"));
    }
    Program p = mvt_program();
    isl::schedule s = build_original_schedule(p);
    LOOPSCAPE_COMPARE_GOLDEN("mvt.isl-ast.c", generate(p, s, std::nullopt, "isl-ast").text);
    LOOPSCAPE_COMPARE_GOLDEN("mvt.c", generate(p, s, std::nullopt, "c").full_text());
  }

  void sourceIteratorNamesAndDirections() {
    Program m = mvt_program();
    const std::string mvt = generate(m, build_original_schedule(m), std::nullopt, "c").text;
    QVERIFY2(mvt.find("for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    x1[i] = x1[i] + a[i][j] * y1[j];") !=
                 std::string::npos,
             mvt.c_str());
    Program r = reverse_program();
    const std::string rev = generate(r, build_original_schedule(r), std::nullopt, "c").text;
    QVERIFY2(rev.find("for (int i = n - 1; i >= 1; i--)\n  x[i] = x[i] + x[i - 1] * 0.5;") != std::string::npos,
             rev.c_str());
    QVERIFY2(rev.find("for (int j = n - 1; j >= 0; j--)") != std::string::npos, rev.c_str());
    // Fused mvt: the loops are i for S0 but j for S1, so they keep generated names.
    const std::string fused = generate(m, read_schedule(m, "mvt_fused.schedule"), std::nullopt, "c").text;
    QVERIFY2(fused.find("for (int c0 = 0; c0 < n; c0++)") != std::string::npos, fused.c_str());
    QVERIFY2(fused.find("x2[c1] = x2[c1] + a[c0][c1] * y2[c0];") != std::string::npos, fused.c_str());
  }

  // nussinov's else branch runs only at j = i + 1: isl pins it inside the j
  // loop, and the loop keeps its name j in every target all the same (the
  // isl-ast target shows isl's own AST, with isl's names, on purpose).
  void aPinnedInstanceKeepsTheLoopsName() {
    const LoadedProgram l = load_polybench("medley/nussinov");
    for (const char* target : {"c", "openmp", "mpi", "hls", "cuda"}) {
      const GeneratedCode g = generate(l.program, l.original_schedule, l.dependences.all(), target, {}, nullptr,
                                       &l.dependences);
      const std::string text = g.before_function + g.text;
      QVERIFY2(text.find("for (int j = i + 1; j < n; j++)") != std::string::npos, (target + text).c_str());
      QVERIFY2(text.find("c1") == std::string::npos, (target + text).c_str());
    }
  }

  // gcc takes one pragma before a loop: a loop tagged vector and unroll gets
  // one OpenMP directive (parallel and vector: `parallel for simd`), and builds.
  void aLoopWithSeveralTagsGetsOneDirective() {
    const LoadedProgram l = load_polybench("datamining/covariance");
    const isl::schedule s = apply_all(l, {"S1.unroll(j, 4)", "S5.tile(i, j, 5, 4)", "S0.vectorize(j1, 8)"});
    const std::string code = openmp_text(l, s);
    QVERIFY2(code.find("#pragma omp simd\n") != std::string::npos, code.c_str());
    QVERIFY2(code.find("#pragma omp simd\n    #pragma") == std::string::npos, code.c_str());
    const std::string diff = run_and_compare(l, s);
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void scheduleInCodeOut() {
    Program m = mvt_program();
    isl::schedule original = build_original_schedule(m);
    const isl::union_map deps = dependences_of(m, original);
    isl::schedule fused = read_schedule(m, "mvt_fused.schedule");
    LOOPSCAPE_COMPARE_GOLDEN("mvt_fused.tree", print_schedule_tree(fused));
    LOOPSCAPE_COMPARE_GOLDEN("mvt_fused.openmp.c", generate_code(m, fused, deps, "openmp"));
    isl::schedule tiled = tile(fused, "F", {4, 4});
    LOOPSCAPE_COMPARE_GOLDEN("mvt_tiled.tree", print_schedule_tree(tiled));
    LOOPSCAPE_COMPARE_GOLDEN("mvt_tiled.openmp.c", generate_code(m, tiled, deps, "openmp"));

    Program p = matmul_program();
    isl::schedule ms = build_original_schedule(p);
    LOOPSCAPE_COMPARE_GOLDEN("matmul_tiled.openmp.c",
                             generate_code(p, tile(ms, "R", {8, 8}), dependences_of(p, ms), "openmp"));
  }

  void helpersOnlyWhenUsed() {
    Program m = mvt_program();
    isl::schedule s = build_original_schedule(m);
    GeneratedCode plain = generate(m, s, std::nullopt, "c");
    QCOMPARE(plain.helpers, std::string());
    GeneratedCode tiled = generate(m, tile(read_schedule(m, "mvt_fused.schedule"), "F", {4, 4}), std::nullopt, "c");
    QVERIFY2(tiled.helpers.find("#ifndef min\n#define min(") != std::string::npos, tiled.helpers.c_str());
    QVERIFY(tiled.helpers.find("floord") == std::string::npos);
    QVERIFY(tiled.text.find("min(") != std::string::npos);
  }

  void parallelPragmaOnOutermostDependenceFreeLoop() {
    Program p = matmul_program();
    isl::schedule s = build_original_schedule(p);
    const std::string code = generate_code(p, s, dependences_of(p, s), "openmp");
    QVERIFY2(code.rfind("#pragma omp parallel for\nfor (int i = 0; i < ni; i++)\n", 0) == 0, code.c_str());
    QCOMPARE(std::count(code.begin(), code.end(), '#'), 1L);
    // Triangular: only the inner j loop is parallel.
    Program t = triangular_program();
    isl::schedule ts = build_original_schedule(t);
    const std::string tri = generate_code(t, ts, dependences_of(t, ts), "openmp");
    // Triangular: only the inner j loop is parallel, and it runs once per i:
    // a team of threads only where a run of it has work enough.
    QVERIFY2(tri.find("for (int i = 1; i < n; i++) {\n  // j runs once per iteration of i: in parallel only with work "
                      "enough") != std::string::npos,
             tri.c_str());
    // Two versions, not an `if` clause (a false clause still calls libgomp).
    QVERIFY2(tri.find("  if ((long) (i) >= 20000) {\n    #pragma omp parallel for\n    for (int j = 0; j < i; j++)") !=
                 std::string::npos,
             tri.c_str());
    QVERIFY2(tri.find("  } else {\n    for (int j = 0; j < i; j++)") != std::string::npos, tri.c_str());
    QVERIFY2(tri.find(" if(") == std::string::npos, tri.c_str());
    // The C target ignores the tags; the schedule the code came from holds them.
    GeneratedCode c = generate(p, s, dependences_of(p, s), "c");
    QVERIFY(c.text.find("#pragma") == std::string::npos);
    GeneratedCode omp = generate(p, s, dependences_of(p, s), "openmp");
    QVERIFY(subtree_has_tag(omp.schedule.root(), "parallel"));
    // Without dependences nothing is parallelised automatically, but user tags are honoured.
    QVERIFY(generate(p, s, std::nullopt, "openmp").text.find("#pragma") == std::string::npos);
    isl::schedule user = tag_band_member(*find_node(s, "R"), 1, LoopTag{"parallel", {}}).schedule();
    const std::string u = generate(p, user, std::nullopt, "openmp").text;
    QVERIFY2(u.find("#pragma omp parallel for\n  for (int j = 0; j < nj; j++)") != std::string::npos, u.c_str());
  }

  // A small loop inside a sequential one stays sequential and says why; a
  // parallel tag the user gave is honoured as given.
  void smallInnerLoopsStaySequential() {
    const std::string src = R"(#define T 10
static double a[T + 1][100];
static void kernel(int steps) {
  int t, i;
#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < 99; i++)
      a[t + 1][i] = a[t][i - 1] + a[t][i + 1];
#pragma endscop
}
int main(void) { kernel(T); return 0; }
)";
    Program p = make_program(src, {"steps"}, "[steps] -> { : 0 <= steps <= 10 }", {{"a", "double", {"T + 1", "100"}}},
                             {{"S0", {{"t", 0}, {"i", 1}}, {0, 0, 0}, "[steps] -> { S0[t, i] : 0 <= t < steps and 1 <= i < 99 }",
                               "a[t + 1][i]", "=", "a[t][i - 1] + a[t][i + 1]",
                               {"[steps] -> { S0[t, i] -> a[t, i - 1] }", "[steps] -> { S0[t, i] -> a[t, i + 1] }"},
                               {"[steps] -> { S0[t, i] -> a[t + 1, i] }"}}});
    const isl::schedule s = build_original_schedule(p);
    const std::string code = generate_code(p, s, dependences_of(p, s), "openmp");
    QVERIFY2(code.find("#pragma") == std::string::npos, code.c_str());
    QVERIFY2(code.find("// sequential: i runs once per iteration of t with about 98 instances") !=
                 std::string::npos,
             code.c_str());
    const isl::schedule user = tag_band_member(*find_node(s, "R"), 1, LoopTag{"parallel", {}}).schedule();
    const std::string u = generate(p, user, dependences_of(p, user), "openmp").text;
    QVERIFY2(u.find("  #pragma omp parallel for\n  for (int i = 1; i <= 98; i++)") != std::string::npos, u.c_str());
  }

  // verify --reverse-parallel: a loop tagged parallel runs backwards, so a
  // tag on a loop that carries a dependence changes the results every time.
  void reversedParallelLoopsExposeACarriedDependence() {
    const std::string source =
        "#include <stdio.h>\n"
        "double a[64], b[64];\n"
        "void f(int n) {\n"
        "#pragma scop\n"
        "  for (int i = 1; i < n; i++)\n"
        "    a[i] = a[i - 1] + b[i];\n"
        "#pragma endscop\n"
        "}\n"
        "int main(void) {\n"
        "  for (int i = 0; i < 64; i++) { a[i] = 0.; b[i] = i % 7; }\n"
        "  f(64);\n"
        "  for (int i = 0; i < 64; i += 8) printf(\"%g\\n\", a[i]);\n"
        "  return 0;\n"
        "}\n";
    const Program p = parse_c_source(source, "prefix.c", {});
    const isl::schedule original = build_original_schedule(p);
    const isl::schedule tagged = tag_band_member(*find_node(original, "R"), 0, LoopTag{"parallel", {}}).schedule();
    CodegenOptions reversed;
    reversed.reverse_parallel_loops = true;
    const GeneratedCode code = generate(p, tagged, std::nullopt, "openmp", reversed);
    QVERIFY2(code.text.find("for (int i = n - 1; i >= 1; i--)") != std::string::npos, code.text.c_str());
    QVERIFY(code.text.find("#pragma omp") == std::string::npos);
    QTemporaryDir dir;
    const RunResult before = compile_and_run(dir.path(), "original", p.source_text);
    const RunResult after = compile_and_run(dir.path(), "reversed", emit_file(p, code));
    QVERIFY2(before.ok && after.ok, (before.error + after.error).c_str());
    std::string why;
    QVERIFY2(!same_numbers(before.output, after.output, &why), after.output.c_str());
    // Without the tag the loop runs forwards and computes what the original does.
    const RunResult untagged = compile_and_run(dir.path(), "untagged", emit_file(p, generate(p, original, std::nullopt, "openmp", reversed)));
    QVERIFY2(untagged.ok && same_numbers(before.output, untagged.output, &why), (why + untagged.output).c_str());
  }

  void sharedAstGivesTheSameCode_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QStringList>("script");
    QTest::newRow("matmul") << "matmul.c" << QStringList{};  // a parallel loop tagged
    QTest::newRow("seidel2d") << "seidel2d.c" << QStringList{};  // nothing to parallelise
    QTest::newRow("seidel2d skew tile") << "seidel2d.c"
                                        << QStringList{"S0.skew(i, j, 1)", "S0.tile(i, j, 8, 8, i0, j0, i1, j1)"};
    QTest::newRow("jacobi2d tile") << "jacobi2d.c" << QStringList{"S0.tile(i, j, 8, 8, i0, j0, i1, j1)"};
    QTest::newRow("image_pipeline") << "image_pipeline.c" << QStringList{};
  }

  void sharedAstGivesTheSameCode() {
    QFETCH(QString, sample);
    QFETCH(QStringList, script);
    const LoadedProgram l = load_sample(sample.toStdString());
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    const isl::union_map deps = l.dependences.all();
    AstCache cache;
    for (const std::string& name : target_names()) {
      const GeneratedCode alone = generate(l.program, s, deps, name);
      const GeneratedCode shared = generate(l.program, s, deps, name, {}, &cache);
      QVERIFY2(alone.full_text() == shared.full_text(), name.c_str());
    }
    // c, openmp and isl-ast all print the AST of the schedule with its
    // automatic parallel tags; cuda, mpi and the Halide lowering the AST of
    // the schedule as it is: one AST each, the same one where no loop gets a tag.
    QVERIFY2(cache.size() >= 1 && cache.size() <= 2, std::to_string(cache.size()).c_str());
  }

  void tiledStencilKeepsItsTileLoopParallel() {
    const LoadedProgram l = load_sample("jacobi2d.c");
    const isl::schedule s = apply_all(l, {"S0.tile(i, j, 8, 8, i0, j0, i1, j1)"});
    const isl::union_map deps = l.dependences.all();
    // Every band below the time loop: the tile loop and the untiled S1 loop i are
    // free inside one time step, the time loop itself is not.
    const isl::schedule_node time = *find_node(s, "R");
    QVERIFY(member_carries_dependence(time, 0, deps));
    const std::string code = generate_code(l.program, s, deps, "openmp");
    const auto pragma_count = [&](const std::string& pragma) {
      int n = 0;
      for (auto at = code.find(pragma); at != std::string::npos; at = code.find(pragma, at + 1)) ++n;
      return n;
    };
    QCOMPARE(pragma_count("#pragma omp parallel for"), 2);
    // Inside the time loop: parallel when a time step has work enough.
    QVERIFY2(code.find(" >= 20000) {\n    #pragma omp parallel for\n    for (int i0 = 0; i0 <= floord(n - 2, 8); i0++)") !=
                 std::string::npos,
             code.c_str());
    // Skewed and tiled seidel: every loop carries a dependence (no wavefront yet).
    const LoadedProgram seidel = load_sample("seidel2d.c");
    const isl::schedule st = apply_all(seidel, {"S0.skew(i, j, 1)", "S0.tile(i, j, 8, 8, i0, j0, i1, j1)"});
    const std::string sc = generate_code(seidel.program, st, seidel.dependences.all(), "openmp");
    QVERIFY2(sc.find("#pragma") == std::string::npos, sc.c_str());
  }

  void aTagOnALoopIsLeftOutNeverLandsOnTheNextOne() {
    // Tiling C0 twice leaves a band member with one value (the tile of a
    // tile): isl prints no loop for it. Its automatic parallel tag must not
    // move to the loop inside, which carries cholesky's dependence.
    const LoadedProgram l = load_c(R"(#define N 12
void kernel(int n, double A[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
#pragma endscop
}
)");
    const isl::schedule s = apply_all(l, {"C0.tile(4)", "C0.tile(4)"});
    QVERIFY(legality(l, s).legal());
    const GeneratedCode omp = generate(l.program, s, l.dependences.all(), "openmp");
    QVERIFY2(omp.text.find("#pragma omp") == std::string::npos, omp.text.c_str());
    QVERIFY2(run_and_compare(l, s).empty(), run_and_compare(l, s).c_str());
    // Where the loops are free (matmul's i and j), the automatic tag skips
    // the member without a loop and lands on the outermost loop there is.
    const LoadedProgram mm = load_sample("matmul.c");
    const isl::schedule twice = apply_all(mm, {"R.tile(4, 4)", "R.tile(4, 4)"});
    const std::string mm_code = generate(mm.program, twice, mm.dependences.all(), "openmp").text;
    QVERIFY2(mm_code.rfind("#pragma omp parallel for\nfor (int c0 = 0; c0 < ni; c0 += 4)", 0) == 0, mm_code.c_str());
    // The isl AST shows the tags without the depths the conversion uses.
    const isl::schedule tagged = apply_all(l, {"C0.tile(4)", "C0.parallel()"});
    const std::string ast = generate(l.program, tagged, std::nullopt, "isl-ast").text;
    QVERIFY2(ast.find("// @parallel\n") != std::string::npos && ast.find('#') == std::string::npos, ast.c_str());
  }

  // gemm blocked for registers as in bench/cpu-speed/gemm.avx2.ls, with blocks
  // that leave partial tiles at the MINI and SMALL sizes: the full tiles hold
  // their 3 x 4 block of C in a local array across k1, the partial ones run
  // the loops as they are, and both compute what the original does.
  void registerTilesHoldTheBlockInALocalArray_data() {
    QTest::addColumn<QString>("dataset");
    QTest::newRow("MINI") << "MINI_DATASET";
    QTest::newRow("SMALL") << "SMALL_DATASET";
  }
  void registerTilesHoldTheBlockInALocalArray() {
    QFETCH(QString, dataset);
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm", {dataset.toStdString()});
    const isl::schedule s =
        apply_all(l, {"S1.interchange(k, j)", "S1.tile(i, j, 9, 12, i0, j0, i1, j1)", "S1.split(k, 7, k0, k1)",
                      "S1.interchange(j1, k0)", "S1.interchange(i1, k0)", "S1.split(i1, 3, i2, i3)",
                      "S1.split(j1, 4, j2, j3)", "S1.interchange(i3, j2)", "S1.interchange(j3, k1)",
                      "S1.interchange(i3, k1)", "S1.unroll(i3, 3)", "S1.vectorize(j3, 4)", "S1.parallelize(i0)"});
    const std::string code = generate(l.program, s, l.dependences.all(), "openmp").text;
    if (dataset == "MINI_DATASET") LOOPSCAPE_COMPARE_GOLDEN("gemm_register_tile.openmp.c", code);
    QVERIFY2(code.find("// full register tile: C held across k1") != std::string::npos, code.c_str());
    QVERIFY2(code.find("double ls_acc_C[3][4];") != std::string::npos, code.c_str());
    // The sequential C target prints the loops as the schedule has them.
    QVERIFY(generate(l.program, s, l.dependences.all(), "c").text.find("ls_acc_") == std::string::npos);
    QVERIFY2(run_and_compare(l, s).empty(), run_and_compare(l, s).c_str());
  }

  void noRegisterTileWhereItWouldBeWrongOrUseless_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("script");
    QTest::addColumn<bool>("tiled");
    // mvt's x1[i] across j: one element per unrolled i.
    QTest::newRow("1-D accumulator") << "linear-algebra/kernels/mvt"
                                     << QStringList{"S0.split(i, 4, i0, i1)", "S0.interchange(i1, j)", "S0.unroll(i1, 4)"}
                                     << true;
    // The block moves with the loop around it (C[i][4 * j0 + j1] across j0).
    QTest::newRow("element moves with the loop")
        << "linear-algebra/blas/gemm" << QStringList{"S1.split(j, 4, j0, j1)", "S1.unroll(j1, 4)"} << false;
    // Two unrolled points on one element: x1[i] with j unrolled inside i.
    QTest::newRow("points share an element")
        << "linear-algebra/kernels/mvt"
        << QStringList{"S0.split(j, 4, j0, j1)", "S0.unroll(j1, 4)"} << false;
    // 16 x 32 points are more than registers hold.
    QTest::newRow("too large") << "linear-algebra/blas/gemm"
                               << QStringList{"S1.interchange(k, j)", "S1.tile(i, j, 16, 32, i0, j0, i1, j1)",
                                              "S1.interchange(j1, k)", "S1.interchange(i1, k)", "S1.unroll(i1, 16)",
                                              "S1.vectorize(j1, 32)"}
                               << false;
  }
  void noRegisterTileWhereItWouldBeWrongOrUseless() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, script);
    QFETCH(bool, tiled);
    const LoadedProgram l = load_polybench(kernel.toStdString(), {"SMALL_DATASET"});
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    QVERIFY(legality(l, s).legal());
    const std::string code = generate(l.program, s, l.dependences.all(), "openmp").text;
    QVERIFY2((code.find("full register tile") != std::string::npos) == tiled, code.c_str());
    QVERIFY2(run_and_compare(l, s).empty(), run_and_compare(l, s).c_str());
  }

  void loopAstIsTargetNeutral() {
    Program p = stencil_if_program();
    LoopNodePtr ast = build_loop_ast(p, build_original_schedule(p));
    QCOMPARE(ast->kind, LoopNodeKind::Mark);  // the root's name R
    QCOMPARE(ast->mark, std::string("R"));
    const LoopNode& t = ast->body();
    QCOMPARE(t.kind, LoopNodeKind::For);
    QCOMPARE(t.iterator, std::string("t"));
    QVERIFY(loop_bound_inclusive(t).has_value());
    QCOMPARE(print_c_expr(**loop_bound_inclusive(t)), std::string("tsteps - 1"));
    const std::string dump = dump_loop_ast(*ast);
    QVERIFY2(dump.find("mark C0") != std::string::npos, dump.c_str());
    QVERIFY2(dump.find("S1(t, i, j)") != std::string::npos, dump.c_str());
  }

  void emitterSplicesTheRegion() {
    Program p = mvt_program();
    GeneratedCode g = generate(p, tile(read_schedule(p, "mvt_fused.schedule"), "F", {4, 4}), std::nullopt, "c");
    const std::string out = emit_file(p, g);
    const std::string& src = p.source_text;
    QVERIFY(out.rfind(src.substr(0, p.region.begin_offset), 0) == 0);
    QVERIFY(out.size() > src.size() - p.region.end_offset);
    QCOMPARE(out.substr(out.size() - (src.size() - p.region.end_offset)), src.substr(p.region.end_offset));
    const auto macro = out.find("#define min(");
    const auto scop = out.find("#pragma scop");
    const auto use = out.find("min(", scop);
    QVERIFY(macro != std::string::npos && scop != std::string::npos && macro < scop && scop < use);
    QVERIFY(out.find("#pragma endscop\n}") != std::string::npos);
    QVERIFY2(out.find("\n  for (int c0 = 0; c0 < n; c0 += 4)") != std::string::npos, out.c_str());
    QVERIFY_THROWS_EXCEPTION(InputError, emit_file(p, generate(p, build_original_schedule(p), std::nullopt, "tree")));

    // A whole function body: the code replaces what lies between the braces.
    Program b = triangular_program();
    const std::size_t open = b.source_text.find("{\n  int i, j;");
    const std::size_t close = b.source_text.find("}\nint main");
    b.region.begin_offset = open + 1;
    b.region.end_offset = close;
    b.region.whole_function_body = true;
    const std::string body = emit_file(b, generate(b, build_original_schedule(b), std::nullopt, "c"));
    QVERIFY2(body.find("double l[N][N]) {\n#pragma scop\n  for (int i = 1; i < n; i++)\n    for (int j = 0; j < i; j++)\n      l[i][j]") !=
                 std::string::npos,
             body.c_str());
    QVERIFY(body.find("}\nint main") != std::string::npos);
  }

  void generatedCodeComputesWhatTheOriginalDoes_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("variant");
    for (const Kernel& k : all_kernels())
      for (const char* v : {"c", "openmp"}) QTest::newRow((k.name + "/" + v).c_str()) << QString::fromStdString(k.name) << v;
    QTest::newRow("mvt/fused") << "mvt" << "fused";
    QTest::newRow("mvt/tiled") << "mvt" << "tiled";
    QTest::newRow("matmul/tiled") << "matmul" << "tiled";
    QTest::newRow("stencil_if/tiled") << "stencil_if" << "tiled";
    QTest::newRow("triangular/tiled") << "triangular" << "tiled";
  }

  void generatedCodeComputesWhatTheOriginalDoes() {
    QFETCH(QString, kernel);
    QFETCH(QString, variant);
    Program p = [&] {
      for (const Kernel& k : all_kernels())
        if (k.name == kernel.toStdString()) return k.make();
      throw std::runtime_error("no kernel");
    }();
    isl::schedule original = build_original_schedule(p);
    const isl::union_map deps = dependences_of(p, original);
    isl::schedule s = original;
    std::string target = variant == "c" ? "c" : "openmp";
    if (variant == "fused") s = read_schedule(p, "mvt_fused.schedule");
    if (variant == "tiled") {
      if (kernel == "mvt") s = tile(read_schedule(p, "mvt_fused.schedule"), "F", {4, 4});
      if (kernel == "matmul" || kernel == "triangular") s = tile(original, "R", {8, 5});
      if (kernel == "stencil_if") s = tile(original, "C0", {3, 4});
    }
    const std::string generated = emit_file(p, generate(p, s, deps, target));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RunResult before = compile_and_run(dir.path(), "original", p.source_text);
    QVERIFY2(before.ok, before.error.c_str());
    RunResult after = compile_and_run(dir.path(), "generated", generated);
    QVERIFY2(after.ok, after.error.c_str());
    std::string why;
    QVERIFY2(same_numbers(before.output, after.output, &why), (why + "\n" + generated).c_str());
  }
};

QTEST_APPLESS_MAIN(TestCodegenOpenmp)
#include "test_codegen_openmp.moc"

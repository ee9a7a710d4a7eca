// SPDX-License-Identifier: Apache-2.0
// The loop AST lowered to Halide IR and JIT-compiled by Halide's LLVM back-end:
// PolyBench stand-in kernels on the original schedule and after tiling,
// parallelising and vectorising, run on the same inputs and compared array by
// array; gemm's original also against a plain C++ gemm.
// Halide.h before Qt: Qt defines `emit` as a macro, Halide declares an emit().
#include "codegen/halide/halide_lowering.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>

#include "codegen/halide/halide_object.h"
#include "runner/target_run.h"
#include "command_test_support.h"
#include "runner/jit_run.h"
#include "golden.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

struct Run {
  std::map<std::string, std::vector<double>> arrays;  // every buffer argument, as doubles
  std::map<std::string, int> parameters;
};

long element_count(const Array& a, const std::map<std::string, int>& parameters) {
  long n = 1;
  for (const std::string& e : a.extents) n *= parameters.count(e) ? parameters.at(e) : std::stol(e);
  return n;
}

// Every parameter gets the smallest numeric array extent, which keeps every
// access of the stand-in kernels in bounds.
std::map<std::string, int> parameter_values(const Program& p) {
  int smallest = 1 << 20;
  for (const Array& a : p.arrays)
    for (const std::string& e : a.extents)
      if (!e.empty() && std::all_of(e.begin(), e.end(), ::isdigit)) smallest = std::min(smallest, std::stoi(e));
  std::map<std::string, int> v;
  for (const std::string& name : p.parameters) v[name] = smallest;
  return v;
}

// JIT-compiles the schedule and runs it on deterministic inputs (doubles only:
// the stand-in kernels' DATA_TYPE). `misaligned`: every array starts 8 bytes
// past a 64-byte boundary, which C allows and no vector instruction may mind.
Run run_jit(const LoadedProgram& l, const isl::schedule& s, bool contract_fma = false, bool misaligned = false) {
  const HalideLowering h = lower_to_halide(l.program, s, {.jit = true, .contract_fma = contract_fma});
  Run r;
  r.parameters = parameter_values(l.program);
  std::vector<double*> buffers;
  std::map<std::string, std::vector<double>> storage;  // with room to shift an array off its alignment
  std::vector<int> scalars_int;
  std::vector<double> scalars_double;
  scalars_int.reserve(h.arguments.size());
  scalars_double.reserve(h.arguments.size());
  std::vector<const void*> argv;
  for (const HalideArgument& a : h.arguments) {
    if (a.is_buffer) {
      if (a.type != Halide::Float(64)) throw std::runtime_error("test runs double arrays only: " + a.name);
      const long n = element_count(*l.program.find_array(a.name), r.parameters);
      std::vector<double>& data = r.arrays[a.name];
      data.resize(static_cast<std::size_t>(n));
      for (long k = 0; k < n; ++k) data[static_cast<std::size_t>(k)] = static_cast<double>((k * 7 + a.name.size()) % 13) / 13.0 + 0.5;
      double* start = data.data();
      if (misaligned) {
        std::vector<double>& room = storage[a.name];
        room.resize(data.size() + 8);
        start = room.data();
        while (reinterpret_cast<std::uintptr_t>(start) % 64 != 8) ++start;
        std::copy(data.begin(), data.end(), start);
      }
      buffers.push_back(start);
    }
  }
  std::size_t b = 0;
  for (const HalideArgument& a : h.arguments) {
    if (a.is_buffer) {
      argv.push_back(&buffers[b++]);
    } else if (a.type == Halide::Int(32)) {
      scalars_int.push_back(r.parameters.at(a.name));
      argv.push_back(&scalars_int.back());
    } else {
      scalars_double.push_back(1.5);
      argv.push_back(&scalars_double.back());
    }
  }
  Halide::Internal::JITModule jit(h.module, h.module.functions().back());
  const int rc = jit.argv_function()(argv.data());
  if (rc != 0) throw std::runtime_error("the JIT-compiled function returned " + std::to_string(rc));
  b = 0;
  for (const HalideArgument& a : h.arguments)
    if (a.is_buffer) {
      std::vector<double>& data = r.arrays[a.name];
      std::copy(buffers[b], buffers[b] + data.size(), data.begin());
      ++b;
    }
  return r;
}

// The arrays whose element a loop keeps in a register (halide_register_promotion.h).
std::set<std::string> arrays_kept_in_registers(const Halide::Internal::Stmt& s) {
  struct Finder : Halide::Internal::IRVisitor {
    std::set<std::string> found;
    using Halide::Internal::IRVisitor::visit;
    void visit(const Halide::Internal::Allocate* a) override {
      const std::string prefix = "loopscape.register.";
      if (a->name.rfind(prefix, 0) == 0) {
        const std::string rest = a->name.substr(prefix.size());
        found.insert(rest.substr(0, rest.rfind('.')));
      }
      Halide::Internal::IRVisitor::visit(a);
    }
  } finder;
  s.accept(&finder);
  return finder.found;
}

// For every loop named `loop`, the arrays its body reads or writes.
std::vector<std::set<std::string>> arrays_touched_by_each(const Halide::Internal::Stmt& s, const std::string& loop) {
  struct Finder : Halide::Internal::IRVisitor {
    std::string loop;
    std::vector<std::set<std::string>> loops;
    std::vector<std::size_t> open;
    using Halide::Internal::IRVisitor::visit;
    void visit(const Halide::Internal::For* f) override {
      const bool match = f->name == loop;
      if (match) {
        open.push_back(loops.size());
        loops.emplace_back();
      }
      Halide::Internal::IRVisitor::visit(f);
      if (match) open.pop_back();
    }
    void touch(const std::string& array) {
      for (std::size_t k : open) loops[k].insert(array);
    }
    void visit(const Halide::Internal::Load* l) override {
      touch(l->name);
      Halide::Internal::IRVisitor::visit(l);
    }
    void visit(const Halide::Internal::Store* st) override {
      touch(st->name);
      Halide::Internal::IRVisitor::visit(st);
    }
  } finder;
  finder.loop = loop;
  s.accept(&finder);
  return finder.loops;
}

bool some_loop_touches(const Halide::Internal::Stmt& s, const std::string& loop, const std::string& array) {
  const auto loops = arrays_touched_by_each(s, loop);
  return std::any_of(loops.begin(), loops.end(), [&](const auto& arrays) { return arrays.count(array) > 0; });
}

// gemm blocked for registers as in bench/cpu-speed/gemm.avx2.ls, with tiles that
// leave partial ones at the MINI sizes.
const QStringList kRegisterBlockedGemm{
    "S1.interchange(k, j)",        "S1.tile(i, j, 9, 12, i0, j0, i1, j1)", "S1.split(k, 7, k0, k1)",
    "S1.interchange(j1, k0)",      "S1.interchange(i1, k0)",               "S1.split(i1, 3, i2, i3)",
    "S1.split(j1, 4, j2, j3)",     "S1.interchange(i3, j2)",               "S1.interchange(j3, k1)",
    "S1.interchange(i3, k1)",      "S1.unroll(i3, 3)",                     "S1.vectorize(j3, 4)",
    "S1.parallelize(i0)"};

std::string differences(const Run& a, const Run& b) {
  for (const auto& [name, x] : a.arrays) {
    const std::vector<double>& y = b.arrays.at(name);
    for (std::size_t k = 0; k < x.size(); ++k)
      if (std::abs(x[k] - y[k]) > 1e-9 * std::max(1.0, std::abs(x[k])))
        return name + "[" + std::to_string(k) + "]: " + std::to_string(x[k]) + " vs " + std::to_string(y[k]);
  }
  return "";
}

}  // namespace

class TestCodegenHalide : public QObject {
  Q_OBJECT
 private slots:
  void schedules_compute_what_the_original_computes_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("script");
    QTest::newRow("gemm original") << "linear-algebra/blas/gemm" << QStringList{};
    QTest::newRow("gemm parallel") << "linear-algebra/blas/gemm" << QStringList{"S1.parallelize(i)"};
    QTest::newRow("gemm vector") << "linear-algebra/blas/gemm" << QStringList{"S1.vectorize(j, 4)"};
    QTest::newRow("gemm tile") << "linear-algebra/blas/gemm" << QStringList{"S0.tile(i, j, 8, 8, i0, j0, i1, j1)"};
    QTest::newRow("2mm tile+parallel") << "linear-algebra/kernels/2mm"
                                        << QStringList{"S1.tile(i, j, 4, 4, i0, j0, i1, j1)", "S1.parallelize(i0)"};
    QTest::newRow("atax") << "linear-algebra/kernels/atax" << QStringList{};
    QTest::newRow("jacobi-2d tile") << "stencils/jacobi-2d" << QStringList{"S0.tile(i, j, 4, 4, i0, j0, i1, j1)"};
    QTest::newRow("gemm register-blocked") << "linear-algebra/blas/gemm" << kRegisterBlockedGemm;
  }
  void schedules_compute_what_the_original_computes() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, script);
    const LoadedProgram l = load_polybench(kernel.toStdString());
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    QVERIFY(legality(l, s).legal());
    const Run original = run_jit(l, l.original_schedule);
    const Run transformed = run_jit(l, s);
    const std::string diff = differences(original, transformed);
    QVERIFY2(diff.empty(), diff.c_str());
    // The run changed something: the kernel wrote its outputs.
    bool changed = false;
    for (const auto& [name, x] : original.arrays)
      for (std::size_t k = 0; k < x.size() && !changed; ++k)
        changed = x[k] != static_cast<double>((k * 7 + name.size()) % 13) / 13.0 + 0.5;
    QVERIFY(changed);
  }

  // --target halide: the file calling the compiled object, built by gcc and
  // run against the original by the runner.
  void halide_target_verifies_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("script");
    QTest::newRow("gemm parallel+vector") << "linear-algebra/blas/gemm"
                                          << QStringList{"S1.parallelize(i)", "S1.vectorize(j, 4)"};
    QTest::newRow("2mm tile") << "linear-algebra/kernels/2mm" << QStringList{"S1.tile(i, j, 4, 4, i0, j0, i1, j1)"};
    QTest::newRow("jacobi-2d original") << "stencils/jacobi-2d" << QStringList{};
    // Ill-conditioned: a fused multiply-add or a reassociated sum anywhere
    // changes its R beyond any tolerance, so it checks C's semantics.
    QTest::newRow("gramschmidt original") << "linear-algebra/solvers/gramschmidt" << QStringList{};
    QTest::newRow("gemm register-blocked") << "linear-algebra/blas/gemm" << kRegisterBlockedGemm;
  }
  void halide_target_verifies() {
    QFETCH(QString, kernel);
    QFETCH(QStringList, script);
    const LoadedProgram l = load_polybench(kernel.toStdString());
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    const GeneratedCode g = generate(l.program, s, l.dependences.all(), "halide");
    QVERIFY(g.replaces_region);
    QTemporaryDir dir;
    const Target& halide = *find_target("halide");
    const SideFiles side = halide.write_side_files(l.program, g.schedule, dir.filePath("k.c").toStdString(), {});
    const VerifyResult r = verify_equivalence(l.program, emit_file(l.program, g),
                                              runner_options_for(halide, l.program, {.side_files = side}));
    QVERIFY2(r.equal(), (to_string(r.status) + ": " + r.message + "\n" + r.log).c_str());
    QVERIFY(r.values_compared > 0);
  }

  // Extents with offsets (out[n - 2][m - 2], as a 3 x 3 convolution declares
  // its output): lowered over the parameters, through the object and the JIT.
  void extents_with_offsets_lower_data() {
    QTest::addColumn<QStringList>("script");
    QTest::newRow("original") << QStringList{};
    QTest::newRow("tiled with partial tiles") << QStringList{"S0.tile(i, j, 5, 7)", "S0.parallelize(i0)"};
  }
  void extents_with_offsets_lower() {
    QFETCH(QStringList, script);
    const LoadedProgram l =
        load_program(std::string(LOOPSCAPE_TEST_DATA) + "/sweep/conv_offset_extents.c", CompileOptions{});
    std::vector<std::string> calls;
    for (const QString& c : script) calls.push_back(c.toStdString());
    const isl::schedule s = apply_all(l, calls);
    const GeneratedCode g = generate(l.program, s, l.dependences.all(), "halide");
    QTemporaryDir dir;
    const Target& halide = *find_target("halide");
    const SideFiles side = halide.write_side_files(l.program, g.schedule, dir.filePath("k.c").toStdString(), {});
    const VerifyResult r = verify_equivalence(l.program, emit_file(l.program, g),
                                              runner_options_for(halide, l.program, {.side_files = side}));
    QVERIFY2(r.equal(), (to_string(r.status) + ": " + r.message + "\n" + r.log).c_str());
    // The Run dock's in-process JIT sizes the arrays from the same extents.
    const std::map<std::string, long> sizes{{"n", 12}, {"m", 9}};
    const JitRunResult original = execute_jit_run(*prepare_jit_run(l.program, l.original_schedule, sizes), 1);
    const JitRunResult transformed = execute_jit_run(*prepare_jit_run(l.program, s, sizes), 1);
    const std::optional<std::string> difference = first_difference(original, transformed);
    QVERIFY2(!difference, difference ? difference->c_str() : "");
    bool has_output = false;
    for (const JitArrayValues& a : original.arrays)
      if (a.name == "out") has_output = a.extents == std::vector<long>{10, 7};
    QVERIFY(has_output);
  }

  // An extent the lowering cannot express is refused at the array's declaration.
  void extents_it_cannot_lower_name_the_array() {
    const LoadedProgram l = load_c(R"(
void k(int n, double A[10][n / 2 + 1]) {
#pragma scop
  for (int i = 0; i < 10; i++) A[i][0] = A[i][0] + 1;
#pragma endscop
})");
    QString message;
    try {
      lower_to_halide(l.program, l.original_schedule, {.jit = true});
    } catch (const InputError& e) {
      message = e.what();
    }
    QVERIFY2(message.contains("kernel.c:2:"), qPrintable(message));
    QVERIFY2(message.contains("extent"), qPrintable(message));
  }

  void gemm_matches_plain_cpp() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const Run r = run_jit(l, l.original_schedule);
    const int n = r.parameters.begin()->second;  // ni = nj = nk
    auto input = [](const std::string& name, long k) {
      return static_cast<double>((k * 7 + name.size()) % 13) / 13.0 + 0.5;
    };
    const Array& ca = *l.program.find_array("C");
    const long nj = std::stol(ca.extents[1]), nk = std::stol(l.program.find_array("A")->extents[1]);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        double c = input("C", i * nj + j) * 1.5;  // beta
        for (int k = 0; k < n; ++k) c += 1.5 * input("A", i * nk + k) * input("B", k * nj + j);
        QVERIFY(std::abs(c - r.arrays.at("C")[static_cast<std::size_t>(i * nj + j)]) < 1e-9 * std::abs(c));
      }
  }

  // contract_fma lets LLVM fuse (gemm's sums stay within the comparison's
  // tolerance); the default keeps every product and sum rounded apart, as the
  // C program computes them, bit for bit.
  void fma_only_when_asked() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const Run strict = run_jit(l, l.original_schedule);
    const Run fused = run_jit(l, l.original_schedule, true);
    const std::vector<double>& a = strict.arrays.at("C");
    const std::vector<double>& b = fused.arrays.at("C");
    QCOMPARE(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) QVERIFY(std::fabs(a[k] - b[k]) <= 1e-12 * std::fabs(a[k]) + 1e-12);
    // Where the processor has FMA, fusing shows in the last bits somewhere.
    if (Halide::get_host_target().has_feature(Halide::Target::FMA)) QVERIFY(a != b);
    const Run again = run_jit(l, l.original_schedule);
    QVERIFY(again.arrays.at("C") == a);
  }

  // A reduction's element stays in a register across the loop that reduces
  // into it, partial-tile guards hoisted above that loop; the results are the
  // rows above (JIT) and halide_target_verifies (gcc's original).
  void reductions_accumulate_in_registers() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    std::vector<std::string> calls;
    for (const QString& c : kRegisterBlockedGemm) calls.push_back(c.toStdString());
    const HalideLowering blocked = lower_to_halide(l.program, apply_all(l, calls), {.jit = true});
    QCOMPARE(arrays_kept_in_registers(blocked.lowered), std::set<std::string>{"C"});
    // In full tiles the 3 x 4 block of C lives in registers for the whole k1
    // loop; partial tiles keep their loads and stores.
    bool full_tile_in_registers = false;
    for (const std::set<std::string>& arrays : arrays_touched_by_each(blocked.lowered, "k1"))
      full_tile_in_registers = full_tile_in_registers || (arrays.count("B") && !arrays.count("C"));
    QVERIFY(full_tile_in_registers);
    QVERIFY(some_loop_touches(blocked.lowered, "k1", "C"));

    const LoadedProgram mvt = load_polybench("linear-algebra/kernels/mvt");
    const HalideLowering m = lower_to_halide(mvt.program, mvt.original_schedule, {.jit = true});
    QCOMPARE(arrays_kept_in_registers(m.lowered), (std::set<std::string>{"x1", "x2"}));
    QVERIFY(!some_loop_touches(m.lowered, "j", "x1"));

    // Two elements of one array that cannot overlap: both in registers.
    const LoadedProgram two = load_c(R"(
void k(int n, double s[100], double A[100]) {
#pragma scop
  for (int i = 1; i < n; i++) {
    s[0] = s[0] + A[i];
    s[1] = s[1] + s[0];
  }
#pragma endscop
})");
    const HalideLowering t = lower_to_halide(two.program, two.original_schedule, {.jit = true});
    QVERIFY(!some_loop_touches(t.lowered, "i", "s"));
  }

  // Where keeping the element in a register could read or write what the
  // program does not, or miss a change, the loop keeps its loads and stores.
  void elements_stay_in_memory_where_a_register_would_be_wrong_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("only under a condition") << R"(
void k(int n, double s[1], double A[100], double B[100]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    B[i] = A[i];
    if (i >= 5) s[0] = s[0] + A[i];
  }
#pragma endscop
})";
    QTest::newRow("another element may be the same") << R"(
void k(int n, int m, double s[100], double A[100]) {
#pragma scop
  for (int i = 1; i < n; i++) {
    s[0] = s[0] + A[i];
    s[m] = s[m] + s[0];
  }
#pragma endscop
})";
    QTest::newRow("index changes with the loop") << R"(
void k(int n, double s[100], double A[100]) {
#pragma scop
  for (int i = 0; i < n; i++) s[i] = s[i] + A[i];
#pragma endscop
})";
  }
  void elements_stay_in_memory_where_a_register_would_be_wrong() {
    QFETCH(QString, source);
    const LoadedProgram l = load_c(source.toStdString());
    const HalideLowering h = lower_to_halide(l.program, l.original_schedule, {.jit = true});
    std::ostringstream text;
    text << h.lowered;
    QVERIFY2(arrays_kept_in_registers(h.lowered).empty(), text.str().c_str());
  }

  // Arrays need only their element's alignment: vectors of 8 and 16 doubles
  // (AVX-512 where the host has it) on arrays 8 bytes past a 64-byte boundary.
  void vectors_need_no_alignment_from_the_caller() {
    // MEDIUM: rows of 240 doubles, so Halide knows the rows' vectors to be aligned to one another.
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm", {"MEDIUM_DATASET"});
    const Run original = run_jit(l, l.original_schedule);
    for (const std::vector<std::string>& calls :
         {std::vector<std::string>{"S1.vectorize(j, 8)"},
          std::vector<std::string>{"S1.interchange(k, j)", "S1.split(i, 4, i0, i1)", "S1.interchange(i1, j)",
                                   "S1.interchange(i1, k)", "S1.unroll(i1, 4)", "S1.vectorize(j, 16)"}}) {
      const Run shifted = run_jit(l, apply_all(l, calls), false, true);
      const std::string diff = differences(original, shifted);
      QVERIFY2(diff.empty(), diff.c_str());
    }
  }

  void unsupported_types_are_reported() {
    const LoadedProgram l = load_c(R"(
void k(int n, long double A[10]) {
#pragma scop
  for (int i = 0; i < n; i++) A[i] = A[i] + 1;
#pragma endscop
})");
    QString message;
    try {
      lower_to_halide(l.program, l.original_schedule, {.jit = true});
    } catch (const std::exception& e) {
      message = e.what();
    }
    QVERIFY2(message.contains("element type"), qPrintable(message));
  }

  void golden_stmt() {
    const LoadedProgram l = load_polybench("linear-algebra/blas/gemm");
    const isl::schedule s = apply_all(l, {"S1.parallelize(i)", "S1.vectorize(j, 4)"});
    LOOPSCAPE_COMPARE_GOLDEN("halide_gemm_parallel_vector.stmt", generate(l.program, s, l.dependences.all(), "halide-stmt").text);
    const LoadedProgram j = load_polybench("stencils/jacobi-2d");
    LOOPSCAPE_COMPARE_GOLDEN("halide_jacobi-2d.stmt",
                             generate(j.program, j.original_schedule, j.dependences.all(), "halide-stmt").text);
  }
};

QTEST_APPLESS_MAIN(TestCodegenHalide)
#include "test_codegen_halide.moc"

// SPDX-License-Identifier: Apache-2.0
// The automatic schedule's planner on small kernels: isl's schedule reached by
// an interchange, by skews, by a fusion (with its shift), and the one-step
// `reschedule` fallback command with its legal and illegal cases. Every plan
// is replayed on a fresh session as a script and its code run against the
// original.
#include <QtTest>

#include <algorithm>

#include "autoschedule/planner.h"
#include "commands/loop_resolution.h"
#include "command_test_support.h"
#include "session/script.h"
#include "session/session.h"

using namespace loopscape;
using namespace loopscape::testing;

namespace {

const EditNode& below_marks(const EditNode& n) { return n.is_mark() ? below_marks(n.children.at(0)) : n; }

// Matrix multiplication with the reduction loop outermost: parallel loops i, j belong outside.
const char* kMatmulKOuter = R"(#include <stdio.h>
#define N 24
static double A[N][N], B[N][N], C[N][N];
void kernel(int n, double a[N][N], double b[N][N], double c[N][N]) {
  int i, j, k;
#pragma scop
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        c[i][j] = c[i][j] + a[i][k] * b[k][j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j) % 7;
      B[i][j] = (i + 2 * j) % 5;
      C[i][j] = 0;
    }
  kernel(N, A, B, C);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%.12e\n", C[i][j]);
  return 0;
}
)";

// Gauss-Seidel in one dimension, in place: dependences (0, 1), (1, -1), (1, 0).
const char* kSeidel1D = R"(#include <stdio.h>
#define T 10
#define N 40
static double A[N];
void kernel(int tsteps, int n, double a[N]) {
  int t, i;
#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) A[i] = (double)(i * i % 17);
  kernel(T, N, A);
  for (int i = 0; i < N; i++) printf("%.12e\n", A[i]);
  return 0;
}
)";

// Two element-wise loops, the second reading what the first wrote at the same i.
const char* kTwoMaps = R"(#include <stdio.h>
#define N 50
static double A[N], B[N], C[N];
void kernel(int n, double a[N], double b[N], double c[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    b[i] = 2.0 * a[i] + 1.0;
  for (j = 0; j < n; j++)
    c[j] = b[j] * b[j] + a[j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) { A[i] = (i * 7) % 11; B[i] = 0; C[i] = 0; }
  kernel(N, A, B, C);
  for (int i = 0; i < N; i++) printf("%.12e %.12e\n", B[i], C[i]);
  return 0;
}
)";

std::vector<std::string> commands_of(const AutoSchedulePlan& plan) {
  std::vector<std::string> out;
  for (const PlannedStep& s : plan.steps) out.push_back(s.call.command);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// A 3 x 3 convolution: the window loops a and b run 3 times whatever the image size.
const char* kConvolution = R"(#include <stdio.h>
#define H 40
#define W 36
static double IN[H][W], OUT[H][W], K[3][3];
void kernel(int h, int w, double in[H][W], double out[H][W], double k[3][3]) {
  int i, j, a, b;
#pragma scop
  for (i = 1; i < h - 1; i++)
    for (j = 1; j < w - 1; j++) {
      out[i][j] = 0.0;
      for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
          out[i][j] += k[a][b] * in[i + a - 1][j + b - 1];
    }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) IN[i][j] = (i * 5 + j * 3) % 17;
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) K[a][b] = (a + 2 * b) % 4 - 1.5;
  kernel(H, W, IN, OUT, K);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) printf("%.12e\n", OUT[i][j]);
  return 0;
}
)";

// Rows of a matrix against vectors: `dot` (y[i] += a[i][j] * x[j], gemver's
// last product) or `recurrence` (each row's element from the one before it,
// adi's sweeps).
std::string rows_against_vectors(const std::string& update) {
  return std::string(R"(#include <stdio.h>
#define N 64
static double A[N][N], X[N], Y[N];
void kernel(int n, double a[N][N], double x[N], double y[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 1; j < n; j++)
      )") + update + R"(
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) {
    X[i] = (i % 7) * 0.25;
    Y[i] = 1.0 / (i + 1);
    for (int j = 0; j < N; j++) A[i][j] = ((i * 3 + j) % 11) * 0.125;
  }
  kernel(N, A, X, Y);
  for (int i = 0; i < N; i++) printf("%.12e %.12e\n", Y[i], A[i][N - 1]);
  return 0;
}
)";
}

// deriche's two sweeps: a recurrence along each row, then along each column,
// both through the scalar y that each row or column starts at 0.
const std::string kSweepsThroughAScalar = R"(#include <stdio.h>
#define N 48
static double A[N][N], B[N][N];
void kernel(int n, double a[N][N], double b[N][N]) {
  int i, j;
  double y;
#pragma scop
  for (i = 0; i < n; i++) {
    y = 0.0;
    for (j = 0; j < n; j++) {
      y = 0.5 * y + a[i][j];
      b[i][j] = y;
    }
  }
  for (j = 0; j < n; j++) {
    y = 0.0;
    for (i = 0; i < n; i++) {
      y = 0.25 * y + b[i][j];
      a[i][j] = y;
    }
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = ((i * 5 + j * 3) % 13) * 0.125;
  kernel(N, A, B);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%.12e\n", A[i][j]);
  return 0;
}
)";

// Halide's two-stage blur with its row blur T a temporary of the kernel.
const std::string kBlurThroughATemporary = R"(#include <stdio.h>
#define H 40
#define W 2100
static float IN[H][W], OUT[H][W];
void kernel(int h, int w, float in[H][W], float out[H][W]) {
  int i, j;
  float T[H][W];
#pragma scop
  for (i = 0; i < h; i++)
    for (j = 1; j < w - 1; j++)
      T[i][j] = (in[i][j - 1] + in[i][j] + in[i][j + 1]) / 3.0f;
  for (i = 1; i < h - 1; i++)
    for (j = 1; j < w - 1; j++)
      out[i][j] = (T[i - 1][j] + T[i][j] + T[i + 1][j]) / 3.0f;
#pragma endscop
}
int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) IN[i][j] = (float)((i * 7 + j * 13) % 256) / 16;
  kernel(H, W, IN, OUT);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j += 7) printf("%.6e\n", OUT[i][j]);
  return 0;
}
)";

// kMatmul (command_test_support.h) at size N = n (96 = 4 x 24 rows = 12 x 8
// columns of whole AVX2 register blocks), its loop nest replaced by `nest`
// when one is given (the same arrays, harness and output).
std::string matmul_of_size(int n, const std::string& nest = "") {
  std::string text = kMatmul;
  text.replace(text.find("#define N 24"), 12, "#define N " + std::to_string(n));
  if (!nest.empty()) {
    const std::size_t begin = text.find("#pragma scop\n") + 13, end = text.find("#pragma endscop");
    text.replace(begin, end - begin, nest);
  }
  return text;
}

// syrk's update: along j, a[j][k] walks down a column.
const std::string kRankUpdate = matmul_of_size(96,
                                               "  for (i = 0; i < n; i++)\n"
                                               "    for (k = 0; k < n; k++)\n"
                                               "      for (j = 0; j < n; j++)\n"
                                               "        c[i][j] += a[i][k] * a[j][k];\n");

// A product repeated in a time loop: isl moves t inside (i, j); interchanging
// t and j first would run a later step's k = 0 before an earlier's last k.
const std::string kProductInTimeLoop = matmul_of_size(12,
                                                      "  for (int t = 0; t < 3; t++)\n"
                                                      "    for (i = 0; i < n; i++)\n"
                                                      "      for (k = 0; k < n; k++)\n"
                                                      "        for (j = 0; j < n; j++)\n"
                                                      "          c[i][j] += a[i][k] * b[k][j];\n");

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string joined(const AutoSchedulePlan& plan) { return plan_script(plan, "kernel.c"); }

// The plan with register blocks sized for AVX2 (whatever this machine has).
AutoSchedulePlan plan_for_avx2(const Session& session) {
  AutoScheduleOptions options;
  options.vector_registers = vector_registers_named("avx2");
  return plan_auto_schedule(session, options);
}

// The plan's script, parsed back and applied to a fresh session: every step
// must be accepted, and the code of the result must compute what the original does.
void replay_and_run(const LoadedProgram& loaded, const AutoSchedulePlan& plan) {
  const std::string script = plan_script(plan, "kernel.c");
  Session fresh(load_program_source(loaded.program.source_text, "kernel.c", CompileOptions{}));
  const ScriptRun run = apply_script(fresh, parse_script(script, "auto.ls"));
  QVERIFY2(!run.refusal, (script + (run.refusal ? run.refusal->report() : "")).c_str());
  QCOMPARE(run.applied, plan.steps.size());
  const std::string diff = run_and_compare(fresh.loaded(), fresh.schedule());
  QVERIFY2(diff.empty(), (script + diff).c_str());
}

}  // namespace

class TestAutoschedule : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void reductionLoopGoesInsideByInterchange() {
    const LoadedProgram loaded = load_c(kMatmulKOuter);
    Session session(load_c(kMatmulKOuter));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    QVERIFY2(!plan.fallback, joined(plan).c_str());
    const std::vector<std::string> commands = commands_of(plan);
    QVERIFY2(has(commands, "interchange"), joined(plan).c_str());
    QVERIFY2(has(commands, "parallelize"), joined(plan).c_str());
    QVERIFY2(plan.same_order, (plan.order_note + "\n" + joined(plan)).c_str());
    QVERIFY(session.history().empty());  // planning leaves the session as it was
    replay_and_run(loaded, plan);
  }

  void registerBlocksFitTheVectorRegisters() {
    QCOMPARE(register_block_for(*vector_registers_named("avx512"), 8).rows, 5);
    QCOMPARE(register_block_for(*vector_registers_named("avx512"), 8).columns(), 40);
    QCOMPARE(register_block_for(*vector_registers_named("avx512"), 4).columns(), 80);  // float: 16 lanes
    QCOMPARE(register_block_for(*vector_registers_named("avx2"), 8).rows, 4);
    QCOMPARE(register_block_for(*vector_registers_named("avx2"), 8).columns(), 12);
    QCOMPARE(register_block_for(*vector_registers_named("sse"), 8).columns(), 6);
    QVERIFY(!vector_registers_named("neon"));
    // Every block leaves a register for each vector load and one broadcast.
    for (const char* isa : {"avx512", "avx2", "sse"}) {
      const VectorRegisters r = *vector_registers_named(isa);
      const RegisterBlock b = register_block_for(r, 8);
      QVERIFY(b.rows * b.vectors + b.vectors + 1 <= r.count);
    }
  }

  void multiplyAccumulateGetsARegisterBlock() {
    const LoadedProgram loaded = load_c(matmul_of_size(96));
    Session session(load_c(matmul_of_size(96)));
    AutoScheduleOptions options;
    options.vector_registers = vector_registers_named("avx2");
    const AutoSchedulePlan plan = plan_auto_schedule(session, options);
    const std::string script = joined(plan);
    // Tiles of whole 4 x 12 blocks: 25 blocks of rows, 16 of columns, 200 deep.
    for (const char* step : {"S0.tile(i, j, k, 100, 192, 200)", "S0.interchange(j1, k1)", "S0.split(i1, 4, i2, i3)",
                             "S0.split(j1, 12, j2, j3)", "S0.interchange(i3, j2)", "S0.unroll(i3, 4)",
                             "S0.vectorize(j3, 12)", "S0.parallelize(i0)"})
      QVERIFY2(contains(script, step), (step + std::string(" missing:\n") + script).c_str());
    QVERIFY2(contains(script, "# register block: a 4 x 12 block of c (4 rows of 3 vectors of 4 doubles"), script.c_str());
    replay_and_run(loaded, plan);

    // Without blocks, or where the loops are known to be shorter than a
    // block (40 columns for AVX-512 over 24): plain tiles.
    options.register_blocks = false;
    QVERIFY(!contains(joined(plan_auto_schedule(session, options)), ".unroll("));
    std::string constant_bounds = matmul_of_size(24);
    for (std::size_t at; (at = constant_bounds.find("< n;")) != std::string::npos;) constant_bounds.replace(at, 4, "< N;");
    Session small(load_c(constant_bounds));
    options.register_blocks = true;
    options.vector_registers = vector_registers_named("avx512");
    const AutoSchedulePlan short_loops = plan_auto_schedule(small, options);
    QVERIFY2(!contains(joined(short_loops), ".unroll(") && contains(joined(short_loops), ".tile("),
             joined(short_loops).c_str());
  }

  void vectorAccumulatorGetsARegisterBlockOfOneRow() {
    // doitgen's sum[p] += A[r][q][s] * C4[s][p]: a two-deep band whose result
    // is one vector, held in registers across the reduction loop.
    const std::string product = matmul_of_size(96,
                                               "  for (k = 0; k < n; k++)\n"
                                               "    for (j = 0; j < n; j++)\n"
                                               "      c[0][j] += a[0][k] * b[k][j];\n");
    const LoadedProgram loaded = load_c(product);
    Session session(load_c(product));
    const AutoSchedulePlan plan = plan_for_avx2(session);
    const std::string script = joined(plan);
    // Tiles two blocks (24 columns) wide and 200 deep; the block's 12 columns inside the reduction.
    for (const char* step : {"whole 1 x 12 register blocks", "S0.split(j1, 12, j2, j3)", "S0.interchange(k1, j2)",
                             "S0.vectorize(j3, 12)", "# register block: 12 elements of c (3 vectors of 4 doubles)"})
      QVERIFY2(contains(script, step), (step + std::string(" missing:\n") + script).c_str());
    QVERIFY2(contains(script, "S0.tile(j, k, 24, 200)") || contains(script, "S0.tile(k, j, 200, 24)"), script.c_str());
    QVERIFY2(!contains(script, ".unroll("), script.c_str());
    replay_and_run(loaded, plan);

    // The code holds the 12 elements in a local array across k.
    Session replayed(load_c(product));
    QVERIFY(!apply_script(replayed, parse_script(script, "auto.ls")).refusal);
    const std::string code = openmp_text(replayed.loaded(), replayed.schedule());
    QVERIFY2(contains(code, "double ls_acc_c[12];"), code.c_str());
  }

  void streamingRowsAreNotTiled() {
    // Every matrix access walks along j and only vectors are reused: tiles
    // would cut the rows into pieces. The rows run in parallel untiled.
    const std::string dot = rows_against_vectors("y[i] += a[i][j] * x[j];");
    const LoadedProgram loaded = load_c(dot);
    Session session(load_c(dot));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    const std::string script = joined(plan);
    QVERIFY2(!contains(script, ".tile(") && contains(script, "S0.parallelize(i)") &&
                 contains(script, "left out S0's tiles: its rows already stream along j"),
             script.c_str());
    replay_and_run(loaded, plan);

    // A recurrence along the row keeps its tiles, 64 rows by 8 links of the
    // chain, so that the short chains of neighbouring rows overlap.
    const std::string recurrence = rows_against_vectors("a[i][j] = a[i][j - 1] * 0.5 + x[j];");
    const LoadedProgram recurrence_loaded = load_c(recurrence);
    Session recurrence_session(load_c(recurrence));
    const AutoSchedulePlan tiled = plan_auto_schedule(recurrence_session);
    QVERIFY2(contains(joined(tiled), "S0.tile(i, j, 64, 8)") && contains(joined(tiled), "j is a recurrence"),
             joined(tiled).c_str());
    replay_and_run(recurrence_loaded, tiled);

    // Reading another element of the array it writes is no chain unless the
    // element is the write's own a constant distance back (lu's a[i][k]).
    const std::string product = rows_against_vectors("a[i][j] = a[i][j] * 0.5 + a[j][i] * x[j];");
    Session product_session(load_c(product));
    const std::string product_script = joined(plan_auto_schedule(product_session));
    QVERIFY2(!contains(product_script, "recurrence"), product_script.c_str());
  }

  void sweepsThroughAScalarRunInParallelWithPrivateCopies() {
    const LoadedProgram loaded = load_c(kSweepsThroughAScalar);
    Session session(load_c(kSweepsThroughAScalar));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    const std::string script = joined(plan);
    QVERIFY2(contains(script, "S0.parallelize(i)") && contains(script, "S3.parallelize(j)") &&
                 contains(script, "with a private copy of y in each thread"),
             script.c_str());
    replay_and_run(loaded, plan);
  }

  void temporaryImageIsComputedInsideItsReader() {
    const LoadedProgram loaded = load_c(kBlurThroughATemporary);
    Session session(load_c(kBlurThroughATemporary));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    const std::string script = joined(plan);
    std::string calls;
    for (const PlannedStep& step : plan.steps) calls += format_call(step.call) + "\n";
    QCOMPARE(calls, std::string("S0.compute_at(S1, j)\nS0.storage_fold(i, 3)\nS1.split(j, 1024)\n"
                                "S1.interchange(i, j0)\nS1.parallelize(j0)\n"));
    QVERIFY2(contains(script, "T is a temporary that S0 writes and only S1 reads"), script.c_str());
    replay_and_run(loaded, plan);

    // Four rows read, where isl's schedule with its parallel rows is kept:
    // the rows' parallel steps make way for the strips.
    std::string four = kBlurThroughATemporary;
    four.replace(four.find("T[i + 1][j]) / 3.0f"), 19, "T[i + 1][j] + T[i + 2][j]) / 4.0f");
    four.replace(four.find("for (i = 1; i < h - 1; i++)"), 27, "for (i = 1; i < h - 2; i++)");
    const LoadedProgram four_loaded = load_c(four);
    Session four_session(load_c(four));
    const AutoSchedulePlan four_plan = plan_auto_schedule(four_session);
    QVERIFY2(contains(joined(four_plan), "S0.storage_fold(i, 4)") && contains(joined(four_plan), "S1.parallelize(j0)"),
             joined(four_plan).c_str());
    replay_and_run(four_loaded, four_plan);

    // Rows known to be narrower than two strips keep their nests.
    std::string narrow = kBlurThroughATemporary;
    narrow.replace(narrow.find("#define W 2100"), 14, "#define W 100");
    for (std::size_t at = narrow.find("j < w - 1"); at != std::string::npos; at = narrow.find("j < w - 1"))
      narrow.replace(at, 9, "j < W - 1");  // a width the planner knows
    Session narrow_session(load_c(narrow));
    const std::string narrow_script = joined(plan_auto_schedule(narrow_session));
    QVERIFY2(!contains(narrow_script, "compute_at") && contains(narrow_script, "fewer than two strips"),
             narrow_script.c_str());

    // Read by two statements, T stays whole: no step moves it.
    std::string twice = kBlurThroughATemporary;
    twice.replace(twice.find("out[i][j] = (T[i - 1][j]"), 24, "out[i][j] = (in[i][j] * T[i - 1][j]");
    twice.replace(twice.find("#pragma endscop"), 0, "  for (i = 0; i < h; i++)\n    in[i][0] = T[i][1];\n");
    Session twice_session(load_c(twice));
    QVERIFY2(!contains(joined(plan_auto_schedule(twice_session)), "compute_at"), twice.c_str());
  }

  void neighbouringInterchangesReachAnOrderTheFirstSwapCannot() {
    const LoadedProgram loaded = load_c(kProductInTimeLoop);
    Session session(load_c(kProductInTimeLoop));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    const std::string script = joined(plan);
    QVERIFY2(!plan.fallback, script.c_str());
    QVERIFY2(contains(script, "S0.interchange(t, i)\n") && contains(script, "S0.interchange(k, j)\n") &&
                 contains(script, "S0.interchange(t, j)\n"),
             script.c_str());
    QVERIFY2(plan.same_order, (plan.order_note + "\n" + script).c_str());
    replay_and_run(loaded, plan);
  }

  void strideAcrossRowsGetsNoRegisterBlock() {
    const LoadedProgram loaded = load_c(kRankUpdate);
    Session session(load_c(kRankUpdate));
    const AutoSchedulePlan plan = plan_for_avx2(session);
    const std::string script = joined(plan);
    QVERIFY2(contains(script, ".tile(") && !contains(script, "register block") && !contains(script, ".unroll("),
             script.c_str());
    replay_and_run(loaded, plan);
  }

  void reductionLoopStaysOutsideTheVectorLoop() {
    // syr2k's update: along k all four reads walk consecutive elements, but
    // c[i][j] accumulates along k (no vectorized floating-point reduction);
    // j goes innermost, and the tiles stay at 32 for the reads down columns.
    const std::string rank2 = matmul_of_size(96,
                                             "  for (i = 0; i < n; i++)\n"
                                             "    for (k = 0; k < n; k++)\n"
                                             "      for (j = 0; j < n; j++)\n"
                                             "        c[i][j] += a[j][k] * b[i][k] + b[j][k] * a[i][k];\n");
    const LoadedProgram loaded = load_c(rank2);
    Session session(load_c(rank2));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    const std::string script = joined(plan);
    QVERIFY2(contains(script, "S0.tile(i, j, k, 32, 32, 32)") && contains(script, "S0.interchange(j1, k1)") &&
                 contains(script, "not k1, along which S0 accumulates into one element"),
             script.c_str());
    replay_and_run(loaded, plan);
  }

  void shortWindowLoopsAreNotTiled() {
    // isl's band is (i, j, a): tiles of 32 over a's 3 iterations would only
    // move the window loop outside j. Only i and j are tiled.
    const LoadedProgram loaded = load_c(kConvolution);
    Session session(load_c(kConvolution));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    const std::string script = joined(plan);
    QVERIFY2(script.find("S1.tile(i, j, 32, 32)") != std::string::npos, script.c_str());
    QVERIFY2(script.find("tile(i, j, a") == std::string::npos, script.c_str());
    replay_and_run(loaded, plan);
  }

  void inPlaceStencilIsSkewed() {
    const LoadedProgram loaded = load_c(kSeidel1D);
    Session session(load_c(kSeidel1D));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    QVERIFY2(!plan.fallback, joined(plan).c_str());
    QVERIFY2(has(commands_of(plan), "skew"), joined(plan).c_str());
    replay_and_run(loaded, plan);
  }

  void producerAndConsumerAreFused() {
    const LoadedProgram loaded = load_c(kTwoMaps);
    Session session(load_c(kTwoMaps));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    QVERIFY2(!plan.fallback, joined(plan).c_str());
    const std::vector<std::string> commands = commands_of(plan);
    QVERIFY2(has(commands, "after") || has(commands, "before"), joined(plan).c_str());
    replay_and_run(loaded, plan);
  }

  void neighbourReadsStayParallelInNestsOfTheirOwn() {
    // The consumer reads b[i - 1] and b[i + 1]: fused, loop i would carry a
    // dependence; isl keeps both loops parallel instead, which they are already.
    const LoadedProgram loaded = load_c(kBlur);
    Session session(load_c(kBlur));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    QVERIFY2(!plan.fallback, joined(plan).c_str());
    QCOMPARE(commands_of(plan), (std::vector<std::string>{"parallelize", "parallelize"}));
    replay_and_run(loaded, plan);
  }

  void planStartsFromTheSessionsSchedule() {
    Session session(load_c(kMatmulKOuter));
    QVERIFY(!session.apply(parse_call("S0.interchange(k, i)")));
    const AutoSchedulePlan plan = plan_auto_schedule(session);
    QVERIFY2(!plan.fallback, joined(plan).c_str());
    // From (i, k, j), one interchange brings k inside j.
    QCOMPARE(plan.steps.front().call.command, std::string("interchange"));
    QCOMPARE(session.history().size(), std::size_t{1});
  }

  // Planned again after its own steps (tiles whose floors isl's schedule
  // cannot be reached from): no step, and a plan that says why, not a
  // fallback to setting isl's schedule at once.
  void planAfterItsOwnStepsHasNoStep() {
    Session session(load_c(kMatmulKOuter));
    const AutoSchedulePlan first = plan_auto_schedule(session);
    QVERIFY(!first.steps.empty());
    for (const PlannedStep& step : first.steps) QVERIFY(!session.apply(step.call));
    const AutoSchedulePlan again = plan_auto_schedule(session);
    QVERIFY2(again.steps.empty() && !again.fallback, joined(again).c_str());
    QVERIFY2(contains(again.kept_original, "no step to add"), again.kept_original.c_str());
    QVERIFY2(contains(plan_script(again, "k"), "no step to add"), plan_script(again, "k").c_str());
    QCOMPARE(session.history().size(), first.steps.size());
    // One step fewer: the plan goes on from there.
    QVERIFY(session.undo());
    QVERIFY(!plan_auto_schedule(session).steps.empty());
  }

  void rescheduleSetsEveryStatementAtOnce() {
    const LoadedProgram loaded = load_c(kBlur);
    Session session(load_c(kBlur));
    // Fused, the consumer one iteration behind: legal.
    QVERIFY(!session.apply(parse_call("R.reschedule({ S0[i] -> [i, 0]; S1[i] -> [i + 1, 1] })")));
    QVERIFY(run_and_compare(session.loaded(), session.schedule()).empty());
    // Fused without the shift, S1 reads b[i + 1] before S0 writes it.
    Session wrong(load_c(kBlur));
    const std::optional<Refusal> r = wrong.apply(parse_call("R.reschedule({ S0[i] -> [i, 0]; S1[i] -> [i, 1] })"));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Illegal);
    QVERIFY2(r->report().find("S1[") != std::string::npos, r->report().c_str());
    QVERIFY(wrong.history().empty());
  }

  void rescheduleKeepsNestsApart() {
    // A time that is one integer per statement orders them as a sequence, so
    // each statement keeps a nest of its own that can be tiled on its own.
    Session session(load_c(kBlur));
    QVERIFY(!session.apply(parse_call("R.reschedule({ S0[i] -> [0, i, 5]; S1[i] -> [1, i, 5] })")));
    const EditNode root = to_edit_tree(session.schedule());
    const EditNode& sequence = below_marks(root.children.at(0));
    QVERIFY(sequence.kind == EditNode::Kind::Sequence);
    QCOMPARE(sequence.children.size(), std::size_t{2});
    for (const char* name : {"S0", "S1"}) {
      const std::vector<StatementLoop> loops =
          statement_loops(session.program(), root, *session.program().find_statement(name));
      QCOMPARE(loops.size(), std::size_t{1});  // the constant 5 orders nothing and makes no loop
      QCOMPARE(loops[0].name, std::string("i"));
    }
    QVERIFY(!session.apply(parse_call("S1.split(i, 8)")));
    QCOMPARE(statement_loops(session.program(), to_edit_tree(session.schedule()),
                             *session.program().find_statement("S0")).size(),
             std::size_t{1});
    QVERIFY(run_and_compare(session.loaded(), session.schedule()).empty());
    // Statements in the same nest stay in one band, ordered below it.
    Session fused(load_c(kBlur));
    QVERIFY(!fused.apply(parse_call("R.reschedule({ S0[i] -> [i, 0]; S1[i] -> [i + 1, 1] })")));
    const EditNode root_fused = to_edit_tree(fused.schedule());
    const EditNode& band = below_marks(root_fused.children.at(0));
    QVERIFY(band.is_band());
    QCOMPARE(band.n_member(), 1);
    QVERIFY(below_marks(band.children.at(0)).kind == EditNode::Kind::Sequence);
  }

  void rescheduleRejectsMapsThatMissStatements() {
    Session session(load_c(kBlur));
    const std::optional<Refusal> r = session.apply(parse_call("R.reschedule({ S0[i] -> [i] })"));
    QVERIFY(r);
    QCOMPARE(r->kind, Refusal::Kind::Arguments);
    QVERIFY2(r->message.find("every instance") != std::string::npos, r->message.c_str());
  }
};

QTEST_GUILESS_MAIN(TestAutoschedule)
#include "test_autoschedule.moc"

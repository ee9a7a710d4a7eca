// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the command tests: load a kernel, apply commands written as script
// lines ("S0.tile(i, j, 4, 4)"), check legality, and run the generated OpenMP
// code against the original with the real runner.
#include <QtTest>

#include <functional>
#include <string>
#include <vector>

#include "analysis/legality.h"
#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "commands/command.h"
#include "loading/load_program.h"
#include "runner/runner.h"
#include "schedule/tree_printer.h"

namespace loopscape::testing {

// "S0.tile(i, j, 4, 4)" -> a CommandCall; arguments split at top-level commas
// (braces, brackets and parentheses nest). Columns are 1-based on line 1.
inline CommandCall parse_call(const std::string& text) {
  CommandCall c;
  const auto dot = text.find('.');
  const auto open = text.find('(', dot);
  const auto close = text.rfind(')');
  c.target = text.substr(0, dot);
  c.command = text.substr(dot + 1, open - dot - 1);
  c.where = SourceLocation{"script", 1, 1};
  int depth = 0;
  std::size_t start = open + 1;
  auto push = [&](std::size_t end) {
    std::size_t b = start, e = end;
    while (b < e && text[b] == ' ') ++b;
    while (e > b && text[e - 1] == ' ') --e;
    if (e > b)
      c.args.push_back({text.substr(b, e - b), SourceLocation{"script", 1, static_cast<unsigned>(b + 1)}});
  };
  for (std::size_t k = open + 1; k < close; ++k) {
    const char ch = text[k];
    if (ch == '{' || ch == '[' || ch == '(') ++depth;
    if (ch == '}' || ch == ']' || ch == ')') --depth;
    if (ch == ',' && depth == 0) {
      push(k);
      start = k + 1;
    }
  }
  push(close);
  return c;
}

inline LoadedProgram load_c(const std::string& source) {
  return load_program_source(source, "kernel.c", CompileOptions{});
}

inline LoadedProgram load_sample(const std::string& name) {
  return load_program(std::string(LOOPSCAPE_SAMPLES) + "/" + name, CompileOptions{});
}

// A kernel of the PolyBench stand-in ("stencils/heat-3d") at MINI size, with the suite's harness.
// A kernel of the PolyBench stand-in ("stencils/jacobi-2d"), with its harness.
inline LoadedProgram load_polybench(const std::string& kernel, std::vector<std::string> defines = {"MINI_DATASET"}) {
  const std::string root = std::string(LOOPSCAPE_TEST_DATA) + "/polybench/";
  CompileOptions o;
  o.defines = std::move(defines);
  o.include_dirs = {root + "utilities"};
  o.extra_sources = {root + "utilities/polybench.c"};
  const std::string name = kernel.substr(kernel.rfind('/') + 1);
  return load_program(root + kernel + "/" + name + ".c", o);
}

inline CommandOutcome apply_command(const LoadedProgram& l, const isl::schedule& s, const std::string& text) {
  const CommandCall call = parse_call(text);
  const Command* cmd = find_command(call.command);
  if (!cmd) throw std::runtime_error("no command " + call.command);
  return cmd->apply(CommandContext{l.program, l.dependences}, call, s);
}

// Applies the commands in order from the original schedule.
inline isl::schedule apply_all(const LoadedProgram& l, const std::vector<std::string>& calls,
                               CommandOutcome* last = nullptr) {
  isl::schedule s = l.original_schedule;
  for (const std::string& c : calls) {
    CommandOutcome o = apply_command(l, s, c);
    s = o.schedule;
    if (last) *last = o;
  }
  return s;
}

inline LegalityReport legality(const LoadedProgram& l, const isl::schedule& s) {
  return check_schedule(l.program, l.dependences, s);
}

// The message of the InputError `f` throws ("" when it throws none).
inline std::string input_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// OpenMP code for the schedule, spliced into the file, compiled and run
// against the original: "" when they compute the same, else why not.
inline std::string run_and_compare(const LoadedProgram& l, const isl::schedule& s) {
  const GeneratedCode g = generate(l.program, s, l.dependences.all(), "openmp");
  const std::string emitted = emit_file(l.program, g);
  RunnerOptions o;
  o.threads = 4;
  const VerifyResult r = verify_equivalence(l.program, emitted, o);
  if (r.equal()) return "";
  return to_string(r.status) + " at " + to_string(r.stage) + ": " + r.message + "\n" + r.log + "\n" + g.text;
}

inline std::string openmp_text(const LoadedProgram& l, const isl::schedule& s) {
  return generate(l.program, s, l.dependences.all(), "openmp").text;
}

// A stencil over a time-expanded array (dependences (1, -1), (1, 0), (1, 1)).
inline const char* kStencil1D = R"(#include <stdio.h>
#define T 12
#define N 40
static double A[T + 1][N];
void kernel(int tsteps, int n, double a[T + 1][N]) {
  int t, i;
#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      a[t + 1][i] = (a[t][i - 1] + a[t][i] + a[t][i + 1]) / 3.0;
#pragma endscop
}
int main(void) {
  for (int t = 0; t <= T; t++)
    for (int i = 0; i < N; i++) A[t][i] = (t == 0) ? (double)(i * i % 17) : 0.5;
  kernel(T, N, A);
  for (int i = 0; i < N; i++) printf("%.12e\n", A[T][i]);
  return 0;
}
)";

// Matrix multiplication with a reduction over k.
inline const char* kMatmul = R"(#include <stdio.h>
#define N 24
static double A[N][N], B[N][N], C[N][N];
void kernel(int n, double a[N][N], double b[N][N], double c[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
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

// A producer and a consumer reading its neighbours.
inline const char* kBlur = R"(#include <stdio.h>
#define N 50
static double A[N], B[N], C[N];
void kernel(int n, double a[N], double b[N], double c[N]) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    b[i] = 2.0 * a[i] + 1.0;
  for (i = 1; i < n - 1; i++)
    c[i] = b[i - 1] + b[i] + b[i + 1];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) { A[i] = (i * 7) % 11; B[i] = 0; C[i] = 0; }
  kernel(N, A, B, C);
  for (int i = 0; i < N; i++) printf("%.12e %.12e\n", B[i], C[i]);
  return 0;
}
)";

}  // namespace loopscape::testing

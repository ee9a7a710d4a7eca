// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers for the tag, data and communication command tests
// (tests/test_command_<name>.cpp), on top of command_test_support.h: calls
// from argument lists, refusal messages, OpenMP code without automatic
// parallel tags (so only the commands' tags show) and running it.
#include <QtTest>

#include <memory>
#include <string>
#include <vector>

#include "analysis/legality.h"
#include "command_test_support.h"
#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"
#include "commands/command.h"
#include "loading/load_program.h"
#include "runner/runner.h"
#include "runner/target_run.h"
#include "schedule/tree_printer.h"

namespace loopscape::tagtest {

// A program loaded from C text (command_test_support.h load_c).
struct Kernel {
  std::unique_ptr<LoadedProgram> loaded;
  const Program& program() const { return loaded->program; }
  const Dependences& dependences() const { return loaded->dependences; }
  const isl::schedule& original() const { return loaded->original_schedule; }
};

inline Kernel load_kernel(const std::string& source) {
  return Kernel{std::make_unique<LoadedProgram>(testing::load_c(source))};
}

inline CommandCall call(const std::string& target, const std::string& command, const std::vector<std::string>& args) {
  CommandCall c;
  c.target = target;
  c.command = command;
  c.where = SourceLocation{"script", 1, 1};
  unsigned column = 1;
  for (const std::string& a : args) c.args.push_back(CommandArgument{a, SourceLocation{"script", 1, ++column}});
  return c;
}

inline CommandOutcome apply(const Kernel& k, const isl::schedule& schedule, const std::string& target,
                            const std::string& command, const std::vector<std::string>& args) {
  const Command* c = find_command(command);
  if (!c) throw std::runtime_error("no command " + command);
  CommandContext context{k.program(), k.dependences()};
  return c->apply(context, call(target, command, args), schedule);
}

// The InputError message of a refused call ("" when it was accepted).
inline std::string refusal(const Kernel& k, const isl::schedule& schedule, const std::string& target,
                           const std::string& command, const std::vector<std::string>& args) {
  try {
    apply(k, schedule, target, command, args);
  } catch (const InputError& e) {
    return e.message();
  }
  return {};
}

inline LegalityReport legality(const Kernel& k, const isl::schedule& schedule) {
  return testing::legality(*k.loaded, schedule);
}

inline std::string tree(const isl::schedule& schedule) { return print_schedule_tree(schedule); }

// OpenMP code without automatic parallel tags, so that only the commands'
// tags are printed (command_test_support.h generates with them).
inline GeneratedCode openmp_code(const Kernel& k, const isl::schedule& schedule) {
  CodegenOptions o;
  o.auto_parallel = false;
  return generate(k.program(), schedule, k.dependences().all(), "openmp", o);
}
inline std::string openmp(const Kernel& k, const isl::schedule& schedule) { return openmp_code(k, schedule).text; }

// Compiles and runs the original file and the one with the generated region.
inline VerifyResult run_and_compare(const Kernel& k, const isl::schedule& schedule) {
  RunnerOptions o;
  o.compile_flags = {"-O2", "-fopenmp"};
  o.run_timeout_seconds = 30;
  VerifyResult r = verify_equivalence(k.program(), emit_file(k.program(), openmp_code(k, schedule)), o);
  if (r.equal() && r.values_compared == 0) r.status = VerifyResult::Status::Error;  // nothing was compared
  return r;
}

// The same with every parallel loop run sequentially from its last
// iteration (verify --reverse-parallel): a race would change the results.
inline VerifyResult run_reversed_and_compare(const Kernel& k, const isl::schedule& schedule) {
  CodegenOptions o;
  o.auto_parallel = false;
  o.reverse_parallel_loops = true;
  RunnerOptions ro;
  ro.compile_flags = {"-O2", "-fopenmp"};
  const GeneratedCode g = generate(k.program(), schedule, k.dependences().all(), "openmp", o);
  VerifyResult r = verify_equivalence(k.program(), emit_file(k.program(), g), ro);
  if (r.equal() && r.values_compared == 0) r.status = VerifyResult::Status::Error;
  return r;
}

// The halide target's object, built and run against the original.
inline VerifyResult run_halide_and_compare(const Kernel& k, const isl::schedule& schedule) {
  const GeneratedCode g = generate(k.program(), schedule, k.dependences().all(), "halide");
  QTemporaryDir dir;
  const Target& halide = *find_target("halide");
  const SideFiles side = halide.write_side_files(k.program(), g.schedule, dir.filePath("k.c").toStdString(), {});
  VerifyResult r = verify_equivalence(k.program(), emit_file(k.program(), g),
                                      runner_options_for(halide, k.program(), {.side_files = side}));
  if (r.equal() && r.values_compared == 0) r.status = VerifyResult::Status::Error;
  return r;
}

// Rows r of B computed from A (and, with `second_statement`, A again from B),
// the r loop meant to be spread over ranks (distribute, send, receive).
inline std::string rank_kernel(bool second_statement) {
  return std::string("#define R 4\n"
                     "#define N 8\n"
                     "void kernel(double A[R][N], double B[R][N]) {\n"
                     "  int r, i;\n"
                     "#pragma scop\n"
                     "  for (r = 0; r < R; r++)\n"
                     "    for (i = 0; i < N; i++)\n"
                     "      B[r][i] = A[r][i] * 2.0;\n") +
         (second_statement ? "  for (r = 0; r < R; r++)\n"
                             "    for (i = 0; i < N; i++)\n"
                             "      A[r][i] = B[r][i] + 1.0;\n"
                           : "") +
         "#pragma endscop\n"
         "}\n";
}
inline const std::string kRankKernel = rank_kernel(false);
// The same with a second statement over the ranks, which can receive what S0 sends.
inline const std::string kTwoRankKernel = rank_kernel(true);

// Two nests, each its own arrays: S0 copies A into X, S1 copies B into Y.
inline const std::string kTwoCopies =
    "#define N 16\n"
    "void kernel(double X[N], double Y[N], double A[N], double B[N]) {\n"
    "  int i;\n"
    "#pragma scop\n"
    "  for (i = 0; i < N; i++)\n"
    "    X[i] = A[i];\n"
    "  for (i = 0; i < N; i++)\n"
    "    Y[i] = B[i];\n"
    "#pragma endscop\n"
    "}\n";

// Matmul with its loops in the order given (a permutation of "ijk").
inline std::string matmul_source(const std::string& order = "ijk") {
  std::string loops;
  std::string indent = "  ";
  for (char c : order) {
    loops += indent + "for (" + std::string(1, c) + " = 0; " + std::string(1, c) + " < N; " + std::string(1, c) +
             "++)\n";
    indent += "  ";
  }
  return "#define N 24\n"
         "void kernel(double C[N][N], double A[N][N], double B[N][N]) {\n"
         "  int i, j, k;\n"
         "#pragma scop\n" +
         loops + indent +
         "C[i][j] += A[i][k] * B[k][j];\n"
         "#pragma endscop\n"
         "}\n";
}

}  // namespace loopscape::tagtest

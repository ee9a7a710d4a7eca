// SPDX-License-Identifier: Apache-2.0
#pragma once
// Running a schedule inside the process: the schedule lowered to Halide IR,
// compiled by Halide's LLVM back-end into memory (JIT) and run on
// deterministic inputs, timed, its results kept for comparison. What the Run
// dock and `loopscape-cli run` measure. Halide.h stays out of this header.
//
// Two halves, because isl contexts are not thread-safe: prepare_jit_run does
// the isl work (bounds check, loop AST, lowering) on the thread that owns the
// program; execute_jit_run compiles and runs with no isl at all, so it can run
// anywhere and take its time.
#include <isl/cpp.h>

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/program.h"
#include "runner/compare.h"

namespace loopscape {

struct PreparedRun;  // the lowered Halide module, its arguments, the buffers' shapes

struct JitArrayValues {
  std::string name;
  std::vector<long> extents;
  std::vector<double> values;  // row-major, converted from the element type
  // verify's: integers exactly, float and double within their tolerances
  // (reductions run in parallel reassociate).
  Tolerance tolerance;
  // No code after the region sees it (Array::temporary): a private copy per
  // thread may leave it holding another iteration's value, so it is not compared.
  bool temporary = false;
};

struct JitRunResult {
  double compile_seconds = 0;         // LLVM compilation of the lowered module
  std::vector<double> run_seconds;    // one per repetition, the region call alone
  double median_seconds() const;
  std::vector<JitArrayValues> arrays;  // after the first repetition
  bool cancelled = false;
};

// The first element where `got` differs from `want` beyond a relative 1e-9
// (float arrays 1e-5): "C[3][17]: 1.25 (original) vs 1.5"; nullopt when equal.
std::optional<std::string> first_difference(const JitRunResult& want, const JitRunResult& got);

// Parameter values for a run: `given` where set, else the smallest numeric
// array extent of the program (which keeps PolyBench's fixed-size arrays in
// bounds), halved until every access stays inside its array.
std::map<std::string, long> default_run_parameters(const Program& program, const std::map<std::string, long>& given = {});

// Checks the accesses' bounds at `parameters` (analysis/work_count.h) and
// lowers the schedule (`contract_fma`: HalideLoweringOptions in
// codegen/halide/halide_lowering.h). Throws InputError (out of bounds, a construct
// the lowering refuses), IslError at the quota.
std::shared_ptr<const PreparedRun> prepare_jit_run(const Program& program, const isl::schedule& schedule,
                                                   const std::map<std::string, long>& parameters,
                                                   bool contract_fma = false);

// Compiles and runs `repetitions` times (inputs reset before each); stops
// between repetitions when `cancel` becomes true. Throws std::runtime_error
// when the compiled function reports an error.
JitRunResult execute_jit_run(const PreparedRun& run, int repetitions, const std::atomic<bool>* cancel = nullptr);

// This machine's floating-point peak in GFLOP/s (double precision), measured
// once per process with a Halide kernel of independent multiply-add chains,
// vectorised and on every core.
double measured_peak_gflops();

// Why a run can show more than 100 % of the peak: operations are counted as
// the program states them, per instance, and the compiled code may compute
// some of them once for many instances.
inline constexpr const char* kAbovePeakExplanation =
    "above 100 % of the peak: the operations are counted as the program states them, for every instance; "
    "the compiled code computes some of them once for many instances (a factor that does not change along "
    "a vectorised loop is computed once per vector)";

}  // namespace loopscape

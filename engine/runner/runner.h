// SPDX-License-Identifier: Apache-2.0
#pragma once
// Verification by running real code: the original file and an emitted one
// (the same file with its scop region replaced) are compiled with the real
// toolchain, run on the same inputs, and their results compared.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/program.h"
#include "runner/compare.h"
#include "runner/cuda_device.h"

namespace loopscape {

// The original program as built and run by one verification, kept for the
// next ones that build and run it the same way (the tuner measures every
// candidate against one run of the original): share one through
// RunnerOptions::original_runs. Only runs that succeeded are kept.
class OriginalRuns;
std::shared_ptr<OriginalRuns> make_original_runs();
// How many verifications reused a kept run of the original.
int reused_original_runs(const OriginalRuns& runs);

struct RunnerOptions {
  enum class Mode {
    Auto,     // OwnMain when the file defines main, Harness otherwise
    OwnMain,  // run the file's own main; compare stdout and stderr numerically
    Harness,  // generate a main that calls the function and dumps the arrays it writes
  };
  Mode mode = Mode::Auto;

  std::string compiler = "gcc";
  // The emitted program's own toolchain where it differs from the original's
  // (the mpi target: built with mpicc, run under mpirun): "" is `compiler`.
  std::string emitted_compiler;
  std::vector<std::string> emitted_launcher;  // argv before the program (mpirun -np 4 ...)
  std::vector<std::pair<std::string, std::string>> emitted_environment;
  std::vector<std::string> emitted_defines;
  std::vector<std::string> emitted_compile_flags;  // after compile_flags (-x c++ ...)
  // The emitted program's flags in place of compile_flags (nvcc takes no -fopenmp).
  std::optional<std::vector<std::string>> emitted_base_flags;
  // Build both programs and run neither (no device for the emitted one):
  // the result is Status::NotRun when both build.
  bool emitted_uses_gpu = false;  // the emitted program's sandbox shows the GPU's device files
  bool compile_only = false;
  std::string compile_only_reason;  // said in the result's message
  // The machine's own instructions (the automatic schedule sizes register
  // blocks for its vector registers), without fusing a * b + c into FMAs
  // (C's rounding, as the original written in another loop order has it).
  std::vector<std::string> compile_flags = {"-O3", "-march=native", "-ffp-contract=off", "-fopenmp"};
  std::vector<std::string> link_flags = {"-lm"};
  // Added to the Program's own CompileOptions (relative extra sources are
  // looked up from the working directory, then next to the file).
  std::vector<std::string> defines;
  std::vector<std::string> include_dirs;
  std::vector<std::string> extra_sources;

  // Harness mode: the function to call (default: Program::options.function,
  // then the function holding the region).
  std::string function;
  // `--param N=100`: values of integer parameters and scalar arguments. Others
  // come from the file's #defines, then `default_parameter_value`.
  std::vector<std::pair<std::string, std::string>> parameters;
  std::string default_parameter_value = "32";

  double compile_timeout_seconds = 120;
  double run_timeout_seconds = 60;  // for each run of each program
  int repetitions = 1;              // runs of each program; the fastest is reported
  int threads = 0;                  // OMP_NUM_THREADS for the runs; 0 leaves it as it is

  Tolerance double_tolerance{1e-9, 1e-12};
  Tolerance float_tolerance{1e-4, 1e-6};

  bool time_region = true;  // OwnMain mode: time the region itself with timers added around it
  bool keep_files = false;  // keep the temporary folder (its path is in VerifyResult::work_dir)
  // With compile_only: the original still runs here, and the emitted program
  // goes into this folder with the original's results, for
  // `loopscape-run-bundle` to run and compare on a machine with the device
  // (runner/bundle.h).
  std::string bundle_dir;
  std::string bundle_description;  // what was verified, for the bundle's reader
  std::string temp_root;    // where the temporary folder goes (default: the system's)
  // Where the original's run is kept between verifications; none: each
  // verification builds and runs the original itself.
  std::shared_ptr<OriginalRuns> original_runs;
};

// Parses "N=100" (as given to --param).
std::pair<std::string, std::string> parse_parameter_option(const std::string& text);

struct RunTiming {
  double process_seconds = 0;           // the whole run, start to exit
  std::optional<double> region_seconds;  // the region (OwnMain with timers) or the function call (Harness)
};

struct VerifyResult {
  enum class Status { Equal, Different, Error, NotRun };  // NotRun: both built, nothing ran (compile_only)
  // Which step decided the result.
  enum class Stage { Setup, CompileOriginal, CompileEmitted, RunOriginal, RunEmitted, Compare };

  Status status = Status::Error;
  Stage stage = Stage::Setup;
  std::string message;  // one paragraph for the user
  std::optional<ValueDifference> first_difference;
  RunTiming original;
  RunTiming emitted;
  std::size_t values_compared = 0;
  RunnerOptions::Mode mode = RunnerOptions::Mode::Auto;  // the mode that was used
  std::string log;       // compiler diagnostics or the failing program's stderr (tail)
  // The mpi target's traffic in the emitted run, over all ranks (from its report).
  std::optional<long long> bytes_sent;
  std::optional<long long> messages_sent;
  std::string work_dir;  // the temporary folder (removed unless keep_files)

  bool equal() const { return status == Status::Equal; }
  // emitted region time / original region time speed-up, when both are known.
  std::optional<double> speedup() const;
};

std::string to_string(VerifyResult::Status status);
std::string to_string(VerifyResult::Stage stage);

// The program's file with its region [begin_offset, end_offset) replaced by `region_code`.
std::string replace_region(const Program& program, const std::string& region_code);

// Options that build the emitted program with mpicc and run it under
// `mpirun -np ranks` (oversubscribed, allowed as root), rank 0's results compared.
RunnerOptions mpi_runner_options(int ranks, RunnerOptions base = {});

// Options that build the emitted program as C++ with g++ (the hls target's C
// simulation: HLS pragmas are ignored, hls::stream comes from its fallback header).
RunnerOptions hls_runner_options(RunnerOptions base = {});

// nvcc: on PATH, else $CUDA_PATH/bin/nvcc, else /usr/local/cuda/bin/nvcc; "" when none is there.
std::string find_nvcc();

// Options that build the emitted program with nvcc (-x cu, PolyBench's
// polybench.c too) and run it when a CUDA device is present; without one the
// result is NotRun once both programs build. InputError when nvcc is missing.
// nvcc fuses a * b + c into FMAs by default and gcc (for x86-64's baseline)
// does not; ill-conditioned kernels (gramschmidt) then differ far beyond any
// tolerance, so the emitted program is built with -fmad=false unless
// `fp_contract`.
RunnerOptions cuda_runner_options(RunnerOptions base = {}, bool fp_contract = false);

// Compiles and runs the program's file and `emitted_source`, and compares
// what they compute. Never throws for problems of the programs themselves:
// they are reported in the result.
VerifyResult verify_equivalence(const Program& original, const std::string& emitted_source,
                                const RunnerOptions& options = {});

}  // namespace loopscape

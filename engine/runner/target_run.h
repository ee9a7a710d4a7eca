// SPDX-License-Identifier: Apache-2.0
#pragma once
// How the runner builds and runs what a target printed: its recipe
// (codegen/common/target.h) and side files turned into the runner's options.
// Callers ask the target, never its name.
#include <string>

#include "codegen/common/target.h"
#include "model/program.h"
#include "runner/runner.h"

namespace loopscape {

struct TargetRunSettings {
  int ranks = 4;              // MpiC: how many ranks mpirun starts
  bool contract_fma = false;  // Cuda: let nvcc fuse a*b+c (the CLI's --fp-contract)
  SideFiles side_files = {};  // what the target wrote beside the emitted file
};

// The runner's options for the program `target` printed. InputError when the
// target prints no program, or runs the file's own main and the file has none.
// A program that needs a GPU is built and not run where there is no CUDA
// device, and the result says why.
RunnerOptions runner_options_for(const Target& target, const Program& program, const TargetRunSettings& settings,
                                 RunnerOptions base = {});

}  // namespace loopscape

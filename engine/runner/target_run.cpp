// SPDX-License-Identifier: Apache-2.0
#include "runner/target_run.h"

#include "runner/cuda_device.h"
#include "support/c_text.h"
#include "support/error.h"

namespace loopscape {

RunnerOptions runner_options_for(const Target& target, const Program& program, const TargetRunSettings& settings,
                                 RunnerOptions base) {
  const RunRecipe recipe = target.run_recipe();
  if (recipe.toolchain == RunRecipe::Toolchain::None)
    throw InputError(SourceLocation{}, "target '" + target.name() + "' prints no program to run");
  if (recipe.runs_own_main && !defines_main(program.source_text))
    throw InputError(SourceLocation{program.file, 0, 0},
                     "the " + target.name() + " target needs a file with a main: " + recipe.own_main_why);
  RunnerOptions options = base;
  switch (recipe.toolchain) {
    case RunRecipe::Toolchain::MpiC: options = mpi_runner_options(settings.ranks, base); break;
    case RunRecipe::Toolchain::HlsCxx: options = hls_runner_options(base); break;
    case RunRecipe::Toolchain::Cuda: options = cuda_runner_options(base, settings.contract_fma); break;
    case RunRecipe::Toolchain::HostC:
    case RunRecipe::Toolchain::None: break;
  }
  const SideFiles& side = settings.side_files;
  options.emitted_compile_flags.insert(options.emitted_compile_flags.end(), side.compile_flags.begin(),
                                       side.compile_flags.end());
  options.link_flags.insert(options.link_flags.end(), side.link_flags.begin(), side.link_flags.end());
  if (side.needs_gpu) {
    options.emitted_uses_gpu = true;
    if (!cuda_device_present()) {
      options.compile_only = true;
      options.compile_only_reason = "this machine has no CUDA device, so the program with the " + target.name() +
                                    " target's GPU kernels was built and not run";
    }
  }
  return options;
}

}  // namespace loopscape

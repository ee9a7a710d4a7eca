// SPDX-License-Identifier: Apache-2.0
#include "codegen/halide_object.h"

#include <filesystem>

#include "codegen/halide_lowering.h"

namespace loopscape {
namespace {

std::string with_suffix(const std::string& emitted_file, const std::string& suffix) {
  std::filesystem::path p(emitted_file);
  p.replace_extension();
  return p.string() + suffix;
}

}  // namespace

std::string halide_object_path(const std::string& emitted_file) { return with_suffix(emitted_file, ".halide.o"); }
std::string halide_header_path(const std::string& emitted_file) { return with_suffix(emitted_file, ".halide.h"); }

bool write_halide_object(const Program& program, const isl::schedule& schedule, const std::string& object_path,
                         const std::string& header_path, bool contract_fma) {
  const HalideLowering l = lower_to_halide(
      program, schedule, {.function_name = kHalideFunction, .allow_gpu = true, .contract_fma = contract_fma});
  l.module.compile({{Halide::OutputFileType::object, object_path}, {Halide::OutputFileType::c_header, header_path}});
  return l.gpu;
}

RunnerOptions halide_runner_options(const std::string& object_path, bool gpu, RunnerOptions base) {
  base.emitted_compile_flags.push_back(std::filesystem::absolute(object_path).string());
  // Halide's runtime (in the object) uses threads and dlopen (of libcuda too).
  base.link_flags.push_back("-lpthread");
  base.link_flags.push_back("-ldl");
  if (gpu) {
    base.emitted_uses_gpu = true;
    base.emitted_compile_flags.push_back("-I" LOOPSCAPE_HALIDE_INCLUDE_DIR);  // HalideRuntime.h
    if (!cuda_device_present()) {
      base.compile_only = true;
      base.compile_only_reason = "this machine has no CUDA device, so the program with Halide's PTX kernels "
                                 "was built and not run";
    }
  }
  return base;
}

}  // namespace loopscape

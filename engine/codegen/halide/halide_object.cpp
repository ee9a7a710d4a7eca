// SPDX-License-Identifier: Apache-2.0
#include "codegen/halide/halide_object.h"

#include <filesystem>

#include "codegen/halide/halide_lowering.h"

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

SideFiles write_halide_side_files(const Program& program, const isl::schedule& schedule,
                                  const std::string& emitted_file, bool contract_fma) {
  SideFiles out;
  const std::string object = halide_object_path(emitted_file), header = halide_header_path(emitted_file);
  out.needs_gpu = write_halide_object(program, schedule, object, header, contract_fma);
  out.written = {object, header};
  out.compile_flags.push_back(std::filesystem::absolute(object).string());
  // Halide's runtime (in the object) uses threads and dlopen (of libcuda too).
  out.link_flags = {"-lpthread", "-ldl"};
  if (out.needs_gpu) out.compile_flags.push_back("-I" LOOPSCAPE_HALIDE_INCLUDE_DIR);  // HalideRuntime.h
  return out;
}

}  // namespace loopscape

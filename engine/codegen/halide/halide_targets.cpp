// SPDX-License-Identifier: Apache-2.0
// --target halide-stmt: the schedule lowered to Halide IR (codegen/halide/halide_lowering.h),
// printed after Halide's passes (vectorised and unrolled loops expanded,
// parallel loops and GPU kernels still shown as loops).
// --target halide: the file with its region replaced by a call into the
// object file codegen/halide/halide_object.h writes; with loops tagged for the GPU
// the arrays go in as halide_buffer_t and come back from the device.
// --target halide-ptx: the PTX Halide's back-end writes for those loops.
#include <algorithm>
#include <sstream>

#include "codegen/common/ast_cache.h"
#include "codegen/halide/halide_lowering.h"
#include "codegen/halide/halide_object.h"
#include "codegen/halide/halide_targets.h"
#include "schedule/tags.h"

namespace loopscape {
namespace {

// The schedule the C and OpenMP targets print, with the OpenMP target's
// automatic parallel tags (the lowering ignores them): its isl AST, the
// expensive part, is built once for every target.
isl::schedule shared_ast_schedule(const CodegenInput& in) {
  return auto_parallel_schedule_for(in, in.schedule, in.dependences);
}

class HalideStmtTarget : public Target {
 public:
  std::string name() const override { return "halide-stmt"; }
  std::string display_name() const override { return "Halide IR"; }
  std::string file_suffix() const override { return "txt"; }
  RunRecipe run_recipe() const override { return {.toolchain = RunRecipe::Toolchain::None}; }
  std::string description() const override {
    return "the schedule lowered to Halide IR, after Halide's vectorize/unroll/simplify passes";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.schedule = in.schedule;
    const isl::schedule shared = shared_ast_schedule(in);
    const HalideLowering l = lower_to_halide(
        in.program, in.schedule, {.allow_gpu = true, .build_module = false, .cache = in.cache, .ast_schedule = &shared});
    std::ostringstream text;
    text << "// " << l.function_name << "(";
    for (std::size_t k = 0; k < l.arguments.size(); ++k)
      text << (k ? ", " : "") << (l.gpu && l.arguments[k].is_buffer ? "halide_buffer_t<" : "") << l.arguments[k].type
           << (l.arguments[k].is_buffer ? (l.gpu ? "> *" : " *") : " ") << l.arguments[k].name;
    text << ")\n" << l.lowered;
    out.text = text.str();
    return out;
  }
};

std::string c_type(const Halide::Type& t) {
  if (t.is_handle()) return "void *";
  if (t.is_float()) return t.bits() == 32 ? "float" : "double";
  if (t.is_bool()) return "_Bool";
  const std::string u = t.is_uint() ? "u" : "";
  return u + "int" + std::to_string(t.bits()) + "_t";
}

class HalideTarget : public Target {
 public:
  std::string name() const override { return "halide"; }
  std::string display_name() const override { return "Halide"; }
  bool needs_output_file() const override { return true; }
  RunRecipe run_recipe() const override {
    return {.how_verified = "the region compiled in-process by Halide's LLVM back-end, linked into the emitted "
                            "program; with loops tagged for the GPU, run only where a CUDA device is present"};
  }
  SideFiles write_side_files(const Program& program, const isl::schedule& schedule, const std::string& emitted_file,
                             const SideFileOptions& options) const override {
    return write_halide_side_files(program, schedule, emitted_file, options.contract_fma);
  }
  std::string description() const override {
    return "the file calling the schedule compiled by Halide's LLVM back-end (emit -o F.c also writes F.halide.o, "
           "F.halide.h)";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.schedule = in.schedule;
    out.replaces_region = true;
    const isl::schedule shared = shared_ast_schedule(in);
    const HalideLowering l =
        lower_to_halide(in.program, in.schedule,
                        {.function_name = kHalideFunction, .allow_gpu = true, .build_module = false, .cache = in.cache,
                         .ast_schedule = &shared});
    if (l.gpu) {
      call_with_buffers(in.program, l, out);
      return out;
    }
    std::string parameters, arguments;
    for (const HalideArgument& a : l.arguments) {
      const Array* array = in.program.find_array(a.name);
      parameters += (parameters.empty() ? "" : ", ") + (a.is_buffer ? std::string("void *") : c_type(a.type));
      // Arrays decay to pointers; a scalar the region writes goes by address.
      arguments += (arguments.empty() ? "" : ", ") + (a.is_buffer && array && array->is_scalar() ? "&" + a.name : a.name);
    }
    out.file_prelude = "#include <stdint.h>\n/* compiled by Halide into the .halide.o beside this file */\nint " +
                       std::string(kHalideFunction) + "(" + parameters + ");\n";
    out.text = std::string(kHalideFunction) + "(" + arguments + ");\n";
    return out;
  }

 private:
  // With kernels every array goes in as a flat halide_buffer_t over its
  // host memory, marked host-dirty so Halide copies it to the device; after
  // the call each one comes back to the host and its device copy is freed.
  static void call_with_buffers(const Program& program, const HalideLowering& l, GeneratedCode& out) {
    std::string parameters, arguments, wraps;
    int buffers = 0;
    for (const HalideArgument& a : l.arguments) {
      parameters += parameters.empty() ? "" : ", ";
      arguments += arguments.empty() ? "" : ", ";
      if (!a.is_buffer) {
        parameters += c_type(a.type);
        arguments += a.name;
        continue;
      }
      const Array* array = program.find_array(a.name);
      std::string count = "1";
      if (array)
        for (const std::string& e : array->extents) count += " * (int64_t)(" + e + ")";
      const std::string code = a.type.is_float() ? "halide_type_float" : a.type.is_uint() || a.type.is_bool() ? "halide_type_uint" : "halide_type_int";
      wraps += "  ls_wrap(&ls_buffers[" + std::to_string(buffers) + "], &ls_dims[" + std::to_string(buffers) + "], " +
               (array && array->is_scalar() ? "&" : "") + "(" + a.name + "), " + count + ", " + code + ", " +
               std::to_string(a.type.bits()) + ");\n";
      parameters += "struct halide_buffer_t *";
      arguments += "&ls_buffers[" + std::to_string(buffers++) + "]";
    }
    out.file_prelude =
        "#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
        "#include \"HalideRuntime.h\"\n"
        "/* compiled by Halide, with the PTX of its kernels, into the .halide.o beside this file */\nint " +
        std::string(kHalideFunction) + "(" + parameters + ");\n"
        "static void ls_wrap(struct halide_buffer_t *b, struct halide_dimension_t *d, void *host, int64_t count,\n"
        "                    enum halide_type_code_t code, int bits) {\n"
        "  memset(b, 0, sizeof *b);\n  memset(d, 0, sizeof *d);\n"
        "  d->extent = (int32_t)count;\n  d->stride = 1;\n"
        "  b->host = (uint8_t *)host;\n  b->type.code = (uint8_t)code;\n  b->type.bits = (uint8_t)bits;\n"
        "  b->type.lanes = 1;\n  b->dimensions = 1;\n  b->dim = d;\n  b->flags = halide_buffer_flag_host_dirty;\n}\n";
    const std::string n = std::to_string(std::max(buffers, 1));
    out.text = "{\n  struct halide_buffer_t ls_buffers[" + n + "];\n  struct halide_dimension_t ls_dims[" + n + "];\n" +
               wraps + "  const int ls_error = " + kHalideFunction + "(" + arguments + ");\n" +
               "  for (int ls_k = 0; ls_k < " + std::to_string(buffers) + "; ++ls_k) {\n" +
               "    if (halide_copy_to_host(NULL, &ls_buffers[ls_k]) != 0) exit(1);\n" +
               "    halide_device_free(NULL, &ls_buffers[ls_k]);\n  }\n" +
               "  if (ls_error != 0) {\n    fprintf(stderr, \"the Halide kernels failed (error %d)\\n\", ls_error);\n" +
               "    exit(1);\n  }\n}\n";
  }
};

class HalidePtxTarget : public Target {
 public:
  std::string name() const override { return "halide-ptx"; }
  std::string display_name() const override { return "Halide PTX"; }
  std::string file_suffix() const override { return "ptx"; }
  RunRecipe run_recipe() const override { return {.toolchain = RunRecipe::Toolchain::None}; }
  std::string description() const override {
    return "the PTX that Halide's back-end writes for the loops tagged gpu / tile_gpu (the kernels of the halide "
           "target)";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.schedule = in.schedule;
    const isl::schedule_node root = in.schedule.root();
    if (!subtree_has_tag(root, "gpu_block") && !subtree_has_tag(root, "gpu_thread")) {
      out.text = "// No loop is tagged for the GPU: tag loops with gpu or tile_gpu, and Halide's PTX\n"
                 "// back-end compiles them into CUDA kernels here.\n";
      return out;
    }
    const isl::schedule shared = shared_ast_schedule(in);
    out.text = lower_to_halide(in.program, in.schedule,
                               {.function_name = kHalideFunction, .allow_gpu = true, .cache = in.cache, .ast_schedule = &shared})
                   .device_code;
    return out;
  }
};

}  // namespace

std::unique_ptr<Target> make_halide_target() { return std::make_unique<HalideTarget>(); }

std::unique_ptr<Target> make_halide_stmt_target() { return std::make_unique<HalideStmtTarget>(); }

std::unique_ptr<Target> make_halide_ptx_target() { return std::make_unique<HalidePtxTarget>(); }

}  // namespace loopscape

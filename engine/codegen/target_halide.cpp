// --target halide-stmt: the schedule lowered to Halide IR (codegen/halide_lowering.h),
// printed after Halide's CPU passes (vectorised and unrolled loops expanded,
// parallel loops still shown as such).
// --target halide: the file with its region replaced by a call into the
// object file codegen/halide_object.h writes.
#include <sstream>

#include "codegen/halide_lowering.h"
#include "codegen/halide_object.h"
#include "codegen/targets_builtin.h"

namespace loopscape {
namespace {

class HalideStmtTarget : public Target {
 public:
  std::string name() const override { return "halide-stmt"; }
  std::string description() const override {
    return "the schedule lowered to Halide IR, after Halide's vectorize/unroll/simplify passes";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.schedule = in.schedule;
    const HalideLowering l = lower_to_halide(in.program, in.schedule, halide_host_target(false));
    std::ostringstream text;
    text << "// " << l.function_name << "(";
    for (std::size_t k = 0; k < l.arguments.size(); ++k)
      text << (k ? ", " : "") << l.arguments[k].type << (l.arguments[k].is_buffer ? " *" : " ")
           << l.arguments[k].name;
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
  std::string description() const override {
    return "the file calling the schedule compiled by Halide's LLVM back-end (emit -o F.c also writes F.halide.o, "
           "F.halide.h)";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.schedule = in.schedule;
    out.replaces_region = true;
    const HalideLowering l = lower_to_halide(in.program, in.schedule, halide_host_target(false), kHalideFunction);
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
};

}  // namespace

std::unique_ptr<Target> make_halide_target() { return std::make_unique<HalideTarget>(); }

std::unique_ptr<Target> make_halide_stmt_target() { return std::make_unique<HalideStmtTarget>(); }

}  // namespace loopscape

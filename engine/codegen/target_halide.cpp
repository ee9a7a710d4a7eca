// --target halide-stmt: the schedule lowered to Halide IR (codegen/halide_lowering.h),
// printed after Halide's CPU passes (vectorised and unrolled loops expanded,
// parallel loops still shown as such).
#include <sstream>

#include "codegen/halide_lowering.h"
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

}  // namespace

std::unique_ptr<Target> make_halide_stmt_target() { return std::make_unique<HalideStmtTarget>(); }

}  // namespace loopscape

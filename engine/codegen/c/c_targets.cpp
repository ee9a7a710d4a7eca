// SPDX-License-Identifier: Apache-2.0
// --target c and --target openmp: plain C loops, and the same with OpenMP
// pragmas for the loops the schedule tags (parallel: `omp parallel for`,
// vector: `omp simd`), the outermost dependence-free loops tagged automatically;
// the OpenMP target also holds full register tiles in local arrays
// (codegen/common/c_register_tile.h).
#include "codegen/common/c_like_ast.h"
#include "codegen/common/c_printer.h"
#include "codegen/c/c_targets.h"

namespace loopscape {
namespace {

class CTarget : public Target {
 public:
  explicit CTarget(bool openmp) : openmp_(openmp) {}
  std::string name() const override { return openmp_ ? "openmp" : "c"; }
  std::string display_name() const override { return openmp_ ? "OpenMP" : "C"; }
  // OpenMP first: it is the default target.
  int display_order() const override { return openmp_ ? 0 : 1; }
  std::string description() const override {
    return openmp_ ? "C with OpenMP pragmas on parallel loops (the default target)" : "sequential C";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    out.replaces_region = true;
    const CLikeAst printed = c_like_ast(in);
    const Program& program = printed.program();
    out.schedule = printed.schedule;
    const LoopNodePtr& ast = printed.ast;
    CPrintOptions po;
    po.openmp = openmp_;
    po.reverse_parallel = openmp_ && in.options.reverse_parallel_loops;
    po.register_tiles = openmp_ && !po.reverse_parallel;
    po.indent = in.options.indent;
    po.mark_comments = in.options.mark_comments;
    po.local_copies_from = &out.schedule;
    po.dependences = in.details;
    CCode code = print_c(program, *ast, po);
    out.text = code.text;
    out.helpers = c_helper_definitions(code.helpers);
    if (printed.laid_out) out.declarations = c_region_declarations(program);
    return out;
  }

 private:
  bool openmp_;
};

}  // namespace

std::unique_ptr<Target> make_c_target() { return std::make_unique<CTarget>(false); }
std::unique_ptr<Target> make_openmp_target() { return std::make_unique<CTarget>(true); }

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// --target isl-ast: the isl AST of the schedule, as isl prints it in C.
#include <isl/ast.h>

#include <cstdlib>

#include "codegen/common/data_layout_rewrite.h"
#include "codegen/common/loop_ast.h"
#include "codegen/isl_ast/isl_ast_target.h"

namespace loopscape {
namespace {

class IslAstTarget : public Target {
 public:
  std::string name() const override { return "isl-ast"; }
  std::string display_name() const override { return "isl AST"; }
  std::string file_suffix() const override { return "txt"; }
  RunRecipe run_recipe() const override { return {.toolchain = RunRecipe::Toolchain::None}; }
  std::string description() const override {
    return "the isl AST printed by isl (statements as calls, parallel loops marked // @parallel)";
  }
  GeneratedCode generate(const CodegenInput& in) const override {
    GeneratedCode out;
    out.target = name();
    // The statements the code runs (inlined ones are left out), with the
    // loops the OpenMP target runs in parallel marked: the AST the C targets print.
    const std::optional<LaidOutProgram> laid_out = apply_data_layout(in.program, in.schedule, in.dependences);
    out.schedule = auto_parallel_schedule_for(in, laid_out ? laid_out->schedule : in.schedule,
                                              laid_out ? laid_out->dependences : in.dependences);
    isl::ast_node ast = isl_ast_for(in, out.schedule);
    in.program.isl().bounded("print the isl AST", [&] {
      char* s = isl_ast_node_to_C_str(ast.get());
      out.text = without_tag_depths(s ? s : "");
      std::free(s);
    });
    return out;
  }
};

}  // namespace

std::unique_ptr<Target> make_isl_ast_target() { return std::make_unique<IslAstTarget>(); }

}  // namespace loopscape

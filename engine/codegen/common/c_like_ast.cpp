// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/c_like_ast.h"

namespace loopscape {

CLikeAst c_like_ast(const CodegenInput& in) {
  CLikeAst out;
  out.original = &in.program;
  out.laid_out = apply_data_layout(in.program, in.schedule, in.dependences);
  // The automatic parallel tags mean nothing to plain C and HLS, but the AST
  // with them is the one the openmp target needs: one isl AST for all, the expensive part.
  out.schedule = auto_parallel_schedule_for(in, out.laid_out ? out.laid_out->schedule : in.schedule,
                                            out.laid_out ? out.laid_out->dependences : in.dependences);
  out.ast = convert_isl_ast(out.program(), isl_ast_for(in, out.schedule));
  return out;
}

}  // namespace loopscape

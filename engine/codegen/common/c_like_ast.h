// SPDX-License-Identifier: Apache-2.0
#pragma once
// The loop AST the C-like targets (c, openmp, hls) print for one input: the
// program with its data layout applied (codegen/common/data_layout_rewrite.h) and its
// schedule with the automatic parallel tags, so that they share one isl AST.
#include <optional>

#include "codegen/common/data_layout_rewrite.h"
#include "codegen/common/loop_ast.h"
#include "codegen/common/target.h"

namespace loopscape {

struct CLikeAst {
  std::optional<LaidOutProgram> laid_out;  // when the schedule records a data layout
  const Program* original = nullptr;
  isl::schedule schedule;                  // what the code is made from (GeneratedCode::schedule)
  LoopNodePtr ast;

  const Program& program() const { return laid_out ? laid_out->program : *original; }
};

CLikeAst c_like_ast(const CodegenInput& input);

}  // namespace loopscape

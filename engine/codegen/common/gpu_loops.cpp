// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/gpu_loops.h"

namespace loopscape {

bool is_gpu_loop(const LoopNode& n) {
  return n.kind == LoopNodeKind::For && (n.has_tag("gpu_block") || n.has_tag("gpu_thread"));
}

bool contains_gpu_loop(const LoopNode& n) {
  if (is_gpu_loop(n)) return true;
  for (const auto& c : n.children)
    if (contains_gpu_loop(*c)) return true;
  return false;
}

}  // namespace loopscape

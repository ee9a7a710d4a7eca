// SPDX-License-Identifier: Apache-2.0
#pragma once
// One isl AST per schedule, shared by every target printed for one state of a
// session: the c and isl-ast targets (and openmp, when no loop gets an
// automatic parallel tag) print the same AST, and building it is the
// expensive part of code generation.
#include <isl/cpp.h>

#include <optional>
#include <utility>
#include <vector>

#include "analysis/distribution.h"
#include "model/program.h"

namespace loopscape {

struct CodegenInput;

class AstCache {
 public:
  // build_isl_ast(program, schedule), built once per distinct schedule.
  const isl::ast_node& isl_ast(const Program& program, const isl::schedule& schedule);
  // mark_outermost_parallel_loops(program, schedule, dependences), once per schedule.
  const isl::schedule& auto_parallel(const Program& program, const isl::schedule& schedule,
                                     const isl::union_map& dependences);
  // plan_distribution(program, schedule, flow, overwrites), once per schedule
  // (the mpi target and the app's message table share it).
  const DistributionPlan& distribution(const Program& program, const isl::schedule& schedule,
                                       const isl::union_map& flow, const isl::union_map& overwrites);
  std::size_t size() const { return asts_.size(); }  // isl ASTs built so far

 private:
  std::vector<std::pair<isl::schedule, isl::ast_node>> asts_;
  std::vector<std::pair<isl::schedule, isl::schedule>> parallel_;
  std::vector<std::pair<isl::schedule, DistributionPlan>> distributions_;
};

// The isl AST of `schedule` for a target: from the input's cache when it has one.
isl::ast_node isl_ast_for(const CodegenInput& input, const isl::schedule& schedule);
// `schedule` (the input's, or its laid-out form) with the outermost loops
// free of `dependences` tagged parallel; `schedule` itself without
// dependences or with auto_parallel off.
isl::schedule auto_parallel_schedule_for(const CodegenInput& input, const isl::schedule& schedule,
                                         const std::optional<isl::union_map>& dependences);

}  // namespace loopscape

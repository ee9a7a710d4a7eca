// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/ast_cache.h"

#include <algorithm>

#include "codegen/common/loop_ast.h"
#include "codegen/common/target.h"
#include "schedule/parallelism.h"

namespace loopscape {
namespace {

bool same_schedule(const isl::schedule& a, const isl::schedule& b) {
  return isl_schedule_plain_is_equal(a.get(), b.get()) == isl_bool_true;
}

template <typename Value>
const Value* find_for(const std::vector<std::pair<isl::schedule, Value>>& entries, const isl::schedule& schedule) {
  auto it = std::find_if(entries.begin(), entries.end(),
                         [&](const auto& entry) { return same_schedule(entry.first, schedule); });
  return it == entries.end() ? nullptr : &it->second;
}

}  // namespace

const isl::ast_node& AstCache::isl_ast(const Program& program, const isl::schedule& schedule) {
  if (const isl::ast_node* found = find_for(asts_, schedule)) return *found;
  asts_.emplace_back(schedule, build_isl_ast(program, schedule));
  return asts_.back().second;
}

const isl::schedule& AstCache::auto_parallel(const Program& program, const isl::schedule& schedule,
                                             const isl::union_map& dependences) {
  if (const isl::schedule* found = find_for(parallel_, schedule)) return *found;
  parallel_.emplace_back(schedule, mark_outermost_parallel_loops(program, schedule, dependences));
  return parallel_.back().second;
}

const DistributionPlan& AstCache::distribution(const Program& program, const isl::schedule& schedule,
                                               const isl::union_map& flow, const isl::union_map& overwrites) {
  if (const DistributionPlan* found = find_for(distributions_, schedule)) return *found;
  distributions_.emplace_back(schedule, plan_distribution(program, schedule, flow, overwrites));
  return distributions_.back().second;
}

isl::ast_node isl_ast_for(const CodegenInput& input, const isl::schedule& schedule) {
  if (input.cache) return input.cache->isl_ast(input.program, schedule);
  return build_isl_ast(input.program, schedule);
}

isl::schedule auto_parallel_schedule_for(const CodegenInput& input, const isl::schedule& schedule,
                                         const std::optional<isl::union_map>& dependences) {
  if (!input.options.auto_parallel || !dependences) return schedule;
  // The laid-out schedule determines its dependences, so it is the key.
  if (input.cache) return input.cache->auto_parallel(input.program, schedule, *dependences);
  return mark_outermost_parallel_loops(input.program, schedule, *dependences);
}

}  // namespace loopscape

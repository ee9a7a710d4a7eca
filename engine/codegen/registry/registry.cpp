// SPDX-License-Identifier: Apache-2.0
#include "codegen/registry/registry.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "codegen/c/c_targets.h"
#include "codegen/cuda/cuda_target.h"
#include "codegen/halide/halide_targets.h"
#include "codegen/hls/hls_target.h"
#include "codegen/isl_ast/isl_ast_target.h"
#include "codegen/mpi/mpi_target.h"
#include "codegen/tree/tree_target.h"
#include "support/error.h"

namespace loopscape {

namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<Target>> targets;
  Registry() {
    for (auto& t : builtin_targets()) targets[t->name()] = std::move(t);
  }
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

std::vector<std::unique_ptr<Target>> builtin_targets() {
  std::vector<std::unique_ptr<Target>> out;
  out.push_back(make_tree_target());
  out.push_back(make_isl_ast_target());
  out.push_back(make_c_target());
  out.push_back(make_openmp_target());
  out.push_back(make_mpi_target());
  out.push_back(make_hls_target());
  out.push_back(make_cuda_target());
  out.push_back(make_halide_stmt_target());
  out.push_back(make_halide_target());
  out.push_back(make_halide_ptx_target());
  return out;
}

const Target* find_target(const std::string& name) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.targets.find(name);
  return it == r.targets.end() ? nullptr : it->second.get();
}

std::vector<std::string> target_names() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> names;
  for (const auto& [name, t] : r.targets) names.push_back(name);
  return names;
}

std::vector<std::string> target_names_in_display_order() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const Target*> targets;
  for (const auto& [name, t] : r.targets) targets.push_back(t.get());
  std::stable_sort(targets.begin(), targets.end(), [](const Target* a, const Target* b) {
    return a->display_order() < b->display_order();
  });
  std::vector<std::string> names;
  for (const Target* t : targets) names.push_back(t->name());
  return names;
}

void register_target(std::unique_ptr<Target> target) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const std::string name = target->name();
  r.targets[name] = std::move(target);
}

GeneratedCode generate(const Program& program, const isl::schedule& schedule,
                       const std::optional<isl::union_map>& dependences, const std::string& target,
                       const CodegenOptions& options, AstCache* cache, const Dependences* details) {
  const Target* t = find_target(target);
  if (!t) {
    std::string known;
    for (const auto& n : target_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError(SourceLocation{}, "unknown target '" + target + "' (known: " + known + ")");
  }
  try {
    return t->generate(CodegenInput{program, schedule, dependences, options, cache, details});
  } catch (const InputError& e) {
    // A target's refusal with no place of its own is about the region.
    if (e.where().known() || program.file.empty()) throw;
    throw InputError(SourceLocation{program.file, program.region.begin_line, 1}, e.message());
  }
}

std::string generate_code(const Program& program, const isl::schedule& schedule, const isl::union_map& dependences,
                          const std::string& target, const CodegenOptions& options) {
  return generate(program, schedule, dependences, target, options).full_text();
}

}  // namespace loopscape

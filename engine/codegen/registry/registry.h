// SPDX-License-Identifier: Apache-2.0
#pragma once
// The targets by name: the built-in ones (one folder each under codegen/)
// and any a program registers. A new target is a folder plus one line in
// builtin_targets() (registry.cpp), or a register_target() call.
#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "codegen/common/target.h"
#include "model/program.h"

namespace loopscape {

// nullptr when no target has this name.
const Target* find_target(const std::string& name);
// Every target's name, sorted.
std::vector<std::string> target_names();
// Every target's name in the order lists show them (Target::display_order, then name).
std::vector<std::string> target_names_in_display_order();
// Adds a target (replacing one of the same name).
void register_target(std::unique_ptr<Target> target);
// A fresh instance of every built-in target.
std::vector<std::unique_ptr<Target>> builtin_targets();

// Generates for the target named `target`; throws InputError for an unknown name.
// Pass one `cache` to every call for the same schedule to build its AST once.
GeneratedCode generate(const Program& program, const isl::schedule& schedule,
                       const std::optional<isl::union_map>& dependences, const std::string& target,
                       const CodegenOptions& options = {}, AstCache* cache = nullptr,
                       const Dependences* details = nullptr);

// The generated text, helpers first.
std::string generate_code(const Program& program, const isl::schedule& schedule,
                          const isl::union_map& dependences, const std::string& target,
                          const CodegenOptions& options = {});
inline std::string generate_code(const Program& program, const isl::schedule& schedule,
                                 const Dependences& dependences, const std::string& target,
                                 const CodegenOptions& options = {}) {
  return generate_code(program, schedule, dependences.all(), target, options);
}

}  // namespace loopscape

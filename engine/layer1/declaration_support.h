// SPDX-License-Identifier: Apache-2.0
#pragma once
// Checks shared by the declarations of api/tiramisu.h: a refused declaration
// throws before it changes the function.
#include <memory>
#include <string>
#include <vector>

#include "layer1/layer1_data.h"

namespace loopscape::tiramisu::detail {

// Throws unless `name` is a C identifier that is no keyword.
void check_name(const std::string& name, const char* what, const where& at);
// The current function's data; throws when there is none.
FunctionData& owner(const where& at, const char* what);
// Throws when Layer I of `f` is frozen by a schedule command.
void require_open(const FunctionData& f, const where& at, const std::string& what);
// The computation a handle refers to; throws for an empty handle.
ComputationData& need_data(const std::shared_ptr<ComputationData>& d, const where& at);
// The iterators of a computation; each needs a range when `need_range`, and a name of its own.
std::vector<Iterator> iterators_of(const std::vector<var>& vars, const std::string& computation, const where& at,
                                   bool need_range);
// Registers a computation of the current function once everything about it is checked.
std::shared_ptr<ComputationData> new_computation(std::string name, const where& at, bool is_input,
                                                 const std::vector<var>& iterators = {}, const expr* value = nullptr);
// `name`, once its declaration is known to have a type.
std::string typed(std::string name, primitive_t type, const char* what, const where& at);

}  // namespace loopscape::tiramisu::detail

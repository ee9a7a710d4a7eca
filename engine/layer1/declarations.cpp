// SPDX-License-Identifier: Apache-2.0
// The declarations of api/tiramisu.h other than computations and functions:
// vars, constants, buffers and inputs.
#include <algorithm>
#include <optional>

#include "layer1/affine_text.h"
#include "layer1/declaration_support.h"

namespace loopscape::tiramisu {

using namespace detail;

namespace {

// Constants with and without a value share one set of names.
void refuse_second_constant(const detail::FunctionData& f, const std::string& name, const where& at) {
  if (std::find(f.constants.begin(), f.constants.end(), name) != f.constants.end() || f.constant_values.count(name))
    fail(at, "a second constant named '" + name + "'");
}

std::vector<var> input_vars(const std::vector<std::string>& names, const std::vector<expr>& sizes, primitive_t type,
                            const where& at) {
  if (names.size() != sizes.size())
    fail(at, "an input with " + std::to_string(names.size()) + " dimension names but " + std::to_string(sizes.size()) +
                 " sizes");
  if (type == p_none) fail(at, "an input declared without a type (p_none)");
  std::vector<var> vars;
  for (std::size_t k = 0; k < names.size(); ++k) vars.emplace_back(names[k], expr(0), sizes[k], at);
  return vars;
}

}  // namespace

var::var(std::string name, where at) : name_(std::move(name)), at_(at) {
  check_name(name_, "var", at);
  auto n = std::make_shared<detail::Node>();
  n->kind = detail::NodeKind::Var;
  n->text = name_;
  n->type = p_int32;
  static_cast<expr&>(*this) = expr(n);
}

var::var(std::string name, const expr& lower, const expr& upper, where at) : var(std::move(name), at) {
  if (!lower.is_defined() || !upper.is_defined()) fail(at, "var '" + name_ + "' with an undefined bound");
  lower_ = lower;
  upper_ = upper;
}

var::var(primitive_t type, std::string name, where at) : var(std::move(name), at) {
  if (!detail::is_integer(type)) fail(at, "var '" + name_ + "' of a non-integer type: loop iterators are integers");
}

constant::constant(std::string name, where at) : name_(std::move(name)) {
  check_name(name_, "constant", at);
  detail::FunctionData& f = owner(at, "constant");
  require_open(f, at, "a new constant");
  refuse_second_constant(f, name_, at);
  f.constants.push_back(name_);
  auto n = std::make_shared<detail::Node>();
  n->kind = detail::NodeKind::Constant;
  n->text = name_;
  n->type = p_int32;
  static_cast<expr&>(*this) = expr(n);
}

constant::constant(std::string name, const expr& value, where at) : constant(std::move(name), value, p_int32, at) {}

constant::constant(std::string name, const expr& value, primitive_t type, bool function_wide, computation* with,
                   int at_loop_level, function* owner_function, where at)
    : constant(std::move(name), value, type, at) {
  // The level matters only for a constant computed inside a computation's loops.
  if (!function_wide || with != nullptr)
    fail(at, "constant '" + name_ + "' computed inside the loops of a computation: constants here are function-wide "
                 "numbers (give function_wide true and no computation)");
  (void)at_loop_level;
  if (owner_function && owner_function != function::current())
    fail(at, "constant '" + name_ + "' of a function that is not the current one");
}

constant::constant(std::string name, const expr& value, primitive_t type, where at) : name_(std::move(name)) {
  check_name(name_, "constant", at);
  detail::FunctionData& f = owner(at, "constant");
  require_open(f, at, "a new constant");
  if (!is_integer(type)) fail(at, "constant '" + name_ + "' of a non-integer type: constants are integers");
  if (!value.is_defined()) fail(at, "constant '" + name_ + "' with an undefined value");
  const std::optional<long long> v = constant_value(*value.node());
  if (!v)
    fail(at, "the value of constant '" + name_ + "', " + value.to_str() +
                 ", is no integer known when the program is built: give a number (or an expression of numbers)");
  refuse_second_constant(f, name_, at);
  f.constant_values[name_] = *v;
  auto n = std::make_shared<detail::Node>();
  n->kind = detail::NodeKind::Int;
  n->text = std::to_string(*v);
  n->type = p_int32;
  static_cast<expr&>(*this) = expr(n);
}

buffer::buffer(std::string name, std::vector<expr> sizes, primitive_t type, argument_t argument, where at) {
  check_name(name, "buffer", at);
  detail::FunctionData& f = owner(at, "buffer");
  require_open(f, at, "a new buffer");
  if (type == p_none) fail(at, "buffer '" + name + "' without an element type");
  for (const auto& b : f.buffers)
    if (b->name == name) fail(at, "a second buffer named '" + name + "'");
  for (const expr& s : sizes)
    if (!s.is_defined()) fail(at, "buffer '" + name + "' with an undefined size");
  data_ = std::make_shared<detail::BufferData>();
  data_->name = std::move(name);
  data_->sizes = std::move(sizes);
  data_->type = type;
  data_->argument = argument;
  data_->owner = &f;
  data_->at = at;
  data_->order = f.declarations++;
  f.buffers.push_back(data_);
}

buffer::buffer(std::string name, std::vector<expr> sizes, primitive_t type, argument_t argument, function* owner_function,
               where at)
    : buffer(std::move(name), std::move(sizes), type, argument, at) {
  if (owner_function && owner_function != function::current())
    fail(at, "buffer '" + data_->name + "' of a function that is not the current one");
}

const std::string& buffer::get_name() const { return data_->name; }

input::input(std::string name, std::vector<var> iterators, primitive_t type, where at)
    : computation(new_computation(typed(std::move(name), type, "input", at), at, true, iterators)) {
  data()->type = type;
}

input::input(std::string name, std::vector<std::string> dimension_names, std::vector<expr> dimension_sizes,
             primitive_t type, where at)
    : computation(new_computation(std::move(name), at, true, input_vars(dimension_names, dimension_sizes, type, at))) {
  data()->type = type;
}

}  // namespace loopscape::tiramisu

// SPDX-License-Identifier: Apache-2.0
// Lazy arrays (api/lappy.h): each operation checks its operands' shapes and
// axes where the user wrote it, and records a node; nothing is computed.
#include <algorithm>
#include <atomic>
#include <set>

#include "lappy/lappy_data.h"
#include "layer1/declaration_support.h"

namespace loopscape::lappy {

using namespace detail;
using tiramisu::primitive_t;

namespace {

primitive_t primitive(dtype t) {
  switch (t) {
    case dtype::float32: return tiramisu::p_float32;
    case dtype::int32: return tiramisu::p_int32;
    case dtype::int64: return tiramisu::p_int64;
    case dtype::float64: break;
  }
  return tiramisu::p_float64;
}

ArrayPtr make(ArrayKind kind, std::string op, std::vector<ArrayPtr> args, std::vector<extent> shape,
              std::vector<where> shape_at, std::vector<std::string> labels, primitive_t type, const where& at) {
  auto n = std::make_shared<ArrayNode>();
  n->kind = kind;
  n->op = std::move(op);
  n->args = std::move(args);
  n->shape = std::move(shape);
  n->shape_at = std::move(shape_at);
  n->labels = std::move(labels);
  n->type = type;
  n->at = at;
  return n;
}

const ArrayPtr& need(const ndarray& a, const where& at) {
  if (!a.node()) fail(at, "an empty ndarray (moved from)");
  return a.node();
}

std::string describe(const ArrayNode& n) {
  const std::string what = n.kind == ArrayKind::Input ? "'" + n.op + "' " : std::string();
  return what + shape_text(n.shape);
}

// The axis `axis` counts from the end when negative, as numpy's do.
int checked_axis(const ArrayNode& a, int axis, const where& at, const char* what) {
  const int n = static_cast<int>(a.shape.size());
  if (axis < -n || axis >= n)
    fail(at, std::string(what) + " axis " + std::to_string(axis) + " of an array of shape " + describe(a) +
                 ", which has " + std::to_string(n) + " axis(es)" + (n ? " (0 to " + std::to_string(n - 1) + ")" : ""));
  return axis < 0 ? axis + n : axis;
}

std::vector<std::string> merged_labels(const ArrayNode& a, const ArrayNode& b) {
  std::vector<std::string> out = a.labels;
  for (std::size_t k = 0; k < out.size() && k < b.labels.size(); ++k)
    if (out[k].empty()) out[k] = b.labels[k];
  return out;
}

ndarray elementwise(const std::string& op, const ndarray& x, const ndarray& y, const where& at) {
  const ArrayPtr& a = need(x, at);
  const ArrayPtr& b = need(y, at);
  const ArrayNode& shaped = a->shape.empty() ? *b : *a;
  if (!a->shape.empty() && !b->shape.empty()) {
    bool same = a->shape.size() == b->shape.size();
    for (std::size_t k = 0; same && k < a->shape.size(); ++k) same = same_extent(a->shape[k], b->shape[k]);
    if (!same)
      fail(at, "shape mismatch in '" + op + "': " + describe(*a) + " and " + describe(*b) +
                   " (element-wise operations take equal shapes, or a 0-dimensional operand)");
  }
  const std::vector<std::string> labels = a->shape.empty() ? b->labels : b->shape.empty() ? a->labels : merged_labels(*a, *b);
  return ndarray(make(ArrayKind::Binary, op, {a, b}, shaped.shape, shaped.shape_at, labels,
                      tiramisu::detail::arithmetic_result(a->type, b->type), at));
}

ndarray math(const std::string& function, const ndarray& x, const where& at) {
  const ArrayPtr& a = need(x, at);
  const primitive_t type = function == "abs" && tiramisu::detail::is_integer(a->type) ? a->type
                           : a->type == tiramisu::p_float32                         ? tiramisu::p_float32
                                                                                    : tiramisu::p_float64;
  return ndarray(make(ArrayKind::Unary, function, {a}, a->shape, a->shape_at, a->labels, type, at));
}

ndarray literal(tiramisu::expr value, primitive_t type, const where& at) {
  auto n = make(ArrayKind::Literal, "", {}, {}, {}, {}, type, at);
  n->literal = std::move(value);
  return ndarray(n);
}

}  // namespace

Unsigned::Unsigned(std::string name, where at) : name_(std::move(name)) {
  tiramisu::detail::check_name(name_, "parameter", at);
  static_cast<tiramisu::expr&>(*this) = parameter(name_);
}

// ------------------------------------------------------------ arrays

ndarray::ndarray(std::string name, const std::string& shape, dtype type, where at)
    : ndarray(std::move(name), parse_shape(shape, at), type, at) {}

ndarray::ndarray(std::string name, std::vector<extent> shape, dtype type, where at) {
  tiramisu::detail::check_name(name, "lappy array", at);
  check_extents(shape, at);
  std::vector<where> shape_at(shape.size(), at);
  std::vector<std::string> labels(shape.size());
  node_ = make(ArrayKind::Input, std::move(name), {}, std::move(shape), std::move(shape_at), std::move(labels),
               primitive(type), at);
  static std::atomic<long> declared{0};
  node_->order = ++declared;
}

ndarray::ndarray(double value, where at) : node_(literal(tiramisu::expr(value), tiramisu::p_float64, at).node()) {}
ndarray::ndarray(int value, where at) : node_(literal(tiramisu::expr(value), tiramisu::p_int32, at).node()) {}

int ndarray::ndim() const { return static_cast<int>(need(*this, where::current())->shape.size()); }
const std::vector<extent>& ndarray::shape() const { return need(*this, where::current())->shape; }
std::string ndarray::shape_str() const { return shape_text(shape()); }
const std::vector<std::string>& ndarray::labels() const { return need(*this, where::current())->labels; }

dtype ndarray::type() const {
  switch (need(*this, where::current())->type) {
    case tiramisu::p_float32: return dtype::float32;
    case tiramisu::p_int64: return dtype::int64;
    case tiramisu::p_float64: return dtype::float64;
    default: return dtype::int32;
  }
}

ndarray ndarray::label(int axis, const std::string& name, where at) const {
  const ArrayPtr& a = need(*this, at);
  const int k = checked_axis(*a, axis, at, "label of");
  tiramisu::detail::check_name(name, "label", at);
  std::vector<std::string> labels = a->labels;
  for (std::size_t x = 0; x < labels.size(); ++x)
    if (static_cast<int>(x) != k && labels[x] == name)
      fail(at, "label '" + name + "' is already the label of axis " + std::to_string(x) + ": each axis needs its own");
  labels[static_cast<std::size_t>(k)] = name;
  return ndarray(make(ArrayKind::Label, "", {a}, a->shape, a->shape_at, std::move(labels), a->type, at));
}

ndarray ndarray::T(where at) const { return transpose(*this, {}, at); }

namespace {

void set_mode(const ArrayPtr& a, Mode mode, const std::string& name, const where& at, const char* call) {
  if (a->kind == ArrayKind::Input || a->kind == ArrayKind::Literal)
    fail(at, std::string(call) + " of " + (a->kind == ArrayKind::Input ? "input '" + a->op + "'" : std::string("a constant")) +
                 ": it is not computed, so there is nothing to keep");
  if (a->mode != Mode::Fused && a->mode != mode)
    fail(at, std::string(call) + " of an array already made a " + (a->mode == Mode::Pin ? "temporary by pin()" : "CSE by pin_cse()") +
                 " (at line " + std::to_string(a->mode_at.line()) + ")");
  if (!name.empty()) tiramisu::detail::check_name(name, "temporary", at);
  a->mode = mode;
  a->temporary = name;
  a->mode_at = at;
}

}  // namespace

void ndarray::pin(const std::string& name, where at) { set_mode(need(*this, at), Mode::Pin, name, at, "pin()"); }
void ndarray::pin_cse(const std::string& name, where at) {
  set_mode(need(*this, at), Mode::Cse, name, at, "pin_cse()");
}

// ------------------------------------------------------------ operations

ndarray arange(const extent& n, where at) {
  check_extents({n}, at);
  return ndarray(make(ArrayKind::Arange, "", {}, {n}, {at}, {""}, tiramisu::p_int32, at));
}

ndarray add(const ndarray& a, const ndarray& b, where at) { return elementwise("+", a, b, at); }
ndarray subtract(const ndarray& a, const ndarray& b, where at) { return elementwise("-", a, b, at); }
ndarray multiply(const ndarray& a, const ndarray& b, where at) { return elementwise("*", a, b, at); }
ndarray divide(const ndarray& a, const ndarray& b, where at) { return elementwise("/", a, b, at); }
ndarray negative(const ndarray& x, where at) {
  const ArrayPtr& a = need(x, at);
  return ndarray(make(ArrayKind::Unary, "-", {a}, a->shape, a->shape_at, a->labels, a->type, at));
}

ndarray sin(const ndarray& a, where at) { return math("sin", a, at); }
ndarray cos(const ndarray& a, where at) { return math("cos", a, at); }
ndarray tan(const ndarray& a, where at) { return math("tan", a, at); }
ndarray exp(const ndarray& a, where at) { return math("exp", a, at); }
ndarray log(const ndarray& a, where at) { return math("log", a, at); }
ndarray sqrt(const ndarray& a, where at) { return math("sqrt", a, at); }
ndarray tanh(const ndarray& a, where at) { return math("tanh", a, at); }
ndarray abs(const ndarray& a, where at) { return math("abs", a, at); }

ndarray outer(const ndarray& x, const ndarray& y, where at) {
  const ArrayPtr& a = need(x, at);
  const ArrayPtr& b = need(y, at);
  if (a->shape.empty() || b->shape.empty())
    fail(at, "outer of a 0-dimensional array: " + describe(*a) + " and " + describe(*b) + " (multiply it instead)");
  std::vector<extent> shape = a->shape;
  std::vector<where> shape_at = a->shape_at;
  std::vector<std::string> labels = a->labels;
  shape.insert(shape.end(), b->shape.begin(), b->shape.end());
  shape_at.insert(shape_at.end(), b->shape_at.begin(), b->shape_at.end());
  labels.insert(labels.end(), b->labels.begin(), b->labels.end());
  return ndarray(make(ArrayKind::Outer, "*", {a, b}, std::move(shape), std::move(shape_at), std::move(labels),
                      tiramisu::detail::arithmetic_result(a->type, b->type), at));
}

ndarray matmul(const ndarray& x, const ndarray& y, where at) {
  const ArrayPtr& a = need(x, at);
  const ArrayPtr& b = need(y, at);
  if (a->shape.empty() || b->shape.empty() || a->shape.size() > 2 || b->shape.size() > 2)
    fail(at, "matmul of arrays of shapes " + describe(*a) + " and " + describe(*b) +
                 ": it takes vectors and matrices (1 or 2 axes)");
  if (!same_extent(a->shape.back(), b->shape.front()))
    fail(at, "shape mismatch in matmul: " + describe(*a) + " @ " + describe(*b) + ": the last extent of the first (" +
                 extent_text(a->shape.back()) + ") is not the first extent of the second (" +
                 extent_text(b->shape.front()) + ")");
  std::vector<extent> shape(a->shape.begin(), a->shape.end() - 1);
  std::vector<where> shape_at(a->shape_at.begin(), a->shape_at.end() - 1);
  std::vector<std::string> labels(a->labels.begin(), a->labels.end() - 1);
  shape.insert(shape.end(), b->shape.begin() + 1, b->shape.end());
  shape_at.insert(shape_at.end(), b->shape_at.begin() + 1, b->shape_at.end());
  labels.insert(labels.end(), b->labels.begin() + 1, b->labels.end());
  return ndarray(make(ArrayKind::Matmul, "@", {a, b}, std::move(shape), std::move(shape_at), std::move(labels),
                      tiramisu::detail::arithmetic_result(a->type, b->type), at));
}

ndarray sum(const ndarray& x, int axis, where at) {
  const ArrayPtr& a = need(x, at);
  const int k = checked_axis(*a, axis, at, "sum over");
  std::vector<extent> shape = a->shape;
  std::vector<where> shape_at = a->shape_at;
  std::vector<std::string> labels = a->labels;
  shape.erase(shape.begin() + k);
  shape_at.erase(shape_at.begin() + k);
  labels.erase(labels.begin() + k);
  auto n = make(ArrayKind::Sum, "sum", {a}, std::move(shape), std::move(shape_at), std::move(labels), a->type, at);
  n->axes = {k};
  return ndarray(n);
}

ndarray sum(const ndarray& x, where at) {
  ndarray r = x;
  if (need(x, at)->shape.empty()) fail(at, "sum of a 0-dimensional array: it has no axis to sum over");
  while (r.ndim() > 0) r = sum(r, r.ndim() - 1, at);
  return r;
}

ndarray transpose(const ndarray& x, std::vector<int> axes, where at) {
  const ArrayPtr& a = need(x, at);
  const int n = static_cast<int>(a->shape.size());
  if (axes.empty())
    for (int k = n - 1; k >= 0; --k) axes.push_back(k);
  std::set<int> seen;
  for (int& k : axes) {
    k = checked_axis(*a, k, at, "transpose with");
    if (!seen.insert(k).second) fail(at, "transpose names axis " + std::to_string(k) + " twice");
  }
  if (static_cast<int>(axes.size()) != n)
    fail(at, "transpose with " + std::to_string(axes.size()) + " axes of an array with " + std::to_string(n) +
                 ": give a permutation of all its axes");
  std::vector<extent> shape;
  std::vector<where> shape_at;
  std::vector<std::string> labels;
  for (int k : axes) {
    shape.push_back(a->shape[static_cast<std::size_t>(k)]);
    shape_at.push_back(a->shape_at[static_cast<std::size_t>(k)]);
    labels.push_back(a->labels[static_cast<std::size_t>(k)]);
  }
  auto r = make(ArrayKind::Transpose, "T", {a}, std::move(shape), std::move(shape_at), std::move(labels), a->type, at);
  r->axes = std::move(axes);
  return ndarray(r);
}

}  // namespace loopscape::lappy

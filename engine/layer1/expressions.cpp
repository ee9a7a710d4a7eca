// SPDX-License-Identifier: Apache-2.0
// Layer I expressions (api/tiramisu.h): nodes typed as C types them.
#include <charconv>
#include <cmath>
#include <sstream>

#include "layer1/layer1_data.h"

namespace loopscape::tiramisu {
namespace detail {

void fail(const where& at, const std::string& message) {
  throw InputError(SourceLocation{at.file_name(), at.line(), at.column()}, message);
}

std::string c_type(primitive_t t) {
  switch (t) {
    case p_boolean: return "_Bool";
    case p_int8: return "signed char";
    case p_uint8: return "unsigned char";
    case p_int16: return "short";
    case p_uint16: return "unsigned short";
    case p_int32: return "int";
    case p_uint32: return "unsigned int";
    case p_int64: return "long";
    case p_uint64: return "unsigned long";
    case p_float32: return "float";
    case p_float64: return "double";
    case p_none: break;
  }
  return "";
}

bool is_floating(primitive_t t) { return t == p_float32 || t == p_float64; }
bool is_integer(primitive_t t) { return t != p_none && !is_floating(t); }

namespace {
// Integer conversion rank after promotion (C 6.3.1.1, 6.3.1.8), for the types C has here.
int rank(primitive_t t) {
  switch (t) {
    case p_uint32: return 2;
    case p_int64: return 3;
    case p_uint64: return 4;
    default: return 1;  // promoted to int
  }
}
}  // namespace

primitive_t arithmetic_result(primitive_t a, primitive_t b) {
  if (a == p_float64 || b == p_float64) return p_float64;
  if (a == p_float32 || b == p_float32) return p_float32;
  const int r = std::max(rank(a), rank(b));
  return r == 4 ? p_uint64 : r == 3 ? p_int64 : r == 2 ? p_uint32 : p_int32;
}

}  // namespace detail

using detail::Node;
using detail::NodeKind;
using detail::NodePtr;
using detail::is_floating;
using detail::is_integer;

namespace {

NodePtr make(NodeKind kind, std::string text, primitive_t type, std::vector<NodePtr> args = {}) {
  auto n = std::make_shared<Node>();
  n->kind = kind;
  n->text = std::move(text);
  n->type = type;
  n->args = std::move(args);
  return n;
}

const NodePtr& need(const expr& e, const char* what) {
  if (!e.is_defined())
    throw InputError(SourceLocation{}, std::string("an undefined expression used as ") + what);
  return e.node();
}

// C writes a negative literal as a negated one: -2 is -(2).
expr literal(NodeKind kind, const std::string& magnitude, primitive_t type, bool negative) {
  expr e(make(kind, magnitude, type));
  return negative ? expr(make(NodeKind::Unary, "-", type, {e.node()})) : e;
}

template <class T>
std::string shortest(T value) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, value);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

template <class T>
expr floating_literal(T value, primitive_t type, const char* suffix) {
  if (!std::isfinite(value))
    throw InputError(SourceLocation{}, "a literal that is not a finite number has no C spelling");
  const bool negative = std::signbit(value);
  return literal(NodeKind::Float, shortest(negative ? -value : value) + suffix, type, negative);
}

expr integer_literal(long long value) {
  const bool negative = value < 0;
  const unsigned long long magnitude = negative ? 0ULL - static_cast<unsigned long long>(value)
                                                : static_cast<unsigned long long>(value);
  const bool fits_int = magnitude <= 2147483647ULL;
  return literal(NodeKind::Int, std::to_string(magnitude) + (fits_int ? "" : "L"), fits_int ? p_int32 : p_int64,
                 negative);
}

expr binary(const std::string& op, const expr& a, const expr& b) {
  const NodePtr& l = need(a, "an operand");
  const NodePtr& r = need(b, "an operand");
  const bool logical = op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!=" ||
                       op == "&&" || op == "||";
  const primitive_t type = logical ? p_int32 : detail::arithmetic_result(l->type, r->type);
  return expr(make(NodeKind::Binary, op, type, {l, r}));
}

// The C math function for the argument type: sqrtf for float, sqrt otherwise.
expr math_call(const std::string& name, std::vector<expr> args) {
  primitive_t type = p_none;
  std::vector<NodePtr> nodes;
  for (const expr& a : args) {
    nodes.push_back(need(a, "a call argument"));
    type = type == p_none ? a.get_data_type() : detail::arithmetic_result(type, a.get_data_type());
  }
  const bool single = type == p_float32;
  const primitive_t result = single ? p_float32 : p_float64;
  return expr(make(NodeKind::Call, single ? name + "f" : name, result, std::move(nodes)));
}

void print(std::ostream& out, const Node& n);

// Without the parentheses around a binary operation (a whole argument or expression).
void print_bare(std::ostream& out, const Node& n) {
  if (n.kind != NodeKind::Binary) return print(out, n);
  print(out, *n.args[0]);
  out << " " << n.text << " ";
  print(out, *n.args[1]);
}

void print(std::ostream& out, const Node& n) {
  switch (n.kind) {
    case NodeKind::Int:
    case NodeKind::Float:
    case NodeKind::Var:
    case NodeKind::Constant: out << n.text; return;
    case NodeKind::Access:
    case NodeKind::Call:
      out << n.text << "(";
      for (std::size_t k = 0; k < n.args.size(); ++k) {
        if (k) out << ", ";
        print_bare(out, *n.args[k]);
      }
      out << ")";
      return;
    case NodeKind::Unary: out << n.text; print(out, *n.args[0]); return;
    case NodeKind::Binary:
      out << "(";
      print(out, *n.args[0]);
      out << " " << n.text << " ";
      print(out, *n.args[1]);
      out << ")";
      return;
    case NodeKind::Select:
      out << "select(";
      print(out, *n.args[0]);
      out << ", ";
      print(out, *n.args[1]);
      out << ", ";
      print(out, *n.args[2]);
      out << ")";
      return;
    case NodeKind::Cast: out << "cast(" << n.text << ", "; print(out, *n.args[0]); out << ")"; return;
  }
}

}  // namespace

expr::expr() = default;
expr::expr(int value) : expr(integer_literal(value)) {}
expr::expr(long value) : expr(integer_literal(value)) {}
expr::expr(long long value) : expr(integer_literal(value)) {}
expr::expr(float value) : expr(floating_literal(value, p_float32, "f")) {}
expr::expr(double value) : expr(floating_literal(value, p_float64, "")) {}
expr::expr(std::shared_ptr<const detail::Node> node) : node_(std::move(node)) {}

namespace {

std::string operator_name(op_t op) {
  switch (op) {
    case o_minus: return "o_minus";
    case o_floor: return "o_floor";
    case o_ceil: return "o_ceil";
    case o_round: return "o_round";
    case o_trunc: return "o_trunc";
    case o_sin: return "o_sin";
    case o_cos: return "o_cos";
    case o_tan: return "o_tan";
    case o_tanh: return "o_tanh";
    case o_sqrt: return "o_sqrt";
    case o_abs: return "o_abs";
    case o_log: return "o_log";
    case o_exp: return "o_exp";
    case o_max: return "o_max";
    case o_min: return "o_min";
    case o_pow: return "o_pow";
    case o_add: return "o_add";
    case o_sub: return "o_sub";
    case o_mul: return "o_mul";
    case o_div: return "o_div";
    case o_mod: return "o_mod";
    case o_select: return "o_select";
    case o_logical_and: return "o_logical_and";
    case o_logical_or: return "o_logical_or";
    case o_logical_not: return "o_logical_not";
    case o_eq: return "o_eq";
    case o_ne: return "o_ne";
    case o_lt: return "o_lt";
    case o_le: return "o_le";
    case o_gt: return "o_gt";
    case o_ge: return "o_ge";
    case o_cast: return "o_cast";
    case o_none: break;
  }
  return "o_none";
}

// How many operands expr(op, ...) takes (o_cast: a type and one).
int operands_of(op_t op) {
  switch (op) {
    case o_select: return 3;
    case o_max: case o_min: case o_pow: case o_add: case o_sub: case o_mul: case o_div: case o_mod:
    case o_logical_and: case o_logical_or: case o_eq: case o_ne: case o_lt: case o_le: case o_gt: case o_ge:
      return 2;
    default: return 1;
  }
}

[[noreturn]] void wrong_arity(op_t op, int given, const where& at) {
  detail::fail(at, "expr(" + operator_name(op) + ", ...) with " + std::to_string(given) + " operand(s): " +
                       operator_name(op) + " takes " + std::to_string(operands_of(op)) +
                       (op == o_cast ? ", after the type: expr(o_cast, p_int32, x)" : ""));
}

}  // namespace

expr::expr(op_t op, const expr& a, where at) {
  switch (op) {
    case o_minus: *this = -a; return;
    case o_floor: *this = floor(a); return;
    case o_ceil: *this = ceil(a); return;
    case o_round: *this = math_call("round", {a}); return;
    case o_trunc: *this = math_call("trunc", {a}); return;
    case o_sin: *this = sin(a); return;
    case o_cos: *this = cos(a); return;
    case o_tan: *this = tan(a); return;
    case o_tanh: *this = tanh(a); return;
    case o_sqrt: *this = sqrt(a); return;
    case o_abs: *this = abs(a); return;
    case o_log: *this = log(a); return;
    case o_exp: *this = exp(a); return;
    case o_logical_not: *this = !a; return;
    default: wrong_arity(op, 1, at);
  }
}

expr::expr(op_t op, const expr& a, const expr& b, where at) {
  switch (op) {
    case o_max: *this = max(a, b); return;
    case o_min: *this = min(a, b); return;
    case o_pow: *this = pow(a, b); return;
    case o_add: *this = a + b; return;
    case o_sub: *this = a - b; return;
    case o_mul: *this = a * b; return;
    case o_div: *this = a / b; return;
    case o_mod: *this = a % b; return;
    case o_logical_and: *this = a && b; return;
    case o_logical_or: *this = a || b; return;
    case o_eq: *this = a == b; return;
    case o_ne: *this = a != b; return;
    case o_lt: *this = a < b; return;
    case o_le: *this = a <= b; return;
    case o_gt: *this = a > b; return;
    case o_ge: *this = a >= b; return;
    default: wrong_arity(op, 2, at);
  }
}

expr::expr(op_t op, primitive_t type, const expr& a, where at) {
  if (op != o_cast)
    detail::fail(at, "expr(" + operator_name(op) + ", type, ...): only o_cast takes a type (expr(o_cast, p_int32, x))");
  *this = cast(type, a);
}

expr::expr(op_t op, const expr& a, const expr& b, const expr& c, where at) {
  if (op != o_select) wrong_arity(op, 3, at);
  *this = select(a, b, c);
}

primitive_t expr::get_data_type() const { return node_ ? node_->type : p_none; }

std::string detail::to_str(const Node& n) {
  std::ostringstream out;
  print_bare(out, n);
  return out.str();
}

std::string expr::to_str() const { return node_ ? detail::to_str(*node_) : "<undefined>"; }

expr operator+(const expr& a, const expr& b) { return binary("+", a, b); }
expr operator-(const expr& a, const expr& b) { return binary("-", a, b); }
expr operator*(const expr& a, const expr& b) { return binary("*", a, b); }
expr operator/(const expr& a, const expr& b) { return binary("/", a, b); }
expr operator%(const expr& a, const expr& b) {
  if (is_floating(a.get_data_type()) || is_floating(b.get_data_type()))
    throw InputError(SourceLocation{}, "'%' of a floating-point value (" + a.to_str() + " % " + b.to_str() +
                                           "): C's % takes integers; use fmod");
  return binary("%", a, b);
}
expr operator-(const expr& a) {
  const NodePtr& n = need(a, "an operand");
  return expr(make(NodeKind::Unary, "-", detail::arithmetic_result(n->type, p_int32), {n}));
}
expr operator<(const expr& a, const expr& b) { return binary("<", a, b); }
expr operator<=(const expr& a, const expr& b) { return binary("<=", a, b); }
expr operator>(const expr& a, const expr& b) { return binary(">", a, b); }
expr operator>=(const expr& a, const expr& b) { return binary(">=", a, b); }
expr operator==(const expr& a, const expr& b) { return binary("==", a, b); }
expr operator!=(const expr& a, const expr& b) { return binary("!=", a, b); }
expr operator&&(const expr& a, const expr& b) { return binary("&&", a, b); }
expr operator||(const expr& a, const expr& b) { return binary("||", a, b); }
expr operator!(const expr& a) { return expr(make(NodeKind::Unary, "!", p_int32, {need(a, "an operand")})); }

expr select(const expr& cond, const expr& a, const expr& b) {
  const primitive_t type = detail::arithmetic_result(a.get_data_type(), b.get_data_type());
  return expr(make(NodeKind::Select, "?:", type, {need(cond, "a condition"), need(a, "a value"), need(b, "a value")}));
}

expr cast(primitive_t type, const expr& e) {
  if (type == p_none) throw InputError(SourceLocation{}, "cast to p_none: name a type (p_float32, p_int32, ...)");
  return expr(make(NodeKind::Cast, detail::c_type(type), type, {need(e, "a cast operand")}));
}

expr sqrt(const expr& e) { return math_call("sqrt", {e}); }
expr exp(const expr& e) { return math_call("exp", {e}); }
expr log(const expr& e) { return math_call("log", {e}); }
expr sin(const expr& e) { return math_call("sin", {e}); }
expr cos(const expr& e) { return math_call("cos", {e}); }
expr tan(const expr& e) { return math_call("tan", {e}); }
expr tanh(const expr& e) { return math_call("tanh", {e}); }
expr floor(const expr& e) { return math_call("floor", {e}); }
expr ceil(const expr& e) { return math_call("ceil", {e}); }
expr pow(const expr& a, const expr& b) { return math_call("pow", {a, b}); }

expr abs(const expr& e) {
  if (is_integer(e.get_data_type())) return select(e < expr(0), -e, e);
  return math_call("fabs", {e});
}

// Integer min and max are selects (C has no integer fmin); floating ones call fmin / fmax.
expr min(const expr& a, const expr& b) {
  if (is_integer(a.get_data_type()) && is_integer(b.get_data_type())) return select(a < b, a, b);
  return math_call("fmin", {a, b});
}
expr max(const expr& a, const expr& b) {
  if (is_integer(a.get_data_type()) && is_integer(b.get_data_type())) return select(a > b, a, b);
  return math_call("fmax", {a, b});
}
expr clamp(const expr& e, const expr& low, const expr& high) { return min(max(e, low), high); }

}  // namespace loopscape::tiramisu

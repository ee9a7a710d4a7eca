// SPDX-License-Identifier: Apache-2.0
// Layer I index and bound expressions as isl affine text.
#include "layer1/affine_text.h"

#include "support/text.h"

namespace loopscape::tiramisu::detail {

std::optional<long long> constant_value(const Node& n) {
  switch (n.kind) {
    case NodeKind::Int: return std::stoll(n.text);
    case NodeKind::Unary:
      if (n.text == "-")
        if (auto v = constant_value(*n.args[0])) return -*v;
      return std::nullopt;
    case NodeKind::Cast:
      if (is_integer(n.type)) return constant_value(*n.args[0]);
      return std::nullopt;
    case NodeKind::Binary: {
      auto a = constant_value(*n.args[0]);
      auto b = constant_value(*n.args[1]);
      if (!a || !b) return std::nullopt;
      if (n.text == "+") return *a + *b;
      if (n.text == "-") return *a - *b;
      if (n.text == "*") return *a * *b;
      if (n.text == "/" && *b != 0) return *a / *b;
      if (n.text == "%" && *b != 0) return *a % *b;
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

std::string affine_text(const Node& n, const std::vector<std::string>& scope, const std::vector<std::string>& constants,
                        std::vector<std::string>* dividends) {
  switch (n.kind) {
    case NodeKind::Int: return n.text.back() == 'L' ? n.text.substr(0, n.text.size() - 1) : n.text;
    case NodeKind::Var:
      for (const std::string& s : scope)
        if (s == n.text) return n.text;
      throw NotAffine{scope.empty() ? "it uses var '" + n.text + "', but only constants may appear here"
                                    : "var '" + n.text + "' is not one of the iterators here (" + join(scope) + ")"};
    case NodeKind::Constant:
      for (const std::string& c : constants)
        if (c == n.text) return n.text;
      throw NotAffine{"constant '" + n.text + "' belongs to another function"};
    case NodeKind::Unary:
      if (n.text == "-") return "(-" + affine_text(*n.args[0], scope, constants, dividends) + ")";
      throw NotAffine{"'" + n.text + "' is not an affine operation"};
    case NodeKind::Cast:
      if (is_integer(n.type) && is_integer(n.args[0]->type)) return affine_text(*n.args[0], scope, constants, dividends);
      throw NotAffine{"it casts to or from a floating-point type"};
    case NodeKind::Binary: {
      const Node& a = *n.args[0];
      const Node& b = *n.args[1];
      if (is_floating(a.type) || is_floating(b.type)) throw NotAffine{"it computes with floating-point values"};
      if (n.text == "+" || n.text == "-")
        return "(" + affine_text(a, scope, constants, dividends) + " " + n.text + " " + affine_text(b, scope, constants, dividends) + ")";
      if (n.text == "*") {
        if (auto c = constant_value(a)) return "(" + std::to_string(*c) + " * " + affine_text(b, scope, constants, dividends) + ")";
        if (auto c = constant_value(b)) return "(" + affine_text(a, scope, constants, dividends) + " * " + std::to_string(*c) + ")";
        throw NotAffine{"it multiplies two non-constant values"};
      }
      if (n.text == "/" || n.text == "%") {
        auto c = constant_value(b);
        if (!c || *c <= 0) throw NotAffine{"it divides by something other than a positive integer constant"};
        const std::string dividend = affine_text(a, scope, constants, dividends);
        if (dividends) dividends->push_back(dividend);
        const std::string d = std::to_string(*c);
        return n.text == "/" ? "floor((" + dividend + ") / " + d + ")" : "((" + dividend + ") mod " + d + ")";
      }
      throw NotAffine{"'" + n.text + "' is not an affine operation"};
    }
    case NodeKind::Access: throw NotAffine{"it reads '" + n.text + "' (an index cannot depend on data)"};
    case NodeKind::Call: throw NotAffine{"it calls " + n.text};
    case NodeKind::Select: throw NotAffine{"it selects between values"};
    case NodeKind::Float: throw NotAffine{"it is a floating-point number"};
  }
  throw NotAffine{"unsupported expression"};
}

}  // namespace loopscape::tiramisu::detail

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Target-neutral expression trees of statement bodies (Layer I).
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace loopscape {

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

enum class ExprKind {
  IntLiteral,    // text: the value in C syntax ("3", "-2", "10L")
  FloatLiteral,  // text: the literal in C syntax, exact ("1.5", "0.1f")
  Iterator,      // text: the source iterator name (i, j, k)
  Parameter,     // text: an integer symbolic parameter (n, m)
  Variable,      // text: a read-only outer variable that is no parameter (float_n, alpha)
  Access,        // text: array name; args: subscripts (empty for a scalar written in the region)
  Unary,         // text: operator ("-", "!", "~", "+"); args: operand
  Binary,        // text: operator ("+", "*", "<=", "&&", "%", ...); args: lhs, rhs
  Ternary,       // args: condition, then, else
  Call,          // text: function name (sqrt, exp, pow, ...); args: arguments
  Cast,          // text: the target C type ("double"); args: operand
};

struct Expr {
  ExprKind kind = ExprKind::IntLiteral;
  std::string text;
  std::vector<ExprPtr> args;
  std::string type;  // C type of the value ("double", "int"); may be empty when irrelevant
  int access_index = -1;  // for Access: index into Statement::accesses

  static ExprPtr make(ExprKind kind, std::string text, std::vector<ExprPtr> args = {},
                      std::string type = {});
};

// Operator precedence in C (higher binds tighter); used by printers to parenthesise minimally.
int c_precedence(const Expr& e);

// Whether two trees are the same expression (kinds, texts and operands; the
// types and access indices are not compared).
bool same_expr(const Expr& a, const Expr& b);

// `e` with `rewrite` applied to each operand: `e` itself when no operand
// changed, else a copy holding the new operands (the rest stays shared).
ExprPtr with_operands_rewritten(const ExprPtr& e, const std::function<ExprPtr(const ExprPtr&)>& rewrite);

// Replaces every Iterator named names[k] in `e` by values[k] (subtrees that
// change are copied; the rest is shared).
ExprPtr substitute_iterators(const ExprPtr& e, const std::vector<std::string>& names,
                             const std::vector<ExprPtr>& values);

// Whether `e` reads array or scalar `name` anywhere (subscripts included).
bool reads_array(const Expr& e, const std::string& name);

}  // namespace loopscape

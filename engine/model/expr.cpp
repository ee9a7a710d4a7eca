// SPDX-License-Identifier: Apache-2.0
#include "model/expr.h"

namespace loopscape {

ExprPtr Expr::make(ExprKind kind, std::string text, std::vector<ExprPtr> args, std::string type) {
  auto e = std::make_shared<Expr>();
  e->kind = kind;
  e->text = std::move(text);
  e->args = std::move(args);
  e->type = std::move(type);
  return e;
}

int c_precedence(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Ternary: return 3;
    case ExprKind::Unary:
    case ExprKind::Cast: return 14;
    case ExprKind::Binary: {
      const std::string& op = e.text;
      if (op == "*" || op == "/" || op == "%") return 13;
      if (op == "+" || op == "-") return 12;
      if (op == "<<" || op == ">>") return 11;
      if (op == "<" || op == "<=" || op == ">" || op == ">=") return 10;
      if (op == "==" || op == "!=") return 9;
      if (op == "&") return 8;
      if (op == "^") return 7;
      if (op == "|") return 6;
      if (op == "&&") return 5;
      if (op == "||") return 4;
      return 2;
    }
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
      return !e.text.empty() && e.text[0] == '-' ? 14 : 16;
    default: return 16;
  }
}

bool same_expr(const Expr& a, const Expr& b) {
  if (a.kind != b.kind || a.text != b.text || a.args.size() != b.args.size()) return false;
  for (std::size_t k = 0; k < a.args.size(); ++k)
    if (!same_expr(*a.args[k], *b.args[k])) return false;
  return true;
}

bool reads_array(const Expr& e, const std::string& name) {
  if (e.kind == ExprKind::Access && e.text == name) return true;
  for (const ExprPtr& a : e.args)
    if (reads_array(*a, name)) return true;
  return false;
}

ExprPtr substitute_iterators(const ExprPtr& e, const std::vector<std::string>& names,
                             const std::vector<ExprPtr>& values) {
  if (!e) return e;
  if (e->kind == ExprKind::Iterator) {
    for (std::size_t k = 0; k < names.size() && k < values.size(); ++k)
      if (names[k] == e->text && values[k]) return values[k];
    return e;
  }
  return with_operands_rewritten(e, [&](const ExprPtr& a) { return substitute_iterators(a, names, values); });
}

ExprPtr with_operands_rewritten(const ExprPtr& e, const std::function<ExprPtr(const ExprPtr&)>& rewrite) {
  if (!e || e->args.empty()) return e;
  bool changed = false;
  std::vector<ExprPtr> args;
  for (const ExprPtr& a : e->args) {
    args.push_back(rewrite(a));
    changed = changed || args.back() != a;
  }
  if (!changed) return e;
  auto copy = std::make_shared<Expr>(*e);
  copy->args = std::move(args);
  return copy;
}

}  // namespace loopscape

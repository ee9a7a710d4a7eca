// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/subscripts.h"

#include <exception>

namespace loopscape {

std::optional<LinearForm> linear_form(const ExprPtr& e) {
  if (!e) return std::nullopt;
  switch (e->kind) {
    case ExprKind::IntLiteral:
      try {
        return LinearForm{{"", std::stol(e->text)}};
      } catch (const std::exception&) {
        return std::nullopt;
      }
    case ExprKind::Iterator:
    case ExprKind::Parameter:
    case ExprKind::Variable:
      return LinearForm{{e->text, 1}};
    case ExprKind::Unary: {
      if (e->text != "-" && e->text != "+") return std::nullopt;
      std::optional<LinearForm> f = linear_form(e->args.at(0));
      if (f && e->text == "-")
        for (auto& [name, c] : *f) c = -c;
      return f;
    }
    case ExprKind::Binary: {
      std::optional<LinearForm> a = linear_form(e->args.at(0)), b = linear_form(e->args.at(1));
      if (!a || !b) return std::nullopt;
      if (e->text == "+" || e->text == "-") {
        for (const auto& [name, c] : *b) (*a)[name] += e->text == "+" ? c : -c;
        return a;
      }
      if (e->text == "*") {
        const bool a_constant = a->size() == 1 && a->count("");
        const bool b_constant = b->size() == 1 && b->count("");
        if (!a_constant && !b_constant) return std::nullopt;
        const long k = a_constant ? a->at("") : b->at("");
        LinearForm out = a_constant ? *b : *a;
        for (auto& [name, c] : out) c *= k;
        return out;
      }
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

std::optional<long> constant_value(const ExprPtr& e) {
  const std::optional<LinearForm> f = linear_form(e);
  if (!f) return std::nullopt;
  long value = 0;
  for (const auto& [name, c] : *f) {
    if (name.empty())
      value = c;
    else if (c != 0)
      return std::nullopt;
  }
  return value;
}

bool mentions(const ExprPtr& e, const std::string& name) {
  if (!e) return false;
  if ((e->kind == ExprKind::Iterator || e->kind == ExprKind::Variable) && e->text == name) return true;
  for (const ExprPtr& a : e->args)
    if (mentions(a, name)) return true;
  return false;
}

void accesses_in(const ExprPtr& e, std::vector<ExprPtr>& out) {
  if (!e) return;
  if (e->kind == ExprKind::Access) out.push_back(e);
  for (const ExprPtr& a : e->args) accesses_in(a, out);
}

}  // namespace loopscape

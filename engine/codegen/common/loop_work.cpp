// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/loop_work.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "codegen/common/c_printer.h"

namespace loopscape {

namespace {

constexpr long kSaturated = 1'000'000'000'000'000L;  // beyond any decision

long saturating_multiply(long a, long b) {
  if (a == 0 || b == 0) return 0;
  if (std::abs(a) > kSaturated / std::max(1L, std::abs(b))) return (a < 0) == (b < 0) ? kSaturated : -kSaturated;
  return a * b;
}

std::optional<long> literal_value(const Expr& e) {
  if (e.kind != ExprKind::IntLiteral) return std::nullopt;
  try {
    return std::stol(e.text);  // "10L" reads as 10
  } catch (...) {
    return std::nullopt;
  }
}

// c + sum of coefficient * term, each term (by its C text) once.
struct Linear {
  long constant = 0;
  std::vector<std::pair<ExprPtr, long>> terms;
  std::map<std::string, std::size_t> slot;

  void add(const ExprPtr& term, long coefficient) {
    const std::string key = print_c_expr(*term);
    auto [it, fresh] = slot.emplace(key, terms.size());
    if (fresh)
      terms.emplace_back(term, coefficient);
    else
      terms[it->second].second += coefficient;
  }
  void add(const Linear& other, long scale) {
    constant += saturating_multiply(other.constant, scale);
    for (const auto& [term, c] : other.terms) add(term, saturating_multiply(c, scale));
  }
  bool is_constant() const {
    return std::all_of(terms.begin(), terms.end(), [](const auto& t) { return t.second == 0; });
  }
};

Linear linear(const ExprPtr& e);

ExprPtr to_expr(const Linear& l) {
  ExprPtr out;
  for (const auto& [term, c] : l.terms) {
    if (c == 0) continue;
    const long magnitude = std::abs(c);
    const ExprPtr scaled = magnitude == 1 ? term : make_binary("*", make_int(magnitude), term);
    if (!out)
      out = c > 0 ? scaled : make_negation(scaled);
    else
      out = make_binary(c > 0 ? "+" : "-", out, scaled);
  }
  if (!out) return make_int(l.constant);
  if (l.constant > 0) return make_binary("+", out, make_int(l.constant));
  if (l.constant < 0) return make_binary("-", out, make_int(-l.constant));
  return out;
}

// min, max and floord of integers folded; other calls and operators kept whole.
Linear opaque(const ExprPtr& e) {
  Linear out;
  const ExprPtr normal = with_operands_rewritten(e, normalized_affine);
  if (normal->kind == ExprKind::Call && normal->args.size() == 2) {
    const auto a = literal_value(*normal->args[0]), b = literal_value(*normal->args[1]);
    if (a && b && (normal->text == "min" || normal->text == "max")) {
      out.constant = normal->text == "min" ? std::min(*a, *b) : std::max(*a, *b);
      return out;
    }
    if (a && b && *b > 0 && normal->text == "floord") {
      out.constant = *a >= 0 ? *a / *b : -((-*a + *b - 1) / *b);
      return out;
    }
  }
  out.add(normal, 1);
  return out;
}

Linear linear(const ExprPtr& e) {
  Linear out;
  if (const auto v = literal_value(*e)) {
    out.constant = *v;
    return out;
  }
  switch (e->kind) {
    case ExprKind::Iterator:
    case ExprKind::Parameter:
    case ExprKind::Variable: out.add(e, 1); return out;
    case ExprKind::Unary:
      if (e->text == "-") {
        out.add(linear(e->args[0]), -1);
        return out;
      }
      if (e->text == "+") return linear(e->args[0]);
      break;
    case ExprKind::Binary:
      if (e->text == "+" || e->text == "-") {
        out.add(linear(e->args[0]), 1);
        out.add(linear(e->args[1]), e->text == "+" ? 1 : -1);
        return out;
      }
      if (e->text == "*") {
        const Linear a = linear(e->args[0]), b = linear(e->args[1]);
        if (a.is_constant()) {
          out.add(b, a.constant);
          return out;
        }
        if (b.is_constant()) {
          out.add(a, b.constant);
          return out;
        }
      }
      break;
    default: break;
  }
  return opaque(e);
}

std::string factors_key(const LoopWork::Product& p) {
  std::string key;
  for (const ExprPtr& f : p.factors) key += print_c_expr(*f) + "\x1f";
  return key;
}

// Products over the same factors add up.
std::vector<LoopWork::Product> merged(const std::vector<LoopWork::Product>& products) {
  std::vector<LoopWork::Product> out;
  std::map<std::string, std::size_t> slot;
  for (const LoopWork::Product& p : products) {
    auto [it, fresh] = slot.emplace(factors_key(p), out.size());
    if (fresh)
      out.push_back(p);
    else
      out[it->second].coefficient += p.coefficient;
  }
  std::erase_if(out, [](const LoopWork::Product& p) { return p.coefficient == 0; });
  return out;
}

struct Walk {
  std::vector<std::string> names;  // iterators of loops inside the estimated one
  std::vector<ExprPtr> values;     // ... at the iteration being estimated
  bool known = true;

  ExprPtr substituted(const ExprPtr& e) const { return substitute_iterators(e, names, values); }

  std::vector<LoopWork::Product> work_with(const LoopNode& body, const std::string& iterator, const ExprPtr& value) {
    names.push_back(iterator);
    values.push_back(value);
    std::vector<LoopWork::Product> out = work(body);
    names.pop_back();
    values.pop_back();
    return out;
  }

  std::vector<LoopWork::Product> work(const LoopNode& n) {
    std::vector<LoopWork::Product> out;
    switch (n.kind) {
      case LoopNodeKind::User: out.push_back({}); break;
      case LoopNodeKind::Mark: return work(n.body());
      case LoopNodeKind::Block:
      case LoopNodeKind::If:
        for (const auto& child : n.children) {
          const std::vector<LoopWork::Product> part = work(*child);
          out.insert(out.end(), part.begin(), part.end());
        }
        break;
      case LoopNodeKind::For: {
        const std::optional<ExprPtr> bound = loop_bound_inclusive(n);
        if (!bound || n.step == 0) {
          known = false;
          return out;
        }
        const ExprPtr first = normalized_affine(substituted(n.init));
        const ExprPtr last = normalized_affine(substituted(*bound));
        Linear trip = linear(last);
        trip.add(linear(first), -1);
        if (n.step < 0) {
          Linear reversed;
          reversed.add(trip, -1);
          trip = reversed;
        }
        trip.constant += 1;
        const long step = std::abs(n.step);
        // The mean of the body's work at the first and the last iteration.
        std::vector<LoopWork::Product> body = work_with(n.body(), n.iterator, first);
        const std::vector<LoopWork::Product> at_last = work_with(n.body(), n.iterator, last);
        body.insert(body.end(), at_last.begin(), at_last.end());
        for (LoopWork::Product p : merged(body)) {
          p.coefficient /= 2;
          if (trip.is_constant()) {
            p.coefficient *= static_cast<double>(std::max(0L, (trip.constant + step - 1) / step));
          } else {
            ExprPtr factor = to_expr(trip);
            if (step > 1) factor = make_binary("/", make_binary("+", factor, make_int(step - 1)), make_int(step));
            p.factors.insert(p.factors.begin(), factor);
          }
          out.push_back(std::move(p));
        }
        return merged(out);
      }
    }
    return out;
  }
};

}  // namespace

ExprPtr normalized_affine(const ExprPtr& e) { return e ? to_expr(linear(e)) : e; }

std::optional<double> LoopWork::constant() const {
  double sum = 0;
  for (const Product& p : products) {
    if (!p.factors.empty()) return std::nullopt;
    sum += p.coefficient;
  }
  return sum;
}

std::string LoopWork::c_text(const std::function<std::string(const ExprPtr&)>& print) const {
  auto number = [](double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return std::string(buffer);
  };
  std::string out;
  for (const Product& p : products) {
    std::string term = p.coefficient == 1 ? "" : number(p.coefficient) + " * ";
    for (std::size_t k = 0; k < p.factors.size(); ++k)
      term += (k == 0 ? "(long) (" : " * (") + print(p.factors[k]) + ")";
    if (p.factors.empty()) term = number(p.coefficient);
    out += (out.empty() ? "" : " + ") + term;
  }
  return out.empty() ? "0" : out;
}

LoopWork loop_work(const LoopNode& for_node) {
  Walk walk;
  LoopWork out;
  out.products = walk.work(for_node);
  out.known = walk.known;
  return out;
}

}  // namespace loopscape

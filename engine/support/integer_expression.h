// SPDX-License-Identifier: Apache-2.0
#pragma once
// Integer C expressions as written in array extents and macros: literals
// (with u/l suffixes), names, unary + and -, + - * / % and parentheses. One
// parser, folded into whatever the caller builds: a value (the harness
// evaluates extents) or another IR's expression (the Halide lowering).
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace loopscape {

template <class Value>
struct IntegerFold {
  std::function<std::optional<Value>(long)> literal;
  std::function<std::optional<Value>(const std::string&)> name;    // nullopt: an unknown name
  std::function<std::optional<Value>(char, Value, Value)> binary;  // '+', '-', '*', '/', '%'
  std::function<std::optional<Value>(Value)> negate;
};

namespace integer_expression_detail {

// A token stream over the text; the grammar is folded by parse() below.
class Scanner {
 public:
  explicit Scanner(const std::string& text) : text_(text) {}
  bool eat(char c);
  bool at_end();
  std::optional<long> number();
  std::optional<std::string> identifier();

 private:
  void skip();
  const std::string& text_;
  std::size_t pos_ = 0;
};

}  // namespace integer_expression_detail

template <class Value>
std::optional<Value> fold_integer_expression(const std::string& text, const IntegerFold<Value>& fold) {
  using integer_expression_detail::Scanner;
  Scanner in(text);
  std::function<std::optional<Value>()> sum, product, unary;
  unary = [&]() -> std::optional<Value> {
    if (in.eat('-')) {
      auto v = unary();
      return v ? fold.negate(*v) : std::nullopt;
    }
    if (in.eat('+')) return unary();
    if (in.eat('(')) {
      auto v = sum();
      return v && in.eat(')') ? v : std::nullopt;
    }
    if (auto n = in.number()) return fold.literal(*n);
    if (auto id = in.identifier()) return fold.name(*id);
    return std::nullopt;
  };
  product = [&]() -> std::optional<Value> {
    auto v = unary();
    while (v) {
      char op = 0;
      if (in.eat('*')) op = '*';
      else if (in.eat('/')) op = '/';
      else if (in.eat('%')) op = '%';
      else break;
      auto r = unary();
      if (!r) return std::nullopt;
      v = fold.binary(op, *v, *r);
    }
    return v;
  };
  sum = [&]() -> std::optional<Value> {
    auto v = product();
    while (v) {
      char op = 0;
      if (in.eat('+')) op = '+';
      else if (in.eat('-')) op = '-';
      else break;
      auto r = product();
      if (!r) return std::nullopt;
      v = fold.binary(op, *v, *r);
    }
    return v;
  };
  auto v = sum();
  if (!v || !in.at_end()) return std::nullopt;
  return v;
}

// The value of an integer expression, its names' values from `name`
// (nullopt: unknown); nullopt for anything else, division by zero included.
std::optional<long> evaluate_integer_expression(const std::string& text,
                                                const std::function<std::optional<long>(const std::string&)>& name);
// The same with every name in `values` (array extents at given parameter values).
std::optional<long> evaluate_integer_expression(const std::string& text, const std::map<std::string, long>& values);

}  // namespace loopscape

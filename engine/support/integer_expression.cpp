// SPDX-License-Identifier: Apache-2.0
#include "support/integer_expression.h"

#include <cctype>
#include <cstring>

namespace loopscape::integer_expression_detail {

void Scanner::skip() {
  while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
}

bool Scanner::eat(char c) {
  skip();
  if (pos_ < text_.size() && text_[pos_] == c) {
    ++pos_;
    return true;
  }
  return false;
}

bool Scanner::at_end() {
  skip();
  return pos_ == text_.size();
}

std::optional<long> Scanner::number() {
  skip();
  if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_]))) return std::nullopt;
  std::size_t used = 0;
  long v = 0;
  try {
    v = std::stol(text_.substr(pos_), &used, 0);
  } catch (...) {
    return std::nullopt;
  }
  pos_ += used;
  while (pos_ < text_.size() && text_[pos_] != '\0' && std::strchr("uUlL", text_[pos_])) ++pos_;
  return v;
}

std::optional<std::string> Scanner::identifier() {
  skip();
  auto starts = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
  if (pos_ >= text_.size() || !starts(text_[pos_])) return std::nullopt;
  std::size_t k = pos_;
  while (k < text_.size() && (starts(text_[k]) || std::isdigit(static_cast<unsigned char>(text_[k])))) ++k;
  std::string name = text_.substr(pos_, k - pos_);
  pos_ = k;
  return name;
}

}  // namespace loopscape::integer_expression_detail

namespace loopscape {

std::optional<long> evaluate_integer_expression(const std::string& text,
                                                const std::function<std::optional<long>(const std::string&)>& name) {
  IntegerFold<long> fold;
  fold.literal = [](long v) { return std::optional<long>(v); };
  fold.name = name;
  fold.binary = [](char op, long a, long b) -> std::optional<long> {
    if ((op == '/' || op == '%') && b == 0) return std::nullopt;
    switch (op) {
      case '+': return a + b;
      case '-': return a - b;
      case '*': return a * b;
      case '/': return a / b;
      default: return a % b;
    }
  };
  fold.negate = [](long v) { return std::optional<long>(-v); };
  return fold_integer_expression(text, fold);
}

std::optional<long> evaluate_integer_expression(const std::string& text, const std::map<std::string, long>& values) {
  return evaluate_integer_expression(text, [&](const std::string& n) -> std::optional<long> {
    if (auto found = values.find(n); found != values.end()) return found->second;
    return std::nullopt;
  });
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "lessons/count_formula.h"

#include <cctype>
#include <numeric>

namespace loopscape {

Rational reduced(long num, long den) {
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const long g = std::gcd(num, den);
  return g > 1 ? Rational{num / g, den / g} : Rational{num, den};
}

std::string rational_text(const Rational& r) {
  return r.second == 1 ? std::to_string(r.first) : std::to_string(r.first) + "/" + std::to_string(r.second);
}

namespace {

// A count formula as a student writes it, at `values`: integers and
// decimals, names, + - * / ^ (a whole power), parentheses, and products
// written without * (2n, n(n - 1)). Exact rational arithmetic; nullopt for
// anything else (then column() is where it stopped) or an unknown
// name (then `unknown` is set).
class FormulaReader {
 public:
  FormulaReader(const std::string& text, const std::map<std::string, long>& values, std::string* unknown)
      : text_(text), values_(values), unknown_(unknown) {}

  std::optional<Rational> read() {
    std::optional<Rational> v = sum();
    skip();
    if (!v || at_ != text_.size()) return std::nullopt;
    return v;
  }
  std::size_t column() const { return at_ + 1; }

 private:
  void skip() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool eat(char c) {
    skip();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  static std::optional<Rational> add(Rational a, Rational b, int sign) {
    return reduced(a.first * b.second + sign * b.first * a.second, a.second * b.second);
  }
  std::optional<Rational> sum() {
    std::optional<Rational> v = product();
    while (v) {
      if (eat('+')) {
        const auto r = product();
        v = r ? add(*v, *r, 1) : std::nullopt;
      } else if (eat('-')) {
        const auto r = product();
        v = r ? add(*v, *r, -1) : std::nullopt;
      } else {
        break;
      }
    }
    return v;
  }
  // A factor can follow another without '*' when it starts a name, a number or '('.
  bool factor_follows() {
    skip();
    return at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_' || text_[at_] == '(');
  }
  std::optional<Rational> product() {
    std::optional<Rational> v = power();
    while (v) {
      if (eat('*') || factor_follows()) {
        const auto r = power();
        v = r ? std::optional<Rational>(reduced(v->first * r->first, v->second * r->second)) : std::nullopt;
      } else if (eat('/')) {
        const auto r = power();
        v = r && r->first ? std::optional<Rational>(reduced(v->first * r->second, v->second * r->first)) : std::nullopt;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<Rational> power() {
    std::optional<Rational> base = unary();
    if (!base || !eat('^')) return base;
    const std::optional<Rational> e = unary();
    if (!e || e->second != 1 || e->first < 0 || e->first > 8) return std::nullopt;
    Rational r{1, 1};
    for (long k = 0; k < e->first; ++k) r = reduced(r.first * base->first, r.second * base->second);
    return r;
  }
  std::optional<Rational> unary() {
    if (eat('-')) {
      const auto v = unary();
      return v ? std::optional<Rational>(Rational{-v->first, v->second}) : std::nullopt;
    }
    if (eat('(')) {
      const auto v = sum();
      return v && eat(')') ? v : std::nullopt;
    }
    skip();
    const std::size_t begin = at_;
    if (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) {
      long whole = 0, fraction = 0, scale = 1;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_])) && at_ - begin < 9)
        whole = whole * 10 + (text_[at_++] - '0');
      if (at_ < text_.size() && text_[at_] == '.') {
        ++at_;
        while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_])) && scale < 100000000) {
          fraction = fraction * 10 + (text_[at_++] - '0');
          scale *= 10;
        }
      }
      return reduced(whole * scale + fraction, scale);
    }
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) ++at_;
    if (at_ == begin) return std::nullopt;
    const std::string name = text_.substr(begin, at_ - begin);
    const auto v = values_.find(name);
    if (v == values_.end()) {
      *unknown_ = name;
      return std::nullopt;
    }
    return Rational{v->second, 1};
  }

  const std::string& text_;
  const std::map<std::string, long>& values_;
  std::string* unknown_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<Rational> rational_value(const std::string& text, const std::map<std::string, long>& values,
                                       std::string* unknown, std::size_t* column) {
  FormulaReader reader(text, values, unknown);
  std::optional<Rational> v = reader.read();
  if (column) *column = reader.column();
  return v;
}

}  // namespace loopscape

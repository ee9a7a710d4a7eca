// SPDX-License-Identifier: Apache-2.0
// Extents of lazy arrays: integer expressions of Unsigned parameters, kept
// as Layer I expression nodes so that Layer I's affine checks apply to them.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "lappy/lappy_data.h"
#include "layer1/declaration_support.h"

namespace loopscape::lappy::detail {

using tiramisu::detail::Node;
using tiramisu::detail::NodeKind;

namespace {

int precedence(const Node& n) {
  if (n.kind != NodeKind::Binary) return 3;
  return n.text == "+" || n.text == "-" ? 1 : 2;
}

std::string text_of(const Node& n) {
  switch (n.kind) {
    case NodeKind::Int:
    case NodeKind::Constant: return n.text;
    case NodeKind::Unary: return n.text + text_of(*n.args[0]);
    case NodeKind::Binary: {
      std::string l = text_of(*n.args[0]);
      std::string r = text_of(*n.args[1]);
      if (precedence(*n.args[0]) < precedence(n)) l = "(" + l + ")";
      if (precedence(*n.args[1]) <= precedence(n) && n.args[1]->kind == NodeKind::Binary) r = "(" + r + ")";
      return l + " " + n.text + " " + r;
    }
    default: return tiramisu::detail::to_str(n);
  }
}

using Linear = std::map<std::string, long long>;  // "" holds the constant term

std::optional<Linear> linear(const Node& n) {
  switch (n.kind) {
    case NodeKind::Int: return Linear{{"", std::stoll(n.text)}};
    case NodeKind::Constant: return Linear{{n.text, 1}};
    case NodeKind::Unary: {
      auto a = linear(*n.args[0]);
      if (!a || n.text != "-") return std::nullopt;
      for (auto& [k, v] : *a) v = -v;
      return a;
    }
    case NodeKind::Binary: {
      auto a = linear(*n.args[0]);
      auto b = linear(*n.args[1]);
      if (!a || !b) return std::nullopt;
      if (n.text == "+" || n.text == "-") {
        for (const auto& [k, v] : *b) (*a)[k] += n.text == "+" ? v : -v;
        return a;
      }
      auto constant = [](const Linear& l) -> std::optional<long long> {
        for (const auto& [k, v] : l)
          if (!k.empty() && v != 0) return std::nullopt;
        auto it = l.find("");
        return it == l.end() ? 0 : it->second;
      };
      if (n.text == "*") {
        if (auto c = constant(*a)) {
          for (auto& [k, v] : *b) v *= *c;
          return b;
        }
        if (auto c = constant(*b)) {
          for (auto& [k, v] : *a) v *= *c;
          return a;
        }
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

Linear normal(Linear l) {
  std::erase_if(l, [](const auto& kv) { return kv.second == 0; });
  return l;
}

void check_integer(const Node& n, const where& at) {
  switch (n.kind) {
    case NodeKind::Int:
    case NodeKind::Constant: return;
    case NodeKind::Unary:
    case NodeKind::Binary:
      if (n.kind == NodeKind::Binary && n.text != "+" && n.text != "-" && n.text != "*" && n.text != "/" &&
          n.text != "%")
        break;
      for (const auto& a : n.args) check_integer(*a, at);
      return;
    default: break;
  }
  fail(at, "an extent '" + tiramisu::detail::to_str(n) +
               "' that is no integer expression of Unsigned parameters and integer literals");
}

}  // namespace

std::string extent_text(const extent& e) { return e.is_defined() ? text_of(*e.node()) : "?"; }

std::string shape_text(const std::vector<extent>& shape) {
  std::string s;
  for (const extent& e : shape) s += (s.empty() ? "" : ", ") + extent_text(e);
  return "(" + s + ")";
}

bool same_extent(const extent& a, const extent& b) {
  auto x = linear(*a.node());
  auto y = linear(*b.node());
  if (x && y) return normal(*x) == normal(*y);
  return extent_text(a) == extent_text(b);
}

void check_extents(const std::vector<extent>& shape, const where& at) {
  for (std::size_t k = 0; k < shape.size(); ++k) {
    if (!shape[k].is_defined()) fail(at, "axis " + std::to_string(k) + " has an undefined extent");
    check_integer(*shape[k].node(), at);
    if (auto l = linear(*shape[k].node())) {
      const Linear n = normal(*l);
      const bool constant = n.empty() || (n.size() == 1 && n.count(""));
      if (constant && (n.empty() ? 0 : n.at("")) < 0)
        fail(at, "axis " + std::to_string(k) + " has the negative extent " + extent_text(shape[k]));
    }
  }
}

void collect_parameters(const Node& n, std::vector<std::string>& out) {
  if (n.kind == NodeKind::Constant && std::find(out.begin(), out.end(), n.text) == out.end()) out.push_back(n.text);
  for (const auto& a : n.args) collect_parameters(*a, out);
}

extent parameter(const std::string& name) {
  auto n = std::make_shared<Node>();
  n->kind = NodeKind::Constant;
  n->text = name;
  n->type = tiramisu::p_int32;
  return extent(n);
}

// ------------------------------------------------------------ shape strings

namespace {

class ShapeParser {
 public:
  ShapeParser(const std::string& text, const where& at) : s_(text), at_(at) {}

  std::vector<extent> parse() {
    std::vector<extent> out;
    skip();
    if (p_ == s_.size()) return out;
    for (;;) {
      out.push_back(sum());
      skip();
      if (p_ == s_.size()) return out;
      if (s_[p_] != ',') error("expected ',' or the end");
      ++p_;
    }
  }

 private:
  [[noreturn]] void error(const std::string& what) const {
    fail(at_, "the shape \"" + s_ + "\" does not parse at column " + std::to_string(p_ + 1) + ": " + what +
                  " (write extents as the spec does: \"n, 2*n + 1\")");
  }
  void skip() {
    while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
  }
  extent sum() {
    extent e = product();
    for (;;) {
      skip();
      if (p_ < s_.size() && (s_[p_] == '+' || s_[p_] == '-')) {
        const char op = s_[p_++];
        const extent r = product();
        e = op == '+' ? e + r : e - r;
      } else {
        return e;
      }
    }
  }
  extent product() {
    extent e = atom();
    for (;;) {
      skip();
      if (p_ < s_.size() && (s_[p_] == '*' || s_[p_] == '/' || s_[p_] == '%')) {
        const char op = s_[p_++];
        const extent r = atom();
        e = op == '*' ? e * r : op == '/' ? e / r : e % r;
      } else {
        return e;
      }
    }
  }
  extent atom() {
    skip();
    if (p_ == s_.size()) error("expected an extent");
    const char c = s_[p_];
    if (c == '(') {
      ++p_;
      extent e = sum();
      skip();
      if (p_ == s_.size() || s_[p_] != ')') error("expected ')'");
      ++p_;
      return e;
    }
    if (c == '-') {
      ++p_;
      return -atom();
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t b = p_;
      while (p_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p_]))) ++p_;
      if (p_ - b > 9) error("a literal too large for an extent");
      return extent(std::stoi(s_.substr(b, p_ - b)));
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t b = p_;
      while (p_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[p_])) || s_[p_] == '_')) ++p_;
      const std::string name = s_.substr(b, p_ - b);
      tiramisu::detail::check_name(name, "parameter", at_);
      return parameter(name);
    }
    error(std::string("unexpected '") + c + "'");
  }

  const std::string& s_;
  where at_;
  std::size_t p_ = 0;
};

}  // namespace

std::vector<extent> parse_shape(const std::string& text, const where& at) { return ShapeParser(text, at).parse(); }

}  // namespace loopscape::lappy::detail

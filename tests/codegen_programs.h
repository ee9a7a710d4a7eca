// SPDX-License-Identifier: Apache-2.0
#pragma once
// Hand-built Programs for the schedule and codegen tests: C kernels whose
// scop regions are described by isl sets/maps and C expressions parsed here
// (a small expression parser, so the tests need no front-end).
#include <cctype>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape::testing {

struct LoopSpec {
  std::string iterator;
  int id = 0;
  int step = 1;
};

struct StatementSpec {
  std::string name;
  std::vector<LoopSpec> loops;
  std::vector<int> position;
  std::string domain;  // isl set, e.g. "[n] -> { S0[i, j] : 0 <= i, j < n }"
  std::string target;  // C, e.g. "x1[i]"
  std::string op;      // "=", "+=", ...
  std::string value;   // C, e.g. "x1[i] + a[i][j] * y1[j]"
  std::vector<std::string> reads;   // isl maps "[n] -> { S0[i, j] -> a[i, j] }"
  std::vector<std::string> writes;
};

struct ArraySpec {
  std::string name;
  std::string type = "double";
  std::vector<std::string> extents;
};

class ExprParser {
 public:
  ExprParser(std::string text, const Statement& s, const Program& p) : t_(std::move(text)), s_(s), p_(p) {}
  ExprPtr parse() {
    ExprPtr e = ternary();
    skip();
    if (i_ != t_.size()) fail("trailing text");
    return e;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("expression '" + t_ + "': " + what + " at " + std::to_string(i_));
  }
  void skip() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
  }
  bool eat(const std::string& op) {
    skip();
    if (t_.compare(i_, op.size(), op) != 0) return false;
    // Do not split "<=" into "<" or "&&" into "&".
    if (op.size() == 1 && i_ + 1 < t_.size()) {
      const char n = t_[i_ + 1];
      if ((op == "<" || op == ">" || op == "=" || op == "!") && n == '=') return false;
      if ((op == "&" && n == '&') || (op == "|" && n == '|')) return false;
    }
    i_ += op.size();
    return true;
  }
  static int prec(const std::string& op) {
    if (op == "||") return 4;
    if (op == "&&") return 5;
    if (op == "==" || op == "!=") return 9;
    if (op == "<" || op == "<=" || op == ">" || op == ">=") return 10;
    if (op == "+" || op == "-") return 12;
    if (op == "*" || op == "/" || op == "%") return 13;
    return -1;
  }
  ExprPtr ternary() {
    ExprPtr c = binary(0);
    if (!eat("?")) return c;
    ExprPtr a = ternary();
    if (!eat(":")) fail("':' expected");
    ExprPtr b = ternary();
    return Expr::make(ExprKind::Ternary, "?:", {c, a, b});
  }
  ExprPtr binary(int min_prec) {
    ExprPtr lhs = unary();
    for (;;) {
      skip();
      std::string op;
      for (const char* cand : {"||", "&&", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%"})
        if (t_.compare(i_, std::char_traits<char>::length(cand), cand) == 0) {
          op = cand;
          break;
        }
      const int p = op.empty() ? -1 : prec(op);
      if (p < 0 || p < min_prec) return lhs;
      i_ += op.size();
      ExprPtr rhs = binary(p + 1);
      lhs = Expr::make(ExprKind::Binary, op, {lhs, rhs});
    }
  }
  ExprPtr unary() {
    skip();
    for (const char* op : {"-", "!", "+"})
      if (eat(op)) return Expr::make(ExprKind::Unary, op, {unary()});
    if (t_[i_] == '(') {
      for (const char* type : {"double", "float", "int", "long"}) {
        std::size_t save = i_;
        ++i_;
        skip();
        const std::string ty = type;
        if (t_.compare(i_, ty.size(), ty) == 0) {
          i_ += ty.size();
          if (eat(")")) return Expr::make(ExprKind::Cast, ty, {unary()}, ty);
        }
        i_ = save;
      }
      ++i_;
      ExprPtr e = ternary();
      if (!eat(")")) fail("')' expected");
      return e;
    }
    return primary();
  }
  ExprPtr primary() {
    skip();
    const std::size_t start = i_;
    if (std::isdigit(static_cast<unsigned char>(t_[i_])) || t_[i_] == '.') {
      bool fl = false;
      while (i_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[i_])) || t_[i_] == '.' ||
                                ((t_[i_] == '-' || t_[i_] == '+') && (t_[i_ - 1] == 'e' || t_[i_ - 1] == 'E')))) {
        if (t_[i_] == '.' || t_[i_] == 'e' || t_[i_] == 'E' || t_[i_] == 'f') fl = true;
        ++i_;
      }
      const std::string text = t_.substr(start, i_ - start);
      return Expr::make(fl ? ExprKind::FloatLiteral : ExprKind::IntLiteral, text, {}, fl ? "double" : "int");
    }
    while (i_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[i_])) || t_[i_] == '_')) ++i_;
    const std::string name = t_.substr(start, i_ - start);
    if (name.empty()) fail("operand expected");
    if (eat("(")) {
      std::vector<ExprPtr> args;
      if (!eat(")")) {
        do args.push_back(ternary());
        while (eat(","));
        if (!eat(")")) fail("')' expected");
      }
      return Expr::make(ExprKind::Call, name, args, "double");
    }
    skip();
    if (i_ < t_.size() && t_[i_] == '[') {
      std::vector<ExprPtr> subs;
      while (eat("[")) {
        subs.push_back(ternary());
        if (!eat("]")) fail("']' expected");
      }
      const Array* a = p_.find_array(name);
      return Expr::make(ExprKind::Access, name, subs, a ? a->element_type : "double");
    }
    for (const auto& l : s_.loops)
      if (l.iterator == name) return Expr::make(ExprKind::Iterator, name, {}, "int");
    for (const auto& q : p_.parameters)
      if (q == name) return Expr::make(ExprKind::Parameter, name, {}, "int");
    if (const Array* a = p_.find_array(name)) return Expr::make(ExprKind::Access, name, {}, a->element_type);
    return Expr::make(ExprKind::Variable, name, {}, "double");
  }

  std::string t_;
  std::size_t i_ = 0;
  const Statement& s_;
  const Program& p_;
};

inline std::size_t line_start(const std::string& s, std::size_t pos) {
  const std::size_t nl = pos == 0 ? std::string::npos : s.rfind('\n', pos - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

// `source` holds one `#pragma scop` ... `#pragma endscop` region; the region is
// [start of the `#pragma scop` line, start of the line after `#pragma endscop`),
// as the front-end makes it.
inline Program make_program(const std::string& source, const std::vector<std::string>& parameters,
                            const std::string& context, const std::vector<ArraySpec>& arrays,
                            const std::vector<StatementSpec>& statements,
                            std::shared_ptr<IslContext> isl = std::make_shared<IslContext>()) {
  Program p(std::move(isl));
  p.file = "hand.c";
  p.source_text = source;
  const std::size_t scop = source.find("#pragma scop");
  const std::size_t endscop = source.find("#pragma endscop");
  if (scop == std::string::npos || endscop == std::string::npos) throw std::runtime_error("no scop region");
  p.region.begin_offset = line_start(source, scop);
  const std::size_t nl = source.find('\n', endscop);
  p.region.end_offset = nl == std::string::npos ? source.size() : nl + 1;
  p.region.function = "kernel";
  p.parameters = parameters;
  p.context = context.empty() ? isl::set() : isl::set(p.ctx(), context);
  for (const auto& a : arrays) {
    Array arr;
    arr.name = a.name;
    arr.element_type = a.type;
    arr.extents = a.extents;
    p.arrays.push_back(arr);
  }
  for (const auto& spec : statements) {
    Statement s;
    s.name = spec.name;
    for (const auto& l : spec.loops) {
      Loop loop;
      loop.iterator = l.iterator;
      loop.id = l.id;
      loop.step = l.step;
      s.loops.push_back(loop);
    }
    s.position = spec.position;
    s.domain = isl::set(p.ctx(), spec.domain);
    auto access = [&](const std::string& text, Access::Kind kind) {
      Access a;
      a.kind = kind;
      a.relation = isl::map(p.ctx(), text);
      a.array = a.relation.range_tuple_id().name();
      s.accesses.push_back(a);
    };
    for (const auto& r : spec.reads) access(r, Access::Kind::Read);
    for (const auto& w : spec.writes) access(w, Access::Kind::Write);
    s.target = ExprParser(spec.target, s, p).parse();
    s.assign_op = spec.op;
    s.value = ExprParser(spec.value, s, p).parse();
    s.source_text = spec.target + " " + spec.op + " " + spec.value + ";";
    p.statements.push_back(std::move(s));
  }
  return p;
}

}  // namespace loopscape::testing

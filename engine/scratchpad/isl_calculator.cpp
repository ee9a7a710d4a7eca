// SPDX-License-Identifier: Apache-2.0
#include "scratchpad/isl_calculator.h"

#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <cctype>
#include <functional>
#include <map>
#include <set>

namespace loopscape {

namespace {

enum class Tok { Ident, Number, Literal, Assign, Symbol, End, Break };

struct Token {
  Tok kind = Tok::End;
  std::string text;
  SourceLocation where;
};

// Splits the text into tokens; a set or map in isl notation (braces, with an
// optional "[params] ->" before them) is one token.
class Lexer {
 public:
  Lexer(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  std::vector<Token> tokens() {
    std::vector<Token> out;
    int depth = 0;
    while (true) {
      skip_blanks();
      if (pos_ >= text_.size()) break;
      const char c = text_[pos_];
      const SourceLocation at = here();
      if (c == '\n' || c == ';') {
        if (depth == 0) out.push_back({Tok::Break, std::string(1, c), at});
        advance();
      } else if (c == '{' || (c == '[' && starts_parametric_literal())) {
        out.push_back({Tok::Literal, literal(), at});
      } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        std::string word;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
                                       text_[pos_] == '\''))
          word += advance();
        out.push_back({Tok::Ident, word, at});
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        std::string number;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) number += advance();
        out.push_back({Tok::Number, number, at});
      } else if (text_.compare(pos_, 2, ":=") == 0) {
        advance(), advance();
        out.push_back({Tok::Assign, ":=", at});
      } else if (text_.compare(pos_, 3, "<<=") == 0 || text_.compare(pos_, 3, ">>=") == 0) {
        std::string op = text_.substr(pos_, 3);
        advance(), advance(), advance();
        out.push_back({Tok::Symbol, op, at});
      } else if (text_.compare(pos_, 2, "<<") == 0 || text_.compare(pos_, 2, ">>") == 0) {
        std::string op = text_.substr(pos_, 2);
        advance(), advance();
        out.push_back({Tok::Symbol, op, at});
      } else if (std::string("+-*.(),^").find(c) != std::string::npos) {
        if (c == '(') ++depth;
        if (c == ')' && depth > 0) --depth;
        out.push_back({Tok::Symbol, std::string(1, advance()), at});
      } else if (c == '}' || c == ']') {
        throw InputError(at, std::string("unmatched '") + c + "'");
      } else {
        throw InputError(at, std::string("unexpected character '") + c + "'");
      }
    }
    out.push_back({Tok::End, "", here()});
    return out;
  }

 private:
  SourceLocation here() const { return {file_, line_, column_}; }

  char advance() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }

  void skip_blanks() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') advance();
      } else if (c != '\n' && std::isspace(static_cast<unsigned char>(c))) {
        advance();
      } else {
        break;
      }
    }
  }

  // "[n, m] -> {" ahead.
  bool starts_parametric_literal() const {
    const std::size_t close = text_.find(']', pos_);
    if (close == std::string::npos) return false;
    std::size_t k = close + 1;
    while (k < text_.size() && std::isspace(static_cast<unsigned char>(text_[k]))) ++k;
    if (text_.compare(k, 2, "->") != 0) return false;
    k += 2;
    while (k < text_.size() && std::isspace(static_cast<unsigned char>(text_[k]))) ++k;
    return k < text_.size() && text_[k] == '{';
  }

  std::string literal() {
    const SourceLocation start = here();
    std::string out;
    while (text_[pos_] != '{') out += advance();
    int braces = 0;
    while (pos_ < text_.size()) {
      const char c = advance();
      out += c;
      if (c == '{') ++braces;
      if (c == '}' && --braces == 0) return out;
    }
    throw InputError(start, "this set or map has no closing '}'");
  }

  const std::string& text_;
  std::string file_;
  std::size_t pos_ = 0;
  unsigned line_ = 1;
  unsigned column_ = 1;
};

IslObject of_set(isl::union_set s) { return {std::move(s), std::nullopt}; }
IslObject of_map(isl::union_map m) { return {std::nullopt, std::move(m)}; }

const std::set<std::string> kPrefixWords = {"domain", "range", "deltas", "lexmin", "lexmax", "sample", "coalesce"};

class Parser {
 public:
  Parser(isl::ctx ctx, std::vector<Token> tokens, std::map<std::string, IslObject>& names)
      : ctx_(ctx), tokens_(std::move(tokens)), names_(names) {}

  bool at_end() const { return peek().kind == Tok::End; }

  void skip_breaks() {
    while (peek().kind == Tok::Break) ++pos_;
  }

  // One statement; the caller has skipped the breaks before it.
  CalculatorLine statement(const std::string& text) {
    CalculatorLine line;
    line.where = peek().where;
    if (peek().kind == Tok::Ident && peek(1).kind == Tok::Assign) {
      line.name = peek().text;
      if (kPrefixWords.contains(line.name) || line.name == "project_out")
        throw InputError(line.where, "'" + line.name + "' is an operation; choose another name");
      pos_ += 2;
    }
    const std::size_t first = pos_;
    line.value = comparison();
    if (peek().kind != Tok::Break && peek().kind != Tok::End) throw unexpected("an operator or the end of the line");
    line.source = source_between(text, tokens_[first].where, peek().where);
    if (!line.name.empty()) names_.insert_or_assign(line.name, line.value);
    return line;
  }

 private:
  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  bool peek_symbol(const char* s) const { return peek().kind == Tok::Symbol && peek().text == s; }
  const Token& take() { return tokens_[pos_++]; }

  InputError unexpected(const std::string& wanted) const {
    const Token& t = peek();
    const std::string got = t.kind == Tok::End     ? "the end of the text"
                            : t.kind == Tok::Break ? "the end of the line"
                                                   : "'" + t.text + "'";
    return InputError(t.where, "expected " + wanted + ", got " + got);
  }

  static std::string source_between(const std::string& text, const SourceLocation& from, const SourceLocation& to) {
    const auto offset = [&](const SourceLocation& at) {
      std::size_t pos = 0;
      for (unsigned line = 1; line < at.line && pos < text.size(); ++line) pos = text.find('\n', pos) + 1;
      return std::min(text.size(), pos + at.column - 1);
    };
    std::string out = text.substr(offset(from), offset(to) - offset(from));
    while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
    return out;
  }

  static isl::union_set need_set(const IslObject& v, const Token& op, const std::string& why) {
    if (!v.is_set()) throw InputError(op.where, why);
    return *v.set;
  }
  static isl::union_map need_map(const IslObject& v, const Token& op, const std::string& why) {
    if (v.is_set()) throw InputError(op.where, why);
    return *v.map;
  }

  IslObject comparison() {
    IslObject left = additive();
    for (const char* op : {"<<=", ">>=", "<<", ">>"}) {
      if (!peek_symbol(op)) continue;
      const Token t = take();
      const IslObject right = additive();
      return compare(left, right, t);
    }
    return left;
  }

  static IslObject compare(const IslObject& a, const IslObject& b, const Token& op) {
    const std::string& o = op.text;
    if (a.is_set() && b.is_set()) {
      isl_union_set* x = a.set->copy();
      isl_union_set* y = b.set->copy();
      return of_map(isl::manage(o == "<<"    ? isl_union_set_lex_lt_union_set(x, y)
                                : o == "<<=" ? isl_union_set_lex_le_union_set(x, y)
                                : o == ">>"  ? isl_union_set_lex_gt_union_set(x, y)
                                             : isl_union_set_lex_ge_union_set(x, y)));
    }
    if (!a.is_set() && !b.is_set()) {
      isl_union_map* x = a.map->copy();
      isl_union_map* y = b.map->copy();
      return of_map(isl::manage(o == "<<"    ? isl_union_map_lex_lt_union_map(x, y)
                                : o == "<<=" ? isl_union_map_lex_le_union_map(x, y)
                                : o == ">>"  ? isl_union_map_lex_gt_union_map(x, y)
                                             : isl_union_map_lex_ge_union_map(x, y)));
    }
    throw InputError(op.where, "'" + o + "' compares two sets, or two maps by their images; here a set meets a map");
  }

  IslObject additive() {
    IslObject left = product();
    while (peek_symbol("+") || peek_symbol("-")) {
      const Token& op = take();
      const IslObject right = product();
      if (op.text == "+") {
        if (left.is_set() != right.is_set()) throw InputError(op.where, "'+' unites two sets or two maps; here a set meets a map");
        left = left.is_set() ? of_set(left.set->unite(*right.set)) : of_map(left.map->unite(*right.map));
      } else if (left.is_set() && right.is_set()) {
        left = of_set(left.set->subtract(*right.set));
      } else if (!left.is_set() && !right.is_set()) {
        left = of_map(left.map->subtract(*right.map));
      } else if (!left.is_set()) {
        left = of_map(left.map->subtract_domain(*right.set));
      } else {
        throw InputError(op.where, "a set minus a map has no meaning: subtract a set, or take domain(M) first");
      }
    }
    return left;
  }

  IslObject product() {
    IslObject left = dotted();
    while (peek_symbol("*")) {
      ++pos_;
      const IslObject right = dotted();
      if (left.is_set() && right.is_set()) {
        left = of_set(left.set->intersect(*right.set));
      } else if (!left.is_set() && !right.is_set()) {
        left = of_map(left.map->intersect(*right.map));
      } else {
        const isl::union_map m = left.is_set() ? *right.map : *left.map;
        const isl::union_set s = left.is_set() ? *left.set : *right.set;
        left = of_map(m.intersect_domain(s));
      }
    }
    return left;
  }

  IslObject dotted() {
    IslObject left = prefixed();
    while (peek_symbol(".")) {
      const Token& op = take();
      const IslObject right = prefixed();
      const isl::union_map m = need_map(right, op, "after '.' comes a map (A . M applies M to A; M . N is M, then N)");
      left = left.is_set() ? of_set(left.set->apply(m)) : of_map(left.map->apply_range(m));
    }
    return left;
  }

  // Every nesting (parentheses, arguments, prefix words) passes here: a
  // bound on its depth keeps a pathological line from overflowing the stack.
  IslObject prefixed() {
    constexpr int kMaxNesting = 200;
    struct Depth {
      int& d;
      explicit Depth(int& depth) : d(++depth) {}
      ~Depth() { --d; }
    } depth(nesting_);
    if (nesting_ > kMaxNesting)
      throw InputError(peek().where, "the expression nests deeper than " + std::to_string(kMaxNesting) +
                                         " levels; name parts of it (A := ...) instead");
    if (peek().kind != Tok::Ident || !kPrefixWords.contains(peek().text) || peek(1).kind == Tok::Assign) return postfixed();
    const Token& op = take();
    const IslObject v = prefixed();
    const std::string& w = op.text;
    if (w == "domain") return of_set(need_map(v, op, "domain takes a map").domain());
    if (w == "range") return of_set(need_map(v, op, "range takes a map").range());
    if (w == "deltas") return of_set(need_map(v, op, "deltas takes a map").deltas());
    if (w == "lexmin") return v.is_set() ? of_set(v.set->lexmin()) : of_map(v.map->lexmin());
    if (w == "lexmax") return v.is_set() ? of_set(v.set->lexmax()) : of_map(v.map->lexmax());
    if (w == "coalesce") return v.is_set() ? of_set(v.set->coalesce()) : of_map(v.map->coalesce());
    const isl::union_set s = need_set(v, op, "sample takes a set");
    if (s.is_empty()) return of_set(s);
    return of_set(isl::union_set(isl::set(s.sample_point())));
  }

  IslObject postfixed() {
    IslObject v = atom();
    while (true) {
      if (peek_symbol("(")) {
        const Token& op = take();
        const IslObject argument = comparison();
        if (!peek_symbol(")")) throw unexpected("')'");
        take();
        const isl::union_map m = need_map(v, op, "only a map can be applied: M(A) is the image of A under the map M");
        v = argument.is_set() ? of_set(argument.set->apply(m)) : of_map(argument.map->apply_range(m));
      } else if (peek_symbol("^")) {
        const Token& op = take();
        if (!peek_symbol("-") || peek(1).kind != Tok::Number || peek(1).text != "1")
          throw InputError(op.where, "the only power is ^-1, the inverse of a map");
        pos_ += 2;
        v = of_map(need_map(v, op, "^-1 inverts a map; a set has no inverse").reverse());
      } else {
        return v;
      }
    }
  }

  IslObject atom() {
    const Token& t = peek();
    if (t.kind == Tok::Literal) {
      ++pos_;
      return read_isl_object(ctx_, t.text, t.where);
    }
    if (peek_symbol("(")) {
      ++pos_;
      IslObject v = comparison();
      if (!peek_symbol(")")) throw unexpected("')'");
      ++pos_;
      return v;
    }
    if (t.kind == Tok::Ident && t.text == "project_out") return project_out();
    if (t.kind == Tok::Ident) {
      auto it = names_.find(t.text);
      if (it == names_.end())
        throw InputError(t.where, "'" + t.text + "' is not defined: name a value first (" + t.text + " := { ... })");
      ++pos_;
      return it->second;
    }
    throw unexpected("a set, a map, a name or '('");
  }

  // project_out(A, j, ...)
  IslObject project_out() {
    const Token& word = take();
    if (!peek_symbol("(")) throw unexpected("'(' after project_out");
    ++pos_;
    IslObject v = comparison();
    std::vector<Token> dims;
    while (peek_symbol(",")) {
      ++pos_;
      if (peek().kind != Tok::Ident) throw unexpected("the name of a dimension");
      dims.push_back(take());
    }
    if (!peek_symbol(")")) throw unexpected("')'");
    ++pos_;
    if (dims.empty()) throw InputError(word.where, "project_out(A, j, ...) needs the names of the dimensions to drop");
    for (const Token& d : dims) v = drop_dimension(v, d);
    return v;
  }

  static IslObject drop_dimension(const IslObject& v, const Token& dim) {
    bool found = false;
    const auto drop = [&](isl_map* m, isl_dim_type type) {
      const int k = isl_map_find_dim_by_name(m, type, dim.text.c_str());
      if (k < 0) return m;
      found = true;
      // Projecting out drops the tuple's name; the plot's colours go by it.
      const char* raw = isl_map_get_tuple_name(m, type);
      const std::string name = raw ? raw : "";
      m = isl_map_project_out(m, type, static_cast<unsigned>(k), 1);
      return name.empty() ? m : isl_map_set_tuple_name(m, type, name.c_str());
    };
    isl::union_map out = isl::union_map::empty(v.as_map().ctx());
    v.as_map().foreach_map([&](const isl::map& piece) {
      isl_map* m = piece.copy();
      m = drop(m, isl_dim_in);
      if (!v.is_set()) m = drop(m, isl_dim_out);
      out = out.unite(isl::union_map(isl::manage(m)));
    });
    if (!found) throw InputError(dim.where, "no dimension is named '" + dim.text + "' here");
    return v.is_set() ? of_set(out.domain()) : of_map(out);
  }

  isl::ctx ctx_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int nesting_ = 0;
  std::map<std::string, IslObject>& names_;
};

void collect_parameters(const IslObject& v, std::vector<std::string>& out) {
  const isl::space space = v.as_map().get_space();
  const isl_size n = isl_space_dim(space.get(), isl_dim_param);
  for (isl_size k = 0; k < n; ++k) {
    const char* name = isl_space_get_dim_name(space.get(), isl_dim_param, static_cast<unsigned>(k));
    if (name && std::find(out.begin(), out.end(), name) == out.end()) out.emplace_back(name);
  }
}

}  // namespace

const CalculatorLine* CalculatorResult::line_at_or_before(unsigned line) const {
  const CalculatorLine* best = nullptr;
  for (const CalculatorLine& l : lines)
    if (l.where.line <= line) best = &l;
  return best;
}

CalculatorResult evaluate_isl_calculator(isl::ctx ctx, const std::string& text, const std::string& file) {
  CalculatorResult result;
  std::map<std::string, IslObject> names;
  try {
    Parser parser(ctx, Lexer(text, file).tokens(), names);
    parser.skip_breaks();
    while (!parser.at_end()) {
      result.lines.push_back(parser.statement(text));
      collect_parameters(result.lines.back().value, result.parameters);
      parser.skip_breaks();
    }
  } catch (const InputError& e) {
    result.error = e;
  }
  return result;
}

}  // namespace loopscape

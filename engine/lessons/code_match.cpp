// SPDX-License-Identifier: Apache-2.0
#include "lessons/code_match.h"

#include <cctype>
#include <map>
#include <set>
#include <vector>

namespace loopscape {
namespace {

struct Token {
  std::string text;
  unsigned line = 1;
};

bool identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::vector<Token> tokens(const std::string& code) {
  std::vector<Token> out;
  unsigned line = 1;
  for (std::size_t k = 0; k < code.size();) {
    const char c = code[k];
    if (c == '\n') {
      ++line;
      ++k;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++k;
    } else if (code.compare(k, 2, "//") == 0) {
      k = code.find('\n', k);
      if (k == std::string::npos) k = code.size();
    } else if (code.compare(k, 2, "/*") == 0) {
      const std::size_t end = code.find("*/", k + 2);
      for (std::size_t j = k; j < (end == std::string::npos ? code.size() : end); ++j) line += code[j] == '\n';
      k = end == std::string::npos ? code.size() : end + 2;
    } else if (identifier_char(c)) {
      std::size_t e = k;
      while (e < code.size() && identifier_char(code[e])) ++e;
      out.push_back({code.substr(k, e - k), line});
      k = e;
    } else {
      out.push_back({std::string(1, c), line});
      ++k;
    }
  }
  return out;
}

// The names `for (` introduces, with or without a type before them.
std::set<std::string> loop_iterators(const std::vector<Token>& t) {
  static const std::set<std::string> types{"int", "long", "unsigned", "signed", "short", "size_t", "int64_t"};
  std::set<std::string> out;
  for (std::size_t k = 0; k + 2 < t.size(); ++k) {
    if (t[k].text != "for" || t[k + 1].text != "(") continue;
    std::size_t n = k + 2;
    while (n < t.size() && types.count(t[n].text)) ++n;
    if (n < t.size() && identifier_start(t[n].text[0])) out.insert(t[n].text);
  }
  return out;
}

std::string line_text(const std::string& code, unsigned line) {
  std::size_t begin = 0;
  for (unsigned l = 1; l < line && begin != std::string::npos; ++l) {
    begin = code.find('\n', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (begin == std::string::npos) return "";
  std::string text = code.substr(begin, code.find('\n', begin) - begin);
  const auto first = text.find_first_not_of(" \t");
  return first == std::string::npos ? "" : text.substr(first);
}

}  // namespace

std::string code_difference(const std::string& yours, const std::string& target) {
  const std::vector<Token> a = tokens(yours), b = tokens(target);
  const std::set<std::string> loops_a = loop_iterators(a), loops_b = loop_iterators(b);
  std::map<std::string, std::string> a_to_b, b_to_a;
  const auto differ = [&](std::size_t k) {
    const unsigned la = k < a.size() ? a[k].line : (a.empty() ? 1 : a.back().line + 1);
    const unsigned lb = k < b.size() ? b[k].line : (b.empty() ? 1 : b.back().line + 1);
    const auto quoted = [](const std::string& s) { return s.empty() ? std::string("its end") : "`" + s + "`"; };
    return "line " + std::to_string(la) + " of your code, " + quoted(line_text(yours, la)) + ", differs from line " +
           std::to_string(lb) + " of the target, " + quoted(line_text(target, lb));
  };
  for (std::size_t k = 0; k < std::max(a.size(), b.size()); ++k) {
    if (k >= a.size() || k >= b.size()) return differ(k);
    const std::string &x = a[k].text, &y = b[k].text;
    const bool renamable = loops_a.count(x) && loops_b.count(y);
    if (!renamable) {
      if (x != y) return differ(k);
      continue;
    }
    const auto [ab, new_ab] = a_to_b.emplace(x, y);
    const auto [ba, new_ba] = b_to_a.emplace(y, x);
    if (ab->second != y || ba->second != x) return differ(k);
  }
  return "";
}

}  // namespace loopscape

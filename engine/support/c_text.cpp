// SPDX-License-Identifier: Apache-2.0
#include "support/c_text.h"

#include "support/error.h"
#include "support/integer_expression.h"

#include <cctype>
#include <cstring>
#include <regex>
#include <set>
#include <sstream>

namespace loopscape {

namespace {

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }


std::vector<std::string> identifiers(const std::string& s) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < s.size();) {
    if (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_') {
      std::size_t k = i;
      while (k < s.size() && is_identifier_char(s[k])) ++k;
      names.push_back(s.substr(i, k - i));
      i = k;
    } else if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      while (i < s.size() && is_identifier_char(s[i])) ++i;
    } else {
      ++i;
    }
  }
  return names;
}

// Index of the bracket that closes the one at `open`, or npos.
std::size_t matching(const std::string& s, std::size_t open) {
  const char o = s[open];
  const char c = o == '(' ? ')' : o == '[' ? ']' : '}';
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == o) ++depth;
    if (s[i] == c && --depth == 0) return i;
  }
  return std::string::npos;
}

std::vector<std::string> split_top_level(const std::string& s, char separator) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (char c : s) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == separator && depth == 0) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

const std::set<std::string>& qualifiers() {
  static const std::set<std::string> words = {"const", "restrict", "__restrict", "__restrict__", "volatile",
                                              "register", "static"};
  return words;
}

FunctionParameter parse_parameter(const std::string& text, const std::string& function) {
  FunctionParameter p;
  p.declaration = trimmed(text);
  const std::string& d = p.declaration;
  std::size_t bracket = std::string::npos;
  int depth = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] == '(') ++depth;
    if (d[i] == ')') --depth;
    if (d[i] == '[' && depth == 0) {
      bracket = i;
      break;
    }
  }
  std::string head = d.substr(0, bracket);
  p.pointer = bracket != std::string::npos || head.find('*') != std::string::npos;
  if (head.find('(') != std::string::npos) {
    static const std::regex pointer_declarator(R"(\(\s*\*+\s*(?:(?:const|restrict|__restrict|__restrict__)\s+)*([A-Za-z_]\w*)\s*\))");
    std::smatch m;
    if (!std::regex_search(head, m, pointer_declarator))
      throw InputError({}, "cannot read the parameter '" + d + "' of " + function +
                               " (a macro in the declaration?): give the file a main, or a plain declaration");
    p.name = m[1];
    head = m.prefix().str() + " " + m.suffix().str();
  } else {
    const std::vector<std::string> names = identifiers(head);
    if (names.empty()) throw InputError({}, "parameter without a name in " + function + ": '" + d + "'");
    p.name = names.back();
    head = head.substr(0, head.rfind(p.name));
  }
  std::string type;
  for (const std::string& word : identifiers(head))
    if (!qualifiers().count(word)) type += (type.empty() ? "" : " ") + word;
  p.type = type;
  return p;
}

// The source with everything inside braces, parentheses (at file scope) and
// preprocessor lines removed: what is left declares file-scope names.
std::string file_scope_text(const std::string& source) {
  const std::string text = blank_comments_and_strings(source);
  std::string out;
  int braces = 0, parens = 0;
  bool line_start = true, directive = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      if (!(directive && i > 0 && text[i - 1] == '\\')) directive = false;
      line_start = true;
      out += '\n';
      continue;
    }
    if (line_start && c == '#') directive = true;
    if (!std::isspace(static_cast<unsigned char>(c))) line_start = false;
    if (directive) continue;
    if (c == '{') ++braces;
    if (braces == 0 && c == '(') ++parens;
    const bool keep = braces == 0 && parens == 0;
    if (c == '}') --braces;
    if (braces == 0 && c == ')') --parens;
    out += keep && c != '{' && c != '}' ? c : ' ';
  }
  return out;
}

}  // namespace

std::string trimmed(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const std::size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string without_type_qualifiers(const std::string& type) {
  std::string cleaned;
  for (const std::string& word : identifiers(type))
    if (!qualifiers().count(word)) cleaned += (cleaned.empty() ? "" : " ") + word;
  return cleaned;
}

std::string blank_comments_and_strings(const std::string& source) {
  std::string out = source;
  enum class State { Code, LineComment, BlockComment, String, Char } state = State::Code;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = source[i];
    const char next = i + 1 < source.size() ? source[i + 1] : '\0';
    switch (state) {
      case State::Code:
        if (c == '/' && next == '/') {
          state = State::LineComment;
          out[i] = ' ';
        } else if (c == '/' && next == '*') {
          state = State::BlockComment;
          out[i] = out[i + 1] = ' ';
          ++i;
        } else if (c == '"') {
          state = State::String;
        } else if (c == '\'') {
          state = State::Char;
        }
        break;
      case State::LineComment:
        if (c == '\n')
          state = State::Code;
        else
          out[i] = ' ';
        break;
      case State::BlockComment:
        if (c == '*' && next == '/') {
          out[i] = out[i + 1] = ' ';
          ++i;
          state = State::Code;
        } else if (c != '\n') {
          out[i] = ' ';
        }
        break;
      case State::String:
      case State::Char: {
        const char quote = state == State::String ? '"' : '\'';
        if (c == '\\' && next != '\0') {
          out[i] = ' ';
          if (next != '\n') out[i + 1] = ' ';
          ++i;
        } else if (c == quote || c == '\n') {
          state = State::Code;
        } else {
          out[i] = ' ';
        }
        break;
      }
    }
  }
  return out;
}

bool defines_main(const std::string& source) {
  static const std::regex main_definition(R"((^|[^A-Za-z0-9_])main\s*\([^(){};]*\)\s*\{)");
  const std::string text = blank_comments_and_strings(source);
  return std::regex_search(text, main_definition);
}

std::optional<std::string> macro_value(const std::string& source, const std::string& name) {
  const std::regex define(R"(^[ \t]*#[ \t]*define[ \t]+)" + name + R"([ \t]+([^\n]*?)[ \t]*$)",
                          std::regex::multiline);
  const std::string text = blank_comments_and_strings(source);
  std::smatch m;
  if (!std::regex_search(text, m, define)) return std::nullopt;
  // The value as written (blanking removed string contents only inside quotes).
  return trimmed(source.substr(static_cast<std::size_t>(m.position(1)), static_cast<std::size_t>(m.length(1))));
}

bool declared_at_file_scope(const std::string& source, const std::string& name) {
  const std::regex word("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])");
  return std::regex_search(file_scope_text(source), word);
}

std::optional<std::vector<FunctionParameter>> function_parameters(const std::string& source,
                                                                  const std::string& function) {
  const std::string text = blank_comments_and_strings(source);
  const std::regex call("(^|[^A-Za-z0-9_])" + function + R"(\s*\()");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), call); it != std::sregex_iterator(); ++it) {
    const std::size_t open = static_cast<std::size_t>(it->position(0) + it->length(0) - 1);
    const std::size_t close = matching(text, open);
    if (close == std::string::npos) continue;
    std::size_t after = close + 1;
    while (after < text.size() && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if (after >= text.size() || text[after] != '{') continue;
    std::vector<FunctionParameter> parameters;
    const std::string list = trimmed(source.substr(open + 1, close - open - 1));
    if (list.empty() || list == "void") return parameters;
    for (const std::string& part : split_top_level(list, ',')) {
      if (trimmed(part) == "...") throw InputError({}, function + " takes variable arguments: the harness cannot call it");
      parameters.push_back(parse_parameter(part, function));
    }
    return parameters;
  }
  return std::nullopt;
}

namespace {

// Names come from `values`, then from the file's #defines (expanded up to 8 deep).
std::optional<long> evaluate_integer_at_depth(const std::string& expression, const std::map<std::string, long>& values,
                                              const std::string& source, int depth) {
  return evaluate_integer_expression(expression, [&](const std::string& name) -> std::optional<long> {
    if (auto found = values.find(name); found != values.end()) return found->second;
    if (depth < 8 && !source.empty())
      if (auto macro = macro_value(source, name)) return evaluate_integer_at_depth(*macro, values, source, depth + 1);
    return std::nullopt;
  });
}

}  // namespace

std::optional<long> evaluate_integer(const std::string& expression, const std::map<std::string, long>& values,
                                     const std::string& source) {
  return evaluate_integer_at_depth(expression, values, source, 0);
}

}  // namespace loopscape

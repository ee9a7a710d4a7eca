// SPDX-License-Identifier: Apache-2.0
#include "session/script.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "session/knobs.h"

namespace loopscape {
namespace {

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

bool is_opener(char c) { return c == '(' || c == '[' || c == '{'; }
bool is_closer(char c) { return c == ')' || c == ']' || c == '}'; }
char closer_of(char c) { return c == '(' ? ')' : c == '[' ? ']' : '}'; }

std::string quoted(char c) { return std::string("'") + c + "'"; }

// Reads one line; positions are 0-based internally, 1-based in errors.
class LineParser {
 public:
  LineParser(const std::string& line, const SourceLocation& start) : s_(line), start_(start) {}

  std::optional<CommandCall> parse() {
    skip_spaces();
    if (at_end_or_comment()) return std::nullopt;

    CommandCall call;
    call.where = at(p_);
    call.target = identifier("a statement or node name (e.g. S1)");
    skip_spaces();
    if (peek() != '.') fail(p_, "expected '.' after '" + call.target + "' (a command is written TARGET.COMMAND(...))");
    ++p_;
    skip_spaces();
    call.command = identifier("a command name after '.'");
    skip_spaces();
    if (peek() != '(') fail(p_, "expected '(' after '" + call.command + "'");
    const std::size_t open = p_++;
    skip_spaces();
    if (peek() == ')') {
      ++p_;
    } else {
      for (;;) {
        call.args.push_back(argument(open));
        skip_spaces();
        if (peek() == ',') {
          ++p_;
          continue;
        }
        if (peek() == ')') {
          ++p_;
          break;
        }
        if (p_ >= s_.size() || peek() == '#') fail(open, "missing ')' for this '('");
        fail(p_, "expected ',' or ')' after an argument, got " + quoted(peek()));
      }
    }
    skip_spaces();
    if (peek() == ';') {
      ++p_;
      skip_spaces();
    }
    if (!at_end_or_comment()) fail(p_, "unexpected " + quoted(peek()) + " after the command (one command per line)");
    return call;
  }

 private:
  char peek() const { return p_ < s_.size() ? s_[p_] : '\0'; }
  bool at_end_or_comment() const { return p_ >= s_.size() || s_[p_] == '#'; }
  void skip_spaces() {
    while (p_ < s_.size() && is_space(s_[p_])) ++p_;
  }
  SourceLocation at(std::size_t pos) const {
    SourceLocation where = start_;
    where.column = static_cast<unsigned>(pos + 1);
    return where;
  }
  [[noreturn]] void fail(std::size_t pos, const std::string& message) const { throw InputError(at(pos), message); }

  std::string identifier(const std::string& what) {
    if (!is_identifier_start(peek())) {
      if (p_ >= s_.size()) fail(p_, "expected " + what + " before the end of the line");
      fail(p_, "expected " + what + ", got " + quoted(peek()));
    }
    const std::size_t begin = p_;
    while (p_ < s_.size() && is_identifier_char(s_[p_])) ++p_;
    return s_.substr(begin, p_ - begin);
  }

  CommandArgument argument(std::size_t call_open) {
    skip_spaces();
    CommandArgument arg;
    arg.where = at(p_);
    if (peek() == '"') {
      arg.text = string_literal();
      return arg;
    }
    const std::size_t begin = p_;
    std::vector<std::size_t> open;  // positions of unclosed brackets
    for (; p_ < s_.size(); ++p_) {
      const char c = s_[p_];
      if (open.empty() && (c == ',' || c == ')' || c == '#')) break;
      if (c == '"') fail(p_, "a quoted string must be a whole argument");
      if (is_opener(c)) {
        open.push_back(p_);
      } else if (is_closer(c)) {
        if (open.empty() || closer_of(s_[open.back()]) != c)
          fail(p_, "unbalanced " + quoted(c) +
                       (open.empty() ? std::string() : " (expected " + quoted(closer_of(s_[open.back()])) + ")"));
        open.pop_back();
      }
    }
    if (!open.empty()) fail(open.back(), "unclosed " + quoted(s_[open.back()]) + " in this argument");
    std::size_t end = p_;
    while (end > begin && is_space(s_[end - 1])) --end;
    if (end == begin) {
      if (p_ >= s_.size() || s_[p_] == '#') fail(call_open, "missing ')' for this '('");
      fail(begin, "empty argument");
    }
    arg.text = s_.substr(begin, end - begin);
    return arg;
  }

  std::string string_literal() {
    const std::size_t open = p_++;
    std::string text;
    for (; p_ < s_.size(); ++p_) {
      const char c = s_[p_];
      if (c == '"') {
        ++p_;
        return text;
      }
      if (c == '\\') {
        if (p_ + 1 >= s_.size()) break;
        const char e = s_[++p_];
        if (e == '"' || e == '\\') {
          text += e;
        } else if (e == 'n') {
          text += '\n';
        } else if (e == 't') {
          text += '\t';
        } else {
          fail(p_ - 1, std::string("unknown escape '\\") + e + "' in a string");
        }
        continue;
      }
      text += c;
    }
    fail(open, "unterminated string");
  }

  const std::string& s_;
  SourceLocation start_;
  std::size_t p_ = 0;
};

// Whether `text` would not come back unchanged as an unquoted argument.
bool needs_quotes(const std::string& text) {
  if (text.empty() || is_space(text.front()) || is_space(text.back())) return true;
  std::vector<char> open;
  for (char c : text) {
    if (c == '"' || c == '\\' || c == '\n' || c == '\t') return true;
    if (open.empty() && (c == ',' || c == ')' || c == '#')) return true;
    if (is_opener(c)) {
      open.push_back(c);
    } else if (is_closer(c)) {
      if (open.empty() || closer_of(open.back()) != c) return true;
      open.pop_back();
    }
  }
  return !open.empty();
}

std::string quote(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::optional<CommandCall> parse_script_line(const std::string& line, const SourceLocation& line_start) {
  return LineParser(line, line_start).parse();
}

std::vector<CommandCall> parse_script(const std::string& text, const std::string& file) {
  std::vector<CommandCall> calls;
  // A UTF-8 byte-order mark, as some Windows editors write, is not part of the first command.
  std::size_t begin = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  unsigned line = 1;
  while (begin <= text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string one = text.substr(begin, end - begin);
    if (!one.empty() && one.back() == '\r') one.pop_back();
    if (auto call = parse_script_line(one, SourceLocation{file, line, 0})) calls.push_back(std::move(*call));
    if (end == text.size()) break;
    begin = end + 1;
    ++line;
  }
  return calls;
}

std::string read_script_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "cannot read the script");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<CommandCall> read_script(const std::string& path) { return parse_script(read_script_text(path), path); }

std::string format_call(const CommandCall& call) {
  std::string out = call.target + "." + call.command + "(";
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    if (i) out += ", ";
    out += needs_quotes(call.args[i].text) ? quote(call.args[i].text) : call.args[i].text;
  }
  return out + ")";
}

CommandCall make_call(const std::string& target, const std::string& command,
                      const std::vector<std::string>& args, SourceLocation where) {
  CommandCall call;
  call.target = target;
  call.command = command;
  call.where = where;
  for (const std::string& a : args) call.args.push_back(CommandArgument{a, where});
  return call;
}

ScriptRun apply_script(Session& session, const std::vector<CommandCall>& calls) {
  ScriptRun run;
  for (const CommandCall& call : with_first_knob_values(calls)) {
    if (auto refusal = session.apply(call)) {
      run.refusal = std::move(refusal);
      return run;
    }
    ++run.applied;
  }
  return run;
}

}  // namespace loopscape

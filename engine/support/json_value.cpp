// SPDX-License-Identifier: Apache-2.0
#include "support/json_value.h"

#include <cstdlib>

namespace loopscape {
namespace {

class JsonParser {
 public:
  JsonParser(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  JsonValue document() {
    JsonValue v = value();
    skip_space();
    if (at_ < text_.size()) fail("text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    unsigned line = 1, column = 1;
    for (std::size_t k = 0; k < at_ && k < text_.size(); ++k) {
      if (text_[k] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    throw InputError(SourceLocation{file_, line, column}, "malformed JSON: " + why);
  }

  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  bool literal(const char* word) {
    const std::string w(word);
    if (text_.compare(at_, w.size(), w) != 0) return false;
    at_ += w.size();
    return true;
  }

  JsonValue value() {
    if (++depth_ > 64) fail("nested too deeply");
    skip_space();
    if (at_ >= text_.size()) fail("the text ends where a value should be");
    JsonValue v;
    const char c = text_[at_];
    if (c == '{') {
      v.kind = JsonValue::Kind::Object;
      ++at_;
      skip_space();
      if (at_ < text_.size() && text_[at_] == '}') {
        ++at_;
      } else {
        for (;;) {
          skip_space();
          if (at_ >= text_.size() || text_[at_] != '"') fail("expected a member name in quotes");
          const std::string key = string();
          skip_space();
          if (at_ >= text_.size() || text_[at_] != ':') fail("expected ':' after a member name");
          ++at_;
          v.object[key] = value();
          skip_space();
          if (at_ < text_.size() && text_[at_] == ',') {
            ++at_;
            continue;
          }
          if (at_ < text_.size() && text_[at_] == '}') {
            ++at_;
            break;
          }
          fail("expected ',' or '}' in an object");
        }
      }
    } else if (c == '[') {
      v.kind = JsonValue::Kind::Array;
      ++at_;
      skip_space();
      if (at_ < text_.size() && text_[at_] == ']') {
        ++at_;
      } else {
        for (;;) {
          v.array.push_back(value());
          skip_space();
          if (at_ < text_.size() && text_[at_] == ',') {
            ++at_;
            continue;
          }
          if (at_ < text_.size() && text_[at_] == ']') {
            ++at_;
            break;
          }
          fail("expected ',' or ']' in an array");
        }
      }
    } else if (c == '"') {
      v.kind = JsonValue::Kind::String;
      v.string = string();
    } else if (literal("true") || literal("false")) {
      v.kind = JsonValue::Kind::Bool;
      v.boolean = text_[at_ - 1] == 'e' && text_[at_ - 2] == 'u';
    } else if (literal("null")) {
      v.kind = JsonValue::Kind::Null;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const char* begin = text_.c_str() + at_;
      char* end = nullptr;
      v.kind = JsonValue::Kind::Number;
      v.number = std::strtod(begin, &end);
      at_ += static_cast<std::size_t>(end - begin);
    } else {
      fail(std::string("unexpected '") + c + "'");
    }
    --depth_;
    return v;
  }

  void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  unsigned hex4() {
    if (at_ + 4 > text_.size()) fail("a \\u escape needs four hex digits");
    unsigned code = 0;
    for (int k = 0; k < 4; ++k) {
      const char h = text_[at_++];
      code <<= 4;
      if (h >= '0' && h <= '9') code |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f') code |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') code |= static_cast<unsigned>(h - 'A' + 10);
      else fail("a \\u escape needs four hex digits");
    }
    return code;
  }

  std::string string() {
    ++at_;  // the opening quote
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      const char c = text_[at_++];
      if (static_cast<unsigned char>(c) < 0x20) fail("a control character inside a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) break;
      const char e = text_[at_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned code = hex4();
          if (code >= 0xD800 && code < 0xDC00 && text_.compare(at_, 2, "\\u") == 0) {
            at_ += 2;
            code = 0x10000 + ((code - 0xD800) << 10) + (hex4() - 0xDC00);
          }
          append_utf8(out, code);
          break;
        }
        default: fail(std::string("unknown escape \\") + e);
      }
    }
    if (at_ >= text_.size()) fail("a string is not closed");
    ++at_;
    return out;
  }

  const std::string& text_;
  const std::string& file_;
  std::size_t at_ = 0;
  int depth_ = 0;
};

}  // namespace

const JsonValue* JsonValue::find(const std::string& key) const {
  if (kind != Kind::Object) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

JsonValue parse_json(const std::string& text, const std::string& file) { return JsonParser(text, file).document(); }

}  // namespace loopscape

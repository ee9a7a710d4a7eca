// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small text helpers shared by printers and reports.
#include <sstream>
#include <string>
#include <vector>

namespace loopscape {

// Anything with operator<< (isl objects in particular) as a string.
template <typename T>
std::string to_text(const T& object) {
  std::ostringstream os;
  os << object;
  return os.str();
}

// "a, b, c" (or with another separator).
inline std::string join(const std::vector<std::string>& items, const std::string& separator = ", ") {
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k) out += separator;
    out += items[k];
  }
  return out;
}

// `text` broken into lines of at most `width` columns; the first starts at
// `first_column`, the others are indented by `indent` spaces.
inline std::string wrapped(const std::string& text, std::size_t first_column, std::size_t indent,
                           std::size_t width = 78) {
  std::string out, word;
  std::size_t column = first_column;
  std::istringstream words(text);
  bool first = true;
  while (words >> word) {
    if (!first && column + 1 + word.size() > width) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
    } else if (!first) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    first = false;
  }
  return out;
}

}  // namespace loopscape

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

}  // namespace loopscape

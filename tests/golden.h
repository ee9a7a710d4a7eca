// SPDX-License-Identifier: Apache-2.0
#pragma once
// Golden files under tests/data/golden/. LOOPSCAPE_UPDATE_GOLDEN=1 rewrites them.
#include <QtTest>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace loopscape::testing {

inline std::string golden_path(const std::string& name) { return std::string(LOOPSCAPE_TEST_DATA) + "/golden/" + name; }

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// True when `actual` matches the file at `path` (or it was just rewritten).
inline bool matches_expected_file(const std::string& path, const std::string& actual, std::string* message) {
  const char* update = std::getenv("LOOPSCAPE_UPDATE_GOLDEN");
  if (update && *update && std::string(update) != "0") {
    write_text(path, actual);
    return true;
  }
  const std::string expected = read_text(path);
  if (expected == actual) return true;
  *message = "golden " + path + " differs.\n--- expected\n" + expected + "--- actual\n" + actual;
  return false;
}

// True when `actual` matches the golden file `name` (or it was just rewritten).
inline bool matches_golden(const std::string& name, const std::string& actual, std::string* message) {
  return matches_expected_file(golden_path(name), actual, message);
}

}  // namespace loopscape::testing

#define LOOPSCAPE_COMPARE_GOLDEN(name, actual)                                       \
  do {                                                                                \
    std::string golden_message_;                                                      \
    if (!loopscape::testing::matches_golden((name), (actual), &golden_message_))     \
      QFAIL(golden_message_.c_str());                                                 \
  } while (0)

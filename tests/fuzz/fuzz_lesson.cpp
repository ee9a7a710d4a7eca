// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the lesson format (front matter, exercises, checks).
#include <cstddef>
#include <cstdint>
#include <string>

#include "lessons/lesson.h"
#include "support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)loopscape::parse_lesson(text, "/tmp/fuzz.md");
  } catch (const loopscape::InputError&) {
  }
  return 0;
}

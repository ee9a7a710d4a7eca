// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the isl scratchpad's language and plot data, isl's own
// parser included, under a small operation quota.
#include <cstddef>
#include <cstdint>
#include <string>

#include "scratchpad/scratchpad_evaluation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)loopscape::evaluate_scratchpad(text, 1000, {{"n", 5}, {"m", 4}}, 200'000);
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the C front-end (clang 14's parser, the model builder,
// the original schedule and the dependences) on arbitrary source text.
// Every input must end in a model or an InputError/IslError, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "loading/load_program.h"
#include "support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string source(reinterpret_cast<const char*>(data), size);
  try {
    auto isl = std::make_shared<loopscape::IslContext>(2'000'000);
    (void)loopscape::load_program_source(source, "fuzz.c", {}, isl);
  } catch (const loopscape::InputError&) {
  } catch (const loopscape::IslError&) {
  }
  return 0;
}

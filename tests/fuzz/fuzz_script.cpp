// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the schedule-script parser and, for scripts that parse,
// their commands applied to a small kernel (argument checks, legality).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "loading/load_program.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"

namespace {
const char* kKernel =
    "void k(int n, double A[100][100], double B[100][100]) {\n#pragma scop\n"
    "for (int i = 1; i < n; i++) for (int j = 1; j < n; j++) {\n"
    "  A[i][j] = A[i - 1][j] + B[i][j - 1];\n  B[i][j] = A[i][j] * 0.5;\n}\n#pragma endscop\n}\n";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto kernel = std::make_shared<const loopscape::LoadedProgram>(
      loopscape::load_program_source(kKernel, "kernel.c", {}, std::make_shared<loopscape::IslContext>(2'000'000)));
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto calls = loopscape::parse_script(text, "fuzz.ls");
    loopscape::Session session(kernel);
    for (const auto& call : calls) (void)session.apply(call);
  } catch (const loopscape::InputError&) {
  } catch (const loopscape::IslError&) {
  } catch (const loopscape::CommandRefused&) {
  }
  return 0;
}

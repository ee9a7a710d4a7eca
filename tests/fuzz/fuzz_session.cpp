// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the saved-session reader (JSON, field types, command
// syntax); it must refuse with a message or return a complete session.
#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

#include "session_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  QString error;
  const auto session = loopscape::parseSession(bytes, QStringLiteral("/tmp/fuzz.json"), &error);
  if (!session && error.isEmpty()) __builtin_trap();  // a refusal always says why
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
#include "support/error.h"

namespace loopscape {

std::string SourceLocation::str() const {
  std::string out = file.empty() ? "<input>" : file;
  if (line) {
    out.append(":").append(std::to_string(line));
    if (column) out.append(":").append(std::to_string(column));
  }
  return out;
}

InputError::InputError(SourceLocation where, const std::string& what)
    : std::runtime_error(where.str().append(": ").append(what)), where_(std::move(where)), message_(what) {}

IslError::IslError(const std::string& what, bool quota_exceeded)
    : std::runtime_error(what), quota_exceeded_(quota_exceeded) {}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Parsing isl text a user wrote, with the place isl stopped at.
#include <isl/cpp.h>

#include <optional>
#include <string>

namespace loopscape::tiramisu::detail {

struct IslParseError {
  std::string message;  // isl's words ("unknown identifier"), with the token it got
  unsigned line = 0;    // 1-based, in the text; 0 when isl did not say
  unsigned column = 0;
};

// The set `text` describes, or the reason it does not parse.
std::optional<isl::set> parse_set(isl::ctx ctx, const std::string& text, IslParseError* error);

}  // namespace loopscape::tiramisu::detail

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer I index and bound expressions as isl affine text.
#include <optional>
#include <string>
#include <vector>

#include "layer1/layer1_data.h"

namespace loopscape::tiramisu::detail {

// Why an expression is not affine (the caller reports it with its place).
struct NotAffine {
  std::string reason;
};

// The value of an integer expression of literals, when it has one.
std::optional<long long> constant_value(const Node& n);

// `n` in isl syntax, over the iterators in `scope` and the function's
// `constants`: + - and * by a constant; / and % by a positive constant become
// floor and mod, their dividends appended to `dividends` (C rounds toward zero,
// so the caller checks that they are never negative). Throws NotAffine.
std::string affine_text(const Node& n, const std::vector<std::string>& scope, const std::vector<std::string>& constants,
                        std::vector<std::string>* dividends);

}  // namespace loopscape::tiramisu::detail

// SPDX-License-Identifier: Apache-2.0
#pragma once
// A count formula as a student writes it (n * (n + 1) / 2, (n^2 + n) / 2,
// 0.5 * n * (n + 1), n(n + 1)/2), evaluated exactly: counting exercises
// compare it with the points of a domain at many parameter values.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace loopscape {

// Numerator and positive denominator, reduced.
using Rational = std::pair<long, long>;

Rational reduced(long num, long den);
std::string rational_text(const Rational& r);  // "15", "15/2"

// `text` at `values`: integers and decimals, names, + - * / ^ (a whole
// power), parentheses, and products written without * (2n, n(n - 1)).
// nullopt for anything else (`column`, when given, is where reading
// stopped) or a name `values` lacks (then `unknown` is set to it).
std::optional<Rational> rational_value(const std::string& text, const std::map<std::string, long>& values,
                                       std::string* unknown, std::size_t* column = nullptr);

}  // namespace loopscape

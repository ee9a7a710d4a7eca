// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the printers that reason about subscripts (register tiles, shared
// copies, array partitions) ask of a loop AST's expressions: affine forms as
// coefficients by name, the names they mention, the accesses they hold.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/expr.h"

namespace loopscape {

// Coefficients by name ("" for the constant term).
using LinearForm = std::map<std::string, long>;

// `e` as a linear form; nullopt for anything that is not affine in plain
// terms (floord, min, a product of two unknowns, ...).
std::optional<LinearForm> linear_form(const ExprPtr& e);

// The constant value of `e` when it is affine and mentions no name.
std::optional<long> constant_value(const ExprPtr& e);

// True when `e` uses the iterator or variable `name`.
bool mentions(const ExprPtr& e, const std::string& name);

// Every Access node in `e`, outermost first, appended to `out`.
void accesses_in(const ExprPtr& e, std::vector<ExprPtr>& out);

}  // namespace loopscape

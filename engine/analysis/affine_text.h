// SPDX-License-Identifier: Apache-2.0
#pragma once
// Affine expressions written as text in scripts and tags ("i + 1", "2*j - n"),
// read by isl over one statement's iterators and the parameters.
#include <isl/cpp.h>

#include <string>

#include "model/program.h"

namespace loopscape {

// An affine expression of the statement's iterators and the parameters
// ("i + 1", "2*j - n"), parsed by isl; InputError at `where` naming the
// variables allowed. Returns it as a function on the statement's domain space.
isl::pw_aff parse_affine(const Program& program, const Statement& statement, const std::string& text,
                         const SourceLocation& where, const std::string& what);

}  // namespace loopscape

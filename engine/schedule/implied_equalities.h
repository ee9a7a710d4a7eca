// SPDX-License-Identifier: Apache-2.0
#pragma once
// Affine functions that schedule dimensions with floor divisions pin down.
// Two instances equal at a tile loop floor(t / 8) and at its point loop
// t - 8 * floor(t / 8) are equal at t. Tests that ask isl about pairs equal
// at tiled dimensions pay for every division; the affine functions those
// equalities imply give a superset of the pairs with none
// (schedule/parallelism.cpp).
#include <isl/cpp.h>

#include <vector>

namespace loopscape {

// Affine functions equal for any two instances that are equal at every one
// of `dimensions`: the dimensions without floor divisions, and the integer
// combinations of the others in which the divisions cancel (found on one
// statement's pieces, kept only where they cancel on every statement).
// Empty when nothing can be read (several pieces, rational coefficients).
std::vector<isl::union_pw_aff> implied_affine_dimensions(const std::vector<isl::union_pw_aff>& dimensions);

}  // namespace loopscape

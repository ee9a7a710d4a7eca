// SPDX-License-Identifier: Apache-2.0
#pragma once
// How much work a region does at concrete parameter values: the instances of
// each statement (isl counts the points of its domain) and the floating-point
// operations they perform (the arithmetic on floating-point values in the
// statement's expression, a compound assignment's own operation included, a
// math call counted as one), for GFLOP/s figures.
#include <map>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

struct StatementWork {
  std::string statement;
  double instances = 0;  // exact up to 2^53
  int flops_per_instance = 0;
};

struct RegionWork {
  std::vector<StatementWork> statements;
  double instances() const;
  double flops() const;
};

// The floating-point operations one instance of `s` performs.
int flops_per_instance(const Statement& s);

// Runs isl under the program's quota (IslError at it); throws InputError when
// a parameter the domains involve has no value.
RegionWork region_work(const Program& program, const std::map<std::string, long>& parameters);

// The array's extents at these parameter values; InputError at its
// declaration for an extent that is no integer expression of them.
std::vector<long> array_extents(const Array& array, const std::map<std::string, long>& parameters);

// Throws InputError naming the first access that leaves its array's extents at
// these parameter values ("S1 reads A[1000][0] outside A[1000][1200]"), or an
// extent it cannot evaluate. Code that runs inside the app's process checks it first.
void check_accesses_in_bounds(const Program& program, const std::map<std::string, long>& parameters);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Enumerating the integer points of an isl set at concrete parameter values:
// what the domain plot and the isl scratchpad draw.
#include <isl/cpp.h>
#include <isl/set.h>
#include <isl/val.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "support/scan_loops.h"

namespace loopscape {

// Fixes the parameters of `set` to `values` and drops them. Throws
// std::invalid_argument naming `what` when a parameter the set involves has no value.
isl::set fix_parameters(isl::set set, const std::map<std::string, long>& values, const std::string& what);

// Throws std::invalid_argument ("`what` is unbounded at these parameter values").
void require_bounded(const isl::set& set, const std::string& what);

// Calls `f(values)` for every point of the (parameter-free, bounded) set, in
// lexicographic order, until it returns false. Returns false when stopped
// early. The points come from loops isl generates to scan the set, run here:
// isl_set_foreach_point asks isl for each point in turn and took seconds for
// the plots of tiled stencils.
bool for_each_point(const isl::set& set, const std::function<bool(const std::vector<long>&)>& f);

// The loops that scan a set with parameters, built once and run at many
// values of them (the plot's choice of values tries several).
class ParametricScan {
 public:
  // Throws IslError at the quota.
  explicit ParametricScan(const isl::set& set);
  ~ParametricScan();
  ParametricScan(const ParametricScan&) = delete;
  ParametricScan& operator=(const ParametricScan&) = delete;

  // for_each_point of the set at `values`, where it is bounded. Throws
  // std::invalid_argument for a parameter without a value.
  bool for_each_point(const std::map<std::string, long>& values,
                      const std::function<bool(const std::vector<long>&)>& f);
  // The points at `values` by rows (ScanLoops::run_rows): an innermost
  // loop's first and last point and how many it runs, without running it.
  bool for_each_row(const std::map<std::string, long>& values, const ScanLoops::RowFunction& row);

 private:
  std::unique_ptr<ScanLoops> loops_;
};

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer IV transfers written by the user (send/receive, commands/communication.h)
// as the mpi target prints and checks them.
//
// Semantics with block distribution (analysis/distribution.h): at each
// iteration of loop L of S run by a rank, `receive` brings s consecutive
// elements (row-major) starting at the given element from the rank that runs
// value q of S's distributed loop, before the iteration's body; `send` sends
// them after the body. When the distributed loop's values are 0 .. ranks - 1,
// value q is rank q, as in Tiramisu. A transfer whose peer is the rank itself,
// or no value of the distributed loops, is skipped on both sides.
//
// An array that a send or receive moves is exchanged by the user's transfers
// only: the automatic exchanges leave it out, and missing_transfer() checks
// that the receives bring every element the dataflow needs.
#include <isl/cpp.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/distribution.h"
#include "model/program.h"

namespace loopscape {

struct ExplicitTransfer {
  bool send = false;
  std::string statement;
  std::string array;
  isl::multi_pw_aff start;  // S[x] -> the first element's indices (0 when the buffer is named alone)
  isl::pw_aff size;         // S[x] -> elements
  isl::pw_aff peer;         // S[x] -> the peer's distributed value
  std::vector<std::string> properties;  // sync|async, block|nonblock, ...
  int depth = 0;            // schedule depth of loop L
  std::string text;         // "S1 receives 1 element(s) into A[i - 1] from the rank of i - 1"
};

// The send/receive tags of the schedule, in statement order.
std::vector<ExplicitTransfer> explicit_transfers(const Program& program, const isl::schedule& schedule);

std::set<std::string> arrays_moved_explicitly(const std::vector<ExplicitTransfer>& transfers);

// The first element the dataflow needs that no receive brings, on `ranks`
// ranks at the parameter values `sizes`: "A[7] from rank 0 to rank 1: S1[8]
// reads it (written by S0[7]), but no receive of rank 1 brings it before";
// nullopt when every need is met.
std::optional<std::string> missing_transfer(const Program& program, const isl::schedule& schedule,
                                            const DistributionPlan& plan,
                                            const std::vector<ExplicitTransfer>& transfers, int ranks,
                                            const std::map<std::string, long>& sizes);

}  // namespace loopscape

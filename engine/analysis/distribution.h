// SPDX-License-Identifier: Apache-2.0
#pragma once
// Distributed execution of a schedule (Tiramisu's `node` tag, the MPI target):
// which rank runs which instance, and the messages the exact dataflow needs.
//
// Ownership. Every loop tagged by `distribute` is split into blocks over the
// ranks by its value: one partition of the values [lower, upper] of all
// distributed loops (their hull), ceil((upper - lower + 1) / ranks) values a
// rank, so that statements distributed along the same values (a stencil's
// two sweeps) live on the same rank. Instances of statements that are not
// distributed run on every rank (replicated), on identical copies of the data.
//
// Communication. A value crosses ranks where a flow dependence's source runs
// on rank p and its sink on rank q != p. Before each distributed loop (at each
// iteration of the loops around it), and before each replicated part of the
// schedule that follows distributed ones, the ranks exchange exactly the
// elements read there whose last writer ran on another rank and that the
// reader's rank has not received before; at the end of the region the final
// values of the arrays the region writes (temporaries excepted) go to rank 0.
// Each exchange is an isl set of array elements over these parameters:
//   ls_p0 .. ls_p<d-1>  the values of the schedule dimensions around the point
//   ls_slo, ls_shi      the sending rank's block of distributed loop values
//   ls_dlo, ls_dhi      the receiving rank's block
// and the program's own parameters. The points are grafted into the schedule
// as isl extension statements (`_ls_exchange<k>(c0, ...)`), so the AST places
// them, and a printer finds them as grafted calls.
#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

inline constexpr const char* kPrefixParameter = "ls_p";  // + depth
inline constexpr const char* kSenderLow = "ls_slo";
inline constexpr const char* kSenderHigh = "ls_shi";
inline constexpr const char* kReceiverLow = "ls_dlo";
inline constexpr const char* kReceiverHigh = "ls_dhi";

struct DistributedBand {
  std::string node_name;   // the band's schedule node name (C1), or "" when it has none
  int depth = 0;           // schedule depth of the distributed member
  std::vector<std::string> statements;
  isl::union_map value;    // instance -> [v]: the distributed loop's value
};

// The elements of one array one exchange sends.
struct ExchangeArray {
  std::string array;
  std::string element_type;
  isl::set elements;  // A[e...] over the parameters above
  isl::union_map pairs;  // the dataflow behind them: writer -> reader instance, same parameters
};

struct CommunicationPoint {
  std::string call;          // the grafted statement's name: _ls_exchange3, _ls_gather
  bool gather = false;       // the final gather to rank 0 (no prefix)
  int prefix_dims = 0;       // arguments of the call: the schedule values around it
  std::string before;        // what runs after it ("C1", "S0, S1"), for comments and reports
  std::vector<std::string> readers;  // statements whose reads it serves
  std::vector<ExchangeArray> arrays;
};

struct DistributionPlan {
  std::vector<DistributedBand> bands;
  std::optional<isl::pw_aff> lower, upper;  // hull of distributed values (none: nothing distributed)
  std::vector<CommunicationPoint> points;
  isl::schedule schedule;  // the input schedule with the points grafted

  bool distributed() const { return !bands.empty(); }
  const CommunicationPoint* find_point(const std::string& call) const;
};

// `flow`: every read-after-write dependence, source -> sink instance, exact
// for `schedule` (which must respect them). Throws InputError when a
// statement is distributed twice (nested distribute loops); runs under the
// program's isl quota.
DistributionPlan plan_distribution(const Program& program, const isl::schedule& schedule, const isl::union_map& flow,
                                   const isl::union_map& overwrites);

// Message volume at concrete sizes: for `ranks` ranks and parameter values
// `parameters` (every program parameter), one row per point, step (prefix
// values) and pair of ranks that exchange something; at most `max_rows`
// rows, the totals always complete.
struct MessageRow {
  std::string point;  // the call name
  std::vector<long> step;
  int from = 0, to = 0;
  long elements = 0;
  long bytes = 0;
};
struct MessageVolume {
  std::vector<MessageRow> rows;
  bool truncated = false;
  long total_elements = 0;
  long total_bytes = 0;
  long messages = 0;
  // The hull of distributed values at these sizes (none: nothing runs distributed).
  std::optional<long> lower, upper;
};
MessageVolume message_volume(const Program& program, const DistributionPlan& plan, int ranks,
                             const std::map<std::string, long>& parameters, std::size_t max_rows = 200);

// The block [lo, hi] of rank `rank` of `ranks` over [lower, upper] (the runtime's rule).
std::pair<long, long> rank_block(long lower, long upper, int rank, int ranks);

// sizeof of a C element type ("double" 8, "float" 4, "int" 4, ...; 8 when unknown).
int element_size(const std::string& element_type);

}  // namespace loopscape

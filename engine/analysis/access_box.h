// SPDX-License-Identifier: Apache-2.0
#pragma once
// The part of an array that one iteration of a loop touches, as a box: what a
// copy of that part (copy_at's local buffer, cache_shared_at's GPU shared
// memory) must hold. The loop is the first member of a band; the box is
// given over the schedule dimensions down to that member that generate loops
// (those with more than one value for given outer ones: isl's AST makes no
// loop for the others, and each is a function of the outer dimensions).
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "model/program.h"
#include "schedule/tags.h"

namespace loopscape {

// The most a copy in a C target's local array may take (it lives on the
// stack of the thread that runs the iteration).
inline constexpr long kLocalCopyBytes = 256 * 1024;

// Bytes of one element of the C type (4 for types it does not know).
long element_bytes(const std::string& c_type);

struct AccessBox {
  std::string array;
  std::string element_type;
  int loop_dimensions = 0;         // the loop dimensions the maps and bounds are over
  isl::map touched;                // [loop dimensions] -> array[e]: read or written in one iteration
  // What the copy fills, gisted against the box: for an array the region
  // only reads, the box's elements in the bounding box of every element the
  // program accesses (in bounds; elements the iteration does not use cost
  // less to copy than an exact test, and are never read); for one it
  // writes, exactly `touched`.
  isl::map filled;
  std::optional<isl::map> written; // the same for the writes (none: it writes none)
  std::vector<isl::pw_aff> lower;  // per array dimension, over the loop dimensions
  std::vector<long> size;          // per array dimension, elements
  bool fills_whole_box = false;    // the copy fills every element of the box (it needs no guard)
  bool written_fills_box = false;  // the same for the written elements
  long elements() const;
  long bytes() const;
};

// The band a loop tagged `tag` heads, where `statement` reaches it; with
// `nth` > 0, the nth such band inside the first (the same copy made at two
// loops around the statement).
std::optional<isl::schedule_node> find_tagged_band(const isl::schedule& schedule, const LoopTag& tag,
                                                   const std::string& statement, int nth = 0);

// The box of `array` for one iteration of `band`'s first member. InputError
// (without a location; the caller adds one) when nothing below the band
// accesses the array or the box has no constant size along a dimension:
// `what` leads the message ("copy_at", "cache_shared_at").
AccessBox access_box(const Program& program, const isl::schedule_node& band, const std::string& array,
                     const std::string& what);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Addressing loops by (statement, source loop name), e.g. `S1.interchange(k, j)`.
//
// A band member "is" loop `j` of statement S1 when its partial schedule,
// restricted to S1, is exactly the iterator j or -j (the member index moves
// with interchange, the sign with reversal; fusion and distribution keep it).
// Members made by tiling or skewing have no source name; commands that make
// them address them by band name and member index instead.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

struct LoopRef {
  isl::schedule_node band;  // the band node (below its marks)
  int member = 0;           // index of the member in the band
  std::string band_name;    // node_name(band), "" when unnamed
  bool reversed = false;    // the member schedules -iterator
};

// The band member that schedules loop `loop` of statement `statement`, or nullopt.
std::optional<LoopRef> find_loop(const Program& program, const isl::schedule& schedule,
                                 const std::string& statement, const std::string& loop);

// Band members on the path from the root to `statement`'s leaf, outermost
// first. Their `reversed` is not computed (false): telling a member's
// direction is an isl comparison per iterator, and tiled bands made it the
// largest cost of the command menus.
std::vector<LoopRef> loops_of_statement(const Program& program, const isl::schedule& schedule,
                                        const std::string& statement);

// The source iterator name member `member` of `band` stands for: the name
// shared by every statement reaching the band whose schedule is exactly ±it;
// "" when the statements disagree or some member is no plain iterator.
std::string member_loop_name(const Program& program, const isl::schedule_node& band, int member);

// A one-piece schedule function written as +x_d or -x_d plus an offset
// (constant or parametric), no division, denominator 1: read off its
// coefficients, with no isl comparison.
struct SignedIterator {
  int index = -1;        // d
  bool negated = false;  // -x_d
  bool offset = false;   // a nonzero constant or parameter term
};
std::optional<SignedIterator> signed_iterator(const isl::pw_aff& pa);

// Index of the iterator that the member is (±) for `statement`, or -1.
int member_iterator_index(const Program& program, const isl::schedule_node& band, int member,
                          const Statement& statement, bool* reversed = nullptr);

// The statement instances reaching `node` (isl_schedule_node_get_domain).
isl::union_set node_domain(const isl::schedule_node& node);

}  // namespace loopscape

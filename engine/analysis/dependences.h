// SPDX-License-Identifier: Apache-2.0
#pragma once
// Exact dataflow dependences (RAW, WAR, WAW), computed once per Program.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

enum class DependenceKind { ReadAfterWrite, WriteAfterRead, WriteAfterWrite };
std::string short_name(DependenceKind kind);  // "RAW", "WAR", "WAW"

struct Dependence {
  DependenceKind kind;
  std::string source_statement;
  int source_access = -1;  // index into the source statement's accesses
  std::string sink_statement;
  int sink_access = -1;
  std::string array;
  isl::map relation;  // S0[i, j] -> S1[i', j'] (instances, not accesses)
  // Constant sink - source over the common loops, when the dependence is uniform.
  std::optional<std::vector<long>> distance;
  // 1-based depth of the common loop that carries it in the original
  // schedule; 0 when it is loop-independent (carried by textual order).
  // When instance pairs are carried at several depths: the outermost one.
  int carried_level = 0;
  // Number of loops source and sink share (the length of `distance`).
  unsigned common_loops = 0;
  // Every depth that carries some instance pair, outermost first; a trailing
  // 0 when some pairs are loop-independent.
  std::vector<int> levels;
  // Between a conditional or indirect access (Access::conditional): the pair
  // depends only where the condition holds or the subscripts meet.
  bool may = false;
  // Between two updates of one reduction (analysis/reductions.h): the pair
  // may run in either order, as a reduction.
  bool reduction = false;
};

// "may RAW S0 -> S1 on A (reduction)": what the views, reports and legality
// messages call a dependence.
std::string dependence_label(const Dependence& d);

struct Dependences {
  std::vector<Dependence> list;
  isl::union_map read_after_write;
  isl::union_map write_after_read;
  isl::union_map write_after_write;
  // Reads with no source in the region, as wrapped access instances
  // { [S0[i, j] -> A[i, j]] }.
  isl::union_set live_in;

  // Every dependence relation, instance to instance.
  isl::union_map all() const;
};

// Needs the program's original schedule (the order the dependences are exact for).
// RAW: each read from the last write before it; WAW: each write from the last
// write before it; WAR: each write from the reads since the previous write to
// that element. So no dependence is implied by others through an intermediate
// write. `list` holds one entry per (source access, sink access) pair, RAW
// first, then WAR, then WAW, in statement and access order.
// Runs under the program's isl quota: throws IslError.
Dependences compute_dependences(const Program& program, const isl::schedule& original);

}  // namespace loopscape

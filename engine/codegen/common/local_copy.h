// SPDX-License-Identifier: Apache-2.0
#pragma once
// A copy of the part of an array one iteration of a loop touches
// (analysis/access_box.h), as the printers write it: a local array (copy_at
// on the C targets and HLS) or GPU shared memory (cache_shared_at and copy_at
// on the cuda target), filled at the start of each iteration and the written
// elements stored back at its end. The statements in between access the copy.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "codegen/common/loop_ast.h"
#include "model/expr.h"
#include "model/program.h"

namespace loopscape {

struct LocalCopy {
  std::string array;
  std::string element_type;
  std::string name;            // the local array: ls_copy_B, ls_sh_B (ls_copy_B_1 inside a copy of B)
  int level = 0;               // the copies of the same array around this one
  std::vector<int> order;      // order[p]: the array dimension the copy stores p-th (empty: the array's order)
  std::vector<ExprPtr> lower;  // per dimension, over the loop iterators around (and of) the tagged loop
  std::vector<long> size;      // per dimension, elements
  ExprPtr touched;             // over those iterators and ls_e0, ls_e1, ...: an element the copy fills (null: all)
  ExprPtr written;             // the same for the elements it writes (null: all, or none when !writes)
  bool writes = false;         // the iteration writes some of the elements
  long bytes() const;
  // The array dimension the copy stores p-th.
  std::size_t dimension_at(std::size_t p) const { return order.empty() ? p : static_cast<std::size_t>(order[p]); }
  // The copy's declared extents, "[100][12]", in its order.
  std::string extents_text() const;

  // The copy's element of the array element (ls_e0, ls_e1, ...): name[ls_e0 - ls_lo_A0]...
  std::string element_text() const;
  // `body` under `if (guard)`, or alone when the guard is null (every element).
  static std::string guarded(const std::string& guard, const std::string& body) {
    return guard.empty() ? body : "if (" + guard + ") " + body;
  }
  // The name of the variable holding the lower bound of dimension d.
  std::string lower_name(std::size_t d) const {
    return "ls_lo_" + array + (level > 0 ? "_" + std::to_string(level) + "_" : "") + std::to_string(d);
  }
  // The array's element the copy loops scan: array[ls_e0][ls_e1]...
  ExprPtr scanned_access() const;
  // `access` (an Access to `array`) rewritten to the copy.
  ExprPtr in_copy(const ExprPtr& access) const;
};

// A copy tag's array (its first argument) and its dimension order (the rest).
std::string copy_tag_array(const LoopTag& tag);
std::vector<int> copy_tag_order(const LoopTag& tag);

// The band of the schedule that AST loop `loop`, tagged `tag`, comes from;
// `enclosing` are the AST loops around it (outermost first).
std::optional<isl::schedule_node> band_of_tagged_loop(const isl::schedule& schedule, const LoopTag& tag,
                                                      const LoopNode& loop,
                                                      const std::vector<const LoopNode*>& enclosing);

// The copy of `array` for one iteration of `band`'s first member, named
// `name` (with "_<level>" inside `level` copies of the same array); `iterators` names the loops down to that member, as the generated
// code calls them. InputError (led by `what`) when the box has no constant
// size or the names do not match the loop dimensions.
LocalCopy plan_local_copy(const Program& program, const isl::schedule_node& band, const std::string& array,
                          const std::vector<std::string>& iterators, const std::string& name, const std::string& what,
                          int level = 0, std::vector<int> order = {});

}  // namespace loopscape

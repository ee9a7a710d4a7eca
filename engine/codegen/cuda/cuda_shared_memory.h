// SPDX-License-Identifier: Apache-2.0
#pragma once
// cache_shared_at for the cuda target: the box of an array's elements the
// statements under a tagged loop touch in one of its iterations, which the
// block's threads copy into a __shared__ array at the start of the iteration
// and the written ones back at its end.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "model/expr.h"
#include "model/program.h"
#include "schedule/tags.h"

namespace loopscape {

struct SharedCopy {
  std::string array;
  std::string element_type;
  std::string name;                 // ls_sh_B
  std::vector<ExprPtr> lower;       // per dimension, over the loop iterators around (and of) the tagged loop
  std::vector<long> size;           // per dimension, elements
  ExprPtr touched;                  // over those iterators and ls_e0, ls_e1, ...: an element the iteration uses
  ExprPtr written;                  // the same for the elements it writes (null: it writes none)
  long bytes() const;
};

// The band a tagged loop of the loop AST comes from: its tags include `tag`
// and the statement `statement` reaches it.
std::optional<isl::schedule_node> find_tagged_band(const isl::schedule& schedule, const LoopTag& tag,
                                                   const std::string& statement);

// The copy of `array` for one iteration of `band`'s first member; `iterators`
// names the schedule dimensions down to that member (outermost first), as
// the generated loops call them. InputError when the box has no constant
// size or the names do not match the dimensions.
SharedCopy plan_shared_copy(const Program& program, const isl::schedule_node& band, const std::string& array,
                            const std::vector<std::string>& iterators);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Answers the command menus ask many times of one schedule: every command is
// asked about every statement and each of its loops, and each asks for the
// statement's loops and tags. Computed once per statement (or tag kind) and
// kept while the menus are built; on a nest of hundreds of statements,
// recomputing them made the menus cost seconds.
#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands/loop_resolution.h"
#include "schedule/data_layout.h"
#include "schedule/tags.h"

namespace loopscape {

class ScheduleLookups {
 public:
  ScheduleLookups(const Program& program, isl::schedule schedule);

  // Whether these answers are about `schedule` (the same isl object).
  bool about(const isl::schedule& schedule) const { return schedule.get() == schedule_.get(); }

  // tag_support::loops_of
  const std::vector<StatementLoop>& loops_of(const Statement& statement) const;
  // statement_tags
  const std::vector<std::pair<int, LoopTag>>& statement_tags(const Statement& statement) const;
  // subtree_has_tag from the root
  bool has_tag_anywhere(const std::string& kind) const;
  // data_layout (schedule/data_layout.h)
  const DataLayout& layout() const;

 private:
  const Program& program_;
  isl::schedule schedule_;
  EditNode tree_;
  mutable std::map<std::string, std::vector<StatementLoop>> loops_;
  mutable std::map<std::string, std::vector<std::pair<int, LoopTag>>> tags_;
  mutable std::map<std::string, bool> tag_kinds_;
  mutable std::optional<DataLayout> layout_;
};

// The context's lookups when they are about `schedule`, else none.
const ScheduleLookups* lookups_about(const CommandContext& context, const isl::schedule& schedule);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "commands/schedule_lookups.h"

#include "commands/tag_support.h"
#include "schedule/tags.h"

namespace loopscape {

ScheduleLookups::ScheduleLookups(const Program& program, isl::schedule schedule)
    : program_(program), schedule_(std::move(schedule)), tree_(to_edit_tree(schedule_)) {}

const std::vector<StatementLoop>& ScheduleLookups::loops_of(const Statement& statement) const {
  auto it = loops_.find(statement.name);
  if (it == loops_.end()) it = loops_.emplace(statement.name, statement_loops(program_, tree_, statement)).first;
  return it->second;
}

const std::vector<std::pair<int, LoopTag>>& ScheduleLookups::statement_tags(const Statement& statement) const {
  auto it = tags_.find(statement.name);
  if (it == tags_.end())
    it = tags_.emplace(statement.name, loopscape::statement_tags(program_, schedule_, statement)).first;
  return it->second;
}

bool ScheduleLookups::has_tag_anywhere(const std::string& kind) const {
  auto it = tag_kinds_.find(kind);
  if (it == tag_kinds_.end()) it = tag_kinds_.emplace(kind, subtree_has_tag(schedule_.root(), kind)).first;
  return it->second;
}

const ScheduleLookups* lookups_about(const CommandContext& context, const isl::schedule& schedule) {
  return context.lookups && context.lookups->about(schedule) ? context.lookups : nullptr;
}

const DataLayout& ScheduleLookups::layout() const {
  if (!layout_) layout_ = data_layout(schedule_);
  return *layout_;
}

}  // namespace loopscape

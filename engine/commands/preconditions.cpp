// SPDX-License-Identifier: Apache-2.0
#include "commands/preconditions.h"

#include "commands/schedule_lookups.h"
#include "commands/tag_support.h"
#include "schedule/tags.h"
#include "support/text.h"

namespace loopscape::preconditions {

namespace {

std::string count_text(std::size_t n) {
  static const char* words[] = {"no", "one", "two", "three", "four"};
  return n < 5 ? words[n] : std::to_string(n);
}

std::string loop_names(const std::vector<StatementLoop>& loops) {
  std::vector<std::string> names;
  for (const StatementLoop& l : loops) names.push_back(l.name.empty() ? "(unnamed)" : l.name);
  return join(names);
}

}  // namespace

Place locate(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
             const std::string& loop) {
  Place place;
  place.statement = context.program.find_statement(statement);
  if (!place.statement) {
    place.problem = "'" + statement + "' is not a statement";
    return place;
  }
  const ScheduleLookups* known = lookups_about(context, schedule);
  place.loops = known ? known->loops_of(*place.statement)
                      : tag_support::loops_of(context.program, schedule, *place.statement);
  if (loop.empty()) return place;
  for (std::size_t d = 0; d < place.loops.size(); ++d)
    if (place.loops[d].name == loop) place.depth = static_cast<int>(d);
  if (place.depth < 0) place.problem = statement + " has no loop '" + loop + "'";
  return place;
}

std::string too_few_loops(const Place& place, int count, bool from_loop) {
  const Statement& s = *place.statement;
  const std::size_t needed = static_cast<std::size_t>(count);
  if (place.loops.empty()) return s.name + " is in no loop";
  if (place.loops.size() < needed)
    return "needs " + count_text(needed) + " loops; " + s.name + " has " + count_text(place.loops.size()) + " (" +
           loop_names(place.loops) + ")";
  if (!from_loop || place.depth < 0) return "";
  const std::size_t from = place.loops.size() - static_cast<std::size_t>(place.depth);
  if (from >= needed) return "";
  const std::string& name = place.loops[static_cast<std::size_t>(place.depth)].name;
  if (from == 1) return name + " is the innermost loop of " + s.name + ": needs a loop inside it";
  return "needs " + count_text(needed) + " loops from " + name + " inwards; " + s.name + " has " +
         count_text(from);
}

std::string needs_loops(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                        const std::string& loop, int count, bool from_loop) {
  const Place place = locate(context, schedule, statement, loop);
  return place.problem.empty() ? too_few_loops(place, count, from_loop) : place.problem;
}

std::string no_other_statement(const Program& program, const std::string& statement) {
  return program.statements.size() > 1 ? "" : statement + " is the only statement: there is none to order it by";
}

std::string written_array(const Statement& statement) {
  std::string array;
  for (const Access& a : statement.accesses)
    if (a.kind == Access::Kind::Write) array = a.array;
  return array;
}

bool is_temporary(const Program& program, const std::string& array) {
  const Array* a = program.find_array(array);
  return a && a->temporary;
}

bool has_tag_anywhere(const CommandContext& context, const isl::schedule& schedule, const std::string& kind) {
  const ScheduleLookups* known = lookups_about(context, schedule);
  return known ? known->has_tag_anywhere(kind) : subtree_has_tag(schedule.root(), kind);
}

bool has_tag(const CommandContext& context, const isl::schedule& schedule, const Statement& statement,
             const std::string& kind, int depth) {
  const ScheduleLookups* known = lookups_about(context, schedule);
  // Most schedules hold no such tag: one look over the marks then answers for
  // every statement, instead of a walk to each statement's loops.
  if (!has_tag_anywhere(context, schedule, kind)) return false;
  for (const auto& [at, tag] : known ? known->statement_tags(statement)
                                     : statement_tags(context.program, schedule, statement))
    if (tag.kind == kind && (depth < 0 || at <= depth)) return true;
  return false;
}

}  // namespace loopscape::preconditions

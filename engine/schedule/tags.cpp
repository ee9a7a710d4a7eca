// SPDX-License-Identifier: Apache-2.0
#include "schedule/tags.h"

#include <isl/id.h>
#include <isl/schedule_node.h>

#include <stdexcept>

#include "schedule/loop_names.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"

namespace loopscape {

std::string LoopTag::display() const {
  std::string s = kind;
  if (!args.empty()) {
    s += "(";
    for (std::size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + args[i];
    s += ")";
  }
  return s;
}

std::string LoopTag::mark_id() const { return "@" + display(); }

std::optional<LoopTag> LoopTag::parse(const std::string& id) {
  if (id.size() < 2 || id[0] != '@') return std::nullopt;
  LoopTag tag;
  const auto open = id.find('(');
  tag.kind = id.substr(1, open == std::string::npos ? std::string::npos : open - 1);
  if (open != std::string::npos) {
    const auto close = id.rfind(')');
    if (close == std::string::npos || close < open) return std::nullopt;
    std::string inner = id.substr(open + 1, close - open - 1);
    std::size_t start = 0;
    while (!inner.empty()) {
      const auto comma = inner.find(',', start);
      tag.args.push_back(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return tag;
}

bool is_tag_mark(const isl::schedule_node& node) {
  return is_mark(node) && LoopTag::parse(mark_id_name(node)).has_value();
}

std::vector<LoopTag> node_tags(const isl::schedule_node& node_or_mark) {
  std::vector<LoopTag> tags;
  isl::schedule_node node = skip_marks(node_or_mark);
  while (node.has_parent() && is_mark(node.parent())) {
    node = node.parent();
    if (auto t = LoopTag::parse(mark_id_name(node))) tags.insert(tags.begin(), *t);
  }
  return tags;
}

bool has_tag(const isl::schedule_node& node, const std::string& kind) {
  for (const LoopTag& t : node_tags(node))
    if (t.kind == kind) return true;
  return false;
}

isl::schedule_node tag_band_member(isl::schedule_node band, int member, const LoopTag& tag) {
  band = skip_marks(band);
  if (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band)
    throw std::invalid_argument("a loop tag needs a band node, not a " + node_type_name(band));
  const int n = static_cast<int>(band.as<isl::schedule_node_band>().n_member());
  if (member < 0 || member >= n)
    throw std::invalid_argument("band member " + std::to_string(member) + " out of range");
  // Keep the loop names commands gave the members (schedule/loop_names.h).
  if (member > 0) band = skip_marks(split_band_keeping_loop_names(band, member).child(0));
  for (const LoopTag& t : node_tags(band))
    if (t == tag) return band;
  return band.insert_mark(isl::manage(isl_id_alloc(band.ctx().get(), tag.mark_id().c_str(), nullptr))).child(0);
}

isl::schedule_node remove_tags(isl::schedule_node node, const std::string& kind) {
  node = skip_marks(node);
  bool again = true;
  while (again) {
    again = false;
    isl::schedule_node cur = node;
    while (cur.has_parent() && is_mark(cur.parent())) {
      cur = cur.parent();
      auto t = LoopTag::parse(mark_id_name(cur));
      if (t && (kind.empty() || t->kind == kind)) {
        node = skip_marks(isl::manage(isl_schedule_node_delete(cur.release())));
        again = true;
        break;
      }
    }
  }
  return node;
}

bool subtree_has_tag(const isl::schedule_node& node, const std::string& kind) {
  bool found = false;
  node.foreach_descendant_top_down([&](isl::schedule_node n) {
    if (found) return false;
    if (is_mark(n)) {
      auto t = LoopTag::parse(mark_id_name(n));
      if (t && (kind.empty() || t->kind == kind)) found = true;
    }
    return !found;
  });
  return found;
}

std::vector<std::pair<int, LoopTag>> statement_tags(const Program& program, const isl::schedule& schedule,
                                                    const Statement& statement) {
  std::vector<std::pair<int, LoopTag>> out;
  const std::vector<LoopRef> loops = loops_of_statement(program, schedule, statement.name);
  for (std::size_t d = 0; d < loops.size(); ++d) {
    if (loops[d].member != 0) continue;
    for (const LoopTag& t : node_tags(skip_marks(loops[d].band))) out.emplace_back(static_cast<int>(d), t);
  }
  return out;
}

}  // namespace loopscape

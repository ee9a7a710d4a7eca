// SPDX-License-Identifier: Apache-2.0
#include "schedule/node_names.h"

#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>

#include <cstdlib>
#include <regex>
#include <stdexcept>

namespace loopscape {

bool is_valid_node_name(const std::string& name) {
  if (name.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(name[0])) return false;
  for (char c : name)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

bool is_mark(const isl::schedule_node& node) {
  return !node.is_null() && isl_schedule_node_get_type(node.get()) == isl_schedule_node_mark;
}

std::string mark_id_name(const isl::schedule_node& mark) {
  if (!is_mark(mark)) return {};
  isl_id* id = isl_schedule_node_mark_get_id(mark.get());
  std::string name = id && isl_id_get_name(id) ? isl_id_get_name(id) : "";
  isl_id_free(id);
  return name;
}

bool is_name_mark(const isl::schedule_node& node) {
  if (!is_mark(node)) return false;
  const std::string id = mark_id_name(node);
  return !id.empty() && id[0] != '@';
}

isl::schedule_node skip_marks(isl::schedule_node node) {
  while (is_mark(node)) node = node.child(0);
  return node;
}

isl::schedule_node top_of_mark_chain(isl::schedule_node node) {
  while (node.has_parent() && is_mark(node.parent())) node = node.parent();
  return node;
}

std::string node_name(const isl::schedule_node& node_or_mark) {
  isl::schedule_node node = skip_marks(node_or_mark);
  while (node.has_parent()) {
    node = node.parent();
    if (!is_mark(node)) break;
    if (is_name_mark(node)) return mark_id_name(node);
  }
  return {};
}

isl::schedule_node clear_node_name(isl::schedule_node node) {
  node = skip_marks(node);
  // Walk up the chain; delete a name mark when found, then come back down.
  isl::schedule_node cur = node;
  while (cur.has_parent() && is_mark(cur.parent())) {
    cur = cur.parent();
    if (is_name_mark(cur)) {
      cur = isl::manage(isl_schedule_node_delete(cur.release()));
      return skip_marks(cur);
    }
  }
  return node;
}

isl::schedule_node set_node_name(isl::schedule_node node, const std::string& name) {
  if (!is_valid_node_name(name)) throw std::invalid_argument("invalid schedule node name '" + name + "'");
  node = clear_node_name(node);
  isl::schedule_node top = top_of_mark_chain(node);
  isl::schedule_node mark = top.insert_mark(isl::manage(isl_id_alloc(node.ctx().get(), name.c_str(), nullptr)));
  return skip_marks(mark);
}

std::optional<isl::schedule_node> find_node(const isl::schedule_node& root, const std::string& name) {
  std::optional<isl::schedule_node> found;
  root.foreach_descendant_top_down([&](isl::schedule_node n) {
    if (found) return false;
    if (is_name_mark(n) && mark_id_name(n) == name) {
      found = skip_marks(n);
      return false;
    }
    return true;
  });
  return found;
}

std::optional<isl::schedule_node> find_node(const isl::schedule& schedule, const std::string& name) {
  return find_node(schedule.root(), name);
}

std::vector<std::string> node_names(const isl::schedule& schedule) {
  std::vector<std::string> names;
  schedule.root().foreach_descendant_top_down([&](isl::schedule_node n) {
    if (is_name_mark(n)) names.push_back(mark_id_name(n));
    return true;
  });
  return names;
}

static std::string with_explicit_leaves(const std::string& text) {
  static const std::regex bare_mark(R"((mark: "[^"]*")\s*\})");
  return std::regex_replace(text, bare_mark, "$1, child: { leaf } }");
}

std::string schedule_to_text(const isl::schedule& schedule) {
  char* s = isl_schedule_to_str(schedule.get());
  std::string text = s ? s : "";
  free(s);
  return with_explicit_leaves(text);
}

isl::schedule schedule_from_text(isl::ctx ctx, const std::string& text) {
  return isl::manage(isl_schedule_read_from_str(ctx.get(), with_explicit_leaves(text).c_str()));
}

std::string node_type_name(const isl::schedule_node& node) {
  switch (isl_schedule_node_get_type(node.get())) {
    case isl_schedule_node_band: return "band";
    case isl_schedule_node_context: return "context";
    case isl_schedule_node_domain: return "domain";
    case isl_schedule_node_expansion: return "expansion";
    case isl_schedule_node_extension: return "extension";
    case isl_schedule_node_filter: return "filter";
    case isl_schedule_node_guard: return "guard";
    case isl_schedule_node_leaf: return "leaf";
    case isl_schedule_node_mark: return "mark";
    case isl_schedule_node_sequence: return "sequence";
    case isl_schedule_node_set: return "set";
    default: return "error";
  }
}

}  // namespace loopscape

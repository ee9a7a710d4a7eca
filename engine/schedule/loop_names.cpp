// SPDX-License-Identifier: Apache-2.0
#include "schedule/loop_names.h"

#include <isl/id.h>
#include <isl/schedule_node.h>

#include <stdexcept>

#include "schedule/node_names.h"

namespace loopscape {

namespace {
const std::string kPrefix = std::string("@") + kLoopNamesTag + "(";

isl::schedule_node band_below(isl::schedule_node node) {
  node = skip_marks(node);
  if (isl_schedule_node_get_type(node.get()) != isl_schedule_node_band)
    throw std::invalid_argument("loop names need a band node, not a " + node_type_name(node));
  return node;
}

int member_count(const isl::schedule_node& band) {
  return static_cast<int>(isl_schedule_node_band_n_member(band.get()));
}
}  // namespace

bool is_loop_names_mark(const isl::schedule_node& node) {
  return is_mark(node) && mark_id_name(node).rfind(kPrefix, 0) == 0;
}

std::string loop_names_mark_id(const std::vector<std::string>& names) {
  bool any = false;
  for (const auto& n : names) any = any || !n.empty();
  if (!any) return {};
  std::string id = kPrefix;
  for (std::size_t k = 0; k < names.size(); ++k) id += (k ? "," : "") + names[k];
  return id + ")";
}

std::vector<std::string> parse_loop_names_mark_id(const std::string& id) {
  std::vector<std::string> out;
  if (id.rfind(kPrefix, 0) != 0 || id.back() != ')') return out;
  const std::string inner = id.substr(kPrefix.size(), id.size() - kPrefix.size() - 1);
  std::size_t start = 0;
  while (true) {
    const auto comma = inner.find(',', start);
    out.push_back(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<std::string> band_loop_names(const isl::schedule_node& node) {
  isl::schedule_node band = band_below(node);
  std::vector<std::string> names(static_cast<std::size_t>(member_count(band)));
  isl::schedule_node cur = band;
  while (cur.has_parent() && is_mark(cur.parent())) {
    cur = cur.parent();
    if (is_loop_names_mark(cur)) {
      std::vector<std::string> found = parse_loop_names_mark_id(mark_id_name(cur));
      for (std::size_t k = 0; k < names.size() && k < found.size(); ++k) names[k] = found[k];
      break;
    }
  }
  return names;
}

isl::schedule_node set_band_loop_names(isl::schedule_node node, const std::vector<std::string>& names) {
  isl::schedule_node band = band_below(node);
  // Remove the existing mark(s).
  bool again = true;
  while (again) {
    again = false;
    isl::schedule_node cur = band;
    while (cur.has_parent() && is_mark(cur.parent())) {
      cur = cur.parent();
      if (is_loop_names_mark(cur)) {
        band = skip_marks(isl::manage(isl_schedule_node_delete(cur.release())));
        again = true;
        break;
      }
    }
  }
  const std::string id = loop_names_mark_id(names);
  if (id.empty()) return band;
  return band.insert_mark(isl::manage(isl_id_alloc(band.ctx().get(), id.c_str(), nullptr))).child(0);
}

isl::schedule_node split_band_keeping_loop_names(isl::schedule_node node, int pos) {
  isl::schedule_node band = band_below(node);
  const int n = member_count(band);
  if (pos <= 0 || pos >= n) return band;
  std::vector<std::string> names = band_loop_names(band);
  band = band.as<isl::schedule_node_band>().split(pos);
  std::vector<std::string> outer(names.begin(), names.begin() + pos);
  std::vector<std::string> inner(names.begin() + pos, names.end());
  isl::schedule_node up = set_band_loop_names(band.child(0), inner).parent();
  while (is_mark(up)) up = up.parent();
  return set_band_loop_names(up, outer);
}

}  // namespace loopscape

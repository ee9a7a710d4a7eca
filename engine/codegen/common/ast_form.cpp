// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/ast_form.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>

#include <algorithm>
#include <string>
#include <vector>

#include "schedule/tags.h"
#include "schedule/tile_loops.h"

namespace loopscape {
namespace {

isl_stat note_integer_division(isl_set* piece, isl_aff* value, void* user) {
  if (isl_aff_dim(value, isl_dim_div) > 0) *static_cast<bool*>(user) = true;
  isl_set_free(piece);
  isl_aff_free(value);
  return isl_stat_ok;
}

isl_bool without_integer_division(isl_pw_aff* value, void*) {
  bool found = false;
  isl_pw_aff_foreach_piece(value, note_integer_division, &found);
  return isl_bool_ok(!found);
}

bool is_tile_band(isl_schedule_node* band) {
  isl_multi_union_pw_aff* partial = isl_schedule_node_band_get_partial_schedule(band);
  bool tiled = false;
  const isl_size n = isl_multi_union_pw_aff_size(partial);
  for (int i = 0; i < n && !tiled; ++i) {
    isl_union_pw_aff* member = isl_multi_union_pw_aff_get_at(partial, i);
    tiled = isl_union_pw_aff_every_pw_aff(member, without_integer_division, nullptr) == isl_bool_false;
    isl_union_pw_aff_free(member);
  }
  isl_multi_union_pw_aff_free(partial);
  return tiled;
}

bool is_tag_mark(isl_schedule_node* node) {
  if (isl_schedule_node_get_type(node) != isl_schedule_node_mark) return false;
  isl_id* id = isl_schedule_node_mark_get_id(node);
  const std::string name = isl_id_get_name(id);
  isl_id_free(id);
  return LoopTag::parse(name.substr(0, name.rfind('#'))).has_value();
}

// The number of tag marks between `band` and a band directly below them, or
// -1 when something else comes first.
int tag_marks_above_child_band(isl_schedule_node* band) {
  isl_schedule_node* node = isl_schedule_node_child(isl_schedule_node_copy(band), 0);
  int marks = 0;
  while (node && is_tag_mark(node)) {
    node = isl_schedule_node_child(node, 0);
    ++marks;
  }
  const bool below = node && isl_schedule_node_get_type(node) == isl_schedule_node_band &&
                     isl_schedule_node_band_n_member(node) > 0;
  isl_schedule_node_free(node);
  return below ? marks : -1;
}

struct MemberOptions {
  isl_bool coincident;
  isl_ast_loop_type loop_type;
};

std::vector<MemberOptions> member_options(isl_schedule_node* band) {
  std::vector<MemberOptions> out;
  const isl_size n = isl_schedule_node_band_n_member(band);
  for (int i = 0; i < n; ++i)
    out.push_back({isl_schedule_node_band_member_get_coincident(band, i),
                   isl_schedule_node_band_member_get_ast_loop_type(band, i)});
  return out;
}

isl_schedule_node* merge_with_child_band(isl_schedule_node* outer, void*) {
  if (isl_schedule_node_get_type(outer) != isl_schedule_node_band || isl_schedule_node_band_n_member(outer) == 0 ||
      !is_tile_band(outer))
    return outer;
  const int marks = tag_marks_above_child_band(outer);
  if (marks < 0) return outer;
  isl_multi_union_pw_aff* schedule = isl_schedule_node_band_get_partial_schedule(outer);
  std::vector<MemberOptions> options = member_options(outer);
  const isl_bool permutable = isl_schedule_node_band_get_permutable(outer);
  isl_schedule_node* node = isl_schedule_node_delete(outer);  // now the first mark, or the inner band
  for (int k = 0; k < marks; ++k) node = isl_schedule_node_child(node, 0);
  schedule = isl_multi_union_pw_aff_flat_range_product(schedule, isl_schedule_node_band_get_partial_schedule(node));
  for (const MemberOptions& o : member_options(node)) options.push_back(o);
  const bool both_permutable =
      permutable == isl_bool_true && isl_schedule_node_band_get_permutable(node) == isl_bool_true;
  node = isl_schedule_node_delete(node);
  node = isl_schedule_node_insert_partial_schedule(node, schedule);
  node = isl_schedule_node_band_set_permutable(node, both_permutable);
  for (std::size_t i = 0; i < options.size(); ++i) {
    const int member = static_cast<int>(i);
    if (options[i].coincident == isl_bool_true) node = isl_schedule_node_band_member_set_coincident(node, member, 1);
    if (options[i].loop_type != isl_ast_loop_error)
      node = isl_schedule_node_band_member_set_ast_loop_type(node, member, options[i].loop_type);
  }
  for (int k = 0; k < marks; ++k) node = isl_schedule_node_parent(node);
  return node;
}

isl_schedule_node* separate_point_loops(isl_schedule_node* band, void*) {
  if (isl_schedule_node_get_type(band) != isl_schedule_node_band) return band;
  isl_multi_union_pw_aff* partial = isl_schedule_node_band_get_partial_schedule(band);
  const isl_size n = isl_multi_union_pw_aff_size(partial);
  std::vector<bool> tile(static_cast<std::size_t>(std::max<isl_size>(n, 0)));
  bool tiled = false;
  for (int k = 0; k < n; ++k) {
    isl_union_pw_aff* member = isl_multi_union_pw_aff_get_at(partial, k);
    tile[static_cast<std::size_t>(k)] = walks_tiles(member);
    tiled = tiled || tile[static_cast<std::size_t>(k)];
    isl_union_pw_aff_free(member);
  }
  isl_multi_union_pw_aff_free(partial);
  if (!tiled) return band;
  for (int k = 0; k < n; ++k)
    if (!tile[static_cast<std::size_t>(k)] &&
        isl_schedule_node_band_member_get_ast_loop_type(band, k) == isl_ast_loop_default)
      band = isl_schedule_node_band_member_set_ast_loop_type(band, k, isl_ast_loop_separate);
  return band;
}

}  // namespace

isl::schedule with_tile_bands_merged(const isl::schedule& schedule) {
  return isl::manage(isl_schedule_map_schedule_node_bottom_up(schedule.copy(), merge_with_child_band, nullptr));
}

isl::schedule with_point_loops_separated(const isl::schedule& schedule) {
  return isl::manage(isl_schedule_map_schedule_node_bottom_up(schedule.copy(), separate_point_loops, nullptr));
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Loop tags (parallel, vector, unroll, gpu_block, ...) kept in the schedule tree.
//
// A tag is an isl mark node whose id starts with '@': "@parallel",
// "@vector(8)", "@unroll(4)", "@gpu_block(x)". A tag mark sits directly above
// a band node (possibly below the band's name mark) and applies to the band's
// FIRST member, which becomes the outermost loop of the marked subtree in the
// generated AST. To tag another member, tag_band_member() splits the band so
// that the member starts a band of its own. Printers see the tags on their
// loops (codegen/common/loop_ast.h: LoopNode::tags) and honour what they support.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/program.h"

namespace loopscape {

struct LoopTag {
  std::string kind;               // "parallel", "vector", "unroll", "gpu_block", ...
  std::vector<std::string> args;  // "8", "x", ...

  std::string mark_id() const;    // "@vector(8)"
  std::string display() const;    // "vector(8)"
  static std::optional<LoopTag> parse(const std::string& mark_id);  // nullopt: not a tag
  bool operator==(const LoopTag&) const = default;
};

bool is_tag_mark(const isl::schedule_node& node);

// The tags in the mark chain directly above `node` (a non-mark node), outermost first.
std::vector<LoopTag> node_tags(const isl::schedule_node& node);
bool has_tag(const isl::schedule_node& node, const std::string& kind);

// Tags member `member` of `band`: splits the band when member > 0, so that the
// member starts a band of its own, and inserts the tag mark above the band
// that starts with the member. Returns that band node (in the updated tree).
// Tagging an already tagged member with the same tag does nothing.
isl::schedule_node tag_band_member(isl::schedule_node band, int member, const LoopTag& tag);

// Removes the tags of kind `kind` (all kinds when empty) above `node`.
isl::schedule_node remove_tags(isl::schedule_node node, const std::string& kind = {});

// True when some tag of kind `kind` is in the subtree rooted at `node` (marks above it excluded).
bool subtree_has_tag(const isl::schedule_node& node, const std::string& kind);

// Every tag on the loops of the statement (the tags sit on a band's first member): {depth, tag}.
std::vector<std::pair<int, LoopTag>> statement_tags(const Program& program, const isl::schedule& schedule,
                                                    const Statement& statement);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "commands/degenerate_nodes.h"

#include "support/error.h"

namespace loopscape {

namespace {

bool is_branch(const EditNode& n) { return n.kind == EditNode::Kind::Sequence || n.kind == EditNode::Kind::Set; }

// Replaces `n` by the node it reduces to; true when it did.
bool collapse(EditNode& n, const isl::union_set& reaching, bool under_branch) {
  bool changed = false;
  for (;;) {
    if (is_branch(n) && n.children.size() == 1) {
      // The lone child is a filter: it stays (as a plain filter) unless it filters nothing.
      EditNode child = std::move(n.children[0]);
      n = std::move(child);
    } else if (n.kind == EditNode::Kind::Filter && !under_branch && n.children.size() == 1 &&
               reaching.is_subset(n.set)) {
      EditNode child = std::move(n.children[0]);
      n = std::move(child);
    } else if (n.is_band() && n.n_member() == 0 && n.children.size() == 1) {
      EditNode child = std::move(n.children[0]);
      n = std::move(child);
    } else {
      return changed;
    }
    changed = true;
  }
}

}  // namespace

bool remove_degenerate_nodes(EditNode& node, const isl::union_set& reaching) {
  bool changed = false;
  const bool branch = is_branch(node);
  for (EditNode& c : node.children) {
    changed = collapse(c, reaching, branch) || changed;
    const isl::union_set below = c.kind == EditNode::Kind::Filter ? reaching.intersect(c.set) : reaching;
    changed = remove_degenerate_nodes(c, below) || changed;
  }
  return changed;
}

isl::schedule without_degenerate_nodes(const isl::schedule& schedule) {
  EditNode root = to_edit_tree(schedule);
  if (root.kind != EditNode::Kind::Domain || !remove_degenerate_nodes(root, root.set)) return schedule;
  try {
    return to_schedule(root);
  } catch (const InputError&) {
    return schedule;  // a tree with context, guard or extension nodes stays as it was
  }
}

}  // namespace loopscape

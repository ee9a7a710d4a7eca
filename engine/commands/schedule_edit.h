// SPDX-License-Identifier: Apache-2.0
#pragma once
// A mutable copy of an isl schedule tree for the commands that restructure it
// (fuse, distribute, after, tile, ...): convert, edit with plain C++, convert back.
//
// Every isl node becomes one EditNode with the same children, except the
// "@loops(...)" marks (schedule/loop_names.h): their names move into the band
// below them (EditNode::loop_names) and are written back as a mark directly
// above the band. Name marks and tag marks stay Mark nodes. A path is the list
// of child positions from the root (the domain node) in the EditNode tree;
// isl_node_at() maps it back to the isl tree.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "model/program.h"
#include "support/text.h"

namespace loopscape {

struct EditNode {
  enum class Kind { Domain, Band, Sequence, Set, Filter, Mark, Leaf, Other };
  Kind kind = Kind::Leaf;
  isl::union_set set;                      // Domain: the domain; Filter: the filter
  isl::multi_union_pw_aff schedule;        // Band: the partial schedule
  std::vector<std::string> loop_names;     // Band: created names, one per member ("" = none)
  bool permutable = false;                 // Band
  std::string mark;                        // Mark: the id
  isl::schedule_node original;             // Other: the node as it was (context, guard, ...)
  std::vector<EditNode> children;

  EditNode() = default;
  // Copies tolerate the null isl members of other kinds (isl's C++ copies throw on null).
  EditNode(const EditNode& other);
  EditNode& operator=(const EditNode& other);
  // isl's C++ classes have no move constructors: these move the pointers.
  EditNode(EditNode&& other) noexcept;
  EditNode& operator=(EditNode&& other) noexcept;

  int n_member() const;
  bool is_band() const { return kind == Kind::Band; }
  bool is_mark() const { return kind == Kind::Mark; }
  bool is_name_mark() const { return kind == Kind::Mark && !mark.empty() && mark[0] != '@'; }
  // Band member k as a union_pw_aff.
  isl::union_pw_aff member(int k) const;
  std::vector<isl::union_pw_aff> members() const;
};

using EditPath = std::vector<int>;

EditNode to_edit_tree(const isl::schedule& schedule);
// Throws InputError when the tree holds nodes that cannot be rebuilt.
isl::schedule to_schedule(const EditNode& root);

// Band constructors.
EditNode make_band(const std::vector<isl::union_pw_aff>& members, const std::vector<std::string>& names,
                   EditNode child);
EditNode make_leaf();
EditNode make_mark(const std::string& id, EditNode child);
EditNode make_filter(const isl::union_set& filter, EditNode child);
isl::multi_union_pw_aff members_to_multi(const std::vector<isl::union_pw_aff>& members);

EditNode& node_at(EditNode& root, const EditPath& path);
const EditNode& node_at(const EditNode& root, const EditPath& path);
// The isl node for `path` (below any "@loops" mark when the path ends at a band).
isl::schedule_node isl_node_at(const isl::schedule& schedule, const EditPath& path);

// The statement instances reaching the node at `path` (the domain intersected
// with the filters on the way).
isl::union_set domain_at(const EditNode& root, const EditPath& path);
// Names of the statements with instances in `instances`, in program order.
std::vector<std::string> statements_in(const Program& program, const isl::union_set& instances);
std::vector<std::string> statements_reaching(const Program& program, const EditNode& root, const EditPath& path);

// The name of the node at `path`: the name mark in the chain directly above it ("" when none).
std::string edit_node_name(const EditNode& root, const EditPath& path);
// Path of the node named `name`, below its mark chain; false when none.
bool find_named(const EditNode& root, const std::string& name, EditPath& path);
// The top of the mark chain directly above the node at `path` (the path itself when none).
EditPath top_of_marks(const EditNode& root, const EditPath& path);

// Splits the band at `path` so members [0, pos) stay and the rest go to a new
// child band (names split likewise). No-op when pos is 0 or n_member.
void split_band(EditNode& band, int pos);
// Concatenates the band with the band directly below it (no marks between):
// throws InputError at `where` when the child is no band or sits under marks.
void merge_with_child_band(EditNode& band, const std::string& what, const SourceLocation& where);

// "a sequence", "a band", "a leaf", ...: the node's kind for messages.
std::string node_kind_text(const EditNode& node);

// Text helpers: "S0", "S0 and S1", "S0, S1 and S2".
std::string list_text(const std::vector<std::string>& items);

}  // namespace loopscape

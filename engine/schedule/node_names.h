// SPDX-License-Identifier: Apache-2.0
#pragma once
// Names of schedule-tree nodes (spec 000: "R", "C0", "F", ...).
//
// A name lives in an isl mark node placed directly above the node it names;
// the mark's id is the name itself. Tag marks (schedule/tags.h, ids starting
// with '@') may sit between the name mark and the node: a chain of marks
// above a node is read as "name (if any), then tags, then the node".
// Names therefore survive isl_schedule_to_str / read_from_str round trips.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

namespace loopscape {

// True for identifiers usable as node names: [A-Za-z_][A-Za-z0-9_]*.
bool is_valid_node_name(const std::string& name);

bool is_mark(const isl::schedule_node& node);
std::string mark_id_name(const isl::schedule_node& mark);  // "" for non-marks
bool is_name_mark(const isl::schedule_node& node);           // a mark not starting with '@'

// The first node at or below `node` that is not a mark (the node a mark chain names/tags).
isl::schedule_node skip_marks(isl::schedule_node node);
// The topmost mark of the chain directly above `node` (or `node` itself when none).
isl::schedule_node top_of_mark_chain(isl::schedule_node node);

// The name of `node` (a non-mark node): the name mark in the chain directly
// above it; "" when unnamed. Given a mark, reads the node below the chain.
std::string node_name(const isl::schedule_node& node);

// Names `node` (replacing an existing name). Returns the named node itself
// (below its mark chain), in the updated tree.
isl::schedule_node set_node_name(isl::schedule_node node, const std::string& name);
// Removes the name of `node`, if any; returns the node in the updated tree.
isl::schedule_node clear_node_name(isl::schedule_node node);

// The node named `name` (below its marks), or nullopt.
std::optional<isl::schedule_node> find_node(const isl::schedule& schedule, const std::string& name);
std::optional<isl::schedule_node> find_node(const isl::schedule_node& root, const std::string& name);

// Every name in the tree, in pre-order.
std::vector<std::string> node_names(const isl::schedule& schedule);

// isl's YAML-like text of a schedule, and back. isl prints a mark over a leaf
// as `{ mark: "C0" }` but cannot read that back; these write/accept it with an
// explicit `child: { leaf }`, so named leaves survive a round trip.
std::string schedule_to_text(const isl::schedule& schedule);
isl::schedule schedule_from_text(isl::ctx ctx, const std::string& text);

// "band", "sequence", "filter", ... for messages.
std::string node_type_name(const isl::schedule_node& node);

}  // namespace loopscape

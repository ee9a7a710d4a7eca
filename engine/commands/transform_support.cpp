// SPDX-License-Identifier: Apache-2.0
#include "commands/transform_support.h"

#include <isl/aff.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <optional>

namespace loopscape {

namespace {
isl::val val(const isl::union_pw_aff& a, long c) { return isl::val(a.ctx(), c); }
}  // namespace

isl::union_pw_aff upa_add_constant(const isl::union_pw_aff& a, long c) {
  if (c == 0) return a;
  isl::union_set dom = a.domain();
  isl::union_pw_aff k = isl::manage(isl_union_pw_aff_val_on_domain(dom.release(), val(a, c).release()));
  return isl::manage(isl_union_pw_aff_add(a.copy(), k.release()));
}

isl::union_pw_aff upa_scale(const isl::union_pw_aff& a, long c) {
  return isl::manage(isl_union_pw_aff_scale_val(a.copy(), val(a, c).release()));
}

isl::union_pw_aff upa_floor_div(const isl::union_pw_aff& a, long c) {
  isl::union_pw_aff q = isl::manage(isl_union_pw_aff_scale_down_val(a.copy(), val(a, c).release()));
  return isl::manage(isl_union_pw_aff_floor(q.release()));
}

isl::union_pw_aff upa_mod(const isl::union_pw_aff& a, long c) {
  return isl::manage(isl_union_pw_aff_mod_val(a.copy(), val(a, c).release()));
}

isl::union_pw_aff upa_combine(const isl::union_pw_aff& a, long ca, const isl::union_pw_aff& b, long cb) {
  return isl::manage(isl_union_pw_aff_add(upa_scale(a, ca).release(), upa_scale(b, cb).release()));
}

isl::union_pw_aff upa_on(const isl::union_pw_aff& a, const Statement& s) {
  return isl::manage(isl_union_pw_aff_intersect_domain_space(a.copy(), s.domain.space().release()));
}

isl::union_pw_aff upa_except(const isl::union_pw_aff& a, const Statement& s) {
  return isl::manage(isl_union_pw_aff_subtract_domain_space(a.copy(), s.domain.space().release()));
}

isl::union_pw_aff upa_union(const isl::union_pw_aff& a, const isl::union_pw_aff& b) {
  return isl::manage(isl_union_pw_aff_union_add(a.copy(), b.copy()));
}

namespace {
void names_rec(const EditNode& n, std::vector<std::string>& out) {
  if (n.is_name_mark()) out.push_back(n.mark);
  for (const EditNode& c : n.children) names_rec(c, out);
}
}  // namespace

std::vector<std::string> edit_node_names(const EditNode& root) {
  std::vector<std::string> out;
  names_rec(root, out);
  return out;
}

EditPath require_node(const EditNode& root, const CommandCall& call) {
  EditPath p;
  if (find_named(root, call.target, p)) return p;
  const std::vector<std::string> names = edit_node_names(root);
  throw InputError(call.where, "'" + call.target + "' is neither a statement nor a node of the schedule tree" +
                                   (names.empty() ? std::string() : " (nodes: " + join(names) + ")"));
}

EditPath require_named(const EditNode& root, const CommandArgument& arg) {
  EditPath p;
  if (find_named(root, arg.text, p)) return p;
  const std::vector<std::string> names = edit_node_names(root);
  throw InputError(arg.where, "no node of the schedule tree is named '" + arg.text + "'" +
                                  (names.empty() ? std::string() : " (nodes: " + join(names) + ")"));
}

void check_new_loop_name(const Program& program, const EditNode& root, const std::vector<std::string>& statements,
                         const CommandArgument& arg, const std::vector<std::string>& replaced,
                         const std::vector<std::string>& taken_by_command) {
  const std::string name = parse_identifier(arg, "a loop name");
  if (std::count(taken_by_command.begin(), taken_by_command.end(), name) > 0)
    throw InputError(arg.where, "loop name '" + name + "' is given twice");
  if (std::count(replaced.begin(), replaced.end(), name) > 0) return;
  for (const std::string& st : statements) {
    const Statement* s = program.find_statement(st);
    if (!s) continue;
    for (const StatementLoop& l : statement_loops(program, root, *s))
      if (l.name == name)
        throw InputError(arg.where, "loop name '" + name + "' already names a loop of " + st);
  }
}

SameBand bring_into_one_band(EditNode& root, const StatementLoop& outer, const StatementLoop& inner,
                             const std::string& what, const SourceLocation& where) {
  SameBand r;
  r.band = outer.band;
  if (outer.band == inner.band) {
    r.outer = outer.member;
    r.inner = inner.member;
    return r;
  }
  const bool prefix = inner.band.size() > outer.band.size() &&
                      std::equal(outer.band.begin(), outer.band.end(), inner.band.begin());
  if (!prefix) throw InputError(where, what + ": the loops are not nested in one another");
  for (std::size_t k = outer.band.size(); k < inner.band.size(); ++k)
    if (inner.band[k] != 0) throw InputError(where, what + ": the loops are not perfectly nested");
  EditNode& ob = node_at(root, outer.band);
  const int inner_n = node_at(root, inner.band).n_member();
  std::size_t steps = 0;  // the bands below the outer one, down to the inner one
  for (std::size_t k = outer.band.size() + 1; k <= inner.band.size(); ++k)
    if (node_at(root, EditPath(inner.band.begin(), inner.band.begin() + static_cast<long>(k))).is_band()) ++steps;
  for (std::size_t k = 0; k < steps; ++k) {
    // A band below that only has names (no tags) merges, and its names go.
    EditNode* c = &ob.children.at(0);
    while (c->is_name_mark() && c->children.size() == 1) {
      const EditNode* below = &c->children[0];
      while (below->is_name_mark() && below->children.size() == 1) below = &below->children[0];
      if (!below->is_band()) break;
      r.dropped_names.push_back(c->mark);
      EditNode child = std::move(c->children[0]);
      *c = std::move(child);
    }
    merge_with_child_band(ob, what, where);
  }
  r.outer = outer.member;
  r.inner = ob.n_member() - inner_n + inner.member;
  return r;
}

std::string merge_text(const SameBand& same_band) {
  if (same_band.dropped_names.empty()) return {};
  const bool one = same_band.dropped_names.size() == 1;
  return "; band" + std::string(one ? " " : "s ") + list_text(same_band.dropped_names) + " merge" +
         (one ? "s" : "") + " into it (the name" + (one ? " is" : "s are") + " dropped)";
}

std::string separation_text(const Statement& statement, const std::vector<std::string>& separated_from) {
  if (separated_from.empty()) return {};
  return "; " + statement.name + " first gets loops of its own (they were shared with " + list_text(separated_from) + ")";
}

EditPath distribute_band(EditNode& root, const EditPath& band_path, const std::vector<std::vector<std::size_t>>& groups,
                         const std::vector<std::string>& names) {
  const EditPath top = top_of_marks(root, band_path);
  // The band's tags (marks other than its name) go with every copy. Its own
  // name (the innermost) goes to the group the caller says; further names
  // (a sequence that became this band, as `R : F` after fusing all of R's
  // children) stay above the new sequence.
  std::vector<std::string> tags, outer_names;
  bool own_name_seen = false;
  for (EditPath p = band_path; p.size() > top.size();) {
    p.pop_back();
    const EditNode& m = node_at(root, p);
    if (m.is_mark() && !m.is_name_mark()) tags.insert(tags.begin(), m.mark);
    if (m.is_name_mark() && own_name_seen) outer_names.push_back(m.mark);
    if (m.is_name_mark()) own_name_seen = true;
  }
  EditNode& band = node_at(root, band_path);
  EditNode& seq = band.children.at(0);
  EditNode out_seq;
  out_seq.kind = EditNode::Kind::Sequence;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    isl::union_set inst = seq.children.at(groups[g].at(0)).set;
    for (std::size_t k : groups[g]) inst = inst.unite(seq.children.at(k).set);
    std::vector<isl::union_pw_aff> m = band.members();
    for (auto& u : m) u = u.intersect_domain(inst);
    EditNode body;
    if (groups[g].size() == 1) {
      body = std::move(seq.children[groups[g][0]].children.at(0));
    } else {
      body.kind = EditNode::Kind::Sequence;
      for (std::size_t k : groups[g]) body.children.push_back(std::move(seq.children[k]));
    }
    EditNode copy = make_band(m, band.loop_names, std::move(body));
    copy.permutable = band.permutable;
    for (auto t = tags.rbegin(); t != tags.rend(); ++t) copy = make_mark(*t, std::move(copy));
    if (g < names.size() && !names[g].empty()) copy = make_mark(names[g], std::move(copy));
    out_seq.children.push_back(make_filter(inst, std::move(copy)));
  }
  EditNode replacement = std::move(out_seq);
  for (const std::string& name : outer_names) replacement = make_mark(name, std::move(replacement));
  node_at(root, top) = std::move(replacement);
  return top;
}

SameBand bring_into_one_band(const Program& program, const Statement& statement, EditNode& root,
                             StatementLoop& outer, StatementLoop& inner, const std::string& what,
                             const SourceLocation& where, std::vector<std::string>& separated_from) {
  auto index_of = [&](const StatementLoop& l) {
    const std::vector<StatementLoop> all = statement_loops(program, root, statement);
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].band == l.band && all[i].member == l.member) return i;
    throw InputError(where, what + ": the loop is not a loop of " + statement.name);
  };
  const std::size_t outer_index = index_of(outer), inner_index = index_of(inner);
  for (;;) {
    // The outermost sequence on the way from the outer loop's band to the inner one's.
    std::optional<std::size_t> at;
    for (std::size_t k = outer.band.size(); k < inner.band.size() && !at; ++k) {
      const EditNode& n = node_at(root, EditPath(inner.band.begin(), inner.band.begin() + static_cast<long>(k)));
      if (n.kind == EditNode::Kind::Sequence) at = k;
    }
    if (!at) break;
    const EditPath seq_path(inner.band.begin(), inner.band.begin() + static_cast<long>(*at));
    const auto child = static_cast<std::size_t>(inner.band[*at]);
    // The band the sequence sits in (below the band's own marks).
    EditPath band_path = seq_path;
    band_path.pop_back();
    while (band_path.size() > outer.band.size() && node_at(root, band_path).is_mark()) band_path.pop_back();
    if (!node_at(root, band_path).is_band() || band_path.size() < outer.band.size())
      throw InputError(where, what + ": the loops are not perfectly nested (a sequence of statements lies between "
                                     "them, below a node that is not a loop)");
    if (band_path == outer.band && outer.member > 0) {
      // Loops outside the outer one stay shared: only it and the loops below are distributed.
      split_band(node_at(root, band_path), outer.member);
      const std::vector<StatementLoop> loops = statement_loops(program, root, statement);
      outer = loops.at(outer_index);
      inner = loops.at(inner_index);
      continue;
    }
    const EditNode& seq = node_at(root, seq_path);
    std::vector<std::vector<std::size_t>> groups;
    std::vector<std::size_t> before, after;
    for (std::size_t k = 0; k < seq.children.size(); ++k) {
      if (k == child) continue;
      (k < child ? before : after).push_back(k);
      for (const std::string& other : statements_reaching(program, root, [&] {
             EditPath p = seq_path;
             p.push_back(static_cast<int>(k));
             return p;
           }()))
        if (std::find(separated_from.begin(), separated_from.end(), other) == separated_from.end())
          separated_from.push_back(other);
    }
    if (!before.empty()) groups.push_back(before);
    groups.push_back({child});
    if (!after.empty()) groups.push_back(after);
    // The first group keeps the band's name.
    std::vector<std::string> names(groups.size());
    names[0] = edit_node_name(root, band_path);
    distribute_band(root, band_path, groups, names);
    const std::vector<StatementLoop> loops = statement_loops(program, root, statement);
    outer = loops.at(outer_index);
    inner = loops.at(inner_index);
  }
  if (!separated_from.empty()) {
    // The statement's own copies of the bands merge below: a name between
    // them would stop that, so the merged band takes the first such name
    // when its outer part has none.
    std::string moved_name;
    for (std::size_t k = outer.band.size(); k < inner.band.size();) {
      const EditPath p(inner.band.begin(), inner.band.begin() + static_cast<long>(k));
      EditNode& n = node_at(root, p);
      if (!n.is_name_mark()) {
        ++k;
        continue;
      }
      if (moved_name.empty()) moved_name = n.mark;
      EditNode child = std::move(n.children.at(0));
      n = std::move(child);
      inner.band.erase(inner.band.begin() + static_cast<long>(k));
    }
    const EditPath top = top_of_marks(root, outer.band);
    if (!moved_name.empty() && edit_node_name(root, outer.band).empty())
      node_at(root, top) = make_mark(moved_name, std::move(node_at(root, top)));
    const std::vector<StatementLoop> loops = statement_loops(program, root, statement);
    outer = loops.at(outer_index);
    inner = loops.at(inner_index);
  }
  return bring_into_one_band(root, outer, inner, what, where);
}

namespace {

// Removes the statement's instances from the tree; false when `n` is left with none.
bool remove_statement(EditNode& n, const Statement& s) {
  const isl::union_set all = isl::union_set(isl::set::universe(s.domain.space()));
  switch (n.kind) {
    case EditNode::Kind::Filter:
      n.set = n.set.subtract(all);
      if (n.set.is_empty()) return false;
      break;
    case EditNode::Kind::Band: {
      std::vector<isl::union_pw_aff> m = n.members();
      for (auto& u : m) u = upa_except(u, s);
      if (!m.empty()) n.schedule = members_to_multi(m);
      break;
    }
    default:
      break;
  }
  if (n.kind == EditNode::Kind::Sequence || n.kind == EditNode::Kind::Set) {
    std::vector<EditNode> kept;
    for (EditNode& c : n.children)
      if (remove_statement(c, s)) kept.push_back(std::move(c));
    n.children = std::move(kept);
    return !n.children.empty();
  }
  for (EditNode& c : n.children)
    if (!remove_statement(c, s)) return false;
  return true;
}

}  // namespace

PlacementResult place_statement(const Program& program, const isl::schedule& schedule, const Statement& moving,
                                const Statement& anchor, const CommandArgument& level, bool after,
                                const std::vector<long>& moving_shifts) {
  if (moving.name == anchor.name)
    throw InputError(level.where, "a statement cannot be ordered relative to itself");
  EditNode root = to_edit_tree(schedule);
  // The moving statement's loop functions, outermost first.
  std::vector<isl::union_pw_aff> column;
  for (const StatementLoop& l : statement_loops(program, root, moving))
    column.push_back(upa_on(node_at(root, l.band).member(l.member), moving));
  const isl::union_set moving_domain = isl::union_set(
      isl::manage(isl_union_set_extract_set(root.set.copy(), moving.domain.space().release())));
  if (root.children.empty() || !remove_statement(root.children[0], moving))
    throw InputError(level.where, "the schedule holds no statement but " + moving.name);

  PlacementResult result;
  EditPath x;
  int d = 0;
  if (level.text == "root") {
    x = {0};
  } else {
    const StatementLoop l = resolve_loop(program, root, anchor, level);
    split_band(node_at(root, l.band), l.member + 1);
    std::vector<StatementLoop> aloops = statement_loops(program, root, anchor);
    for (const StatementLoop& a : aloops) {
      ++d;
      result.shared_loop_names.push_back(a.name);
      if (a.band == l.band && a.member == l.member) break;
    }
    x = l.band;
    x.push_back(0);
  }
  if (static_cast<int>(column.size()) < d)
    throw InputError(level.where, moving.name + " has " + std::to_string(column.size()) + " loop" +
                                      (column.size() == 1 ? "" : "s") + ", fewer than the " + std::to_string(d) +
                                      " loops of " + anchor.name + " down to " + level.text);
  // The instances already at x: at the root, the domain node still lists the moving statement.
  const isl::union_set x_domain = domain_at(root, x).subtract(moving_domain);
  // The moving statement joins the anchor's loops down to the level.
  int used = 0;
  EditPath p;
  for (std::size_t k = 0; k < x.size(); ++k) {
    EditNode& n = node_at(root, p);
    if (n.kind == EditNode::Kind::Filter) n.set = n.set.unite(moving_domain);
    if (n.is_band()) {
      std::vector<isl::union_pw_aff> m = n.members();
      for (auto& u : m) {
        isl::union_pw_aff c = column.at(static_cast<std::size_t>(used));
        if (static_cast<std::size_t>(used) < moving_shifts.size())
          c = upa_add_constant(c, moving_shifts[static_cast<std::size_t>(used)]);
        u = upa_union(u, c);
        ++used;
      }
      n.schedule = members_to_multi(m);
    }
    p.push_back(x[k]);
  }
  std::vector<isl::union_pw_aff> rest(column.begin() + used, column.end());
  EditNode subtree = rest.empty() ? make_leaf() : make_band(rest, {}, make_leaf());
  EditNode moved = make_filter(moving_domain, std::move(subtree));
  EditNode& xn = node_at(root, x);
  if (xn.kind == EditNode::Kind::Sequence || xn.kind == EditNode::Kind::Set) {
    std::size_t k = 0;
    for (; k < xn.children.size(); ++k)
      if (!statements_in(program, xn.children[k].set.intersect(isl::union_set(isl::set::universe(anchor.domain.space()))))
               .empty())
        break;
    if (k == xn.children.size()) k = after ? xn.children.size() - 1 : 0;
    xn.children.insert(xn.children.begin() + static_cast<long>(after ? k + 1 : k), std::move(moved));
  } else {
    EditNode seq;
    seq.kind = EditNode::Kind::Sequence;
    EditNode here = make_filter(x_domain, std::move(xn));
    if (after) {
      seq.children.push_back(std::move(here));
      seq.children.push_back(std::move(moved));
    } else {
      seq.children.push_back(std::move(moved));
      seq.children.push_back(std::move(here));
    }
    xn = std::move(seq);
  }
  result.shared_levels = d;
  result.schedule = to_schedule(root);
  return result;
}

}  // namespace loopscape

namespace loopscape {
EditNode& require_band_node(EditNode& root, const CommandCall& call, EditPath& path) {
  path = require_node(root, call);
  EditNode& n = node_at(root, path);
  if (!n.is_band())
    throw InputError(call.where,
                     call.command + " needs a band (a loop node); " + call.target + " is " + node_kind_text(n));
  return n;
}
}  // namespace loopscape

namespace loopscape {
isl::union_map parse_union_map_argument(const Program& program, const CommandArgument& arg) {
  isl_union_map* raw = isl_union_map_read_from_str(program.ctx().get(), arg.text.c_str());
  if (!raw) {
    isl_ctx_reset_error(program.ctx().get());
    throw InputError(arg.where, "not an isl map: '" + arg.text + "'");
  }
  return isl::manage(raw);
}
}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "commands/schedule_edit.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include "schedule/loop_names.h"
#include "schedule/node_names.h"
#include "support/error.h"

namespace loopscape {

namespace {
template <class T>
T copy_of(const T& x) {
  return x.is_null() ? T() : x;
}
}  // namespace

EditNode::EditNode(const EditNode& o)
    : kind(o.kind),
      set(copy_of(o.set)),
      schedule(copy_of(o.schedule)),
      loop_names(o.loop_names),
      permutable(o.permutable),
      mark(o.mark),
      original(copy_of(o.original)),
      children(o.children) {}

namespace {
template <class T>
T take(T& x) noexcept {
  return x.is_null() ? T() : isl::manage(x.release());
}
}  // namespace

EditNode::EditNode(EditNode&& o) noexcept
    : kind(o.kind),
      set(take(o.set)),
      schedule(take(o.schedule)),
      loop_names(std::move(o.loop_names)),
      permutable(o.permutable),
      mark(std::move(o.mark)),
      original(take(o.original)),
      children(std::move(o.children)) {}

EditNode& EditNode::operator=(EditNode&& o) noexcept {
  if (this != &o) {
    kind = o.kind;
    set = take(o.set);
    schedule = take(o.schedule);
    loop_names = std::move(o.loop_names);
    permutable = o.permutable;
    mark = std::move(o.mark);
    original = take(o.original);
    children = std::move(o.children);
  }
  return *this;
}

EditNode& EditNode::operator=(const EditNode& o) {
  if (this != &o) {
    EditNode copy(o);
    *this = std::move(copy);
  }
  return *this;
}

int EditNode::n_member() const {
  return kind == Kind::Band ? static_cast<int>(isl_multi_union_pw_aff_size(schedule.get())) : 0;
}

isl::union_pw_aff EditNode::member(int k) const {
  return isl::manage(isl_multi_union_pw_aff_get_at(schedule.get(), k));
}

std::vector<isl::union_pw_aff> EditNode::members() const {
  std::vector<isl::union_pw_aff> out;
  for (int k = 0; k < n_member(); ++k) out.push_back(member(k));
  return out;
}

isl::multi_union_pw_aff members_to_multi(const std::vector<isl::union_pw_aff>& members) {
  isl::multi_union_pw_aff out = isl::multi_union_pw_aff(members.at(0));
  for (std::size_t k = 1; k < members.size(); ++k)
    out = out.flat_range_product(isl::multi_union_pw_aff(members[k]));
  return out;
}

EditNode make_band(const std::vector<isl::union_pw_aff>& members, const std::vector<std::string>& names,
                   EditNode child) {
  EditNode b;
  b.kind = EditNode::Kind::Band;
  b.schedule = members_to_multi(members);
  b.loop_names = names;
  b.loop_names.resize(members.size());
  b.children.push_back(std::move(child));
  return b;
}

EditNode make_leaf() { return EditNode{}; }

EditNode make_mark(const std::string& id, EditNode child) {
  EditNode m;
  m.kind = EditNode::Kind::Mark;
  m.mark = id;
  m.children.push_back(std::move(child));
  return m;
}

EditNode make_filter(const isl::union_set& filter, EditNode child) {
  EditNode f;
  f.kind = EditNode::Kind::Filter;
  f.set = filter;
  f.children.push_back(std::move(child));
  return f;
}

namespace {

EditNode convert(const isl::schedule_node& node) {
  EditNode out;
  switch (isl_schedule_node_get_type(node.get())) {
    case isl_schedule_node_domain:
      out.kind = EditNode::Kind::Domain;
      out.set = isl::manage(isl_schedule_node_domain_get_domain(node.get()));
      break;
    case isl_schedule_node_band:
      out.kind = EditNode::Kind::Band;
      out.schedule = node.as<isl::schedule_node_band>().partial_schedule();
      out.permutable = isl_schedule_node_band_get_permutable(node.get()) == isl_bool_true;
      out.loop_names = band_loop_names(node);
      break;
    case isl_schedule_node_sequence:
      out.kind = EditNode::Kind::Sequence;
      break;
    case isl_schedule_node_set:
      out.kind = EditNode::Kind::Set;
      break;
    case isl_schedule_node_filter:
      out.kind = EditNode::Kind::Filter;
      out.set = isl::manage(isl_schedule_node_filter_get_filter(node.get()));
      break;
    case isl_schedule_node_mark:
      if (is_loop_names_mark(node)) return convert(node.child(0));  // absorbed by the band below
      out.kind = EditNode::Kind::Mark;
      out.mark = mark_id_name(node);
      break;
    case isl_schedule_node_leaf:
      out.kind = EditNode::Kind::Leaf;
      return out;
    default:
      out.kind = EditNode::Kind::Other;
      out.original = node;
      break;
  }
  const int n = static_cast<int>(isl_schedule_node_n_children(node.get()));
  for (int k = 0; k < n; ++k) out.children.push_back(convert(node.child(k)));
  return out;
}

// Builds `n` at `at` (a leaf); returns the node at the same position (the top of what was built).
isl::schedule_node build(isl::schedule_node at, const EditNode& n) {
  switch (n.kind) {
    case EditNode::Kind::Leaf:
      return at;
    case EditNode::Kind::Mark: {
      at = at.insert_mark(isl::manage(isl_id_alloc(at.ctx().get(), n.mark.c_str(), nullptr)));
      return build(at.child(0), n.children.at(0)).parent();
    }
    case EditNode::Kind::Band: {
      if (n.n_member() == 0) return build(at, n.children.at(0));
      at = isl::manage(isl_schedule_node_insert_partial_schedule(at.release(), n.schedule.copy()));
      if (n.permutable) at = isl::manage(isl_schedule_node_band_set_permutable(at.release(), 1));
      at = build(at.child(0), n.children.at(0)).parent();
      const std::string id = loop_names_mark_id(n.loop_names);
      if (!id.empty()) at = at.insert_mark(isl::manage(isl_id_alloc(at.ctx().get(), id.c_str(), nullptr)));
      return at;
    }
    case EditNode::Kind::Sequence:
    case EditNode::Kind::Set: {
      if (n.children.empty()) return at;
      isl::union_set_list filters(at.ctx(), static_cast<int>(n.children.size()));
      for (const EditNode& c : n.children) {
        if (c.kind != EditNode::Kind::Filter)
          throw InputError({}, "internal: a sequence child is not a filter");
        filters = filters.add(c.set);
      }
      at = n.kind == EditNode::Kind::Sequence
               ? isl::manage(isl_schedule_node_insert_sequence(at.release(), filters.release()))
               : isl::manage(isl_schedule_node_insert_set(at.release(), filters.release()));
      for (std::size_t k = 0; k < n.children.size(); ++k)
        at = build(at.child(static_cast<int>(k)).child(0), n.children[k].children.at(0)).parent().parent();
      return at;
    }
    case EditNode::Kind::Filter: {
      at = isl::manage(isl_schedule_node_insert_filter(at.release(), n.set.copy()));
      return build(at.child(0), n.children.at(0)).parent();
    }
    case EditNode::Kind::Domain:
    case EditNode::Kind::Other:
      break;
  }
  throw InputError({}, "this schedule holds a " + node_type_name(n.original) +
                           " node, which the restructuring commands do not support");
}

}  // namespace

EditNode to_edit_tree(const isl::schedule& schedule) { return convert(schedule.root()); }

isl::schedule to_schedule(const EditNode& root) {
  if (root.kind != EditNode::Kind::Domain) throw InputError({}, "internal: the edit tree has no domain root");
  isl::schedule s = isl::schedule::from_domain(root.set);
  isl::schedule_node leaf = s.root().child(0);
  if (root.children.empty()) return s;
  return build(leaf, root.children[0]).schedule();
}

EditNode& node_at(EditNode& root, const EditPath& path) {
  EditNode* n = &root;
  for (int k : path) n = &n->children.at(static_cast<std::size_t>(k));
  return *n;
}

const EditNode& node_at(const EditNode& root, const EditPath& path) {
  const EditNode* n = &root;
  for (int k : path) n = &n->children.at(static_cast<std::size_t>(k));
  return *n;
}

isl::schedule_node isl_node_at(const isl::schedule& schedule, const EditPath& path) {
  isl::schedule_node n = schedule.root();
  for (int k : path) {
    n = n.child(k);
    while (is_loop_names_mark(n)) n = n.child(0);
  }
  return n;
}

isl::union_set domain_at(const EditNode& root, const EditPath& path) {
  isl::union_set d = root.set;
  const EditNode* n = &root;
  for (int k : path) {
    n = &n->children.at(static_cast<std::size_t>(k));
    if (n->kind == EditNode::Kind::Filter) d = d.intersect(n->set);
  }
  return d;
}

std::vector<std::string> statements_in(const Program& program, const isl::union_set& instances) {
  std::vector<std::string> out;
  for (const Statement& s : program.statements) {
    isl::set part = isl::manage(isl_union_set_extract_set(instances.copy(), s.domain.space().release()));
    if (!part.is_empty()) out.push_back(s.name);
  }
  return out;
}

std::vector<std::string> statements_reaching(const Program& program, const EditNode& root, const EditPath& path) {
  return statements_in(program, domain_at(root, path));
}

EditPath top_of_marks(const EditNode& root, const EditPath& path) {
  EditPath p = path;
  while (!p.empty()) {
    EditPath up(p.begin(), p.end() - 1);
    if (!node_at(root, up).is_mark()) break;
    p = up;
  }
  return p;
}

std::string edit_node_name(const EditNode& root, const EditPath& path) {
  EditPath p = path;
  while (!p.empty()) {
    p.pop_back();
    const EditNode& n = node_at(root, p);
    if (!n.is_mark()) break;
    if (n.is_name_mark()) return n.mark;
  }
  return {};
}

namespace {
bool find_named_rec(const EditNode& n, const std::string& name, EditPath& path) {
  if (n.is_name_mark() && n.mark == name) {
    // Below the chain.
    const EditNode* c = &n;
    while (c->is_mark()) {
      c = &c->children.at(0);
      path.push_back(0);
    }
    return true;
  }
  for (std::size_t k = 0; k < n.children.size(); ++k) {
    path.push_back(static_cast<int>(k));
    if (find_named_rec(n.children[k], name, path)) return true;
    path.pop_back();
  }
  return false;
}
}  // namespace

bool find_named(const EditNode& root, const std::string& name, EditPath& path) {
  path.clear();
  return find_named_rec(root, name, path);
}

void split_band(EditNode& band, int pos) {
  const int n = band.n_member();
  if (pos <= 0 || pos >= n) return;
  std::vector<isl::union_pw_aff> m = band.members();
  std::vector<std::string> names = band.loop_names;
  names.resize(static_cast<std::size_t>(n));
  EditNode inner = make_band({m.begin() + pos, m.end()}, {names.begin() + pos, names.end()},
                             std::move(band.children.at(0)));
  inner.permutable = band.permutable;
  band.schedule = members_to_multi({m.begin(), m.begin() + pos});
  band.loop_names.assign(names.begin(), names.begin() + pos);
  band.children.clear();
  band.children.push_back(std::move(inner));
}

void merge_with_child_band(EditNode& band, const std::string& what, const SourceLocation& where) {
  EditNode& child = band.children.at(0);
  if (child.is_mark())
    throw InputError(where, what + ": the inner loops are in a band of their own with a name or tag (" +
                                child.mark + "); they cannot be merged with the outer band");
  if (!child.is_band())
    throw InputError(where, what + ": the loops are not perfectly nested (a " +
                                std::string(child.kind == EditNode::Kind::Sequence ? "sequence of statements"
                                                                                   : "non-loop node") +
                                " lies between them)");
  std::vector<isl::union_pw_aff> m = band.members();
  std::vector<isl::union_pw_aff> c = child.members();
  std::vector<std::string> names = band.loop_names;
  names.resize(m.size());
  std::vector<std::string> cnames = child.loop_names;
  cnames.resize(c.size());
  m.insert(m.end(), c.begin(), c.end());
  names.insert(names.end(), cnames.begin(), cnames.end());
  band.schedule = members_to_multi(m);
  band.loop_names = names;
  band.permutable = band.permutable && child.permutable;
  EditNode grandchild = std::move(child.children.at(0));
  band.children.clear();
  band.children.push_back(std::move(grandchild));
}

std::string list_text(const std::vector<std::string>& items) {
  if (items.empty()) return "";
  if (items.size() == 1) return items[0];
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return join(head) + " and " + items.back();
}

std::string node_kind_text(const EditNode& node) {
  switch (node.kind) {
    case EditNode::Kind::Domain: return "the domain";
    case EditNode::Kind::Band: return "a band";
    case EditNode::Kind::Sequence: return "a sequence";
    case EditNode::Kind::Set: return "a set";
    case EditNode::Kind::Filter: return "a filter";
    case EditNode::Kind::Mark: return "a mark";
    case EditNode::Kind::Leaf: return "a leaf";
    case EditNode::Kind::Other: break;
  }
  return "a non-band node";
}

}  // namespace loopscape

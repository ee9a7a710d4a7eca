// SPDX-License-Identifier: Apache-2.0
#include "schedule/data_layout.h"

#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdexcept>

#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"

namespace loopscape {

namespace {

std::string joined(const std::vector<std::string>& v, const std::string& sep = ", ") {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

bool leaf_holds(const isl::schedule_node& leaf, const std::string& statement) {
  bool found = false;
  isl::union_set dom = node_domain(leaf);
  std::pair<const std::string*, bool*> state(&statement, &found);
  isl_union_set_foreach_set(
      dom.get(),
      [](isl_set* set, void* user) -> isl_stat {
        auto* p = static_cast<std::pair<const std::string*, bool*>*>(user);
        const char* name = isl_set_get_tuple_name(set);
        if (name && *p->first == name && isl_set_is_empty(set) == isl_bool_false) *p->second = true;
        isl_set_free(set);
        return isl_stat_ok;
      },
      &state);
  return found;
}

// The leaf of `statement` (the first one in pre-order).
isl::schedule_node statement_leaf(const isl::schedule& schedule, const std::string& statement) {
  std::optional<isl::schedule_node> leaf;
  schedule.root().foreach_descendant_top_down([&](isl::schedule_node n) {
    if (leaf) return false;
    if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_leaf && leaf_holds(n, statement)) leaf = n;
    return !leaf;
  });
  if (!leaf) throw std::invalid_argument("statement " + statement + " has no leaf in the schedule");
  return *leaf;
}

isl::schedule_node insert_tag_above(isl::schedule_node node, const LoopTag& tag) {
  return node.insert_mark(isl::manage(isl_id_alloc(node.ctx().get(), tag.mark_id().c_str(), nullptr))).child(0);
}

// Deletes the tag marks above `node` for which `drop` holds; returns the node.
template <class Pred>
isl::schedule_node drop_tags_above(isl::schedule_node node, Pred drop) {
  bool again = true;
  while (again) {
    again = false;
    isl::schedule_node cur = node;
    while (cur.has_parent() && is_mark(cur.parent())) {
      cur = cur.parent();
      auto t = LoopTag::parse(mark_id_name(cur));
      if (t && drop(*t)) {
        node = skip_marks(isl::manage(isl_schedule_node_delete(cur.release())));
        again = true;
        break;
      }
    }
  }
  return node;
}

}  // namespace

const StorageMapping* DataLayout::mapping_of(const std::string& statement) const {
  for (const StorageMapping& m : mappings)
    if (m.statement == statement) return &m;
  return nullptr;
}

DataLayout data_layout(const isl::schedule& schedule) {
  DataLayout out;
  schedule.root().foreach_descendant_top_down([&](isl::schedule_node n) {
    if (!is_mark(n)) return true;
    auto t = LoopTag::parse(mark_id_name(n));
    if (!t) return true;
    if (t->kind == kStoreInTag && t->args.size() >= 2) {
      StorageMapping m{t->args[0], t->args[1], {t->args.begin() + 2, t->args.end()}};
      out.mappings.push_back(m);
    } else if (t->kind == kStorageFoldTag && t->args.size() == 4) {
      StorageFold f{t->args[0], t->args[1], std::stol(t->args[2]), std::stoi(t->args[3])};
      out.folds.push_back(f);
    } else if (t->kind == kInlineTag && t->args.size() == 1) {
      out.inlined.push_back(t->args[0]);
    }
    return true;
  });
  return out;
}

isl::schedule set_storage_mapping(const isl::schedule& schedule, const StorageMapping& mapping) {
  isl::schedule_node leaf = statement_leaf(schedule, mapping.statement);
  leaf = drop_tags_above(leaf, [&](const LoopTag& t) {
    return t.kind == kStoreInTag && !t.args.empty() && t.args[0] == mapping.statement;
  });
  LoopTag tag{kStoreInTag, {mapping.statement, mapping.buffer}};
  tag.args.insert(tag.args.end(), mapping.indices.begin(), mapping.indices.end());
  return insert_tag_above(leaf, tag).schedule();
}

isl::schedule add_storage_fold(const isl::schedule& schedule, const StorageFold& fold) {
  isl::schedule_node leaf = statement_leaf(schedule, fold.statement);
  leaf = drop_tags_above(leaf, [&](const LoopTag& t) {
    return t.kind == kStorageFoldTag && t.args.size() == 4 && t.args[0] == fold.statement &&
           t.args[3] == std::to_string(fold.dimension);
  });
  LoopTag tag{kStorageFoldTag,
              {fold.statement, fold.loop, std::to_string(fold.factor), std::to_string(fold.dimension)}};
  return insert_tag_above(leaf, tag).schedule();
}

isl::schedule add_inlining(const isl::schedule& schedule, const std::string& statement) {
  isl::schedule_node leaf = statement_leaf(schedule, statement);
  leaf = drop_tags_above(leaf, [&](const LoopTag& t) {
    return t.kind == kInlineTag && t.args.size() == 1 && t.args[0] == statement;
  });
  return insert_tag_above(leaf, LoopTag{kInlineTag, {statement}}).schedule();
}

isl::map storage_relation(const Program& program, const isl::schedule& schedule, const std::string& statement) {
  const Statement* s = program.find_statement(statement);
  if (!s) return {};
  const DataLayout layout = data_layout(schedule);
  if (const StorageMapping* m = layout.mapping_of(statement)) {
    const std::string params = program.parameters.empty() ? "" : "[" + joined(program.parameters) + "] -> ";
    std::string text = params + "{ " + s->name + "[" + joined(s->iterators()) + "] -> " + m->buffer + "[" +
                       joined(m->indices) + "] }";
    return isl::map(program.ctx(), text).intersect_domain(s->domain);
  }
  for (const Access& a : s->accesses)
    if (a.kind == Access::Kind::Write) return a.relation.intersect_domain(s->domain);
  return {};
}

std::string storage_buffer(const Program& program, const isl::schedule& schedule, const std::string& statement) {
  return storage_buffer(program, data_layout(schedule), statement);
}

std::string storage_buffer(const Program& program, const DataLayout& layout, const std::string& statement) {
  if (const StorageMapping* m = layout.mapping_of(statement)) return m->buffer;
  const Statement* s = program.find_statement(statement);
  if (!s) return {};
  for (const Access& a : s->accesses)
    if (a.kind == Access::Kind::Write) return a.array;
  return {};
}

}  // namespace loopscape

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
#include "support/point_text.h"

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

std::vector<std::string> check_storage_folds(const Program& program, const Dependences& dependences,
                                             const isl::schedule& schedule) {
  std::vector<std::string> problems;
  const DataLayout layout = data_layout(schedule);
  if (layout.folds.empty()) return problems;
  program.isl().bounded("storage fold check", [&] {
    const isl::union_map sched = schedule.get_map();
    for (const StorageFold& f : layout.folds) {
      const Statement* s = program.find_statement(f.statement);
      if (!s) continue;
      isl::map m = storage_relation(program, schedule, f.statement);
      if (m.is_null()) continue;
      const int n = static_cast<int>(isl_map_dim(m.get(), isl_dim_out));
      if (f.dimension < 0 || f.dimension >= n) continue;
      const char* bname = isl_map_get_tuple_name(m.get(), isl_dim_out);
      const std::string buffer = bname ? bname : "";
      std::vector<std::string> a, b;
      for (int k = 0; k < n; ++k) {
        a.push_back("a" + std::to_string(k));
        b.push_back(k == f.dimension ? "a" + std::to_string(k) + " mod " + std::to_string(f.factor)
                                     : "a" + std::to_string(k));
      }
      isl::map fold(program.ctx(), "{ " + buffer + "[" + joined(a) + "] -> " + buffer + "[" + joined(b) + "] }");
      isl::map folded = m.apply_range(fold);
      // x -> z: same folded element, different element before folding.
      isl::map conflicts = folded.apply_range(folded.reverse()).subtract(m.apply_range(m.reverse()));
      if (conflicts.is_empty()) continue;
      isl::union_map sched_s = sched.intersect_domain(isl::union_set(s->domain));
      isl::union_map later = isl::manage(isl_union_map_lex_lt_union_map(sched_s.copy(), sched_s.copy()));
      isl::union_map overwriting = isl::union_map(conflicts).intersect(later);  // x -> z, z after x
      for (const Dependence& d : dependences.list) {
        if (d.kind != DependenceKind::ReadAfterWrite || d.source_statement != f.statement || d.relation.is_null())
          continue;
        const Statement* reader = program.find_statement(d.sink_statement);
        if (!reader) continue;
        isl::union_map sched_r = sched.intersect_domain(isl::union_set(reader->domain));
        isl::union_map before_read = isl::manage(isl_union_map_lex_lt_union_map(sched_s.copy(), sched_r.copy()));
        isl::union_map between = overwriting.apply_range(before_read);  // x -> y with some z in between
        isl::union_map bad = isl::union_map(d.relation).intersect(between);
        if (bad.is_empty()) continue;
        isl::map pair = isl::manage(isl_map_from_union_map(bad.copy()));
        isl::point p = pair.wrap().sample_point();
        const int nx = static_cast<int>(s->iterators().size());
        const int ny = static_cast<int>(reader->iterators().size());
        const std::string x = point_tuple(p, s->name, 0, nx), y = point_tuple(p, reader->name, nx, ny);
        const std::string params = point_parameters(p, program.parameters);
        problems.push_back((params.empty() ? "" : "with " + params + ", ") + "folding dimension " +
                           std::to_string(f.dimension) + " of " + buffer + " (loop " + f.loop + ") by " +
                           std::to_string(f.factor) + " lets another instance of " + s->name +
                           " overwrite the value " + x + " stores before " + y + " reads it");
        break;
      }
    }
  });
  return problems;
}

}  // namespace loopscape

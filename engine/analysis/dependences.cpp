// SPDX-License-Identifier: Apache-2.0
#include "analysis/dependences.h"
#include "analysis/reductions.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include "analysis/access_groups.h"
#include "schedule/statement_schedule.h"

namespace loopscape {

std::string short_name(DependenceKind kind) {
  switch (kind) {
    case DependenceKind::ReadAfterWrite: return "RAW";
    case DependenceKind::WriteAfterRead: return "WAR";
    case DependenceKind::WriteAfterWrite: return "WAW";
  }
  return "?";
}

std::string dependence_label(const Dependence& d) {
  return (d.may ? "may " : "") + short_name(d.kind) + " " + d.source_statement + " -> " + d.sink_statement + " on " +
         d.array + (d.reduction ? " (reduction)" : "");
}

isl::union_map Dependences::all() const {
  isl::union_map result = read_after_write;
  if (result.is_null()) return result;
  if (!write_after_read.is_null()) result = result.unite(write_after_read);
  if (!write_after_write.is_null()) result = result.unite(write_after_write);
  return result;
}

namespace {

constexpr const char* kTagPrefix = "__ls_access";

template <typename T>
T checked(T object, const char* what) {
  if (object.is_null()) throw std::runtime_error(std::string("isl returned no result in ") + what);
  return object;
}

// Every access instance is tagged with the access it comes from:
// [S0[i, j] -> __ls_access3[]] -> A[i, j]. Dataflow on tagged accesses keeps
// dependences of one statement pair but different accesses apart.
struct TaggedProgram {
  isl::union_map reads;
  isl::union_map writes;
  isl::union_map tag_to_instance;  // [S0[i, j] -> __ls_access3[]] -> S0[i, j]
};

isl::map instance_tag_map(const isl::set& domain, int access_index) {
  isl_space* space = isl_space_set_from_params(isl_space_params(isl_set_get_space(domain.get())));
  const std::string name = kTagPrefix + std::to_string(access_index);
  space = isl_space_set_tuple_name(space, isl_dim_set, name.c_str());
  isl_map* pairs = isl_map_from_domain_and_range(domain.copy(), isl_set_universe(space));
  return checked(isl::manage(isl_map_domain_map(pairs)), "tagging accesses");
}

TaggedProgram tag_accesses(const Program& program, const std::vector<AccessRef>& accesses) {
  TaggedProgram tagged{isl::union_map::empty(program.ctx()), isl::union_map::empty(program.ctx()),
                       isl::union_map::empty(program.ctx())};
  for (const AccessRef& ref : accesses) {
    const Statement& s = program.statements[std::size_t(ref.statement)];
    isl::set domain = s.domain;
    if (!program.context.is_null()) domain = domain.intersect_params(program.context);
    const Access& access = s.accesses[std::size_t(ref.access)];
    isl::map tagger = instance_tag_map(domain, ref.access);
    isl::union_map tagged_access(tagger.apply_range(access.relation.intersect_domain(domain)));
    if (access.kind == Access::Kind::Read)
      tagged.reads = tagged.reads.unite(tagged_access);
    else
      tagged.writes = tagged.writes.unite(tagged_access);
    tagged.tag_to_instance = tagged.tag_to_instance.unite(isl::union_map(tagger));
  }
  return tagged;
}

isl::schedule tagged_schedule(const isl::schedule& original, const isl::union_map& tag_to_instance) {
  isl_union_pw_multi_aff* tagger = isl_union_pw_multi_aff_from_union_map(tag_to_instance.copy());
  return checked(isl::manage(isl_schedule_pullback_union_pw_multi_aff(original.copy(), tagger)),
                 "tagging the schedule");
}

std::string tuple_name(isl_map* map, isl_dim_type type) {
  const char* name = isl_map_get_tuple_name(map, type);
  return name ? name : "";
}

int tag_index(const std::string& tag) {
  const std::string prefix = kTagPrefix;
  if (tag.rfind(prefix, 0) != 0) return -1;
  return std::stoi(tag.substr(prefix.size()));
}

// [S -> tagA] -> [[T -> tagB] -> Array]: what a full dependence names.
struct FullDependenceParts {
  std::string source_statement, sink_statement, array;
  int source_access = -1, sink_access = -1;
  isl::map instances;  // S -> T
};

FullDependenceParts split_full_dependence(const isl::map& full) {
  FullDependenceParts parts;
  isl::map tagged_pairs = full.range_factor_domain();  // [S -> tagA] -> [T -> tagB]
  isl::map to_array = full.range_factor_range();       // [S -> tagA] -> Array
  parts.array = to_array.range_tuple_id().name();
  isl::map source_statement = tagged_pairs.domain_factor_domain();  // S -> [T -> tagB]
  isl::map source_tag = tagged_pairs.domain_factor_range();         // tagA -> [T -> tagB]
  parts.source_statement = tuple_name(source_statement.get(), isl_dim_in);
  parts.source_access = tag_index(tuple_name(source_tag.get(), isl_dim_in));
  isl::map sink_statement = tagged_pairs.range_factor_domain();  // [S -> tagA] -> T
  isl::map sink_tag = tagged_pairs.range_factor_range();         // [S -> tagA] -> tagB
  parts.sink_statement = tuple_name(sink_statement.get(), isl_dim_out);
  parts.sink_access = tag_index(tuple_name(sink_tag.get(), isl_dim_out));
  parts.instances = source_statement.range_factor_domain().coalesce();
  return parts;
}

// Number of loops two statements share in the original program (outermost first).
unsigned common_loops(const Statement& a, const Statement& b, unsigned dims_a, unsigned dims_b) {
  unsigned n = 0;
  const std::size_t limit = std::min({a.loops.size(), b.loops.size(), std::size_t(dims_a), std::size_t(dims_b)});
  while (n < limit && a.loops[n].id == b.loops[n].id) ++n;
  return n;
}

isl::map equate_prefix(const isl::map& relation, unsigned depth) {
  isl_map* m = relation.copy();
  for (unsigned k = 0; k < depth; ++k) m = isl_map_equate(m, isl_dim_in, k, isl_dim_out, k);
  return checked(isl::manage(m), "equating loop iterators");
}

// Levels (1-based) of the common loops that carry some instance pair, plus 0
// when some pair is loop-independent.
std::vector<int> carrying_levels(const isl::map& relation, unsigned common) {
  std::vector<int> levels;
  isl::map outer_equal = relation;
  for (unsigned d = 0; d < common; ++d) {
    isl::map deeper_equal = equate_prefix(relation, d + 1);
    if (!outer_equal.subtract(deeper_equal).is_empty()) levels.push_back(static_cast<int>(d + 1));
    outer_equal = deeper_equal;
  }
  if (!outer_equal.is_empty()) levels.push_back(0);
  return levels;
}

// sink - source over the common loops, when it is the same constant for every
// instance pair and every value of the parameters.
std::optional<std::vector<long>> uniform_distance(const isl::map& relation, unsigned common) {
  isl_map* m = relation.copy();
  const isl_size n_in = isl_map_dim(m, isl_dim_in);
  const isl_size n_out = isl_map_dim(m, isl_dim_out);
  if (n_in < 0 || n_out < 0) {
    isl_map_free(m);
    return std::nullopt;
  }
  m = isl_map_project_out(m, isl_dim_in, common, unsigned(n_in) - common);
  m = isl_map_project_out(m, isl_dim_out, common, unsigned(n_out) - common);
  m = isl_map_reset_tuple_id(m, isl_dim_in);
  m = isl_map_reset_tuple_id(m, isl_dim_out);
  isl_set* deltas = isl_set_project_out_all_params(isl_map_deltas(m));
  isl::set distances = checked(isl::manage(deltas), "dependence distances");
  if (distances.is_empty()) return std::nullopt;
  isl::point sample = distances.sample_point();
  isl::set single = checked(isl::manage(isl_set_from_point(sample.copy())), "distance sample");
  if (!distances.is_equal(single)) return std::nullopt;
  std::vector<long> distance;
  for (unsigned k = 0; k < common; ++k) {
    isl::val v = checked(isl::manage(isl_point_get_coordinate_val(sample.get(), isl_dim_set, int(k))),
                         "distance coordinate");
    distance.push_back(v.get_num_si());
  }
  return distance;
}

isl::union_map instances_only(const isl::union_map& full) {
  return full.range_factor_domain().domain_factor_domain().range_factor_domain();
}

void add_dependences(const Program& program, DependenceKind kind, const isl::union_map& full,
                     std::vector<Dependence>& out) {
  std::vector<Dependence> found;
  const isl::map_list maps = full.get_map_list();
  for (int i = 0, n = int(maps.size()); i < n; ++i) {
    const isl::map m = maps.at(i);
    if (m.is_empty()) continue;
    FullDependenceParts parts = split_full_dependence(m);
    const Statement* source = program.find_statement(parts.source_statement);
    const Statement* sink = program.find_statement(parts.sink_statement);
    if (!source || !sink)
      throw std::runtime_error("dependence between unknown statements " + parts.source_statement +
                               " and " + parts.sink_statement);
    Dependence d;
    d.kind = kind;
    d.source_statement = parts.source_statement;
    d.source_access = parts.source_access;
    d.sink_statement = parts.sink_statement;
    d.sink_access = parts.sink_access;
    d.array = parts.array;
    d.relation = parts.instances;
    d.may = source->accesses.at(std::size_t(d.source_access)).conditional ||
            sink->accesses.at(std::size_t(d.sink_access)).conditional;
    d.reduction = is_reduction_pair(*source, *sink, d.array);
    const unsigned dims_in = unsigned(isl_map_dim(parts.instances.get(), isl_dim_in));
    const unsigned dims_out = unsigned(isl_map_dim(parts.instances.get(), isl_dim_out));
    const unsigned common = common_loops(*source, *sink, dims_in, dims_out);
    d.common_loops = common;
    d.distance = uniform_distance(parts.instances, common);
    d.levels = carrying_levels(parts.instances, common);
    d.carried_level = d.levels.empty() ? 0 : d.levels.front();
    found.push_back(std::move(d));
  }
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < program.statements.size(); ++i) position.emplace(program.statements[i].name, i);
  auto order = [&](const Dependence& d) {
    return std::make_tuple(position.at(d.source_statement), d.source_access, position.at(d.sink_statement),
                           d.sink_access);
  };
  std::sort(found.begin(), found.end(), [&](const Dependence& a, const Dependence& b) { return order(a) < order(b); });
  for (Dependence& d : found) out.push_back(std::move(d));
}

// The dataflow of one group of accesses (analysis/access_groups.h), tagged.
struct GroupFlow {
  isl::union_map raw, waw, war;  // full dependences, as isl gives them
  isl::union_map no_source;      // tagged reads no write reaches
};

GroupFlow group_flow(const Program& program, const isl::schedule& original, const std::vector<AccessRef>& group) {
  const TaggedProgram tagged = tag_accesses(program, group);
  std::set<int> statements;
  for (const AccessRef& ref : group) statements.insert(ref.statement);
  isl::schedule order = original;
  if (statements.size() < program.statements.size()) {
    isl::union_set instances = isl::union_set::empty(program.ctx());
    for (int s : statements) instances = instances.unite(isl::union_set(program.statements[std::size_t(s)].domain));
    order = schedule_of_instances(original, instances);
  }
  const isl::schedule schedule = tagged_schedule(order, tagged.tag_to_instance);

  const isl::union_flow raw = isl::union_access_info(tagged.reads)
                                  .set_must_source(tagged.writes)
                                  .set_schedule(schedule)
                                  .compute_flow();
  const isl::union_flow waw = isl::union_access_info(tagged.writes)
                                  .set_must_source(tagged.writes)
                                  .set_schedule(schedule)
                                  .compute_flow();
  // A read depends on the first write after it that reaches the same element:
  // writes kill older reads, so only reads since the previous write are sources.
  // (One pass with the reads as may-sources next to the writes would lose the
  // read of `A[i] = A[i] - x` before a later write: its own write, at the same
  // time, would hide it.)
  const isl::union_flow war = isl::union_access_info(tagged.writes)
                                  .set_may_source(tagged.reads)
                                  .set_kill(tagged.writes)
                                  .set_schedule(schedule)
                                  .compute_flow();
  return GroupFlow{raw.full_must_dependence(), waw.full_must_dependence(), war.full_may_dependence(),
                   raw.must_no_source()};
}

}  // namespace

Dependences compute_dependences(const Program& program, const isl::schedule& original) {
  Dependences result;
  program.isl().bounded("dependence analysis", [&] {
    const AccessGroups groups = group_overlapping_accesses(program);
    const isl::union_map none = isl::union_map::empty(program.ctx());
    GroupFlow all{none, none, none, tag_accesses(program, groups.unwritten_reads).reads};
    for (const std::vector<AccessRef>& group : groups.with_writes) {
      const GroupFlow flow = group_flow(program, original, group);
      all.raw = all.raw.unite(flow.raw);
      all.waw = all.waw.unite(flow.waw);
      all.war = all.war.unite(flow.war);
      all.no_source = all.no_source.unite(flow.no_source);
    }

    result.read_after_write = instances_only(all.raw).coalesce();
    result.write_after_write = instances_only(all.waw).coalesce();
    result.write_after_read = instances_only(all.war).coalesce();
    result.live_in = all.no_source.domain_factor_domain().wrap().coalesce();

    add_dependences(program, DependenceKind::ReadAfterWrite, all.raw, result.list);
    add_dependences(program, DependenceKind::WriteAfterRead, all.war, result.list);
    add_dependences(program, DependenceKind::WriteAfterWrite, all.waw, result.list);
  });
  return result;
}

}  // namespace loopscape

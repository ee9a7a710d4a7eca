// SPDX-License-Identifier: Apache-2.0
#include "analysis/access_groups.h"

#include <isl/set.h>
#include <isl/val.h>

#include <map>
#include <numeric>
#include <optional>
#include <string>

namespace loopscape {
namespace {

struct Footprint {
  AccessRef ref;
  bool writes = false;
  isl::set elements;  // the array elements the access touches over its domain
  // Subscripts that are the same constant for every instance (A[3][i]); two
  // accesses fixed to different constants never meet, without asking isl.
  std::vector<std::optional<long>> fixed;
};

std::vector<std::optional<long>> fixed_subscripts(const isl::set& elements) {
  const isl_size n = isl_set_dim(elements.get(), isl_dim_set);
  std::vector<std::optional<long>> fixed(n < 0 ? 0 : std::size_t(n));
  for (std::size_t d = 0; d < fixed.size(); ++d) {
    isl_val* v = isl_set_plain_get_val_if_fixed(elements.get(), isl_dim_set, unsigned(d));
    if (v && isl_val_is_int(v) && isl_val_is_nan(v) == isl_bool_false) fixed[d] = isl_val_get_num_si(v);
    isl_val_free(v);
  }
  return fixed;
}

bool fixed_apart(const Footprint& a, const Footprint& b) {
  for (std::size_t d = 0; d < a.fixed.size() && d < b.fixed.size(); ++d)
    if (a.fixed[d] && b.fixed[d] && *a.fixed[d] != *b.fixed[d]) return true;
  return false;
}

class DisjointSets {
 public:
  explicit DisjointSets(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), std::size_t{0}); }
  std::size_t find(std::size_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  void unite(std::size_t a, std::size_t b) { parent_[find(a)] = find(b); }

 private:
  std::vector<std::size_t> parent_;
};

}  // namespace

AccessGroups group_overlapping_accesses(const Program& program) {
  std::map<std::string, std::vector<Footprint>> by_array;
  for (std::size_t s = 0; s < program.statements.size(); ++s) {
    const Statement& statement = program.statements[s];
    isl::set domain = statement.domain;
    if (!program.context.is_null()) domain = domain.intersect_params(program.context);
    for (std::size_t a = 0; a < statement.accesses.size(); ++a) {
      const Access& access = statement.accesses[a];
      Footprint f;
      f.ref = AccessRef{int(s), int(a)};
      f.writes = access.kind == Access::Kind::Write;
      f.elements = access.relation.intersect_domain(domain).range();
      f.fixed = fixed_subscripts(f.elements);
      by_array[access.array].push_back(std::move(f));
    }
  }

  AccessGroups groups;
  for (auto& [array, footprints] : by_array) {
    DisjointSets sets(footprints.size());
    for (std::size_t i = 0; i < footprints.size(); ++i)
      for (std::size_t j = i + 1; j < footprints.size(); ++j) {
        const Footprint& a = footprints[i];
        const Footprint& b = footprints[j];
        if (!a.writes && !b.writes) continue;
        if (sets.find(i) == sets.find(j) || fixed_apart(a, b)) continue;
        // A pointer read with another rank than it is written is taken to meet.
        if (!a.elements.get_space().is_equal(b.elements.get_space()) ||
            !a.elements.intersect(b.elements).is_empty())
          sets.unite(i, j);
      }
    std::map<std::size_t, std::vector<std::size_t>> members;
    for (std::size_t i = 0; i < footprints.size(); ++i) members[sets.find(i)].push_back(i);
    for (const auto& [root, indices] : members) {
      bool any_write = false;
      for (std::size_t i : indices) any_write = any_write || footprints[i].writes;
      if (!any_write) {
        for (std::size_t i : indices) groups.unwritten_reads.push_back(footprints[i].ref);
        continue;
      }
      std::vector<AccessRef>& group = groups.with_writes.emplace_back();
      for (std::size_t i : indices) group.push_back(footprints[i].ref);
    }
  }
  return groups;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Statement instances looked up by statement and coordinates: (hash, id)
// pairs sorted by hash, one allocation where a hash map made one per
// instance. Shared by the plot's data and the enumeration it keeps between
// steps (plot/plot_domain.h).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace loopscape {

std::uint64_t point_hash(int statement, std::span<const long> coordinates);

class PointIndex {
 public:
  void clear() { entries_.clear(); }
  void reserve(std::size_t n) { entries_.reserve(n); }
  void add(int statement, std::span<const long> coordinates, std::uint32_t id) {
    entries_.emplace_back(point_hash(statement, coordinates), id);
  }
  // After the last add, before the first find.
  void seal() { std::sort(entries_.begin(), entries_.end()); }

  // The same instances under other ids (`new_id[id]`; `dropped` leaves one
  // out), without hashing or sorting again: the order by hash stays, and
  // find() needs no more.
  PointIndex renumbered(const std::vector<std::uint32_t>& new_id, std::uint32_t dropped) const {
    PointIndex out;
    out.entries_.reserve(entries_.size());
    for (const auto& [hash, id] : entries_)
      if (new_id[id] != dropped) out.entries_.emplace_back(hash, new_id[id]);
    return out;
  }

  // The first id (in the order added) under this statement and these
  // coordinates that `is(id)` confirms (hashes collide: it compares them).
  template <typename Is>
  std::optional<std::uint32_t> find(int statement, std::span<const long> coordinates, Is is) const {
    const std::uint64_t hash = point_hash(statement, coordinates);
    for (auto it = std::lower_bound(entries_.begin(), entries_.end(), std::make_pair(hash, std::uint32_t{0}));
         it != entries_.end() && it->first == hash; ++it)
      if (is(it->second)) return it->second;
    return std::nullopt;
  }

 private:
  std::vector<std::pair<std::uint64_t, std::uint32_t>> entries_;
};

}  // namespace loopscape

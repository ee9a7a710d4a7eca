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
  void clear() {
    entries_.clear();
    bucket_start_.clear();
  }
  void reserve(std::size_t n) { entries_.reserve(n); }
  void add(int statement, std::span<const long> coordinates, std::uint32_t id) {
    entries_.emplace_back(point_hash(statement, coordinates), id);
  }
  // After the last add, before the first find. Hashes are spread evenly,
  // so a table by their top bits finds an entry's neighbours at once, where
  // a binary search over 100,000 entries missed the cache 17 times (a fifth
  // of a tiled step's plot on fdtd-2d, whose pairs are looked up here).
  void seal() {
    std::sort(entries_.begin(), entries_.end());
    bits_ = 1;
    while (bits_ < 24 && (std::size_t{1} << bits_) < entries_.size()) ++bits_;
    fill_buckets();
  }

  // The same instances under other ids (`new_id[id]`; `dropped` leaves one
  // out), without hashing or sorting again: the order by hash stays, and
  // find() needs no more.
  PointIndex renumbered(const std::vector<std::uint32_t>& new_id, std::uint32_t dropped) const {
    PointIndex out;
    out.entries_.reserve(entries_.size());
    for (const auto& [hash, id] : entries_)
      if (new_id[id] != dropped) out.entries_.emplace_back(hash, new_id[id]);
    out.bits_ = bits_;
    out.fill_buckets();
    return out;
  }

  // The first id (in the order added) under this statement and these
  // coordinates that `is(id)` confirms (hashes collide: it compares them).
  template <typename Is>
  std::optional<std::uint32_t> find(int statement, std::span<const long> coordinates, Is is) const {
    const std::uint64_t hash = point_hash(statement, coordinates);
    if (bucket_start_.empty()) return std::nullopt;
    const std::size_t b = bucket_of(hash);
    for (std::size_t k = bucket_start_[b], end = bucket_start_[b + 1]; k < end; ++k)
      if (entries_[k].first == hash && is(entries_[k].second)) return entries_[k].second;
    return std::nullopt;
  }

 private:
  std::size_t bucket_of(std::uint64_t hash) const { return static_cast<std::size_t>(hash >> (64 - bits_)); }

  // Entries sorted by hash: each bucket's first entry.
  void fill_buckets() {
    bucket_start_.assign((std::size_t{1} << bits_) + 1, 0);
    std::size_t e = 0;
    for (std::size_t b = 0; b + 1 < bucket_start_.size(); ++b) {
      bucket_start_[b] = static_cast<std::uint32_t>(e);
      while (e < entries_.size() && bucket_of(entries_[e].first) == b) ++e;
    }
    bucket_start_.back() = static_cast<std::uint32_t>(entries_.size());
  }

  std::vector<std::pair<std::uint64_t, std::uint32_t>> entries_;
  int bits_ = 1;
  std::vector<std::uint32_t> bucket_start_;  // per bucket (top bits_ of the hash), its first entry; then the end
};

}  // namespace loopscape

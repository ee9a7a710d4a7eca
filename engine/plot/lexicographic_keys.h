// SPDX-License-Identifier: Apache-2.0
#pragma once
// Rows of small integers packed into a few machine words whose order is the
// rows' lexicographic order, so that sorting hundreds of thousands of plot
// points compares words instead of walking vectors (issue 24: 60-110 ms of a
// heat-3d step went to such comparisons).
//
// A row is a fixed sequence of segments (a time vector, a statement, its
// coordinates); a segment may be shorter than its widest instance, and a
// shorter one sorts before any longer one that starts the same, as
// std::lexicographical_compare has it. The values seen in a first pass decide
// how many bits each column takes; fits() says whether they all fit.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace loopscape {

class LexicographicKeys {
 public:
  static constexpr std::size_t kWords = 3;
  using Key = std::array<std::uint64_t, kWords>;

  explicit LexicographicKeys(std::vector<std::size_t> segment_widths) : widths_(std::move(segment_widths)) {
    std::size_t columns = 0;
    for (std::size_t w : widths_) {
      first_.push_back(columns);
      columns += w;
    }
    low_.assign(columns, std::numeric_limits<long>::max());
    high_.assign(columns, std::numeric_limits<long>::min());
  }

  // First pass: every row's every segment.
  void observe(std::size_t segment, std::span<const long> values) {
    if (values.size() > widths_[segment]) {
      overflow_ = true;
      return;
    }
    for (std::size_t k = 0; k < values.size(); ++k) {
      const std::size_t c = first_[segment] + k;
      low_[c] = std::min(low_[c], values[k]);
      high_[c] = std::max(high_[c], values[k]);
    }
  }

  // After the first pass: lays the columns out; false when they need more
  // than kWords words (then sort some other way).
  bool fits() {
    if (overflow_) return false;
    word_.assign(low_.size(), 0);
    shift_.assign(low_.size(), 0);
    bits_.assign(low_.size(), 0);
    std::size_t word = 0;
    int free_bits = 64;
    for (std::size_t c = 0; c < low_.size(); ++c) {
      if (low_[c] > high_[c]) continue;  // never present: always code 0, no bits
      // Codes 0 (absent) and 1 + value - low: the span needs this many bits.
      const auto span = static_cast<unsigned long>(high_[c]) - static_cast<unsigned long>(low_[c]);
      if (span >= (1UL << 62)) return false;
      const int bits = std::bit_width(span + 1);
      if (bits > free_bits) {
        if (++word == kWords) return false;
        free_bits = 64;
      }
      free_bits -= bits;
      word_[c] = word;
      shift_[c] = free_bits;
      bits_[c] = bits;
    }
    return true;
  }

  // The rows 0..keys.size()-1 in the order of their keys, rows with equal
  // keys in row order (a stable sort). A least-significant-digit radix sort
  // over the 16-bit digits that differ between some keys: a time-tiled
  // heat-3d plot's 200,000 keys vary in a handful of them, and comparing
  // whole keys took 20 ms a sort (issue 24).
  static std::vector<std::uint32_t> order_of(const std::vector<Key>& keys) {
    using Row = std::pair<Key, std::uint32_t>;
    std::vector<Row> rows(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) rows[k] = {keys[k], static_cast<std::uint32_t>(k)};
    constexpr std::size_t kSmall = 4096;  // below this, counting digits costs more than comparing
    if (rows.size() <= kSmall) {
      std::sort(rows.begin(), rows.end());
    } else {
      Key some_set{}, all_set;
      all_set.fill(~std::uint64_t{0});
      for (const Key& key : keys)
        for (std::size_t w = 0; w < kWords; ++w) {
          some_set[w] |= key[w];
          all_set[w] &= key[w];
        }
      constexpr int kDigitBits = 16;
      constexpr std::size_t kDigits = std::size_t{1} << kDigitBits;
      std::vector<Row> sorted(rows.size());
      std::vector<std::uint32_t> start(kDigits);
      for (std::size_t w = kWords; w-- > 0;)
        for (int shift = 0; shift < 64; shift += kDigitBits) {
          if ((((some_set[w] ^ all_set[w]) >> shift) & (kDigits - 1)) == 0) continue;  // the same in every key
          auto digit = [&](const Row& r) { return static_cast<std::size_t>((r.first[w] >> shift) & (kDigits - 1)); };
          std::fill(start.begin(), start.end(), 0u);
          for (const Row& r : rows) ++start[digit(r)];
          std::uint32_t position = 0;
          for (std::uint32_t& s : start) position += std::exchange(s, position);
          for (const Row& r : rows) sorted[start[digit(r)]++] = r;
          rows.swap(sorted);
        }
    }
    std::vector<std::uint32_t> order(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) order[k] = rows[k].second;
    return order;
  }

  // After fits(): the bits of column `k` of `segment` in a key (none when
  // no row has it). A key masked to some columns orders rows as the rows cut
  // down to those columns would be ordered.
  Key column_bits(std::size_t segment, std::size_t k) const {
    Key bits{};
    const std::size_t c = first_[segment] + k;
    if (k < widths_[segment] && bits_[c] > 0) bits[word_[c]] = ((std::uint64_t{1} << bits_[c]) - 1) << shift_[c];
    return bits;
  }

  // Second pass, after fits(): the key of one row's segments, in order.
  Key key(std::initializer_list<std::span<const long>> segments) const {
    Key key{};
    std::size_t s = 0;
    for (std::span<const long> values : segments) {
      for (std::size_t k = 0; k < values.size(); ++k) {
        const std::size_t c = first_[s] + k;
        const auto code = static_cast<std::uint64_t>(values[k] - low_[c]) + 1;
        key[word_[c]] |= code << shift_[c];
      }
      ++s;
    }
    return key;
  }

 private:
  std::vector<std::size_t> widths_, first_;
  std::vector<long> low_, high_;
  std::vector<std::size_t> word_;
  std::vector<int> shift_, bits_;
  bool overflow_ = false;
};

}  // namespace loopscape

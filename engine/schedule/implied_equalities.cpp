// SPDX-License-Identifier: Apache-2.0
#include "schedule/implied_equalities.h"

#include <isl/aff.h>
#include <isl/val.h>

#include <cstdlib>
#include <numeric>
#include <optional>

#include "schedule/tile_loops.h"

namespace loopscape {

namespace {

struct Fraction {
  long num = 0, den = 1;
  static Fraction of(long n, long d) {
    if (d < 0) n = -n, d = -d;
    const long g = std::gcd(std::labs(n), d);
    return g > 1 ? Fraction{n / g, d / g} : Fraction{n, d};
  }
  Fraction operator-(const Fraction& o) const { return of(num * o.den - o.num * den, den * o.den); }
  Fraction operator*(const Fraction& o) const { return of(num * o.num, den * o.den); }
  Fraction operator/(const Fraction& o) const { return of(num * o.den, den * o.num); }
  bool zero() const { return num == 0; }
};

// Integer vectors spanning { x : matrix * x = 0 } (rows x columns).
std::vector<std::vector<long>> null_space(std::vector<std::vector<Fraction>> m, std::size_t columns) {
  std::vector<int> pivot_of_row;
  std::size_t row = 0;
  std::vector<bool> is_pivot(columns, false);
  for (std::size_t col = 0; col < columns && row < m.size(); ++col) {
    std::size_t p = row;
    while (p < m.size() && m[p][col].zero()) ++p;
    if (p == m.size()) continue;
    std::swap(m[p], m[row]);
    const Fraction lead = m[row][col];
    for (Fraction& f : m[row]) f = f / lead;
    for (std::size_t r = 0; r < m.size(); ++r) {
      if (r == row || m[r][col].zero()) continue;
      const Fraction factor = m[r][col];
      for (std::size_t c = 0; c < columns; ++c) m[r][c] = m[r][c] - factor * m[row][c];
    }
    pivot_of_row.push_back(static_cast<int>(col));
    is_pivot[col] = true;
    ++row;
  }
  std::vector<std::vector<long>> basis;
  for (std::size_t free = 0; free < columns; ++free) {
    if (is_pivot[free]) continue;
    std::vector<Fraction> x(columns);
    x[free] = Fraction{1, 1};
    for (std::size_t r = 0; r < pivot_of_row.size(); ++r)
      x[static_cast<std::size_t>(pivot_of_row[r])] = Fraction{0, 1} - m[r][free];
    long scale = 1;
    for (const Fraction& f : x) scale = std::lcm(scale, f.den);
    std::vector<long> v;
    for (const Fraction& f : x) v.push_back(f.num * (scale / f.den));
    basis.push_back(std::move(v));
  }
  return basis;
}

// The single piece of `dimension` on `space`'s statement; nullopt when it has several.
std::optional<isl::aff> single_piece(const isl::union_pw_aff& dimension, const isl::space& space) {
  isl_space* target = isl_space_add_dims(isl_space_from_domain(space.copy()), isl_dim_out, 1);
  isl_pw_aff* pa = isl_union_pw_aff_extract_pw_aff(dimension.get(), target);
  if (!pa || isl_pw_aff_n_piece(pa) != 1) {
    isl_pw_aff_free(pa);
    return std::nullopt;
  }
  isl_aff* found = nullptr;
  isl_pw_aff_foreach_piece(
      pa,
      [](isl_set* set, isl_aff* aff, void* user) {
        isl_set_free(set);
        *static_cast<isl_aff**>(user) = aff;
        return isl_stat_ok;
      },
      &found);
  isl_pw_aff_free(pa);
  return isl::manage(found);
}

}  // namespace

std::vector<isl::union_pw_aff> implied_affine_dimensions(const std::vector<isl::union_pw_aff>& dimensions) {
  std::vector<isl::union_pw_aff> implied, tiled;
  for (const isl::union_pw_aff& d : dimensions) (has_divisions(d.get()) ? tiled : implied).push_back(d);
  if (tiled.size() < 2) return implied;
  // One statement's pieces: a row of division coefficients per dimension,
  // the divisions told apart by their expressions.
  isl::space statement;
  isl_union_pw_aff_foreach_pw_aff(
      tiled.front().get(),
      [](isl_pw_aff* pa, void* user) {
        auto* out = static_cast<isl::space*>(user);
        if (out->is_null()) *out = isl::manage(isl_pw_aff_get_domain_space(pa));
        isl_pw_aff_free(pa);
        return isl_stat_ok;
      },
      &statement);
  if (statement.is_null()) return implied;
  std::vector<isl::aff> divisions;
  std::vector<std::vector<Fraction>> rows;  // per division, its coefficient in each tiled dimension
  for (std::size_t d = 0; d < tiled.size(); ++d) {
    const std::optional<isl::aff> aff = single_piece(tiled[d], statement);
    if (!aff) return implied;
    const isl_size n = isl_aff_dim(aff->get(), isl_dim_div);
    for (int j = 0; j < n; ++j) {
      isl_val* c = isl_aff_get_coefficient_val(aff->get(), isl_dim_div, j);
      const bool integer = isl_val_is_int(c) == isl_bool_true;
      const long value = integer ? isl_val_get_num_si(c) : 0;
      isl_val_free(c);
      if (!integer) return implied;
      if (value == 0) continue;
      isl::aff division = isl::manage(isl_aff_get_div(aff->get(), j));
      std::size_t k = 0;
      // Each dimension has its own local space: the same division may sit
      // at another position, so expressions are compared as functions.
      while (k < divisions.size() && isl_pw_aff_is_equal(isl::pw_aff(divisions[k]).get(), isl::pw_aff(division).get()) !=
                                         isl_bool_true)
        ++k;
      if (k == divisions.size()) {
        divisions.push_back(division);
        rows.emplace_back(tiled.size(), Fraction{});
      }
      rows[k][d] = Fraction{value, 1};
    }
  }
  for (const std::vector<long>& weights : null_space(rows, tiled.size())) {
    isl::union_pw_aff combination;
    for (std::size_t d = 0; d < tiled.size(); ++d) {
      if (weights[d] == 0) continue;
      isl::union_pw_aff term = isl::manage(isl_union_pw_aff_scale_val(
          tiled[d].copy(), isl_val_int_from_si(tiled[d].ctx().get(), weights[d])));
      combination = combination.is_null() ? term : combination.add(term);
    }
    if (!combination.is_null() && !has_divisions(combination.get())) implied.push_back(combination);
  }
  return implied;
}

}  // namespace loopscape

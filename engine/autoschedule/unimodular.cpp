// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/unimodular.h"

#include <algorithm>
#include <numeric>

namespace loopscape {
namespace {

// Exact rationals for the small matrices of loop nests (a few rows).
struct Fraction {
  long num = 0;
  long den = 1;
  Fraction(long n = 0, long d = 1) : num(n), den(d) { normalize(); }
  void normalize() {
    if (den < 0) {
      num = -num;
      den = -den;
    }
    const long g = std::gcd(num < 0 ? -num : num, den);
    if (g > 1) {
      num /= g;
      den /= g;
    }
  }
  Fraction operator-(const Fraction& o) const { return {num * o.den - o.num * den, den * o.den}; }
  Fraction operator+(const Fraction& o) const { return {num * o.den + o.num * den, den * o.den}; }
  Fraction operator*(const Fraction& o) const { return {num * o.num, den * o.den}; }
  Fraction operator/(const Fraction& o) const { return {num * o.den, den * o.num}; }
  bool zero() const { return num == 0; }
};

using FracMatrix = std::vector<std::vector<Fraction>>;

// The inverse of a square matrix; nullopt when singular.
std::optional<FracMatrix> inverse(const IntMatrix& m) {
  const std::size_t n = m.size();
  FracMatrix a(n, std::vector<Fraction>(2 * n));
  for (std::size_t r = 0; r < n; ++r) {
    if (m[r].size() != n) return std::nullopt;
    for (std::size_t c = 0; c < n; ++c) a[r][c] = m[r][c];
    a[r][n + r] = 1;
  }
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    while (pivot < n && a[pivot][col].zero()) ++pivot;
    if (pivot == n) return std::nullopt;
    std::swap(a[pivot], a[col]);
    const Fraction p = a[col][col];
    for (Fraction& x : a[col]) x = x / p;
    for (std::size_t r = 0; r < n; ++r) {
      if (r == col || a[r][col].zero()) continue;
      const Fraction f = a[r][col];
      for (std::size_t c = 0; c < 2 * n; ++c) a[r][c] = a[r][c] - f * a[col][c];
    }
  }
  FracMatrix out(n, std::vector<Fraction>(n));
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) out[r][c] = a[r][n + c];
  return out;
}

long determinant_sign_one(const IntMatrix& t) {
  auto inv = inverse(t);
  if (!inv) return 0;
  for (const auto& row : *inv)
    for (const Fraction& x : row)
      if (x.den != 1) return 0;  // an integer matrix with an integer inverse has determinant +-1
  return 1;
}

// Row r of P * X is row p[r] of X.
bool is_identity(const std::vector<int>& p) {
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p[k] != static_cast<int>(k)) return false;
  return true;
}

int displaced(const std::vector<int>& p) {
  int n = 0;
  for (std::size_t k = 0; k < p.size(); ++k) n += p[k] != static_cast<int>(k);
  return n;
}

struct Factoring {
  std::vector<int> p1;  // a'[r] = a[p1[r]]
  std::vector<int> p2;  // b[r] = (M a')[p2[r]]
  IntMatrix m;
};

// T = P2 M P1 with M lower triangular, +-1 diagonal; the one with the fewest displaced rows.
std::optional<Factoring> factor(const IntMatrix& t) {
  const std::size_t n = t.size();
  std::vector<int> p1(n);
  std::iota(p1.begin(), p1.end(), 0);
  std::optional<Factoring> best;
  int best_cost = 1 << 20;
  do {
    std::vector<int> p2(n);
    std::iota(p2.begin(), p2.end(), 0);
    do {
      // M[r][c] = T[p2^-1 ...]: row r of M is row q of T with p2[q] = r; column c of M is column p1[c] of T.
      IntMatrix m(n, std::vector<long>(n));
      std::vector<int> row_of(n);
      for (std::size_t q = 0; q < n; ++q) row_of[static_cast<std::size_t>(p2[q])] = static_cast<int>(q);
      bool ok = true;
      for (std::size_t r = 0; r < n && ok; ++r)
        for (std::size_t c = 0; c < n && ok; ++c) {
          m[r][c] = t[static_cast<std::size_t>(row_of[r])][static_cast<std::size_t>(p1[c])];
          if (c > r && m[r][c] != 0) ok = false;
          if (c == r && m[r][c] != 1 && m[r][c] != -1) ok = false;
        }
      const int cost = displaced(p1) + displaced(p2);
      if (ok && cost < best_cost) {
        best = Factoring{p1, p2, m};
        best_cost = cost;
      }
    } while (std::next_permutation(p2.begin(), p2.end()));
  } while (std::next_permutation(p1.begin(), p1.end()));
  return best;
}

// The interchange that puts the first misplaced position of permutation p right.
LoopStep first_swap(const std::vector<int>& p) {
  for (std::size_t r = 0; r < p.size(); ++r)
    if (p[r] != static_cast<int>(r)) return LoopStep{LoopStep::Kind::Interchange, std::min(static_cast<int>(r), p[r]),
                                                     std::max(static_cast<int>(r), p[r]), 0};
  return {};
}

}  // namespace

std::optional<IntMatrix> unimodular_transform(const IntMatrix& current, const IntMatrix& target) {
  const std::size_t n = current.size();
  if (target.size() != n) return std::nullopt;
  auto inv = inverse(current);
  if (!inv) return std::nullopt;
  IntMatrix t(n, std::vector<long>(n));
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      Fraction x;
      for (std::size_t k = 0; k < n; ++k) x = x + Fraction(target[r][k]) * (*inv)[k][c];
      if (x.den != 1) return std::nullopt;
      t[r][c] = x.num;
    }
  if (!determinant_sign_one(t)) return std::nullopt;
  return t;
}

std::optional<std::vector<long>> solve_integer(const IntMatrix& t, const std::vector<long>& c) {
  auto inv = inverse(t);
  if (!inv) return std::nullopt;
  std::vector<long> x(t.size());
  for (std::size_t r = 0; r < t.size(); ++r) {
    Fraction v;
    for (std::size_t k = 0; k < t.size(); ++k) v = v + (*inv)[r][k] * Fraction(c[k]);
    if (v.den != 1) return std::nullopt;
    x[r] = v.num;
  }
  return x;
}

std::optional<LoopStep> next_loop_step(const IntMatrix& t, const std::vector<long>& offset_difference) {
  const std::size_t n = t.size();
  std::optional<Factoring> f = factor(t);
  if (!f) return std::nullopt;
  using K = LoopStep::Kind;
  if (!is_identity(f->p1)) return first_swap(f->p1);
  for (std::size_t r = 0; r < n; ++r)
    if (f->m[r][r] == -1) return LoopStep{K::Reversal, static_cast<int>(r), 0, 0};
  for (std::size_t r = n; r-- > 0;)
    for (std::size_t c = 0; c < r; ++c)
      if (f->m[r][c] != 0) return LoopStep{K::Skew, static_cast<int>(c), static_cast<int>(r), f->m[r][c]};
  if (!is_identity(f->p2)) return first_swap(f->p2);
  for (std::size_t r = 0; r < n; ++r)
    if (offset_difference[r] != 0) return LoopStep{K::Shift, static_cast<int>(r), 0, offset_difference[r]};
  return std::nullopt;
}

}  // namespace loopscape

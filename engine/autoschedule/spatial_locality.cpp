// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/spatial_locality.h"

#include <isl/aff.h>

#include <algorithm>

#include "autoschedule/unimodular.h"

namespace loopscape {
namespace {

bool moves(isl_aff* e, const std::vector<long>& direction) {
  long change = 0;
  const int n = static_cast<int>(isl_aff_dim(e, isl_dim_in));
  for (int k = 0; k < n && k < static_cast<int>(direction.size()); ++k) {
    if (direction[static_cast<std::size_t>(k)] == 0) continue;
    isl_val* c = isl_aff_get_coefficient_val(e, isl_dim_in, k);
    change += isl_val_get_num_si(c) * direction[static_cast<std::size_t>(k)];
    isl_val_free(c);
  }
  return change != 0;
}

long coefficient(isl_multi_aff* subscripts, int d, int x) {
  isl_aff* e = isl_multi_aff_get_aff(subscripts, d);
  isl_val* c = isl_aff_get_coefficient_val(e, isl_dim_in, x);
  const long v = isl_val_get_num_si(c);
  isl_val_free(c);
  isl_aff_free(e);
  return v;
}

}  // namespace

// The access's subscripts as one affine function (the first piece: the
// pieces differ in their domains, not in how they move).
isl_multi_aff* access_subscripts(const Access& a) {
  isl_multi_aff* subscripts = nullptr;
  isl_pw_multi_aff* f = isl_pw_multi_aff_from_map(a.relation.copy());
  isl_pw_multi_aff_foreach_piece(
      f,
      [](isl_set* set, isl_multi_aff* ma, void* user) {
        isl_set_free(set);
        auto** first = static_cast<isl_multi_aff**>(user);
        if (*first) isl_multi_aff_free(ma);
        else *first = ma;
        return isl_stat_ok;
      },
      &subscripts);
  isl_pw_multi_aff_free(f);
  return subscripts;
}

int walk_score(const Statement& s, const std::vector<long>& direction) {
  int score = 0;
  for (const Access& a : s.accesses) {
    isl_multi_aff* subscripts = access_subscripts(a);
    if (!subscripts) continue;
    const int n = static_cast<int>(isl_multi_aff_dim(subscripts, isl_dim_out));
    bool outer = false, last = false;
    for (int d = 0; d < n; ++d) {
      isl_aff* e = isl_multi_aff_get_aff(subscripts, d);
      (d + 1 == n ? last : outer) |= moves(e, direction);
      isl_aff_free(e);
    }
    isl_multi_aff_free(subscripts);
    score += outer ? -1 : last ? 1 : 0;
  }
  return score;
}

bool element_stays(const Access& a, int x) {
  isl_multi_aff* subscripts = access_subscripts(a);
  if (!subscripts) return false;
  std::vector<long> direction(static_cast<std::size_t>(isl_multi_aff_dim(subscripts, isl_dim_in)), 0);
  bool stays = x < static_cast<int>(direction.size());
  if (stays) direction[static_cast<std::size_t>(x)] = 1;
  for (int d = 0; stays && d < static_cast<int>(isl_multi_aff_dim(subscripts, isl_dim_out)); ++d) {
    isl_aff* e = isl_multi_aff_get_aff(subscripts, d);
    stays = !moves(e, direction);
    isl_aff_free(e);
  }
  isl_multi_aff_free(subscripts);
  return stays;
}

bool walks_consecutively(const Access& a, int x) {
  isl_multi_aff* subscripts = access_subscripts(a);
  if (!subscripts) return false;
  const int n = static_cast<int>(isl_multi_aff_dim(subscripts, isl_dim_out));
  bool unit = n > 0;
  for (int d = 0; unit && d < n; ++d) unit = coefficient(subscripts, d, x) == (d + 1 == n ? 1 : 0);
  isl_multi_aff_free(subscripts);
  return unit;
}

int spatial_score(const Statement& s, int x) {
  std::vector<long> direction(s.iterators().size(), 0);
  direction.at(static_cast<std::size_t>(x)) = 1;
  return walk_score(s, direction);
}

int plain_iterator(const AffineRow& row) {
  int x = -1;
  for (std::size_t k = 0; k < row.coefficients.size(); ++k) {
    const long c = row.coefficients[k];
    if (c == 0) continue;
    if ((c != 1 && c != -1) || x >= 0) return -1;
    x = static_cast<int>(k);
  }
  return x;
}

std::optional<std::vector<long>> innermost_direction(const StatementLayout& layout) {
  IntMatrix rows;
  for (const LayoutLoop& l : layout.loops) rows.push_back(l.row.coefficients);
  if (rows.empty() || rows.size() != rows.front().size()) return std::nullopt;
  std::vector<long> last(rows.size(), 0);
  last.back() = 1;
  return solve_integer(rows, last);
}

std::string locality_lost(const Program& program, const EditNode& original, const EditNode& planned) {
  std::size_t deepest = 0;
  for (const Statement& s : program.statements) deepest = std::max(deepest, s.iterators().size());
  for (const Statement& s : program.statements) {
    if (s.iterators().size() < deepest) continue;  // the work is in the deepest nests
    std::optional<std::vector<long>> before, after;
    try {
      before = innermost_direction(statement_layout(program, original, s));
      after = innermost_direction(statement_layout(program, planned, s));
    } catch (const NotExpressible&) {
      continue;  // tiled (floors) or parametric: its tiles decide its locality
    }
    // A loop over a combination of iterators that no unimodular basis
    // completes (isl's 4761i + 69j around a scalar's uses) walks its
    // iterations in jumps, where the original walked them one by one.
    if (before && !after)
      return s.name + "'s loops would no longer walk its iterations one by one (a loop over a scaled combination "
                      "of them)";
    if (!before || !after) continue;
    const int was = walk_score(s, *before);
    const int would = walk_score(s, *after);
    if (would < was)
      return s.name + "'s innermost loop would walk its accesses worse than in the original order (" +
             std::to_string(would) + " against " + std::to_string(was) +
             ": +1 per access along consecutive elements, -1 per access across rows)";
  }
  return "";
}

}  // namespace loopscape

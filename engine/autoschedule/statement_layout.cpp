// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/statement_layout.h"

#include <algorithm>

#include <isl/aff.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "commands/loop_resolution.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

long integer_of(isl::val v, const std::string& what) {
  if (!v.is_int()) throw NotExpressible(what + " has a rational coefficient");
  return v.get_num_si();
}

AffineRow row_of(const isl::aff& aff, const Statement& s) {
  isl_aff* a = aff.get();
  const std::string what = "a loop function of " + s.name;
  if (isl_aff_dim(a, isl_dim_div) > 0) throw NotExpressible(what + " has an integer division (floor)");
  AffineRow row;
  const int n = static_cast<int>(isl_aff_dim(a, isl_dim_in));
  for (int k = 0; k < n; ++k)
    row.coefficients.push_back(integer_of(isl::manage(isl_aff_get_coefficient_val(a, isl_dim_in, k)), what));
  row.constant = integer_of(isl::manage(isl_aff_get_constant_val(a)), what);
  // A parametric time that no iterator changes ("after the whole k loop": m)
  // only orders the statement among others, as a sequence would; one that
  // moves with a loop (n + i) is no shift a command makes.
  const bool loop = std::any_of(row.coefficients.begin(), row.coefficients.end(), [](long c) { return c != 0; });
  if (loop && isl_aff_involves_dims(a, isl_dim_param, 0, static_cast<unsigned>(isl_aff_dim(a, isl_dim_param))))
    throw NotExpressible(what + " has a parametric offset");
  return row;
}

// The member's function on the statement's instances: one affine piece.
AffineRow member_row(const EditNode& band, int member, const Statement& s) {
  isl::union_pw_aff u = upa_on(band.member(member), s);
  isl::pw_aff_list list = isl::manage(isl_union_pw_aff_get_pw_aff_list(u.copy()));
  if (list.size() != 1) throw NotExpressible("a loop function of " + s.name + " is not one function");
  isl::pw_aff pa = list.at(0).coalesce();
  std::vector<isl::aff> pieces;
  isl_pw_aff_foreach_piece(
      pa.get(),
      [](isl_set* set, isl_aff* aff, void* user) {
        isl_set_free(set);
        static_cast<std::vector<isl::aff>*>(user)->push_back(isl::manage(aff));
        return isl_stat_ok;
      },
      &pieces);
  if (pieces.empty()) throw NotExpressible("a loop function of " + s.name + " is empty");
  for (const isl::aff& p : pieces)
    if (!isl_aff_plain_is_equal(p.get(), pieces.front().get()))
      throw NotExpressible("a loop function of " + s.name + " has several pieces");
  return row_of(pieces.front(), s);
}

bool is_constant(const AffineRow& row) {
  return std::all_of(row.coefficients.begin(), row.coefficients.end(), [](long c) { return c == 0; });
}

// A member that is an outer loop again (up to sign and offset) orders nothing
// more: once the outer loop is fixed, it is constant (isl repeats rows so).
bool repeats(const StatementLayout& layout, const AffineRow& row) {
  for (const LayoutLoop& l : layout.loops) {
    bool same = true, opposite = true;
    for (std::size_t k = 0; k < row.coefficients.size(); ++k) {
      same = same && l.row.coefficients[k] == row.coefficients[k];
      opposite = opposite && l.row.coefficients[k] == -row.coefficients[k];
    }
    if (same || opposite) return true;
  }
  return false;
}

void collect_leaves(const Program& program, const EditNode& n, isl::union_set instances,
                    std::vector<std::string>& out) {
  if (n.kind == EditNode::Kind::Domain) instances = n.set;
  if (n.kind == EditNode::Kind::Filter) instances = instances.intersect(n.set);
  if (instances.is_empty()) return;
  if (n.children.empty()) {
    for (const std::string& s : statements_in(program, instances))
      if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    return;
  }
  for (const EditNode& c : n.children) collect_leaves(program, c, instances, out);
}

}  // namespace

StatementLayout statement_layout(const Program& program, const EditNode& root, const Statement& statement) {
  StatementLayout layout;
  layout.statement = &statement;
  for (const StatementLoop& l : statement_loops(program, root, statement)) {
    if (layout.bands.empty() || layout.bands.back() != l.band) layout.bands.push_back(l.band);
    AffineRow row = member_row(node_at(root, l.band), l.member, statement);
    if (is_constant(row) || repeats(layout, row)) continue;
    layout.loops.push_back({l.name, std::move(row), l.band, l.member});
  }
  return layout;
}

std::vector<std::string> leaf_order(const Program& program, const EditNode& root) {
  std::vector<std::string> out;
  collect_leaves(program, root, root.set, out);
  return out;
}

int shared_depth(const StatementLayout& a, const StatementLayout& b) {
  int d = 0;
  for (const LayoutLoop& l : a.loops) {
    if (std::find(b.bands.begin(), b.bands.end(), l.band) == b.bands.end()) break;
    ++d;
  }
  return d;
}

std::string row_text(const Statement& statement, const AffineRow& row) {
  std::string out;
  const std::vector<std::string> names = statement.iterators();
  auto term = [&](long c, const std::string& x) {
    if (c == 0) return;
    const bool negative = c < 0;
    const long m = negative ? -c : c;
    std::string t = (m == 1 && !x.empty()) ? x : std::to_string(m) + x;
    if (out.empty()) out = negative ? "-" + t : t;
    else out += (negative ? " - " : " + ") + t;
  };
  for (std::size_t k = 0; k < row.coefficients.size() && k < names.size(); ++k) term(row.coefficients[k], names[k]);
  term(row.constant, "");
  return out.empty() ? "0" : out;
}

}  // namespace loopscape

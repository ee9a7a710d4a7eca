// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/c_register_tile.h"

#include <map>

#include "analysis/access_box.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/subscripts.h"

namespace loopscape {

namespace {

// Beyond this many bytes a tile no longer fits in vector registers (AVX-512's
// 32 of 64 bytes: 256 doubles, 512 floats), and a local array would only add copies.
constexpr long kMaxTileBytes = 2048;

// e + c, the constant folded where e ends in one.
ExprPtr plus_constant(const ExprPtr& e, long c) {
  if (c == 0) return e;
  if (const std::optional<long> v = constant_value(e)) return make_int(*v + c);
  if (e->kind == ExprKind::Binary && (e->text == "+" || e->text == "-"))
    if (const std::optional<long> v = constant_value(e->args[1])) {
      const long folded = (e->text == "+" ? *v : -*v) + c;
      if (folded == 0) return e->args[0];
      return make_binary(folded > 0 ? "+" : "-", e->args[0], make_int(folded > 0 ? folded : -folded));
    }
  return c > 0 ? make_binary("+", e, make_int(c)) : make_binary("-", e, make_int(-c));
}

// a - b, nothing subtracted when b is 0.
ExprPtr minus(const ExprPtr& a, const ExprPtr& b) {
  if (const std::optional<long> v = constant_value(b); v && *v == 0) return a;
  return make_binary("-", a, b);
}

// `bound >= value` for each term of a min() bound, leaving out those that hold everywhere.
void add_at_least(std::vector<ExprPtr>& conditions, const std::vector<ExprPtr>& terms, const ExprPtr& value) {
  for (const ExprPtr& t : terms) {
    if (const std::optional<long> d = constant_value(make_binary("-", t, value)); d && *d >= 0) continue;
    conditions.push_back(make_binary(">=", t, value));
  }
}

const LoopNode& through_marks(const LoopNode& n) {
  const LoopNode* p = &n;
  while (p->kind == LoopNodeKind::Mark) p = &p->body();
  return *p;
}

void min_terms(const ExprPtr& e, std::vector<ExprPtr>& out) {
  if (e->kind == ExprKind::Call && e->text == "min" && e->args.size() == 2) {
    min_terms(e->args[0], out);
    min_terms(e->args[1], out);
  } else {
    out.push_back(e);
  }
}

bool only_point_tags(const LoopNode& loop) {
  for (const LoopTag& t : loop.tags)
    if (t.kind != "unroll" && t.kind != "vector") return false;
  return loop.has_tag("unroll") || loop.has_tag("vector");
}

bool mentions_any(const ExprPtr& e, const std::vector<std::string>& names) {
  for (const std::string& name : names)
    if (mentions(e, name)) return true;
  return false;
}

// Each point iterator alone among the points, with coefficient 1 or -1, in a
// subscript of its own: then distinct points touch distinct elements.
bool one_element_per_point(const ExprPtr& access, const std::vector<CRegisterTile::PointLoop>& points) {
  std::vector<LinearForm> subscripts;
  for (const ExprPtr& s : access->args) {
    std::optional<LinearForm> f = linear_form(s);
    if (!f) return false;
    subscripts.push_back(*f);
  }
  const auto coefficient = [](const LinearForm& f, const std::string& name) {
    const auto found = f.find(name);
    return found == f.end() ? 0L : found->second;
  };
  std::vector<bool> used(subscripts.size(), false);
  for (const auto& p : points) {
    bool placed = false;
    for (std::size_t d = 0; d < subscripts.size() && !placed; ++d) {
      if (used[d]) continue;
      const long c = coefficient(subscripts[d], p.loop->iterator);
      if (c != 1 && c != -1) continue;
      bool alone = true;
      for (const auto& q : points)
        if (q.loop != p.loop && coefficient(subscripts[d], q.loop->iterator) != 0) alone = false;
      if (alone) used[d] = placed = true;
    }
    if (!placed) return false;
  }
  return true;
}

}  // namespace

ExprPtr CRegisterTile::element(const Accumulator& a) const {
  std::vector<ExprPtr> index;
  for (const PointLoop& p : points)
    index.push_back(minus(Expr::make(ExprKind::Iterator, p.loop->iterator, {}, "int"), p.lower));
  return Expr::make(ExprKind::Access, a.name, index, a.element_type);
}

ExprPtr CRegisterTile::full_condition(const PointLoop& p) const {
  return make_binary("<", Expr::make(ExprKind::Iterator, p.loop->iterator, {}, "int"),
                plus_constant(p.lower, p.extent));
}

const CRegisterTile::PointLoop* CRegisterTile::point_of(const LoopNode& loop) const {
  for (const PointLoop& p : points)
    if (p.loop == &loop) return &p;
  return nullptr;
}

const CRegisterTile::Accumulator* CRegisterTile::accumulator_of(const std::string& array) const {
  for (const Accumulator& a : accumulators)
    if (a.array == array) return &a;
  return nullptr;
}

std::optional<CRegisterTile> plan_c_register_tile(const Program& program, const LoopNode& loop,
                                                  const std::set<std::string>& taken) {
  if (loop.kind != LoopNodeKind::For || loop.step != 1 || !loop.tags.empty()) return std::nullopt;
  const std::optional<ExprPtr> loop_last = loop_bound_inclusive(loop);
  if (!loop_last) return std::nullopt;

  CRegisterTile tile;
  std::vector<ExprPtr> conditions;
  std::vector<ExprPtr> loop_terms;
  min_terms(*loop_last, loop_terms);
  add_at_least(conditions, loop_terms, loop.init);
  std::vector<std::string> inside{loop.iterator};  // names a point's bounds may not use
  long elements = 1;
  const LoopNode* n = &through_marks(loop.body());
  for (; n->kind == LoopNodeKind::For; n = &through_marks(n->body())) {
    if (!only_point_tags(*n) || n->step != 1 || mentions_any(n->init, inside)) return std::nullopt;
    const std::optional<ExprPtr> last = loop_bound_inclusive(*n);
    if (!last) return std::nullopt;
    std::vector<ExprPtr> terms;
    min_terms(*last, terms);
    std::optional<long> extent;
    std::size_t extent_term = 0;
    for (std::size_t t = 0; t < terms.size() && !extent; ++t)
      if (const std::optional<long> c = constant_value(make_binary("-", terms[t], n->init)); c && *c >= 0) {
        extent = *c + 1;
        extent_term = t;
      }
    if (!extent) return std::nullopt;
    elements *= *extent;
    if (elements > kMaxTileBytes) return std::nullopt;  // too large even for bytes
    // The other bounds cut partial tiles: a full one reaches init + extent - 1 under each.
    terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(extent_term));
    if (mentions_any(*last, inside)) return std::nullopt;
    add_at_least(conditions, terms, plus_constant(n->init, *extent - 1));
    tile.points.push_back({n, n->init, *extent});
    inside.push_back(n->iterator);
  }
  if (tile.points.empty()) return std::nullopt;

  std::vector<const LoopNode*> users;
  if (n->kind == LoopNodeKind::User) {
    users.push_back(n);
  } else if (n->kind == LoopNodeKind::Block) {
    for (const auto& c : n->children) users.push_back(&through_marks(*c));
  } else {
    return std::nullopt;
  }
  std::vector<StatementInstance> instances;
  std::set<std::string> written;
  for (const LoopNode* u : users) {
    if (u->kind != LoopNodeKind::User || u->statement_index < 0) return std::nullopt;
    instances.push_back(instantiate(program, *u));
    const ExprPtr& target = instances.back().target;
    if (target && target->kind == ExprKind::Access) written.insert(target->text);
  }
  // Every access to a written array: the same element, one per point, not moving with the loop.
  std::map<std::string, ExprPtr> access_of;
  for (const StatementInstance& inst : instances) {
    std::vector<ExprPtr> accesses;
    accesses_in(inst.target, accesses);
    accesses_in(inst.value, accesses);
    for (const ExprPtr& a : accesses) {
      if (!written.count(a->text)) continue;
      auto [known, first] = access_of.emplace(a->text, a);
      if (!first && print_c_expr(*known->second) != print_c_expr(*a)) return std::nullopt;
    }
  }
  if (access_of.empty()) return std::nullopt;
  for (const auto& [array, access] : access_of) {
    if (access->args.empty() || mentions(access, loop.iterator) || !one_element_per_point(access, tile.points))
      return std::nullopt;
    std::string name = "ls_acc_" + array;
    for (int k = 1; taken.count(name); ++k) name = "ls_acc_" + array + "_" + std::to_string(k);
    const Array* declared = program.find_array(array);
    const std::string type = declared ? declared->element_type : access->type;
    if (elements * element_bytes(type) > kMaxTileBytes) return std::nullopt;
    tile.accumulators.push_back({array, name, type, access});
  }
  for (const ExprPtr& c : conditions)
    tile.full_tile = tile.full_tile ? make_binary("&&", tile.full_tile, c) : c;
  return tile;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "codegen/halide/halide_register_promotion.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loopscape {
namespace {

namespace H = Halide;
namespace HI = Halide::Internal;

bool reads_memory(const H::Expr& e) {
  struct Finder : HI::IRVisitor {
    bool found = false;
    using HI::IRVisitor::visit;
    void visit(const HI::Load*) override { found = true; }
    void visit(const HI::Call* c) override {
      found = found || !c->is_pure();
      HI::IRVisitor::visit(c);
    }
  } finder;
  e.accept(&finder);
  return finder.found;
}

bool uses_any(const H::Expr& e, const std::set<std::string>& names) {
  struct Finder : HI::IRVisitor {
    const std::set<std::string>& names;
    bool found = false;
    explicit Finder(const std::set<std::string>& n) : names(n) {}
    using HI::IRVisitor::visit;
    void visit(const HI::Variable* v) override { found = found || names.count(v->name) > 0; }
  } finder(names);
  e.accept(&finder);
  return finder.found;
}

HI::Stmt wrap_lets(const std::vector<std::pair<std::string, H::Expr>>& lets, HI::Stmt body) {
  for (auto it = lets.rbegin(); it != lets.rend(); ++it) body = HI::LetStmt::make(it->first, it->second, body);
  return body;
}

class ConditionHoister : public HI::IRMutator {
  using HI::IRMutator::visit;

  HI::Stmt visit(const HI::For* op) override {
    return unswitch(op->name, op->min, op->extent, op->for_type, op->device_api, mutate(op->body));
  }

  static HI::Stmt unswitch(const std::string& name, const H::Expr& min, const H::Expr& extent, HI::ForType type,
                           H::DeviceAPI api, const HI::Stmt& body) {
    auto loop = [&](const HI::Stmt& b) { return HI::For::make(name, min, extent, type, api, b); };
    if ((type != HI::ForType::Serial && type != HI::ForType::Parallel) || api != H::DeviceAPI::None)
      return loop(body);
    std::vector<std::pair<std::string, H::Expr>> lets;
    std::set<std::string> varying{name};
    HI::Stmt inner = body;
    while (const auto* let = inner.as<HI::LetStmt>()) {
      lets.emplace_back(let->name, let->value);
      varying.insert(let->name);
      inner = let->body;
    }
    const auto* branch = inner.as<HI::IfThenElse>();
    if (!branch || uses_any(branch->condition, varying) || reads_memory(branch->condition)) return loop(body);
    auto unswitched = [&](const HI::Stmt& side) {
      return unswitch(name, min, extent, type, api, wrap_lets(lets, side));
    };
    return HI::IfThenElse::make(branch->condition, unswitched(branch->then_case),
                                branch->else_case.defined() ? unswitched(branch->else_case) : HI::Stmt());
  }
};

// The accesses to one element (one vector of elements) of an array inside a
// loop body: the same index expression.
struct ElementAccesses {
  H::Expr index;
  H::Type type;
  bool same_type = true;
  bool all_unpredicated = true;
  bool written = false;
  bool touched_every_iteration = false;
  H::Buffer<> image;  // of a load, carried over to the accesses around the loop
  HI::Parameter param;
  HI::ModulusRemainder alignment;
};

class AccessCollector : public HI::IRVisitor {
 public:
  std::map<std::string, std::vector<ElementAccesses>> arrays;
  std::set<std::string> bound_inside;     // lets, loops and allocations of the body
  std::set<std::string> named_otherwise;  // variables, among them arrays used other than by Load and Store

 private:
  int conditional_depth_ = 0;
  std::map<std::string, std::map<H::Expr, std::size_t, HI::IRDeepCompare>> element_at_;
  using HI::IRVisitor::visit;

  ElementAccesses& record(const std::string& name, const H::Expr& index, H::Type type, const H::Expr& predicate,
                          const HI::ModulusRemainder& alignment) {
    std::vector<ElementAccesses>& elements = arrays[name];
    // By structure, in a map: a body of hundreds of statements has as many
    // distinct indices, and comparing each with every other was quadratic.
    const auto [known, added] = element_at_[name].try_emplace(index, elements.size());
    if (added) {
      ElementAccesses first;
      first.index = index;
      first.type = type;
      first.alignment = alignment;
      elements.push_back(first);
    }
    const auto it = elements.begin() + std::ptrdiff_t(known->second);
    it->same_type = it->same_type && it->type == type;
    it->all_unpredicated = it->all_unpredicated && HI::is_const_one(predicate);
    it->touched_every_iteration = it->touched_every_iteration || conditional_depth_ == 0;
    return *it;
  }
  void conditionally(const std::function<void()>& f) {
    ++conditional_depth_;
    f();
    --conditional_depth_;
  }

  void visit(const HI::Load* op) override {
    HI::IRVisitor::visit(op);
    ElementAccesses& e = record(op->name, op->index, op->type, op->predicate, op->alignment);
    if (!e.image.defined() && !e.param.defined()) {
      e.image = op->image;
      e.param = op->param;
    }
  }
  void visit(const HI::Store* op) override {
    HI::IRVisitor::visit(op);
    record(op->name, op->index, op->value.type(), op->predicate, op->alignment).written = true;
  }
  void visit(const HI::Variable* op) override { named_otherwise.insert(op->name); }
  void visit(const HI::LetStmt* op) override {
    bound_inside.insert(op->name);
    HI::IRVisitor::visit(op);
  }
  void visit(const HI::Let* op) override {
    bound_inside.insert(op->name);
    HI::IRVisitor::visit(op);
  }
  void visit(const HI::Allocate* op) override {
    bound_inside.insert(op->name);
    HI::IRVisitor::visit(op);
  }
  void visit(const HI::For* op) override {
    bound_inside.insert(op->name);
    op->min.accept(this);
    op->extent.accept(this);
    conditionally([&] { op->body.accept(this); });
  }
  void visit(const HI::IfThenElse* op) override {
    op->condition.accept(this);
    conditionally([&] {
      op->then_case.accept(this);
      if (op->else_case.defined()) op->else_case.accept(this);
    });
  }
  void visit(const HI::Select* op) override {
    op->condition.accept(this);
    conditionally([&] {
      op->true_value.accept(this);
      op->false_value.accept(this);
    });
  }
  // strict_float and the other pure intrinsics evaluate their arguments; if_then_else may not.
  void visit(const HI::Call* op) override {
    if (op->is_pure() && !op->is_intrinsic(HI::Call::if_then_else))
      HI::IRVisitor::visit(op);
    else
      conditionally([&] { HI::IRVisitor::visit(op); });
  }
};

// The first element and how many consecutive ones an index covers; none for
// a strided or gathered vector.
std::optional<std::pair<H::Expr, int>> covered_range(const H::Expr& index) {
  if (index.type().lanes() == 1) return std::make_pair(index, 1);
  if (const auto* ramp = index.as<HI::Ramp>(); ramp && HI::is_const_one(ramp->stride))
    return std::make_pair(ramp->base, ramp->lanes);
  return std::nullopt;
}

// Whether two indices of one array provably touch no common element (their
// starts differ by a constant at least as large as the lower one's width).
bool provably_disjoint(const H::Expr& a, const H::Expr& b) {
  const auto ra = covered_range(a), rb = covered_range(b);
  if (!ra || !rb) return false;
  const H::Expr difference = HI::simplify(ra->first - rb->first);
  const auto d = HI::as_const_int(difference);
  if (!d) return false;
  return *d >= rb->second || -*d >= ra->second;
}

class AccessRedirector : public HI::IRMutator {
 public:
  AccessRedirector(std::string array, H::Expr index, std::string temporary, int lanes)
      : array_(std::move(array)), index_(std::move(index)), temporary_(std::move(temporary)), lanes_(lanes) {}

 private:
  std::string array_;
  H::Expr index_;
  std::string temporary_;
  int lanes_;
  using HI::IRMutator::visit;

  H::Expr slot() const { return lanes_ == 1 ? H::Expr(0) : HI::Ramp::make(0, 1, lanes_); }

  H::Expr visit(const HI::Load* op) override {
    if (op->name != array_ || !HI::graph_equal(op->index, index_)) return HI::IRMutator::visit(op);
    return HI::Load::make(op->type, temporary_, slot(), H::Buffer<>(), HI::Parameter(), op->predicate,
                          HI::ModulusRemainder());
  }
  HI::Stmt visit(const HI::Store* op) override {
    if (op->name != array_ || !HI::graph_equal(op->index, index_)) return HI::IRMutator::visit(op);
    return HI::Store::make(temporary_, mutate(op->value), slot(), HI::Parameter(), op->predicate,
                           HI::ModulusRemainder());
  }
};

class InvariantAccessPromoter : public HI::IRMutator {
  int next_ = 0;
  using HI::IRMutator::visit;

  HI::Stmt visit(const HI::For* op) override {
    HI::Stmt body = mutate(op->body);
    if (op->for_type != HI::ForType::Serial || op->device_api != H::DeviceAPI::None)
      return HI::For::make(op->name, op->min, op->extent, op->for_type, op->device_api, body);

    AccessCollector collector;
    body.accept(&collector);
    collector.bound_inside.insert(op->name);
    struct Promotion {
      std::string array, temporary;
      H::Expr index;
      H::Type type;
      H::Buffer<> image;
      HI::Parameter param;
      HI::ModulusRemainder alignment;
    };
    std::vector<Promotion> promotions;
    for (const auto& [name, elements] : collector.arrays) {
      if (collector.bound_inside.count(name) || collector.named_otherwise.count(name)) continue;
      auto promotable = [&](const ElementAccesses& e) {
        return e.written && e.touched_every_iteration && e.same_type && e.all_unpredicated &&
               !reads_memory(e.index) && !uses_any(e.index, collector.bound_inside);
      };
      // Asking whether every pair is disjoint costs a simplification a pair:
      // only worth it when some element could move to a register.
      if (std::none_of(elements.begin(), elements.end(), promotable)) continue;
      bool disjoint = true;
      for (std::size_t x = 0; x < elements.size() && disjoint; ++x)
        for (std::size_t y = x + 1; y < elements.size() && disjoint; ++y)
          disjoint = provably_disjoint(elements[x].index, elements[y].index);
      if (!disjoint) continue;
      for (const ElementAccesses& e : elements) {
        if (!promotable(e)) continue;
        const std::string temporary = "loopscape.register." + name + "." + std::to_string(next_++);
        promotions.push_back({name, temporary, e.index, e.type, e.image, e.param, e.alignment});
        body = AccessRedirector(name, e.index, temporary, e.type.lanes()).mutate(body);
      }
    }
    HI::Stmt loop = HI::For::make(op->name, op->min, op->extent, op->for_type, op->device_api, body);
    if (promotions.empty()) return loop;

    std::vector<HI::Stmt> before, after;
    for (const Promotion& p : promotions) {
      const int lanes = p.type.lanes();
      const H::Expr slot = lanes == 1 ? H::Expr(0) : HI::Ramp::make(0, 1, lanes);
      const H::Expr element = HI::Load::make(p.type, p.array, p.index, p.image, p.param, HI::const_true(lanes), p.alignment);
      before.push_back(HI::Store::make(p.temporary, element, slot, HI::Parameter(), HI::const_true(lanes),
                                       HI::ModulusRemainder()));
      after.push_back(HI::Store::make(p.array, HI::Load::make(p.type, p.temporary, slot, H::Buffer<>(),
                                                              HI::Parameter(), HI::const_true(lanes),
                                                              HI::ModulusRemainder()),
                                      p.index, p.param, HI::const_true(lanes),
                                      p.alignment));
    }
    std::vector<HI::Stmt> sequence = before;
    sequence.push_back(loop);
    sequence.insert(sequence.end(), after.begin(), after.end());
    HI::Stmt promoted = HI::Block::make(sequence);
    for (auto it = promotions.rbegin(); it != promotions.rend(); ++it)
      promoted = HI::Allocate::make(it->temporary, it->type.element_of(), H::MemoryType::Stack, {it->type.lanes()},
                                    HI::const_true(), promoted);
    // The element is read before the loop, so only where an iteration reads or writes it.
    return HI::IfThenElse::make(op->extent > 0, promoted);
  }
};

}  // namespace

HI::Stmt hoist_invariant_conditions(const HI::Stmt& s) { return ConditionHoister().mutate(s); }

HI::Stmt promote_invariant_accesses(const HI::Stmt& s) { return InvariantAccessPromoter().mutate(s); }

}  // namespace loopscape

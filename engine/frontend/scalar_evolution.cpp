// SPDX-License-Identifier: Apache-2.0
#include "frontend/scalar_evolution.h"

#include <set>

namespace loopscape::frontend_detail {

Linear Linear::of(const clang::VarDecl* atom) {
  Linear l;
  l.terms[atom] = 1;
  return l;
}

Linear Linear::number(long long value) {
  Linear l;
  l.constant = value;
  return l;
}

Linear Linear::plus(const Linear& other) const {
  Linear sum = *this;
  sum.constant += other.constant;
  for (const auto& [atom, c] : other.terms) {
    const long long total = sum.terms[atom] + c;
    if (total == 0)
      sum.terms.erase(atom);
    else
      sum.terms[atom] = total;
  }
  return sum;
}

Linear Linear::scaled(long long factor) const {
  if (factor == 0) return number(0);
  Linear l;
  l.constant = constant * factor;
  for (const auto& [atom, c] : terms) l.terms[atom] = c * factor;
  return l;
}

long long Linear::coefficient(const clang::VarDecl* atom) const {
  const auto it = terms.find(atom);
  return it == terms.end() ? 0 : it->second;
}

namespace {

const clang::Expr* bare(const clang::Expr* e) {
  while (true) {
    e = e->IgnoreParens();
    if (const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) {
      e = c->getSubExpr();
      continue;
    }
    if (const auto* c = llvm::dyn_cast<clang::CStyleCastExpr>(e))
      if (c->getType()->isIntegerType() && c->getSubExpr()->getType()->isIntegerType()) {
        e = c->getSubExpr();
        continue;
      }
    return e;
  }
}

std::optional<long long> constant_of(const clang::Expr* e, const clang::ASTContext& ast) {
  if (!e->getType()->isIntegerType() || e->HasSideEffects(ast)) return std::nullopt;
  clang::Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ast) || r.Val.getInt().getMinSignedBits() > 62) return std::nullopt;
  return r.Val.getInt().getExtValue();
}

// Walks a loop body in order, keeping each tracked scalar's value.
class EffectWalker {
 public:
  EffectWalker(const clang::ASTContext& ast, const Classify& classify) : ast_(ast), classify_(classify) {}

  ScalarValues run(const clang::Stmt* body) {
    ScalarValues values;
    walk(body, values);
    // Whatever the walk did not follow is unknown.
    std::set<const clang::VarDecl*> written;
    collect_writes(body, written);
    for (const clang::VarDecl* v : written)
      if (opaque_ || !values.count(v)) values[v] = std::nullopt;
    return values;
  }

 private:
  std::optional<Linear> value_of(const clang::Expr* e, const ScalarValues& values) const {
    return linear_form(e, ast_, classify_, values);
  }

  std::optional<Linear> current(const clang::VarDecl* v, const ScalarValues& values) const {
    const auto it = values.find(v);
    return it == values.end() ? std::optional<Linear>(Linear::of(v)) : it->second;
  }

  void assign(const clang::VarDecl* v, std::optional<Linear> value, ScalarValues& values) {
    values[v] = std::move(value);
  }

  void walk(const clang::Stmt* s, ScalarValues& values) {
    if (!s || opaque_) return;
    if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(s)) {
      for (const clang::Stmt* child : c->body()) walk(child, values);
      return;
    }
    if (llvm::isa<clang::NullStmt>(s)) return;
    if (const auto* l = llvm::dyn_cast<clang::LabelStmt>(s)) return walk(l->getSubStmt(), values);
    if (const auto* d = llvm::dyn_cast<clang::DeclStmt>(s)) {
      for (const clang::Decl* decl : d->decls())
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(decl); v && classify_(v) == ScalarKind::Tracked)
          assign(v, v->hasInit() ? value_of(v->getInit(), values) : std::nullopt, values);
      return;
    }
    if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s)) {
      ScalarValues then_values = values;
      walk(i->getThen(), then_values);
      ScalarValues else_values = values;
      walk(i->getElse(), else_values);
      for (const auto* side : {&then_values, &else_values})
        for (const auto& [v, value] : *side) {
          (void)value;
          const std::optional<Linear> a = current(v, then_values);
          const std::optional<Linear> b = current(v, else_values);
          values[v] = a && b && *a == *b ? a : std::nullopt;
        }
      return;
    }
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s)) return walk_loop(f, values);
    if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) return walk_expression(e, values);
    opaque_ = true;  // goto, break, continue, return, while, switch, ...
  }

  // An inner loop: a scalar it steps by a constant c per iteration gains
  // c times the trip count; any other change is unknown after the loop.
  void walk_loop(const clang::ForStmt* f, ScalarValues& values) {
    const ScalarValues inner = iteration_effect(f->getBody(), ast_, classify_);
    const std::optional<long long> trips = constant_trip_count(f, ast_);
    for (const auto& [v, effect] : inner) {
      std::optional<Linear> after;
      if (effect && trips && effect->terms.size() == 1 && effect->coefficient(v) == 1)
        if (const std::optional<Linear> before = current(v, values))
          after = before->plus(Linear::number(effect->constant * *trips));
      values[v] = after;
    }
  }

  void walk_expression(const clang::Expr* e, ScalarValues& values) {
    const clang::Expr* x = e->IgnoreParens();
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x); b && b->isAssignmentOp()) {
      const clang::VarDecl* v = named_variable(b->getLHS());
      if (!v || classify_(v) != ScalarKind::Tracked) return;  // array elements: no scalar changes
      const std::optional<Linear> rhs = value_of(b->getRHS(), values);
      std::optional<Linear> result;
      const std::optional<Linear> old = current(v, values);
      switch (b->getOpcode()) {
        case clang::BO_Assign: result = rhs; break;
        case clang::BO_AddAssign:
          if (rhs && old) result = old->plus(*rhs);
          break;
        case clang::BO_SubAssign:
          if (rhs && old) result = old->plus(rhs->scaled(-1));
          break;
        case clang::BO_MulAssign:
          if (old)
            if (const std::optional<long long> c = constant_of(b->getRHS(), ast_)) result = old->scaled(*c);
          break;
        default: break;
      }
      assign(v, result, values);
      return;
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x); u && u->isIncrementDecrementOp()) {
      const clang::VarDecl* v = named_variable(u->getSubExpr());
      if (!v || classify_(v) != ScalarKind::Tracked) return;
      const std::optional<Linear> old = current(v, values);
      assign(v, old ? std::optional<Linear>(old->plus(Linear::number(u->isIncrementOp() ? 1 : -1))) : std::nullopt,
             values);
      return;
    }
    // A call to a helper of the file may write anything it can reach.
    if (llvm::isa<clang::CallExpr>(bare(x))) opaque_ = true;
  }

  void collect_writes(const clang::Stmt* s, std::set<const clang::VarDecl*>& out) const {
    if (!s) return;
    const clang::VarDecl* v = nullptr;
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s); b && b->isAssignmentOp())
      v = named_variable(b->getLHS());
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s); u && u->isIncrementDecrementOp())
      v = named_variable(u->getSubExpr());
    if (v && classify_(v) == ScalarKind::Tracked) out.insert(v);
    if (const auto* d = llvm::dyn_cast<clang::DeclStmt>(s))
      for (const clang::Decl* decl : d->decls())
        if (const auto* dv = llvm::dyn_cast<clang::VarDecl>(decl); dv && classify_(dv) == ScalarKind::Tracked)
          out.insert(dv);
    for (const clang::Stmt* child : s->children()) collect_writes(child, out);
  }

  const clang::ASTContext& ast_;
  const Classify& classify_;
  bool opaque_ = false;
};

}  // namespace

const clang::VarDecl* named_variable(const clang::Expr* e) {
  if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(bare(e))) return llvm::dyn_cast<clang::VarDecl>(r->getDecl());
  return nullptr;
}

std::optional<Linear> linear_form(const clang::Expr* e, const clang::ASTContext& ast, const Classify& classify,
                                  const ScalarValues& values) {
  const clang::Expr* x = bare(e);
  if (!x->getType()->isIntegerType()) return std::nullopt;
  if (const std::optional<long long> c = constant_of(x, ast)) return Linear::number(*c);
  if (const clang::VarDecl* v = named_variable(x)) {
    switch (classify(v)) {
      case ScalarKind::Atom: return Linear::of(v);
      case ScalarKind::Tracked: {
        const auto it = values.find(v);
        return it == values.end() ? std::optional<Linear>(Linear::of(v)) : it->second;
      }
      case ScalarKind::Other: return std::nullopt;
    }
  }
  const auto form = [&](const clang::Expr* sub) { return linear_form(sub, ast, classify, values); };
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x)) {
    if (u->getOpcode() == clang::UO_Minus)
      if (auto a = form(u->getSubExpr())) return a->scaled(-1);
    if (u->getOpcode() == clang::UO_Plus) return form(u->getSubExpr());
    return std::nullopt;
  }
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x)) {
    switch (b->getOpcode()) {
      case clang::BO_Add:
      case clang::BO_Sub: {
        auto l = form(b->getLHS());
        auto r = form(b->getRHS());
        if (!l || !r) return std::nullopt;
        return l->plus(b->getOpcode() == clang::BO_Add ? *r : r->scaled(-1));
      }
      case clang::BO_Mul: {
        if (auto c = constant_of(b->getRHS(), ast))
          if (auto l = form(b->getLHS())) return l->scaled(*c);
        if (auto c = constant_of(b->getLHS(), ast))
          if (auto r = form(b->getRHS())) return r->scaled(*c);
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

ScalarValues iteration_effect(const clang::Stmt* body, const clang::ASTContext& ast, const Classify& classify) {
  return EffectWalker(ast, classify).run(body);
}

std::optional<long long> constant_trip_count(const clang::ForStmt* loop, const clang::ASTContext& ast) {
  const clang::VarDecl* var = nullptr;
  std::optional<long long> lower;
  if (const auto* d = llvm::dyn_cast_or_null<clang::DeclStmt>(loop->getInit())) {
    if (d->isSingleDecl()) var = llvm::dyn_cast<clang::VarDecl>(d->getSingleDecl());
    if (var && var->hasInit()) lower = constant_of(var->getInit(), ast);
  } else if (const auto* b = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop->getInit());
             b && b->getOpcode() == clang::BO_Assign) {
    var = named_variable(b->getLHS());
    lower = constant_of(b->getRHS(), ast);
  }
  if (!var || !lower) return std::nullopt;
  // The step: i++, i--, i += c, i -= c.
  long long step = 0;
  const clang::Expr* inc = loop->getInc() ? loop->getInc()->IgnoreParens() : nullptr;
  if (const auto* u = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc);
      u && u->isIncrementDecrementOp() && named_variable(u->getSubExpr()) == var)
    step = u->isIncrementOp() ? 1 : -1;
  if (const auto* b = llvm::dyn_cast_or_null<clang::BinaryOperator>(inc);
      b && named_variable(b->getLHS()) == var &&
      (b->getOpcode() == clang::BO_AddAssign || b->getOpcode() == clang::BO_SubAssign))
    if (const std::optional<long long> c = constant_of(b->getRHS(), ast))
      step = b->getOpcode() == clang::BO_AddAssign ? *c : -*c;
  if (step == 0) return std::nullopt;
  // The condition: var OP constant, or constant OP var.
  const auto* cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop->getCond() ? loop->getCond()->IgnoreParens() : nullptr);
  if (!cond || !cond->isComparisonOp()) return std::nullopt;
  clang::BinaryOperatorKind op = cond->getOpcode();
  std::optional<long long> bound;
  if (named_variable(cond->getLHS()) == var) {
    bound = constant_of(cond->getRHS(), ast);
  } else if (named_variable(cond->getRHS()) == var) {
    bound = constant_of(cond->getLHS(), ast);
    op = clang::BinaryOperator::reverseComparisonOp(op);
  }
  if (!bound) return std::nullopt;
  // The iterations run while the condition holds: count them as an interval.
  long long first = *lower, last = 0;
  switch (op) {
    case clang::BO_LT: last = *bound - 1; break;
    case clang::BO_LE: last = *bound; break;
    case clang::BO_GT: last = *bound + 1; break;
    case clang::BO_GE: last = *bound; break;
    default: return std::nullopt;
  }
  const bool up = op == clang::BO_LT || op == clang::BO_LE;
  if (up != (step > 0)) return std::nullopt;  // runs never or forever: not counted here
  const long long span = up ? last - first : first - last;
  if (span < 0) return 0;
  const long long magnitude = step > 0 ? step : -step;
  return span / magnitude + 1;
}

}  // namespace loopscape::frontend_detail

// SPDX-License-Identifier: Apache-2.0
#include "analysis/reductions.h"

#include <vector>

namespace loopscape {
namespace {

bool is_target(const ExprPtr& e, const Expr& target) { return e && same_expr(*e, target); }

// The terms of a chain of `op` (for "+": also "-", whose right operands are
// subtracted terms), left to right, each with whether it is subtracted.
void chain_terms(const ExprPtr& e, const std::string& op, bool negated,
                 std::vector<std::pair<ExprPtr, bool>>& out) {
  const bool sum = op == "+";
  if (e->kind == ExprKind::Binary && (e->text == op || (sum && e->text == "-"))) {
    chain_terms(e->args[0], op, negated, out);
    chain_terms(e->args[1], op, e->text == "-" ? !negated : negated, out);
    return;
  }
  out.emplace_back(e, negated);
}

// The operator when `value` is a chain of `op` in which the target appears
// exactly once, not subtracted, and nothing else reads the target's array.
bool chain_reduces(const ExprPtr& value, const std::string& op, const Expr& target) {
  std::vector<std::pair<ExprPtr, bool>> terms;
  chain_terms(value, op, false, terms);
  int self = 0;
  for (const auto& [term, negated] : terms) {
    if (is_target(term, target) && !negated) {
      ++self;
      continue;
    }
    if (reads_array(*term, target.text)) return false;
  }
  return self == 1 && terms.size() > 1;
}

bool is_call(const Expr& e, std::initializer_list<const char*> names) {
  if (e.kind != ExprKind::Call || e.args.size() != 2) return false;
  for (const char* n : names)
    if (e.text == n) return true;
  return false;
}

// `a OP b` read as "a is greater than b" (true), "a is less than b" (false).
std::optional<bool> greater(const Expr& comparison) {
  if (comparison.kind != ExprKind::Binary) return std::nullopt;
  if (comparison.text == ">" || comparison.text == ">=") return true;
  if (comparison.text == "<" || comparison.text == "<=") return false;
  return std::nullopt;
}

// max or min when `comparison` compares `candidate` with the target and the
// winner of that comparison is `candidate` (the value assigned).
std::optional<ReductionOperator> extremum(const Expr& comparison, const ExprPtr& candidate, const Expr& target) {
  const std::optional<bool> gt = greater(comparison);
  if (!gt) return std::nullopt;
  const ExprPtr& l = comparison.args[0];
  const ExprPtr& r = comparison.args[1];
  if (same_expr(*l, *candidate) && is_target(r, target))
    return *gt ? ReductionOperator::Max : ReductionOperator::Min;
  if (is_target(l, target) && same_expr(*r, *candidate))
    return *gt ? ReductionOperator::Min : ReductionOperator::Max;
  return std::nullopt;
}

std::optional<ReductionOperator> operator_of(const Statement& s) {
  const Expr& t = *s.target;
  const ExprPtr& v = s.value;
  if (!v) return std::nullopt;
  if (s.assign_op == "+=" || s.assign_op == "-=")
    return reads_array(*v, t.text) ? std::nullopt : std::optional(ReductionOperator::Sum);
  if (s.assign_op == "*=")
    return reads_array(*v, t.text) ? std::nullopt : std::optional(ReductionOperator::Product);
  if (s.assign_op != "=") return std::nullopt;
  if (s.guard) {
    // if (E > T) T = E;  the guard is the whole condition, E the value.
    if (reads_array(*v, t.text)) return std::nullopt;
    return extremum(*s.guard, v, t);
  }
  if (chain_reduces(v, "+", t)) return ReductionOperator::Sum;
  if (chain_reduces(v, "*", t)) return ReductionOperator::Product;
  const bool max_call = is_call(*v, {"fmax", "fmaxf", "fmaxl", "max", "MAX"});
  if (max_call || is_call(*v, {"fmin", "fminf", "fminl", "min", "MIN"})) {
    const ExprPtr& a = v->args[0];
    const ExprPtr& b = v->args[1];
    const ExprPtr& other = is_target(a, t) ? b : is_target(b, t) ? a : nullptr;
    if (!other || reads_array(*other, t.text)) return std::nullopt;
    return max_call ? ReductionOperator::Max : ReductionOperator::Min;
  }
  if (v->kind == ExprKind::Ternary) {
    // T = C ? X : Y where C compares T and E and the larger (or smaller) wins.
    const Expr& c = *v->args[0];
    const ExprPtr& x = v->args[1];
    const ExprPtr& y = v->args[2];
    const ExprPtr& other = is_target(x, t) ? y : is_target(y, t) ? x : nullptr;
    if (!other || reads_array(*other, t.text) || !greater(c)) return std::nullopt;
    const std::optional<ReductionOperator> op = extremum(c, other, t);
    if (!op) return std::nullopt;
    // C true picks X: the candidate wins when C holds only if X is it.
    if (x == other) return op;
    return *op == ReductionOperator::Max ? ReductionOperator::Min : ReductionOperator::Max;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Reduction> statement_reduction(const Statement& statement) {
  if (!statement.target || statement.target->kind != ExprKind::Access || statement.target->access_index < 0)
    return std::nullopt;
  const std::string& array = statement.target->text;
  // The target's own subscripts never read it (a[a[0]] += 1 is no reduction).
  for (const ExprPtr& sub : statement.target->args)
    if (reads_array(*sub, array)) return std::nullopt;
  const std::optional<ReductionOperator> op = operator_of(statement);
  if (!op) return std::nullopt;
  // A guard of a sum or product reads nothing of the array (the extremum's
  // guard is its comparison, checked above).
  const bool extremum_guard = statement.assign_op == "=" && statement.guard &&
                              (*op == ReductionOperator::Max || *op == ReductionOperator::Min);
  if (statement.guard && !extremum_guard && reads_array(*statement.guard, array)) return std::nullopt;
  // Every access to the array is the updated element itself.
  for (const Access& a : statement.accesses)
    if (a.array == array && !a.relation.is_equal(statement.accesses.at(std::size_t(statement.target->access_index)).relation))
      return std::nullopt;
  return Reduction{*op, array};
}

ExprPtr reduction_operand(const Statement& statement, const ExprPtr& target, const ExprPtr& value) {
  const std::optional<Reduction> r = statement_reduction(statement);
  if (!r) return nullptr;
  const std::string type = value->type.empty() ? target->type : value->type;
  if (statement.assign_op == "+=" || statement.assign_op == "*=") return value;
  if (statement.assign_op == "-=") return Expr::make(ExprKind::Unary, "-", {value}, type);
  if (statement.guard) return value;  // if (E > T) T = E
  const Expr& t = *target;
  if (r->op == ReductionOperator::Sum || r->op == ReductionOperator::Product) {
    const std::string op = r->op == ReductionOperator::Sum ? "+" : "*";
    std::vector<std::pair<ExprPtr, bool>> terms;
    chain_terms(value, op, false, terms);
    ExprPtr rest;
    bool skipped = false;
    for (const auto& [term, negated] : terms) {
      if (!skipped && !negated && is_target(term, t)) {
        skipped = true;
        continue;
      }
      if (!rest)
        rest = negated ? Expr::make(ExprKind::Unary, "-", {term}, type) : term;
      else
        rest = Expr::make(ExprKind::Binary, negated ? "-" : op, {rest, term}, type);
    }
    return rest;
  }
  if (value->kind == ExprKind::Call) return is_target(value->args[0], t) ? value->args[1] : value->args[0];
  if (value->kind == ExprKind::Ternary) return is_target(value->args[1], t) ? value->args[2] : value->args[1];
  return nullptr;
}

std::string reduction_clause_operator(ReductionOperator op) {
  switch (op) {
    case ReductionOperator::Sum: return "+";
    case ReductionOperator::Product: return "*";
    case ReductionOperator::Max: return "max";
    case ReductionOperator::Min: return "min";
  }
  return "+";
}

std::string reduction_operator_name(ReductionOperator op) {
  switch (op) {
    case ReductionOperator::Sum: return "sum";
    case ReductionOperator::Product: return "product";
    case ReductionOperator::Max: return "max";
    case ReductionOperator::Min: return "min";
  }
  return "sum";
}

bool is_reduction_pair(const Statement& source, const Statement& sink, const std::string& array) {
  const std::optional<Reduction> a = statement_reduction(source);
  if (!a || a->array != array) return false;
  const std::optional<Reduction> b = &source == &sink ? a : statement_reduction(sink);
  return b && b->array == array && b->op == a->op;
}

}  // namespace loopscape

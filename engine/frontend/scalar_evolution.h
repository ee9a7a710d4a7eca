// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to the front-end (includes clang headers). What a loop body does to
// the integer scalars of the region, so that induction variables (`k++`) and
// wrap-around variables (`im1 = i` at the end of the body) get closed forms in
// the loop iterators, as a compiler's scalar evolution gives them.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <functional>
#include <map>
#include <optional>

namespace loopscape::frontend_detail {

// constant + sum of coefficient * atom. An atom is a variable: a loop iterator
// or an integer parameter stands for itself; a tracked scalar stands for the
// value it held where the form is anchored (the start of a loop iteration, or
// the point where the form is evaluated).
struct Linear {
  std::map<const clang::VarDecl*, long long> terms;  // no zero coefficients
  long long constant = 0;

  static Linear of(const clang::VarDecl* atom);
  static Linear number(long long value);
  Linear plus(const Linear& other) const;
  Linear scaled(long long factor) const;
  long long coefficient(const clang::VarDecl* atom) const;
  bool operator==(const Linear& other) const = default;
};

enum class ScalarKind {
  Tracked,  // an integer scalar the region writes
  Atom,     // a loop iterator or a read-only integer: stands for itself
  Other,    // anything else: not linear
};
using Classify = std::function<ScalarKind(const clang::VarDecl*)>;

// Tracked scalar -> its value in terms of the atoms; nullopt: not a linear form.
using ScalarValues = std::map<const clang::VarDecl*, std::optional<Linear>>;

// The linear form of an integer expression without side effects, a tracked
// scalar standing for its value in `values` (itself when absent); nullopt
// when the expression is not linear in the atoms.
std::optional<Linear> linear_form(const clang::Expr* e, const clang::ASTContext& ast, const Classify& classify,
                                  const ScalarValues& values);

// What one iteration of `body` leaves in each tracked scalar it may write, in
// terms of the values the tracked scalars held when the iteration began. Every
// tracked scalar written anywhere in the body has an entry; nullopt where the
// value is not one linear form (it depends on data, on which branch ran, on an
// inner loop whose trip count is unknown, on a jump).
ScalarValues iteration_effect(const clang::Stmt* body, const clang::ASTContext& ast, const Classify& classify);

// How many times `loop` runs its body, when its bounds and step are integer
// constants (`for (j = 1; j < 20; j++)`); nullopt otherwise.
std::optional<long long> constant_trip_count(const clang::ForStmt* loop, const clang::ASTContext& ast);

// The variable an expression names (through parentheses and casts), or null.
const clang::VarDecl* named_variable(const clang::Expr* e);

}  // namespace loopscape::frontend_detail

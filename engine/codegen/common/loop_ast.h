// SPDX-License-Identifier: Apache-2.0
#pragma once
// Loopscape's own loop AST: the one isl AST of a schedule, converted into
// target-neutral nodes that every printer (C/OpenMP, CUDA, MPI, HLS, Halide IR)
// walks with codegen/common/walker.h.
//
// Expressions are model/expr.h trees. In loop bounds, conditions and the
// per-instance iterator values they use:
//   Iterator   a generated loop variable (text: its name, e.g. "i" or "c1")
//   Parameter  a symbolic constant of the program (n)
//   IntLiteral, Unary "-", Binary (+ - * / % == != < <= > >= && ||), Ternary
//   Call       intrinsics only: "floord"(a, b) (floor division, b > 0),
//              "min"(a, b), "max"(a, b) (n-ary ones are nested pairs).
// Division "/" and "%" only appear where the dividend is known non-negative
// (or the division is exact), so C's truncating semantics are right.
#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/expr.h"
#include "model/program.h"
#include "schedule/tags.h"

namespace loopscape {

enum class LoopNodeKind { Block, For, If, User, Mark };

struct LoopNode;
using LoopNodePtr = std::shared_ptr<LoopNode>;

struct LoopNode {
  LoopNodeKind kind = LoopNodeKind::Block;
  // Block: the statements in order. For: {body}. If: {then} or {then, else}.
  // Mark: {body}. User: none.
  std::vector<LoopNodePtr> children;

  // For: `for (iterator = init; cond; iterator += step)`; step may be negative
  // (then cond bounds the iterator from below). `tags` come from the
  // schedule's tag marks (schedule/tags.h), e.g. {parallel}.
  std::string iterator;
  ExprPtr init;
  ExprPtr cond;
  long step = 1;
  std::vector<LoopTag> tags;
  // The name a command gave this loop's band member (tile's i0, ...;
  // schedule/loop_names.h), and whether the loop took it (later renaming keeps it).
  std::string given_name;
  bool created_name = false;

  // If: the condition.
  ExprPtr condition;

  // User: one instance of a statement; iterator_values[d] is the value of the
  // statement's d-th source iterator (Statement::loops[d]) in the loop variables.
  // A name that is no statement of the program (statement_index -1) is a call
  // a target grafted into the schedule (isl extension nodes), its arguments in
  // iterator_values: the walker hands it to LoopAstWalker::extension.
  std::string statement;
  int statement_index = -1;  // into Program::statements
  std::vector<ExprPtr> iterator_values;

  // Mark: the schedule node name (schedule/node_names.h) of the subtree.
  std::string mark;

  bool has_tag(const std::string& kind) const;
  const LoopNode& body() const { return *children.at(0); }
};

struct LoopAstOptions {
  bool rename_iterators = true;   // c0 -> i when the loop is exactly every statement's i
  bool reverse_negated_loops = true;  // a loop over -i becomes a decreasing loop over i
  // Loops with a tag of this kind keep the direction of their schedule values
  // ("" for none): the mpi target's blocks are ranges of those values.
  std::string keep_direction_of_tag;
};

// Builds the isl AST of `schedule` (context: program.context) inside
// program.isl().bounded(...). Tag and name marks become isl AST marks.
isl::ast_node build_isl_ast(const Program& program, const isl::schedule& schedule);

// Converts an isl AST from build_isl_ast into a loop AST. A tag goes to the
// loops of its band member only (none when isl left that loop out), and loops
// of band members that commands named (@loops marks) take those names.
LoopNodePtr convert_isl_ast(const Program& program, const isl::ast_node& ast, const LoopAstOptions& options = {});

// The isl AST that enumerates the points of `set` in lexicographic order,
// one User node per point named after the set's tuple (an extension call for
// the walker), its coordinates as arguments. The loop variables are named
// `iterator_prefix` + depth; parameters that are not the program's stay
// Iterator expressions (free names of the surrounding code).
LoopNodePtr scan_loop_ast(const Program& program, const isl::set& set, const std::string& iterator_prefix);

// A piecewise affine expression as a target-neutral expression (via isl's AST
// expression builder, under the context of `program`).
ExprPtr expr_from_pw_aff(const Program& program, const isl::pw_aff& value);

// A condition that holds exactly at the points of `set` (a set of a
// statement's instances, its dimensions named `iterators`), as an expression
// over Iterator names (under the context of `program`).
ExprPtr condition_from_set(const Program& program, const isl::set& set, const std::vector<std::string>& iterators);

// isl's C text of such an AST without the depths build_isl_ast adds to the
// tag marks' comments ("// @parallel#3" -> "// @parallel").
std::string without_tag_depths(const std::string& isl_ast_text);

// build_isl_ast + convert_isl_ast.
LoopNodePtr build_loop_ast(const Program& program, const isl::schedule& schedule,
                           const LoopAstOptions& options = {});

// The inclusive upper (step > 0) or lower (step < 0) bound of a For when its
// condition has the form `it <= e`, `it < e`, `it >= e` or `it > e`.
std::optional<ExprPtr> loop_bound_inclusive(const LoopNode& for_node);

// The statement body of a User node with the source iterators replaced by the
// per-instance values (target-neutral; printers parenthesise by precedence).
struct StatementInstance {
  const Statement* statement = nullptr;
  ExprPtr target;
  std::string assign_op;
  ExprPtr value;
};
StatementInstance instantiate(const Program& program, const LoopNode& user);

// Names of the intrinsics ("floord", "min", "max", ...) used anywhere in the AST.
std::set<std::string> used_intrinsics(const LoopNode& root);

// Every identifier the program's statements and parameters use (for picking fresh names).
std::set<std::string> program_identifiers(const Program& program);

// Expression helpers that fold trivial cases.
ExprPtr make_int(long v);
ExprPtr make_binary(const std::string& op, ExprPtr a, ExprPtr b, const std::string& type = "int");
ExprPtr make_negation(const ExprPtr& e);  // -e, simplified: -(-x) = x, -(a - b) = b - a, ...

// A debug dump of the tree (one node per line).
std::string dump_loop_ast(const LoopNode& root);

}  // namespace loopscape

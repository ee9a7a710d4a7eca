#pragma once
// C (and C + OpenMP) from a loop AST, through the shared walker.
#include <set>
#include <string>

#include "codegen/loop_ast.h"

namespace loopscape {

// A C expression with minimal parentheses (model/expr.h c_precedence).
// Intrinsic calls (floord, ceild, min, max) are added to `helpers`.
std::string print_c_expr(const Expr& e, std::set<std::string>* helpers = nullptr);

struct CPrintOptions {
  bool openmp = false;  // honour loop tags: parallel -> omp parallel for, vector -> omp simd
  int indent = 2;       // spaces per level
  bool mark_comments = false;  // print schedule node names as /* C0 */ comments
};

struct CCode {
  std::string text;               // the statements, one per line, starting at column 0
  std::set<std::string> helpers;  // intrinsics the text uses
};

CCode print_c(const Program& program, const LoopNode& root, const CPrintOptions& options = {});

// #ifndef-guarded definitions of the given helpers ("" for none), in a fixed order.
std::string c_helper_definitions(const std::set<std::string>& helpers);

// Declarations of the temporaries declared inside the region (Array::declared_in_region).
std::string c_region_declarations(const Program& program);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// C (and C + OpenMP) from a loop AST, through the shared walker.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "codegen/common/c_register_tile.h"
#include "codegen/common/local_copy.h"
#include "codegen/common/loop_ast.h"
#include "codegen/common/walker.h"

namespace loopscape {

// A C expression with minimal parentheses (model/expr.h c_precedence).
// Intrinsic calls (floord, ceild, min, max) are added to `helpers`.
std::string print_c_expr(const Expr& e, std::set<std::string>* helpers = nullptr);

struct CPrintOptions {
  bool openmp = false;  // honour loop tags: parallel -> omp parallel for, vector -> omp simd
  int indent = 2;       // spaces per level
  bool mark_comments = false;  // print schedule node names as /* C0 */ comments
  bool gcc_unroll = true;      // unroll tags -> #pragma <unroll_pragma> N
  std::string unroll_pragma = "GCC unroll";  // "unroll" in CUDA kernels
  bool register_tiles = false;  // full register tiles in local arrays (codegen/common/c_register_tile.h)
  // Integer arguments of libm's functions cast to their floating type: in a
  // CUDA kernel sin(i) would pick the host-only integer overload of C++'s <cmath>.
  bool float_math_arguments = false;
  // Each loop tagged parallel runs sequentially from its last iteration to
  // its first: results that change then come from a race (verify's
  // --reverse-parallel, a deterministic check of the parallel tags).
  bool reverse_parallel = false;
  // With `openmp`: the automatic parallel tags of the OpenMP target
  // ("@parallel(auto)", schedule/parallelism.h) count too; false: only the
  // loops the user tagged (the MPI target, which prints the same AST).
  bool automatic_parallel = true;
  // copy_at's copies (loop tag "copy") as local arrays, sized from the
  // schedule the AST was built from. Null: the printer leaves copy tags to
  // the target (the cuda kernels' shared memory).
  const isl::schedule* local_copies_from = nullptr;
  // The program's dependences, where the caller has them: which scalars a
  // parallel loop may keep private (codegen/common/loop_reductions.h).
  const Dependences* dependences = nullptr;
};


struct CCode {
  std::string text;               // the statements, one per line, starting at column 0
  std::set<std::string> helpers;  // intrinsics the text uses
};

CCode print_c(const Program& program, const LoopNode& root, const CPrintOptions& options = {});

// The C printer as a walker, for targets that print C with more in it (MPI
// exchanges, ...): they override the hooks and call these back.
class CPrinter : public LoopAstWalker {
 public:
  CPrinter(const Program& program, const CPrintOptions& options) : LoopAstWalker(program), opt_(options) {
    use_dependences(options.dependences);
  }
  CCode result() const;

 protected:
  void line(const std::string& text);
  std::string expr(const ExprPtr& e);
  // The head of a for loop: `for (int i = init; cond; i++)`.
  std::string for_head(const LoopNode& loop, const ExprPtr& init, const ExprPtr& cond);
  int level() const { return level_; }
  void indent() { ++level_; }
  void outdent() { --level_; }

  // Lines a target adds at the start and the end of each iteration of a loop
  // (the body is braced when there are any).
  virtual std::vector<std::string> iteration_prologue(const LoopNode&) { return {}; }
  virtual std::vector<std::string> iteration_epilogue(const LoopNode&) { return {}; }

  void visit(const LoopNode& n) override;
  void enter_for(const LoopNode& n) override;
  void leave_for(const LoopNode& n) override;
  void enter_if(const LoopNode& n) override;
  void enter_else(const LoopNode& n) override;
  void leave_if(const LoopNode& n) override;
  void enter_mark(const LoopNode& n) override;
  void user(const LoopNode& node, const StatementInstance& instance) override;

 private:
  bool braced(const LoopNode& body) const;
  bool prints_pragma(const LoopNode& loop) const;
  // The loop has a parallel tag this printer honours (automatic_parallel).
  bool parallel_loop(const LoopNode& loop) const;
  void print_loop_pragmas(const LoopNode& loop);
  // How an automatic parallel loop inside a sequential one is printed: as
  // tagged, sequential (too little work), or in two versions chosen at run
  // time by the estimated work; a comment says why.
  struct ParallelChoice {
    enum Kind { Parallel, Sequential, AtRunTime } kind = Parallel;
    std::string comment;
    std::string condition;  // AtRunTime: the C condition of the parallel version
  };
  ParallelChoice parallel_choice(const LoopNode& loop);
  void visit_one_version(const LoopNode& loop);
  std::string data_sharing_clauses(const LoopNode& loop);
  void print_register_tile(const LoopNode& loop, const CRegisterTile& tile);
  void print_tile_copy(const CRegisterTile& tile, bool load);
  ExprPtr in_registers(const ExprPtr& e) const;
  // copy_at: fill the copies the loop's tags ask for; store them back.
  void start_local_copies(const LoopNode& loop);
  void end_local_copies(const LoopNode& loop);
  void scan_copy(const LocalCopy& copy, const std::string& body);
  // Accesses to an array with a copy in scope go to the innermost copy.
  ExprPtr in_copies(const ExprPtr& e) const;
  void open_body(const LoopNode& body, const std::string& head, bool force_braces = false);
  void close_body(const LoopNode& body, bool force_braces = false);
  struct OpenLoop {
    bool forced_braces = false;
    std::vector<std::string> epilogue;
  };
  std::vector<OpenLoop> open_loops_;  // the loops being printed, innermost last

  CPrintOptions opt_;
  const CRegisterTile* tile_ = nullptr;  // the full register tile being printed
  std::map<std::string, std::vector<LocalCopy>> copies_;  // per array, the copies in scope, innermost last
  const LoopNode* sequential_version_ = nullptr;  // the parallel loop being printed without its pragma
  std::set<std::string> identifiers_;    // the program's, for fresh names (filled when needed)
  std::vector<std::string> lines_;
  std::set<std::string> helpers_;
  int level_ = 0;
};

// #ifndef-guarded definitions of the given helpers ("" for none), in a fixed order.
std::string c_helper_definitions(const std::set<std::string>& helpers);

// Declarations of the temporaries declared inside the region (Array::declared_in_region).
std::string c_region_declarations(const Program& program);

}  // namespace loopscape

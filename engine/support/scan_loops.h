// SPDX-License-Identifier: Apache-2.0
#pragma once
// The loops isl generates to scan a set, copied once out of isl's AST into
// flat arrays and run here. Reading the AST through isl's accessors at every
// point (a copy and a free per expression) cost microseconds per point: the
// plots of stencils enumerate hundreds of thousands.
#include <isl/ast.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loopscape {

class ScanLoops {
 public:
  // Copies `loops` (not taken); throws std::runtime_error on a node or an
  // operation a scan of a set does not have. A name that is no loop's
  // iterator is a parameter (set_parameters).
  explicit ScanLoops(isl_ast_node* loops);

  // Calls `found` with each user node's arguments (the point), in the order
  // the loops run, until it returns false. False when stopped early.
  bool run(const std::function<bool(const std::vector<long>&)>& found);

  // Calls `row(first, last, n)` for each row of points an innermost loop
  // `for (i = a; i <= b; i++)` makes (its first and last point, n = b - a + 1,
  // without running it), and `row(p, p, 1)` for each other point, in scan
  // order, until it returns false. False when stopped early.
  using RowFunction = std::function<bool(const std::vector<long>&, const std::vector<long>&, long)>;
  bool run_rows(const RowFunction& row);

  // Loops built for a set with parameters name them: their values for the
  // next runs. Throws std::invalid_argument for a parameter without one.
  void set_parameters(const std::map<std::string, long>& values);

 private:
  struct Expr {
    enum class Kind : unsigned char { Int, Slot, Op };
    Kind kind = Kind::Int;
    isl_ast_expr_op_type op = isl_ast_expr_op_error;
    long value = 0;  // Int: the value; Slot: the iterator's slot
    int first = 0;   // Op: its operands, operands_[first .. first + count)
    int count = 0;
  };
  struct Node {
    enum class Kind : unsigned char { For, If, Block, User };
    Kind kind = Kind::Block;
    int slot = 0;                       // For: the iterator
    int init = -1, cond = -1, inc = -1; // For; If: cond
    bool degenerate = false;            // For: one iteration
    int body = -1, otherwise = -1;      // For: body; If: then, else (-1: none)
    int first = 0, count = 0;           // Block: children_[...]; User: operands_[...] (the point)
  };

  int compile(isl_ast_node* node);
  int compile(isl_ast_expr* expr);
  int slot_of(isl_id* id);
  long eval(int expr);
  bool run(int node);
  bool run_rows(int node);
  bool uses_slot(int expr, int slot) const;
  std::optional<long> last_iteration(const Node& loop);
  const std::vector<long>& point_at(const Node& user, std::vector<long>& into);

  std::vector<Expr> exprs_;
  std::vector<Node> nodes_;
  std::vector<int> operands_;
  std::vector<int> children_;
  std::vector<const isl_id*> slot_ids_;
  std::vector<std::pair<std::string, int>> parameters_;  // name, slot
  bool parameters_set_ = false;
  std::vector<long> slots_;
  std::vector<long> point_;
  int root_ = -1;
  const std::function<bool(const std::vector<long>&)>* found_ = nullptr;
  const RowFunction* row_ = nullptr;
  std::vector<long> row_last_;
};

}  // namespace loopscape

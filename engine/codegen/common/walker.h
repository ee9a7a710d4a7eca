// SPDX-License-Identifier: Apache-2.0
#pragma once
// The shared walk over a loop AST (codegen/common/loop_ast.h). Printers for every
// target derive from LoopAstWalker and override the hooks they need; the walk
// keeps the enclosing loops and marks and hands each statement instance over
// with its body already instantiated (target-neutral Expr trees).
#include <optional>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "codegen/common/loop_ast.h"
#include "support/error.h"

namespace loopscape {

class LoopAstWalker {
 public:
  explicit LoopAstWalker(const Program& program) : program_(program) {}
  virtual ~LoopAstWalker() = default;
  LoopAstWalker(const LoopAstWalker&) = delete;
  LoopAstWalker& operator=(const LoopAstWalker&) = delete;

  // The program's dependences, for the questions that need them
  // (loop_private_scalars); where the caller has none, dependences()
  // computes them the first time it is asked.
  void use_dependences(const Dependences* dependences) { dependences_ = dependences; }

  void walk(const LoopNode& root) {
    root_ = &root;
    visit(root);
  }

 protected:
  const Program& program() const { return program_; }
  // The node walk() started from (null before it).
  const LoopNode* root() const { return root_; }
  const Dependences& dependences() const;
  // The scalars parallel loop `n` gives each thread its own copy of.
  std::vector<std::string> private_scalars(const LoopNode& n) const;
  // Enclosing For nodes, outermost first (the current one included inside enter_for/leave_for's body).
  const std::vector<const LoopNode*>& enclosing_loops() const { return loops_; }
  // Enclosing Mark nodes (schedule node names), outermost first.
  const std::vector<const LoopNode*>& enclosing_marks() const { return marks_; }
  // True when an enclosing loop carries a tag of this kind.
  bool inside_tag(const std::string& kind) const {
    for (const LoopNode* l : loops_)
      if (l->has_tag(kind)) return true;
    return false;
  }
  // Number of enclosing For and If nodes.
  int nesting() const { return nesting_; }

  virtual void enter_block(const LoopNode&) {}
  virtual void leave_block(const LoopNode&) {}
  virtual void enter_for(const LoopNode&) {}
  virtual void leave_for(const LoopNode&) {}
  virtual void enter_if(const LoopNode&) {}
  virtual void enter_else(const LoopNode&) {}
  virtual void leave_if(const LoopNode&) {}
  virtual void enter_mark(const LoopNode&) {}
  virtual void leave_mark(const LoopNode&) {}
  virtual void user(const LoopNode& node, const StatementInstance& instance) = 0;
  // A User node that names no statement of the program: a call a target
  // grafted into the schedule (an MPI exchange, ...); its arguments are in
  // node.iterator_values. Targets that graft none never see one.
  virtual void extension(const LoopNode& node) {
    throw IslError("this target cannot print the grafted call " + node.statement, false);
  }

  // Visits one node (and its subtree) with the hooks above; overridable for
  // targets that restructure (e.g. outline a kernel), which call it back.
  virtual void visit(const LoopNode& n) {
    switch (n.kind) {
      case LoopNodeKind::Block:
        enter_block(n);
        for (const auto& c : n.children) visit(*c);
        leave_block(n);
        break;
      case LoopNodeKind::For:
        enter_for(n);
        loops_.push_back(&n);
        ++nesting_;
        visit(n.body());
        --nesting_;
        loops_.pop_back();
        leave_for(n);
        break;
      case LoopNodeKind::If:
        enter_if(n);
        ++nesting_;
        visit(*n.children.at(0));
        if (n.children.size() > 1) {
          enter_else(n);
          visit(*n.children[1]);
        }
        --nesting_;
        leave_if(n);
        break;
      case LoopNodeKind::Mark:
        enter_mark(n);
        marks_.push_back(&n);
        visit(n.body());
        marks_.pop_back();
        leave_mark(n);
        break;
      case LoopNodeKind::User:
        if (n.statement_index < 0)
          extension(n);
        else
          user(n, instantiate(program_, n));
        break;
    }
  }

 private:
  const Program& program_;
  const LoopNode* root_ = nullptr;
  const Dependences* dependences_ = nullptr;
  mutable std::optional<Dependences> computed_;

  std::vector<const LoopNode*> loops_;
  std::vector<const LoopNode*> marks_;
  int nesting_ = 0;
};

}  // namespace loopscape

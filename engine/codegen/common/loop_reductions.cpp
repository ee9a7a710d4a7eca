// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/loop_reductions.h"

#include "analysis/private_scalars.h"
#include "codegen/common/subscripts.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace loopscape {
namespace {

void visit_nodes(const LoopNode& n, const std::function<void(const LoopNode&)>& fn) {
  fn(n);
  for (const LoopNodePtr& c : n.children) visit_nodes(*c, fn);
}

bool mentions_any(const ExprPtr& e, const std::set<std::string>& iterators) {
  return std::any_of(iterators.begin(), iterators.end(), [&](const std::string& it) { return mentions(e, it); });
}

bool same_element(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!same_expr(*a[k], *b[k])) return false;
  return true;
}

}  // namespace

std::vector<LoopReduction> loop_reductions(const Program& program, const LoopNode& loop) {
  std::set<std::string> inside;
  visit_nodes(loop, [&](const LoopNode& n) {
    if (n.kind == LoopNodeKind::For) inside.insert(n.iterator);
  });
  // An array that a statement under the loop also sets otherwise (`d1 = d[i]`
  // before `d1 = d1 * e1`) holds no running result across iterations.
  std::set<std::string> set_otherwise;
  visit_nodes(loop, [&](const LoopNode& n) {
    if (n.kind != LoopNodeKind::User || n.statement_index < 0) return;
    const Statement& s = program.statements.at(std::size_t(n.statement_index));
    if (s.target && !statement_reduction(s)) set_otherwise.insert(s.target->text);
  });
  std::vector<LoopReduction> out;
  visit_nodes(loop, [&](const LoopNode& n) {
    if (n.kind != LoopNodeKind::User || n.statement_index < 0) return;
    const Statement& s = program.statements.at(std::size_t(n.statement_index));
    const std::optional<Reduction> r = statement_reduction(s);
    if (!r || set_otherwise.count(r->array)) return;
    const StatementInstance instance = instantiate(program, n);
    if (mentions_any(instance.target, inside)) return;  // each iteration updates its own element
    for (LoopReduction& known : out)
      if (known.array == r->array && known.op == r->op) {
        if (!known.whole_array && !same_element(known.element, instance.target->args)) {
          known.whole_array = true;
          known.element.clear();
        }
        return;
      }
    out.push_back(LoopReduction{r->op, r->array, instance.target->args, false});
  });
  return out;
}

bool only_updates_touch(const Program& program, const LoopNode& loop, const std::string& array) {
  bool only = true;
  visit_nodes(loop, [&](const LoopNode& n) {
    if (n.kind != LoopNodeKind::User || n.statement_index < 0) return;
    const Statement& s = program.statements.at(std::size_t(n.statement_index));
    const std::optional<Reduction> r = statement_reduction(s);
    if (r && r->array == array) return;
    for (const Access& a : s.accesses) only = only && a.array != array;
  });
  return only;
}

std::vector<std::string> loop_private_scalars(const Program& program, const LoopNode& loop, const LoopNode& root,
                                              const std::function<const Dependences&()>& dependences) {
  std::set<std::string> written, reduced, inside;
  for (const LoopReduction& r : loop_reductions(program, loop)) reduced.insert(r.array);
  visit_nodes(loop, [&](const LoopNode& n) {
    if (n.kind != LoopNodeKind::User || n.statement_index < 0) return;
    const Statement& s = program.statements.at(std::size_t(n.statement_index));
    inside.insert(s.name);
    const Array* a = s.target ? program.find_array(s.target->text) : nullptr;
    if (a && a->is_scalar() && a->temporary && !reduced.count(a->name)) written.insert(a->name);
  });
  // The statements outside the loop that touch each scalar.
  std::map<std::string, std::set<std::string>> outside;
  std::function<void(const LoopNode&)> visit_outside = [&](const LoopNode& n) {
    if (&n == &loop) return;
    if (n.kind == LoopNodeKind::User && n.statement_index >= 0) {
      const Statement& s = program.statements.at(std::size_t(n.statement_index));
      for (const Access& a : s.accesses)
        if (written.count(a.array)) outside[a.array].insert(s.name);
    }
    for (const LoopNodePtr& c : n.children) visit_outside(*c);
  };
  visit_outside(root);
  std::vector<std::string> scalars;
  for (const std::string& scalar : written) {
    const auto used = outside.find(scalar);
    if (used == outside.end()) {
      scalars.push_back(scalar);
      continue;
    }
    // A statement on both sides (a loop the AST splits) keeps the scalar shared.
    const bool apart = std::none_of(used->second.begin(), used->second.end(),
                                    [&](const std::string& s) { return inside.count(s) > 0; });
    if (apart && !flow_across(dependences(), scalar, inside, used->second)) scalars.push_back(scalar);
  }
  return scalars;
}

}  // namespace loopscape

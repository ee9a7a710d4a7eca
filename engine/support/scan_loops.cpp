// SPDX-License-Identifier: Apache-2.0
#include "support/scan_loops.h"

#include <isl/id.h>
#include <isl/val.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "support/floor_division.h"

namespace loopscape {

namespace {

using OwnedExpr = std::unique_ptr<isl_ast_expr, decltype(&isl_ast_expr_free)>;
using OwnedNode = std::unique_ptr<isl_ast_node, decltype(&isl_ast_node_free)>;

OwnedExpr own(isl_ast_expr* e) { return {e, isl_ast_expr_free}; }
OwnedNode own(isl_ast_node* n) { return {n, isl_ast_node_free}; }

bool supported(isl_ast_expr_op_type op) {
  switch (op) {
    case isl_ast_expr_op_and_then: case isl_ast_expr_op_or_else: case isl_ast_expr_op_min:
    case isl_ast_expr_op_max: case isl_ast_expr_op_and: case isl_ast_expr_op_or: case isl_ast_expr_op_minus:
    case isl_ast_expr_op_add: case isl_ast_expr_op_sub: case isl_ast_expr_op_mul: case isl_ast_expr_op_div:
    case isl_ast_expr_op_pdiv_q: case isl_ast_expr_op_fdiv_q: case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r: case isl_ast_expr_op_cond: case isl_ast_expr_op_select: case isl_ast_expr_op_eq:
    case isl_ast_expr_op_le: case isl_ast_expr_op_lt: case isl_ast_expr_op_ge: case isl_ast_expr_op_gt:
      return true;
    default:
      return false;
  }
}

// Appends `items` (compiled after the list's earlier parts, so not in place)
// and says where they are: first, count.
std::pair<int, int> append(std::vector<int>& list, const std::vector<int>& items) {
  const int first = static_cast<int>(list.size());
  list.insert(list.end(), items.begin(), items.end());
  return {first, static_cast<int>(items.size())};
}

}  // namespace

ScanLoops::ScanLoops(isl_ast_node* loops) { root_ = compile(loops); }

int ScanLoops::slot_of(isl_id* id) {
  // The AST keeps its ids alive: the address names the iterator.
  const auto it = std::find(slot_ids_.begin(), slot_ids_.end(), id);
  isl_id_free(id);
  if (it != slot_ids_.end()) return static_cast<int>(it - slot_ids_.begin());
  slot_ids_.push_back(id);
  slots_.push_back(0);
  return static_cast<int>(slot_ids_.size() - 1);
}

int ScanLoops::compile(isl_ast_expr* e) {
  Expr x;
  switch (isl_ast_expr_get_type(e)) {
    case isl_ast_expr_int: {
      isl_val* v = isl_ast_expr_int_get_val(e);
      x.value = isl_val_get_num_si(v);
      isl_val_free(v);
      break;
    }
    case isl_ast_expr_id: {
      // A name no enclosing loop has given a slot is a parameter.
      isl_id* id = isl_ast_expr_id_get_id(e);
      const char* name = isl_id_get_name(id);
      const std::string parameter = name ? name : "";
      const std::size_t known = slot_ids_.size();
      x.kind = Expr::Kind::Slot;
      x.value = slot_of(id);
      if (slot_ids_.size() > known) parameters_.emplace_back(parameter, static_cast<int>(x.value));
      break;
    }
    case isl_ast_expr_op: {
      x.kind = Expr::Kind::Op;
      x.op = isl_ast_expr_op_get_type(e);
      const isl_size n = isl_ast_expr_op_get_n_arg(e);
      const bool variadic = x.op == isl_ast_expr_op_min || x.op == isl_ast_expr_op_max;
      if (!supported(x.op) || n < 1 || (!variadic && n > 3))
        throw std::runtime_error("unexpected operation in the loops that scan a set");
      std::vector<int> args;
      for (int k = 0; k < n; ++k) args.push_back(compile(own(isl_ast_expr_op_get_arg(e, k)).get()));
      std::tie(x.first, x.count) = append(operands_, args);
      break;
    }
    default:
      throw std::runtime_error("unexpected expression in the loops that scan a set");
  }
  exprs_.push_back(x);
  return static_cast<int>(exprs_.size() - 1);
}

int ScanLoops::compile(isl_ast_node* node) {
  Node n;
  switch (isl_ast_node_get_type(node)) {
    case isl_ast_node_for: {
      n.kind = Node::Kind::For;
      n.slot = slot_of(isl_ast_expr_id_get_id(own(isl_ast_node_for_get_iterator(node)).get()));
      n.init = compile(own(isl_ast_node_for_get_init(node)).get());
      n.degenerate = isl_ast_node_for_is_degenerate(node) == isl_bool_true;
      if (!n.degenerate) {
        n.cond = compile(own(isl_ast_node_for_get_cond(node)).get());
        n.inc = compile(own(isl_ast_node_for_get_inc(node)).get());
      }
      n.body = compile(own(isl_ast_node_for_get_body(node)).get());
      break;
    }
    case isl_ast_node_if:
      n.kind = Node::Kind::If;
      n.cond = compile(own(isl_ast_node_if_get_cond(node)).get());
      n.body = compile(own(isl_ast_node_if_get_then_node(node)).get());
      if (isl_ast_node_if_has_else_node(node) == isl_bool_true)
        n.otherwise = compile(own(isl_ast_node_if_get_else_node(node)).get());
      break;
    case isl_ast_node_block: {
      n.kind = Node::Kind::Block;
      isl_ast_node_list* list = isl_ast_node_block_get_children(node);
      const isl_size count = isl_ast_node_list_n_ast_node(list);
      std::vector<int> kids;
      for (int k = 0; k < count; ++k) kids.push_back(compile(own(isl_ast_node_list_get_ast_node(list, k)).get()));
      isl_ast_node_list_free(list);
      std::tie(n.first, n.count) = append(children_, kids);
      break;
    }
    case isl_ast_node_mark:
      return compile(own(isl_ast_node_mark_get_node(node)).get());
    case isl_ast_node_user: {
      n.kind = Node::Kind::User;
      const OwnedExpr call = own(isl_ast_node_user_get_expr(node));
      const isl_size count = isl_ast_expr_op_get_n_arg(call.get());
      std::vector<int> args;
      for (int k = 1; k < count; ++k) args.push_back(compile(own(isl_ast_expr_op_get_arg(call.get(), k)).get()));
      std::tie(n.first, n.count) = append(operands_, args);
      break;
    }
    default:
      throw std::runtime_error("unexpected node in the loops that scan a set");
  }
  nodes_.push_back(n);
  return static_cast<int>(nodes_.size() - 1);
}

long ScanLoops::eval(int index) {
  const Expr& x = exprs_[static_cast<std::size_t>(index)];
  if (x.kind == Expr::Kind::Int) return x.value;
  if (x.kind == Expr::Kind::Slot) return slots_[static_cast<std::size_t>(x.value)];
  const int* a = operands_.data() + x.first;
  switch (x.op) {
    case isl_ast_expr_op_and_then: return eval(a[0]) && eval(a[1]);
    case isl_ast_expr_op_or_else: return eval(a[0]) || eval(a[1]);
    case isl_ast_expr_op_min:
    case isl_ast_expr_op_max: {
      long out = eval(a[0]);
      for (int k = 1; k < x.count; ++k)
        out = x.op == isl_ast_expr_op_min ? std::min(out, eval(a[k])) : std::max(out, eval(a[k]));
      return out;
    }
    case isl_ast_expr_op_and: return (eval(a[0]) != 0) & (eval(a[1]) != 0);
    case isl_ast_expr_op_or: return (eval(a[0]) != 0) | (eval(a[1]) != 0);
    case isl_ast_expr_op_minus: return -eval(a[0]);
    case isl_ast_expr_op_add: return eval(a[0]) + eval(a[1]);
    case isl_ast_expr_op_sub: return eval(a[0]) - eval(a[1]);
    case isl_ast_expr_op_mul: return eval(a[0]) * eval(a[1]);
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_pdiv_q: return eval(a[0]) / eval(a[1]);
    case isl_ast_expr_op_fdiv_q: return floor_div(eval(a[0]), eval(a[1]));
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r: return eval(a[0]) % eval(a[1]);
    case isl_ast_expr_op_cond:
    case isl_ast_expr_op_select: return eval(a[0]) ? eval(a[1]) : eval(a[2]);
    case isl_ast_expr_op_eq: return eval(a[0]) == eval(a[1]);
    case isl_ast_expr_op_le: return eval(a[0]) <= eval(a[1]);
    case isl_ast_expr_op_lt: return eval(a[0]) < eval(a[1]);
    case isl_ast_expr_op_ge: return eval(a[0]) >= eval(a[1]);
    case isl_ast_expr_op_gt: return eval(a[0]) > eval(a[1]);
    default: return 0;  // compile() admits only the operations above
  }
}

bool ScanLoops::run(int index) {
  const Node& n = nodes_[static_cast<std::size_t>(index)];
  switch (n.kind) {
    case Node::Kind::For: {
      long& it = slots_[static_cast<std::size_t>(n.slot)];
      it = eval(n.init);
      if (n.degenerate) return run(n.body);
      const long step = eval(n.inc);
      for (; eval(n.cond) != 0; it += step)
        if (!run(n.body)) return false;
      return true;
    }
    case Node::Kind::If:
      if (eval(n.cond) != 0) return run(n.body);
      return n.otherwise < 0 || run(n.otherwise);
    case Node::Kind::Block:
      for (int k = 0; k < n.count; ++k)
        if (!run(children_[static_cast<std::size_t>(n.first + k)])) return false;
      return true;
    case Node::Kind::User:
      point_.resize(static_cast<std::size_t>(n.count));
      for (int k = 0; k < n.count; ++k)
        point_[static_cast<std::size_t>(k)] = eval(operands_[static_cast<std::size_t>(n.first + k)]);
      return (*found_)(point_);
  }
  return true;
}

bool ScanLoops::uses_slot(int index, int slot) const {
  const Expr& x = exprs_[static_cast<std::size_t>(index)];
  if (x.kind == Expr::Kind::Slot) return x.value == slot;
  if (x.kind == Expr::Kind::Int) return false;
  for (int k = 0; k < x.count; ++k)
    if (uses_slot(operands_[static_cast<std::size_t>(x.first + k)], slot)) return true;
  return false;
}

// The last value of a unit-step loop whose condition is `i <= b` or `i < b`
// (b free of i); nullopt for another condition.
std::optional<long> ScanLoops::last_iteration(const Node& loop) {
  const Expr& c = exprs_[static_cast<std::size_t>(loop.cond)];
  if (c.kind != Expr::Kind::Op || (c.op != isl_ast_expr_op_le && c.op != isl_ast_expr_op_lt)) return std::nullopt;
  const int* a = operands_.data() + c.first;
  const Expr& lhs = exprs_[static_cast<std::size_t>(a[0])];
  if (lhs.kind != Expr::Kind::Slot || lhs.value != loop.slot || uses_slot(a[1], loop.slot)) return std::nullopt;
  const long bound = eval(a[1]);
  return c.op == isl_ast_expr_op_le ? bound : bound - 1;
}

const std::vector<long>& ScanLoops::point_at(const Node& user, std::vector<long>& into) {
  into.resize(static_cast<std::size_t>(user.count));
  for (int k = 0; k < user.count; ++k)
    into[static_cast<std::size_t>(k)] = eval(operands_[static_cast<std::size_t>(user.first + k)]);
  return into;
}

bool ScanLoops::run_rows(int index) {
  const Node& n = nodes_[static_cast<std::size_t>(index)];
  switch (n.kind) {
    case Node::Kind::For: {
      long& it = slots_[static_cast<std::size_t>(n.slot)];
      it = eval(n.init);
      if (n.degenerate) return run_rows(n.body);
      const long step = eval(n.inc);
      const Node& body = nodes_[static_cast<std::size_t>(n.body)];
      if (step == 1 && body.kind == Node::Kind::User)
        if (const std::optional<long> last = last_iteration(n)) {
          if (*last < it) return true;
          const long first = it;
          point_at(body, point_);
          it = *last;
          point_at(body, row_last_);
          it = first;
          return (*row_)(point_, row_last_, *last - first + 1);
        }
      for (; eval(n.cond) != 0; it += step)
        if (!run_rows(n.body)) return false;
      return true;
    }
    case Node::Kind::If:
      if (eval(n.cond) != 0) return run_rows(n.body);
      return n.otherwise < 0 || run_rows(n.otherwise);
    case Node::Kind::Block:
      for (int k = 0; k < n.count; ++k)
        if (!run_rows(children_[static_cast<std::size_t>(n.first + k)])) return false;
      return true;
    case Node::Kind::User:
      point_at(n, point_);
      return (*row_)(point_, point_, 1);
  }
  return true;
}

bool ScanLoops::run_rows(const RowFunction& row) {
  if (!parameters_.empty() && !parameters_set_)
    throw std::invalid_argument("no value for parameter " + parameters_.front().first);
  row_ = &row;
  return run_rows(root_);
}

void ScanLoops::set_parameters(const std::map<std::string, long>& values) {
  for (const auto& [name, slot] : parameters_) {
    const auto value = values.find(name);
    if (value == values.end()) throw std::invalid_argument("no value for parameter " + name);
    slots_[static_cast<std::size_t>(slot)] = value->second;
  }
  parameters_set_ = true;
}

bool ScanLoops::run(const std::function<bool(const std::vector<long>&)>& found) {
  if (!parameters_.empty() && !parameters_set_)
    throw std::invalid_argument("no value for parameter " + parameters_.front().first);
  found_ = &found;
  return run(root_);
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "codegen/halide/halide_lowering.h"


#include <algorithm>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "codegen/common/ast_cache.h"
#include "codegen/common/gpu_loops.h"
#include "codegen/common/local_copy.h"
#include "codegen/common/loop_reductions.h"
#include "codegen/halide/halide_ptx_fma.h"
#include "codegen/halide/halide_register_promotion.h"
#include "codegen/common/loop_ast.h"
#include "codegen/common/walker.h"
#include "schedule/parallelism.h"
#include "support/error.h"
#include "support/integer_expression.h"

namespace loopscape {
namespace {

namespace H = Halide;
namespace HI = Halide::Internal;

// An InputError, not an IslError: a snapshot shows it in the tab and goes on
// (it rethrows IslErrors as isl quota failures).
[[noreturn]] void unsupported(const std::string& what) {
  throw InputError(SourceLocation{}, "the halide target cannot lower " + what);
}

H::Expr to_bool(const H::Expr& e) { return e.type().is_bool() ? e : e != HI::make_zero(e.type()); }

// C's usual arithmetic conversions for a binary operator (bool counts as int).
void match_c_types(H::Expr& a, H::Expr& b) {
  if (a.type().is_bool()) a = H::cast(H::Int(32), a);
  if (b.type().is_bool()) b = H::cast(H::Int(32), b);
  if (a.type() == b.type()) return;
  const H::Type ta = a.type(), tb = b.type();
  H::Type t;
  if (ta.is_float() || tb.is_float())
    t = H::Float(std::max(ta.is_float() ? ta.bits() : 0, tb.is_float() ? tb.bits() : 0));
  else
    t = H::Int(std::max({32, ta.bits(), tb.bits()}));
  a = H::cast(t, a);
  b = H::cast(t, b);
}

// Builds Halide expressions and statements from the walk, one frame per open
// Block/For/If/Mark.
class HalideBuilder : public LoopAstWalker {
 public:
  // `gpu`: loops tagged gpu_block / gpu_thread become CUDA kernels, and the
  // arrays are halide_buffer_t arguments (their device copies need them).
  // `buffer_arguments`: on the CPU, these arrays are halide_buffer_t
  // arguments (Tiramisu's calling convention) and the others plain pointers.
  // `schedule`: what the AST was built from; copy_at's copies are sized from it.
  HalideBuilder(const Program& program, const isl::schedule& schedule, bool gpu,
                std::set<std::string> buffer_arguments = {})
      : LoopAstWalker(program), schedule_(schedule), gpu_(gpu), buffer_arguments_(std::move(buffer_arguments)) {
    frames_.emplace_back();
  }

  HI::Stmt result() { return seq(frames_.front()); }
  H::Expr array_extent(const Array& a, std::size_t d) { return extent(a, d); }
  std::map<std::string, H::Type> variables;  // read-only outer variables met
  std::set<std::string> arrays_used, arrays_written;

  H::Expr expr(const ExprPtr& e) {
    if (!e) unsupported("an empty expression");
    auto arg = [&](std::size_t k) { return expr(e->args.at(k)); };
    switch (e->kind) {
      case ExprKind::IntLiteral: {
        const long v = std::stol(e->text, nullptr, 0);
        const bool wide = e->text.find_first_of("lL") != std::string::npos || v != static_cast<int>(v);
        return wide ? H::Expr(HI::IntImm::make(H::Int(64), v)) : H::Expr(static_cast<int>(v));
      }
      case ExprKind::FloatLiteral: {
        const double v = std::stod(e->text);
        const bool single = !e->text.empty() && (e->text.back() == 'f' || e->text.back() == 'F');
        return single ? HI::FloatImm::make(H::Float(32), v) : HI::FloatImm::make(H::Float(64), v);
      }
      case ExprKind::Iterator:
      case ExprKind::Parameter:
        return HI::Variable::make(H::Int(32), e->text);
      case ExprKind::Variable: {
        const H::Type t = e->type.empty() ? H::Float(64) : halide_type_of(e->type);
        variables.emplace(e->text, t);
        return HI::Variable::make(t, e->text);
      }
      case ExprKind::Access: {
        const Array& a = array(e->text);
        if (const LocalCopy* c = copy_in_scope(a.name))
          return HI::Load::make(halide_type_of(a.element_type), c->name, in_copy(*c, *e), H::Buffer<>(),
                                HI::Parameter(), HI::const_true(), HI::ModulusRemainder());
        if (const auto copy = redirected_.find(a.name); copy != redirected_.end())
          return HI::Load::make(halide_type_of(a.element_type), copy->second.buffer, chunk(copy->second), H::Buffer<>(),
                                HI::Parameter(), HI::const_true(), HI::ModulusRemainder());
        return HI::Load::make(halide_type_of(a.element_type), a.name, index(a, *e), H::Buffer<>(), parameter(a),
                              HI::const_true(), HI::ModulusRemainder());
      }
      case ExprKind::Unary: {
        H::Expr x = arg(0);
        if (e->text == "-") return -(x.type().is_bool() ? H::cast(H::Int(32), x) : x);
        if (e->text == "+") return x;
        if (e->text == "!") return !to_bool(x);
        if (e->text == "~") return ~x;
        unsupported("the operator " + e->text);
      }
      case ExprKind::Binary: {
        const std::string& op = e->text;
        if (op == "&&") return to_bool(arg(0)) && to_bool(arg(1));
        if (op == "||") return to_bool(arg(0)) || to_bool(arg(1));
        H::Expr a = arg(0), b = arg(1);
        match_c_types(a, b);
        if (op == "+") return a + b;
        if (op == "-") return a - b;
        if (op == "*") return a * b;
        // The loop AST only divides non-negative integers (loop_ast.h), where
        // Halide's floor division is C's; statements' integer divisions are too
        // in the kernels the front-end accepts.
        if (op == "/") return a / b;
        if (op == "%") return a % b;
        if (op == "<") return a < b;
        if (op == "<=") return a <= b;
        if (op == ">") return a > b;
        if (op == ">=") return a >= b;
        if (op == "==") return a == b;
        if (op == "!=") return a != b;
        if (op == "&") return a & b;
        if (op == "|") return a | b;
        if (op == "^") return a ^ b;
        if (op == "<<") return a << b;
        if (op == ">>") return a >> b;
        unsupported("the operator " + op);
      }
      case ExprKind::Ternary: {
        H::Expr a = arg(1), b = arg(2);
        match_c_types(a, b);
        return H::select(to_bool(arg(0)), a, b);
      }
      case ExprKind::Cast:
        return H::cast(halide_type_of(e->text), arg(0));
      case ExprKind::Call:
        return call(*e);
    }
    unsupported("an expression");
  }

 protected:
  void enter_block(const LoopNode&) override { frames_.emplace_back(); }
  void leave_block(const LoopNode&) override { close_into_parent(seq(pop())); }
  void enter_mark(const LoopNode&) override { frames_.emplace_back(); }
  void leave_mark(const LoopNode&) override { close_into_parent(seq(pop())); }
  void enter_for(const LoopNode& n) override {
    if (n.has_tag("copy")) {
      if (gpu_) unsupported("copy_at in GPU code (the cuda target makes the copy in shared memory)");
      start_copies(n);
    }
    frames_.emplace_back();
    if (!gpu_ && has_user_parallel_tag(n.tags) && (n.step == 1 || n.step == -1)) split_into_chunks(n);
    if (gpu_ && n.has_tag("gpu_block")) {
      ++inside_blocks_;
      // The values a block loop's iterator takes, for the loops of blocks inside it.
      if (const std::optional<ExprPtr> bound = loop_bound_inclusive(n)) {
        const H::Expr first = expr(n.init), last = expr(*bound);
        block_ranges_.push(n.iterator, n.step > 0 ? HI::Interval(first, last) : HI::Interval(last, first));
      }
    }
  }
  void leave_for(const LoopNode& n) override {
    if (gpu_ && n.has_tag("gpu_block")) {
      --inside_blocks_;
      if (block_ranges_.contains(n.iterator)) block_ranges_.pop(n.iterator);
    }
    HI::Stmt body = seq(pop());
    if (n.has_tag("copy")) body = with_copies(n, body);
    close_into_parent(loop(n, body));
    if (!chunked_.empty() && chunked_.back().iterator == n.iterator) {
      for (const LoopReduction& r : chunked_.back().reductions) redirected_.erase(r.array);
      for (const std::string& scalar : chunked_.back().private_scalars) redirected_.erase(scalar);
      chunked_.pop_back();
    }
  }
  void enter_if(const LoopNode&) override { frames_.emplace_back(); }
  void enter_else(const LoopNode&) override {
    then_.push_back(seq(pop()));
    frames_.emplace_back();
  }
  void leave_if(const LoopNode& n) override {
    HI::Stmt last = seq(pop());
    HI::Stmt then_part = last, else_part;
    if (n.children.size() > 1) {
      then_part = then_.back();
      then_.pop_back();
      else_part = last;
    }
    close_into_parent(HI::IfThenElse::make(to_bool(expr(n.condition)), then_part, else_part));
  }

  void extension(const LoopNode& n) override { unsupported("the grafted call " + n.statement); }

  void user(const LoopNode&, const StatementInstance& s) override {
    if (!s.target || s.target->kind != ExprKind::Access) unsupported("a statement that writes no array");
    const Array& a = array(s.target->text);
    arrays_written.insert(a.name);
    const H::Type t = halide_type_of(a.element_type);
    // Under a loop run in chunks, a reduction or private scalar is the chunk's own copy.
    const auto copy = redirected_.find(a.name);
    const bool own = copy != redirected_.end();
    const LocalCopy* local = own ? nullptr : copy_in_scope(a.name);
    const std::string name = own ? copy->second.buffer : local ? local->name : a.name;
    const HI::Parameter param = own || local ? HI::Parameter() : parameter(a);
    const H::Expr at = own ? chunk(copy->second) : local ? in_copy(*local, *s.target) : index(a, *s.target);
    H::Expr value = expr(s.value);
    if (s.assign_op != "=") {
      H::Expr old = HI::Load::make(t, name, at, H::Buffer<>(), param, HI::const_true(), HI::ModulusRemainder());
      const std::string op = s.assign_op.substr(0, s.assign_op.size() - 1);
      match_c_types(old, value);
      if (op == "+") value = old + value;
      else if (op == "-") value = old - value;
      else if (op == "*") value = old * value;
      else if (op == "/") value = old / value;
      else unsupported("the assignment " + s.assign_op);
    }
    value = H::cast(t, value);
    // Halide's own lowering wraps float code in strict_float under
    // Target::StrictFloat; a hand-built Stmt must do it itself, or LLVM
    // reassociates reductions and contracts into FMAs, which C does not.
    if (value.type().is_float()) value = H::strict_float(value);
    frames_.back().push_back(HI::Store::make(name, value, at, param, HI::const_true(), HI::ModulusRemainder()));
  }

 private:
  // copy_at: the copies a loop holds, filled at the start of each iteration
  // and stored back at its end, in Halide allocations (on the stack when small).
  struct HeldCopy {
    LocalCopy copy;
    HI::Stmt fill;  // made while the copies around the loop were in scope
  };
  const LocalCopy* copy_in_scope(const std::string& array) const {
    const auto found = copies_.find(array);
    return found == copies_.end() || found->second.empty() ? nullptr : &found->second.back();
  }
  // The copy's flat index of the element whose coordinate along d is coordinate(d).
  static H::Expr flat_index(const LocalCopy& c, const std::function<H::Expr(std::size_t)>& coordinate) {
    H::Expr at = 0;
    for (std::size_t p = 0; p < c.size.size(); ++p) {
      const std::size_t d = c.dimension_at(p);
      const H::Expr offset = coordinate(d) - HI::Variable::make(H::Int(32), c.lower_name(d));
      at = p == 0 ? offset : at * static_cast<int>(c.size[d]) + offset;
    }
    return at;
  }
  H::Expr in_copy(const LocalCopy& c, const Expr& access) {
    return flat_index(c, [&](std::size_t d) { return expr(access.args.at(d)); });
  }
  // The same for the element ls_e0, ls_e1, ... the copy loops scan.
  static H::Expr scanned_index(const LocalCopy& c) {
    return flat_index(c, [](std::size_t d) { return HI::Variable::make(H::Int(32), "ls_e" + std::to_string(d)); });
  }
  // for ls_e0 in [lo0, lo0 + size0) ...: if (guard) `element`
  HI::Stmt scan_copy(const LocalCopy& c, const ExprPtr& guard, HI::Stmt element) {
    HI::Stmt s = guard ? HI::IfThenElse::make(to_bool(expr(guard)), element) : element;
    for (std::size_t p = c.size.size(); p-- > 0;) {
      const std::size_t d = c.dimension_at(p);
      s = HI::For::make("ls_e" + std::to_string(d), HI::Variable::make(H::Int(32), c.lower_name(d)),
                        static_cast<int>(c.size[d]), HI::ForType::Serial, H::DeviceAPI::None, s);
    }
    return s;
  }
  void start_copies(const LoopNode& n) {
    std::vector<std::string> names;
    for (const LoopNode* l : enclosing_loops()) names.push_back(l->iterator);
    names.push_back(n.iterator);
    for (const LoopTag& t : n.tags) {
      if (t.kind != "copy" || t.args.empty()) continue;
      const std::optional<isl::schedule_node> band = band_of_tagged_loop(schedule_, t, n, enclosing_loops());
      if (!band) unsupported("copy_at of " + copy_tag_array(t) + ": its loop is not in the schedule");
      const std::string array = copy_tag_array(t);
      HeldCopy held{plan_local_copy(program(), *band, array, names, "ls_copy_" + array, "copy_at",
                                    static_cast<int>(copies_[array].size()), copy_tag_order(t)),
                    {}};
      const LocalCopy& c = held.copy;
      const ExprPtr element = c.scanned_access();
      // Read through the copies around (of the same array, if any).
      held.fill = scan_copy(c, c.touched, HI::Store::make(c.name, expr(element), scanned_index(c), HI::Parameter(),
                                                          HI::const_true(), HI::ModulusRemainder()));
      held_[&n].push_back(held);
      copies_[c.array].push_back(c);
    }
  }
  HI::Stmt with_copies(const LoopNode& n, HI::Stmt body) {
    std::vector<HeldCopy> held = std::move(held_[&n]);
    held_.erase(&n);
    for (auto h = held.rbegin(); h != held.rend(); ++h) {
      const LocalCopy& c = h->copy;
      copies_[c.array].pop_back();
      std::vector<HI::Stmt> parts{h->fill, body};
      if (c.writes) {
        // Store through the copies around (of the same array, if any).
        const ExprPtr target = c.scanned_access();
        const H::Expr value = HI::Load::make(halide_type_of(c.element_type), c.name, scanned_index(c), H::Buffer<>(),
                                             HI::Parameter(), HI::const_true(), HI::ModulusRemainder());
        const Array& a = array(c.array);
        arrays_written.insert(a.name);
        const LocalCopy* outer = copy_in_scope(a.name);
        parts.push_back(scan_copy(c, c.written,
                                  HI::Store::make(outer ? outer->name : a.name, value,
                                                  outer ? in_copy(*outer, *target) : index(a, *target),
                                                  outer ? HI::Parameter() : parameter(a), HI::const_true(),
                                                  HI::ModulusRemainder())));
      }
      std::vector<H::Expr> extents;
      for (std::size_t p = 0; p < c.size.size(); ++p) extents.push_back(static_cast<int>(c.size[c.dimension_at(p)]));
      body = HI::Allocate::make(c.name, halide_type_of(c.element_type), H::MemoryType::Auto, extents,
                                HI::const_true(), seq(parts));
      for (std::size_t d = c.size.size(); d-- > 0;)
        body = HI::LetStmt::make(c.lower_name(d), expr(c.lower[d]), body);
    }
    return body;
  }
  const isl::schedule& schedule_;
  std::map<std::string, std::vector<LocalCopy>> copies_;       // per array, the copies in scope, innermost last
  std::map<const LoopNode*, std::vector<HeldCopy>> held_;      // per open loop, the copies it makes

  // A parallel loop that runs reductions or keeps private scalars runs in
  // chunks of its iterations, each a task of Halide's thread pool with its
  // own copy of each (as OpenMP's reduction and private clauses give each
  // thread); the chunks' partial results are then combined in chunk order.
  struct Chunked {
    std::string iterator;
    std::vector<LoopReduction> reductions;
    std::vector<std::string> private_scalars;
    std::string chunk_variable() const { return iterator + ".chunk"; }
  };
  struct Redirect {
    std::string buffer;  // the copies, one per chunk
    std::string chunk;   // the chunk loop's variable
  };
  static constexpr int kChunks = 64;  // enough tasks to balance the pool; one copy each on the stack
  std::vector<Chunked> chunked_;
  std::map<std::string, Redirect> redirected_;

  static H::Expr chunk(const Redirect& r) { return HI::Variable::make(H::Int(32), r.chunk); }

  void split_into_chunks(const LoopNode& n) {
    Chunked c{n.iterator, loop_reductions(program(), n), {}};
    if (root()) c.private_scalars = private_scalars(n);
    if (c.reductions.empty() && c.private_scalars.empty()) return;
    for (const LoopReduction& r : c.reductions)
      if (r.whole_array || redirected_.count(r.array)) return;
    for (const std::string& scalar : c.private_scalars)
      if (redirected_.count(scalar)) return;
    for (const LoopReduction& r : c.reductions) redirected_[r.array] = {r.array + ".partial", c.chunk_variable()};
    for (const std::string& scalar : c.private_scalars)
      redirected_[scalar] = {scalar + ".private", c.chunk_variable()};
    chunked_.push_back(std::move(c));
  }

  static H::Expr identity(ReductionOperator op, const H::Type& t) {
    switch (op) {
      case ReductionOperator::Sum: return HI::make_zero(t);
      case ReductionOperator::Product: return HI::make_one(t);
      case ReductionOperator::Max:
        return t.is_float() ? HI::make_const(t, -std::numeric_limits<double>::infinity()) : t.min();
      case ReductionOperator::Min:
        return t.is_float() ? HI::make_const(t, std::numeric_limits<double>::infinity()) : t.max();
    }
    return HI::make_zero(t);
  }

  static H::Expr combined(ReductionOperator op, const H::Expr& total, const H::Expr& part) {
    switch (op) {
      case ReductionOperator::Sum: return total + part;
      case ReductionOperator::Product: return total * part;
      case ReductionOperator::Max: return H::max(total, part);
      case ReductionOperator::Min: return H::min(total, part);
    }
    return total + part;
  }

  // for chunk in [0, chunks) in parallel: partial[chunk] = identity; the
  // chunk's iterations in order; then for chunk in order: total op= partial[chunk].
  HI::Stmt in_chunks(const Chunked& c, const std::string& it, const H::Expr& min, const H::Expr& extent,
                     const HI::Stmt& body) {
    const std::string chunk_variable = c.chunk_variable();
    const H::Expr k = HI::Variable::make(H::Int(32), chunk_variable);
    const H::Expr chunks = H::max(H::min(extent, kChunks), 1);
    const H::Expr first = min + (H::max(extent, 0) * k) / chunks;
    const H::Expr next = min + (H::max(extent, 0) * (k + 1)) / chunks;
    std::vector<HI::Stmt> task;
    std::vector<HI::Stmt> combine;
    for (const LoopReduction& r : c.reductions) {
      const Array& a = array(r.array);
      const H::Type t = halide_type_of(a.element_type);
      const std::string& partial = redirected_.at(r.array).buffer;
      task.push_back(HI::Store::make(partial, identity(r.op, t), k, HI::Parameter(), HI::const_true(),
                                     HI::ModulusRemainder()));
      const H::Expr at = r.element.empty() ? H::Expr(0) : index(a, *Expr::make(ExprKind::Access, a.name, r.element));
      const H::Expr total = HI::Load::make(t, a.name, at, H::Buffer<>(), parameter(a), HI::const_true(),
                                           HI::ModulusRemainder());
      const H::Expr part = HI::Load::make(t, partial, k, H::Buffer<>(), HI::Parameter(), HI::const_true(),
                                          HI::ModulusRemainder());
      H::Expr value = combined(r.op, total, part);
      if (t.is_float()) value = H::strict_float(value);
      combine.push_back(HI::Store::make(a.name, value, at, parameter(a), HI::const_true(), HI::ModulusRemainder()));
    }
    task.push_back(HI::For::make(it, first, next - first, HI::ForType::Serial, H::DeviceAPI::None, body));
    HI::Stmt out = HI::For::make(chunk_variable, 0, chunks, HI::ForType::Parallel, H::DeviceAPI::None, seq(task));
    if (!combine.empty())
      out = HI::Block::make(out, HI::For::make(chunk_variable, 0, chunks, HI::ForType::Serial, H::DeviceAPI::None,
                                               seq(combine)));
    auto allocate = [&](const std::string& array_name) {
      out = HI::Allocate::make(redirected_.at(array_name).buffer, halide_type_of(array(array_name).element_type),
                               H::MemoryType::Stack, {H::Expr(kChunks)}, HI::const_true(), out);
    };
    for (const LoopReduction& r : c.reductions) allocate(r.array);
    for (const std::string& scalar : c.private_scalars) allocate(scalar);
    return out;
  }

  std::vector<std::vector<HI::Stmt>> frames_;
  std::vector<HI::Stmt> then_;
  bool gpu_ = false;
  std::set<std::string> buffer_arguments_;
  int inside_blocks_ = 0;
  HI::Scope<HI::Interval> block_ranges_;  // the iterators of the block loops around, and their values
  std::map<std::string, HI::Parameter> buffer_parameters_;

  std::vector<HI::Stmt> pop() {
    std::vector<HI::Stmt> f = std::move(frames_.back());
    frames_.pop_back();
    return f;
  }
  void close_into_parent(const HI::Stmt& s) { frames_.back().push_back(s); }
  static HI::Stmt seq(const std::vector<HI::Stmt>& body) {
    if (body.empty()) return HI::Evaluate::make(0);
    return HI::Block::make(body);
  }

  const Array& array(const std::string& name) {
    const Array* a = program().find_array(name);
    if (!a) unsupported("an access to the unknown array " + name);
    arrays_used.insert(name);
    return *a;
  }
  // On the CPU arrays are plain pointer arguments (their host pointers under
  // their own names, as unpack_buffers would bind them), so C code calls the
  // function with its arrays as they are. With kernels each array is a flat
  // halide_buffer_t parameter: Halide copies between host and device by it.
  HI::Parameter parameter(const Array& a) {
    if (!gpu_ && !buffer_arguments_.count(a.name)) return HI::Parameter();
    auto it = buffer_parameters_.find(a.name);
    if (it == buffer_parameters_.end())
      it = buffer_parameters_.emplace(a.name, HI::Parameter(halide_type_of(a.element_type), true, 1, a.name)).first;
    return it->second;
  }
  // An extent as written ("1000", "n", "M - 1"), over the program's parameters.
  H::Expr extent(const Array& a, std::size_t d) {
    const std::string& text = a.extents.at(d);
    IntegerFold<H::Expr> fold;
    fold.literal = [](long v) { return std::optional<H::Expr>(H::Expr(static_cast<int>(v))); };
    fold.name = [&](const std::string& name) -> std::optional<H::Expr> {
      for (const std::string& p : program().parameters)
        if (p == name) return HI::Variable::make(H::Int(32), p);
      return std::nullopt;
    };
    fold.binary = [](char op, H::Expr x, H::Expr y) -> std::optional<H::Expr> {
      switch (op) {
        case '+': return x + y;
        case '-': return x - y;
        case '*': return x * y;
        default: return std::nullopt;  // C's truncating / and % are not Halide's
      }
    };
    fold.negate = [](H::Expr x) { return std::optional<H::Expr>(-x); };
    if (std::optional<H::Expr> e = fold_integer_expression(text, fold)) return HI::simplify(*e);
    throw InputError(a.declared_at, "the halide target cannot lower the extent '" + text + "' of " + a.name +
                                        ": it takes numbers and the program's parameters with +, - and *");
  }
  // Row-major: ((s0 * e1 + s1) * e2 + s2) ...
  H::Expr index(const Array& a, const Expr& access) {
    if (access.args.empty()) return H::Expr(0);
    if (access.args.size() != a.extents.size()) unsupported("a partial access to " + a.name);
    H::Expr at = expr(access.args[0]);
    for (std::size_t d = 1; d < access.args.size(); ++d) {
      H::Expr s = expr(access.args[d]);
      H::Expr base = at * extent(a, d);
      match_c_types(base, s);
      at = base + s;
    }
    return at.type() == H::Int(32) ? at : H::cast(H::Int(32), at);
  }

  H::Expr call(const Expr& e) {
    std::vector<H::Expr> a;
    for (const auto& x : e.args) a.push_back(expr(x));
    const std::string& f = e.text;
    auto need = [&](std::size_t n) {
      if (a.size() != n) unsupported("the call " + f + " with " + std::to_string(a.size()) + " arguments");
    };
    auto floating = [&](H::Expr x) {
      return x.type().is_float() ? x : H::cast(H::Float(64), x);
    };
    if (f == "floord") {
      need(2);
      match_c_types(a[0], a[1]);
      return a[0] / a[1];  // Halide's integer division is floor division
    }
    if (f == "min" || f == "max" || f == "fmin" || f == "fmax" || f == "fminf" || f == "fmaxf") {
      need(2);
      match_c_types(a[0], a[1]);
      return (f[0] == 'm' ? f == "min" : f.rfind("fmin", 0) == 0) ? H::min(a[0], a[1]) : H::max(a[0], a[1]);
    }
    static const std::map<std::string, H::Expr (*)(H::Expr)> unary = {
        {"sqrt", H::sqrt}, {"exp", H::exp}, {"log", H::log}, {"sin", H::sin}, {"cos", H::cos},
        {"tan", H::tan},   {"floor", H::floor}, {"ceil", H::ceil}, {"tanh", H::tanh}, {"atan", H::atan},
        {"sqrtf", H::sqrt}, {"expf", H::exp}, {"logf", H::log}, {"sinf", H::sin}, {"cosf", H::cos},
    };
    if (auto it = unary.find(f); it != unary.end()) {
      need(1);
      return it->second(floating(a[0]));
    }
    if (f == "fabs" || f == "fabsf" || f == "abs") {
      need(1);
      H::Expr r = H::abs(a[0]);
      return r.type() == a[0].type() ? r : H::cast(a[0].type(), r);
    }
    if (f == "pow" || f == "powf") {
      need(2);
      a[0] = floating(a[0]);
      a[1] = floating(a[1]);
      match_c_types(a[0], a[1]);
      return H::pow(a[0], a[1]);
    }
    unsupported("the call " + f);
  }

  // A For over [init, bound] by `step`; tags map to Halide loop types where
  // Halide can take them (vector/unroll need constant extents: a split with a
  // serial tail), else the loop stays serial.
  HI::Stmt loop(const LoopNode& n, HI::Stmt body) {
    const std::optional<ExprPtr> bound = loop_bound_inclusive(n);
    if (!bound) unsupported("the loop condition of " + n.iterator);
    H::Expr init = expr(n.init), last = expr(*bound);
    if (n.step == 1 || n.step == -1) {
      const H::Expr min = n.step == 1 ? init : last;
      const H::Expr extent = n.step == 1 ? last - init + 1 : init - last + 1;
      if (n.step == -1) {
        // Iterate k = 0.. and bind the iterator to init - k; the loop over k
        // keeps the tags (a reversed GPU block loop is still the block loop).
        LoopNode forward = n;
        forward.iterator = n.iterator + ".rev";
        body = HI::LetStmt::make(n.iterator, init - HI::Variable::make(H::Int(32), forward.iterator), body);
        return tagged(forward, 0, extent, body);
      }
      return tagged(n, min, extent, body);
    }
    const std::string k = n.iterator + ".k";
    const H::Expr extent = n.step > 0 ? (last - init) / static_cast<int>(n.step) + 1
                                      : (init - last) / static_cast<int>(-n.step) + 1;
    body = HI::LetStmt::make(n.iterator, init + HI::Variable::make(H::Int(32), k) * static_cast<int>(n.step), body);
    return HI::For::make(k, 0, extent, HI::ForType::Serial, H::DeviceAPI::None, body);
  }

  HI::Stmt tagged(const LoopNode& n, const H::Expr& min, const H::Expr& extent, const HI::Stmt& body) {
    const std::string& it = n.iterator;
    for (const LoopTag& t : n.tags) {
      if (is_automatic_parallel(t)) continue;  // the OpenMP target's, not the user's
      if (gpu_ && (t.kind == "gpu_block" || t.kind == "gpu_thread")) return gpu_loop(n, t, min, extent, body);
      if (t.kind == "parallel" && !chunked_.empty() &&
          (it == chunked_.back().iterator || it == chunked_.back().iterator + ".rev"))
        return in_chunks(chunked_.back(), it, min, extent, body);
      // One whose reduction reaches several elements (a whole array) stays in order.
      if (t.kind == "parallel")
        return HI::For::make(it, min, extent,
                             loop_reductions(program(), n).empty() && (!root() || private_scalars(n).empty())
                                 ? HI::ForType::Parallel
                                 : HI::ForType::Serial,
                             H::DeviceAPI::None, body);
      if ((t.kind == "vector" || t.kind == "unroll") && !t.args.empty()) {
        const int width = std::stoi(t.args[0]);
        if (width < 2) break;
        const HI::ForType inner = t.kind == "vector" ? HI::ForType::Vectorized : HI::ForType::Unrolled;
        // A point loop of a split (extent min(e, width)): whole or serial, no re-split.
        if (HI::can_prove(extent <= width))
          return HI::IfThenElse::make(extent == width,
                                      HI::For::make(it, min, width, inner, H::DeviceAPI::None, body),
                                      HI::For::make(it, min, extent, HI::ForType::Serial, H::DeviceAPI::None, body));
        // it = min + o * width + l over the full chunks, then a serial tail.
        const std::string o = it + ".o", l = it + ".l", base = it + ".base";
        const H::Expr chunks = H::max(extent, 0) / width;
        const H::Expr ov = HI::Variable::make(H::Int(32), o), lv = HI::Variable::make(H::Int(32), l);
        HI::Stmt inner_body = HI::LetStmt::make(it, min + ov * width + lv, body);
        HI::Stmt main = HI::For::make(o, 0, chunks, HI::ForType::Serial, H::DeviceAPI::None,
                                      HI::For::make(l, 0, width, inner, H::DeviceAPI::None, inner_body));
        HI::Stmt tail = HI::For::make(it, min + chunks * width, extent - chunks * width, HI::ForType::Serial,
                                      H::DeviceAPI::None, body);
        return HI::Block::make(main, tail);
      }
      if (t.kind == "unroll" && t.args.empty()) {
        if (const int64_t* c = HI::as_const_int(HI::simplify(extent)); c && *c > 0 && *c <= 64)
          return HI::For::make(it, min, extent, HI::ForType::Unrolled, H::DeviceAPI::None, body);
      }
    }
    return HI::For::make(it, min, extent, HI::ForType::Serial, H::DeviceAPI::None, body);
  }

  // A CUDA block or thread loop from 0 (Halide's kernels need it), named as
  // Halide's offload pass recognises them (".__block_id_x"), with the
  // iterator bound inside. A thread loop that may exceed a block's 1024
  // threads runs on 256 threads, each striding through the iterations; one
  // outside every block loop gets a block of its own.
  HI::Stmt gpu_loop(const LoopNode& n, const LoopTag& t, const H::Expr& min, const H::Expr& extent, HI::Stmt body) {
    for (const LoopReduction& r : loop_reductions(program(), n))
      throw InputError(SourceLocation{}, "the halide target cannot run the reduction of " + r.array +
                                             " over the GPU loop " + n.iterator +
                                             " (its threads would update one element): use the cuda target, which "
                                             "updates it atomically, or keep the loop sequential");
    if (root())
      for (const std::string& s : private_scalars(n))
        throw InputError(SourceLocation{}, "the halide target cannot give each thread of the GPU loop " + n.iterator +
                                               " its own copy of " + s +
                                               ": use the cuda target, or keep the loop sequential");
    const bool block = t.kind == "gpu_block";
    const std::string axis = t.args.empty() ? "x" : t.args[0];
    const std::string name = "loopscape." + n.iterator + (block ? ".__block_id_" : ".__thread_id_") + axis;
    const H::Expr v = HI::Variable::make(H::Int(32), name);
    if (block) {
      // A grid is rectangular: a block loop whose extent moves with a block
      // loop around it (a triangle of tiles) runs over the largest extent,
      // and the blocks past its own do nothing.
      H::Expr grid = extent;
      bool guarded = false;
      if (inside_blocks_ > 0) {
        const HI::Interval range = HI::bounds_of_expr_in_scope(extent, block_ranges_);
        if (range.has_upper_bound() && !HI::expr_uses_vars(range.max, block_ranges_)) {
          grid = HI::simplify(range.max);
          guarded = !HI::can_prove(grid == extent);
        }
      }
      // A launch of no blocks (or no threads) is a CUDA error, not an empty
      // loop: an extent that may reach 0 (the last k of gramschmidt, whose
      // j loop is empty) launches one block that does nothing.
      if (!HI::can_prove(grid >= 1)) {
        grid = H::max(grid, 1);
        guarded = true;
      }
      body = HI::LetStmt::make(n.iterator, min + v, body);
      if (guarded) body = HI::IfThenElse::make(v < extent, body);
      return HI::For::make(name, 0, grid, HI::ForType::GPUBlock, H::DeviceAPI::CUDA, body);
    }
    HI::Stmt threads;
    if (HI::can_prove(extent <= 1024)) {
      HI::Stmt inner = HI::LetStmt::make(n.iterator, min + v, body);
      H::Expr count = extent;
      if (!HI::can_prove(extent >= 1)) {
        count = H::max(extent, 1);
        inner = HI::IfThenElse::make(v < extent, inner);
      }
      threads = HI::For::make(name, 0, count, HI::ForType::GPUThread, H::DeviceAPI::CUDA, inner);
    } else {
      constexpr int kThreads = 256;
      const std::string k = n.iterator + ".stride";
      const H::Expr kv = HI::Variable::make(H::Int(32), k);
      HI::Stmt strided = HI::For::make(k, 0, (extent - v + (kThreads - 1)) / kThreads, HI::ForType::Serial,
                                       H::DeviceAPI::None,
                                       HI::LetStmt::make(n.iterator, min + v + kv * kThreads, body));
      threads = HI::For::make(name, 0, H::max(H::min(extent, kThreads), 1), HI::ForType::GPUThread,
                              H::DeviceAPI::CUDA, strided);
    }
    if (inside_blocks_ > 0) return threads;
    return HI::For::make("loopscape.single.__block_id_" + axis, 0, 1, HI::ForType::GPUBlock, H::DeviceAPI::CUDA,
                         threads);
  }
};

bool contains_kernel_loop(const HI::Stmt& s) {
  struct Finder : HI::IRVisitor {
    bool found = false;
    using HI::IRVisitor::visit;
    void visit(const HI::For* f) override {
      found = found || f->for_type == HI::ForType::GPUBlock || f->for_type == HI::ForType::GPUThread;
      HI::IRVisitor::visit(f);
    }
  } finder;
  s.accept(&finder);
  return finder.found;
}

// Inside a kernel, code outside every thread loop would run once per thread;
// it runs on one thread instead, as the cuda target runs it.
HI::Stmt one_thread_outside_thread_loops(const HI::Stmt& s) {
  if (const auto* f = s.as<HI::For>(); f && f->for_type == HI::ForType::GPUThread) return s;
  if (!contains_kernel_loop(s))
    return HI::For::make("loopscape.single.__thread_id_x", 0, 1, HI::ForType::GPUThread, H::DeviceAPI::CUDA, s);
  if (const auto* b = s.as<HI::Block>())
    return HI::Block::make(one_thread_outside_thread_loops(b->first), one_thread_outside_thread_loops(b->rest));
  if (const auto* f = s.as<HI::For>())
    return HI::For::make(f->name, f->min, f->extent, f->for_type, f->device_api,
                         one_thread_outside_thread_loops(f->body));
  if (const auto* l = s.as<HI::LetStmt>())
    return HI::LetStmt::make(l->name, l->value, one_thread_outside_thread_loops(l->body));
  if (const auto* i = s.as<HI::IfThenElse>())
    return HI::IfThenElse::make(i->condition, one_thread_outside_thread_loops(i->then_case),
                                i->else_case.defined() ? one_thread_outside_thread_loops(i->else_case) : i->else_case);
  return s;
}

// Applies one_thread_outside_thread_loops below the innermost block loop of every kernel.
HI::Stmt run_block_level_code_once(const HI::Stmt& s) {
  if (const auto* f = s.as<HI::For>()) {
    if (f->for_type == HI::ForType::GPUBlock) {
      const auto* inner = f->body.as<HI::For>();
      const HI::Stmt body = inner && inner->for_type == HI::ForType::GPUBlock
                                ? run_block_level_code_once(f->body)
                                : one_thread_outside_thread_loops(f->body);
      return HI::For::make(f->name, f->min, f->extent, f->for_type, f->device_api, body);
    }
    return HI::For::make(f->name, f->min, f->extent, f->for_type, f->device_api, run_block_level_code_once(f->body));
  }
  if (const auto* b = s.as<HI::Block>())
    return HI::Block::make(run_block_level_code_once(b->first), run_block_level_code_once(b->rest));
  if (const auto* l = s.as<HI::LetStmt>())
    return HI::LetStmt::make(l->name, l->value, run_block_level_code_once(l->body));
  if (const auto* i = s.as<HI::IfThenElse>())
    return HI::IfThenElse::make(i->condition, run_block_level_code_once(i->then_case),
                                i->else_case.defined() ? run_block_level_code_once(i->else_case) : i->else_case);
  if (const auto* a = s.as<HI::Allocate>())
    return HI::Allocate::make(a->name, a->type, a->memory_type, a->extents, a->condition,
                              run_block_level_code_once(a->body));
  return s;
}

// Halide takes an access whose index it knows to be a multiple of the vector
// width as aligned to the vector (vmovapd on a 64-byte boundary with
// AVX-512), as its own allocations are; the program's arrays come from the
// caller with only their element type's alignment guaranteed.
HI::Stmt forget_alignment_of(const HI::Stmt& s, const std::set<std::string>& arrays) {
  struct Forget : HI::IRMutator {
    const std::set<std::string>& arrays;
    explicit Forget(const std::set<std::string>& a) : arrays(a) {}
    using HI::IRMutator::visit;
    H::Expr visit(const HI::Load* op) override {
      if (!arrays.count(op->name)) return HI::IRMutator::visit(op);
      return HI::Load::make(op->type, op->name, mutate(op->index), op->image, op->param, mutate(op->predicate),
                            HI::ModulusRemainder());
    }
    HI::Stmt visit(const HI::Store* op) override {
      if (!arrays.count(op->name)) return HI::IRMutator::visit(op);
      return HI::Store::make(op->name, mutate(op->value), mutate(op->index), op->param, mutate(op->predicate),
                             HI::ModulusRemainder());
    }
  } forget(arrays);
  return forget.mutate(s);
}

// The embedded buffers a pass left in the Stmt (the kernels' PTX), which the
// module must carry.
std::vector<H::Buffer<>> embedded_buffers(const HI::Stmt& s) {
  struct Finder : HI::IRVisitor {
    std::vector<H::Buffer<>> found;
    using HI::IRVisitor::visit;
    void visit(const HI::Variable* v) override {
      if (v->image.defined() &&
          std::none_of(found.begin(), found.end(), [&](const H::Buffer<>& b) { return b.name() == v->image.name(); }))
        found.push_back(v->image);
    }
  } finder;
  s.accept(&finder);
  return finder.found;
}

}  // namespace

H::Type halide_type_of(const std::string& c_type) {
  static const std::map<std::string, H::Type> types = {
      {"double", H::Float(64)},        {"float", H::Float(32)},           {"int", H::Int(32)},
      {"long", H::Int(64)},            {"long long", H::Int(64)},         {"short", H::Int(16)},
      {"char", H::Int(8)},             {"signed char", H::Int(8)},        {"unsigned char", H::UInt(8)},
      {"unsigned short", H::UInt(16)}, {"unsigned int", H::UInt(32)},     {"unsigned", H::UInt(32)},
      {"unsigned long", H::UInt(64)},  {"unsigned long long", H::UInt(64)}, {"_Bool", H::Bool()},
      {"bool", H::Bool()},             {"int64_t", H::Int(64)},           {"int32_t", H::Int(32)},
  };
  auto it = types.find(c_type);
  if (it == types.end()) unsupported("the element type '" + c_type + "'");
  return it->second;
}

namespace {

// C's floating-point semantics come from the builder wrapping float code in
// strict_float (Target::StrictFloat alone does nothing to a hand-built Stmt)
// and from the module's strict flag, which keeps LLVM from fusing FMAs.
H::Target host_target(bool jit) {
  H::Target t = H::get_host_target();
  t.set_feature(H::Target::NoAsserts);
  t.set_feature(H::Target::StrictFloat);
  if (jit) t.set_feature(H::Target::JIT);
  return t;
}

H::Target cuda_target() {
  H::Target t = host_target(false);
  t.set_feature(H::Target::CUDA);
  // PTX for sm_70 runs on every later GPU too: the driver compiles it for the device.
  t.set_feature(H::Target::CUDACapability70);
  // For diagnosing a GPU run elsewhere (bench/gpu): Halide's runtime then
  // prints every call it makes to the driver.
  if (const char* debug = std::getenv("LOOPSCAPE_HALIDE_DEBUG_RUNTIME"); debug && *debug == '1')
    t.set_feature(H::Target::Debug);
  return t;
}

}  // namespace

HalideLowering lower_to_halide(const Program& program, const isl::schedule& schedule,
                               const HalideLoweringOptions& options) {
  const std::string& function_name = options.function_name;
  const LoopNodePtr ast =
      options.cache
          ? convert_isl_ast(program, options.cache->isl_ast(program, options.ast_schedule ? *options.ast_schedule : schedule))
          : build_loop_ast(program, schedule);
  const bool gpu = options.allow_gpu && contains_gpu_loop(*ast);
  const bool tiramisu_convention = !options.buffer_arguments.empty();
  if (gpu && tiramisu_convention) unsupported("GPU loops with Tiramisu's calling convention");
  const H::Target target = gpu ? cuda_target() : host_target(options.jit);
  std::set<std::string> buffer_arguments;
  for (const HalideBufferArgument& b : options.buffer_arguments) buffer_arguments.insert(b.name);
  HalideBuilder builder(program, schedule, gpu, buffer_arguments);
  builder.walk(*ast);
  HI::Stmt s = builder.result();

  // With Tiramisu's convention the function takes only its buffer arguments:
  // the program's other arrays are its temporaries, on the heap (they can be large).
  if (tiramisu_convention) {
    if (!program.parameters.empty())
      unsupported("the parameter " + program.parameters.front() + " with Tiramisu's calling convention (only buffers are passed)");
    if (!builder.variables.empty())
      unsupported("the outer variable " + builder.variables.begin()->first + " with Tiramisu's calling convention");
    for (const Array& a : program.arrays) {
      if (!builder.arrays_used.count(a.name) || buffer_arguments.count(a.name) || a.declared_in_region) continue;
      if (!a.temporary)
        unsupported("the array " + a.name + ": it is read or written but is neither an argument nor a temporary");
      std::vector<H::Expr> extents;
      for (std::size_t d = 0; d < a.extents.size(); ++d) extents.push_back(builder.array_extent(a, d));
      s = HI::Allocate::make(a.name, halide_type_of(a.element_type), H::MemoryType::Heap, extents, HI::const_true(), s);
    }
  }

  // Temporaries declared in the region live on the stack of the function.
  for (const Array& a : program.arrays)
    if (a.declared_in_region && builder.arrays_used.count(a.name)) {
      if (gpu) unsupported("the temporary " + a.name + " with GPU loops (declare it outside the region)");
      std::vector<H::Expr> extents;
      for (const std::string& e : a.extents) extents.push_back(builder.expr(Expr::make(ExprKind::IntLiteral, e)));
      s = HI::Allocate::make(a.name, halide_type_of(a.element_type), H::MemoryType::Stack, extents,
                             HI::const_true(), s);
    }

  HalideLowering out{function_name, {}, s, {}, H::Module(function_name, target), gpu, {}};
  out.module.set_any_strict_float(!options.contract_fma);
  std::vector<H::Argument> args;
  for (const HalideBufferArgument& b : options.buffer_arguments) {
    const H::Type type = halide_type_of(b.element_type);
    out.arguments.push_back({b.name, true, type});
    args.emplace_back(b.name, builder.arrays_written.count(b.name) ? H::Argument::OutputBuffer : H::Argument::InputBuffer,
                      type, 1, H::ArgumentEstimates{});
  }
  for (const Array& a : program.arrays) {
    // Tiramisu's convention took its arguments above: the arrays are no others.
    if (tiramisu_convention || a.declared_in_region || !builder.arrays_used.count(a.name)) continue;
    const H::Type type = halide_type_of(a.element_type);
    out.arguments.push_back({a.name, true, type});
    if (gpu)
      args.emplace_back(a.name, builder.arrays_written.count(a.name) ? H::Argument::OutputBuffer : H::Argument::InputBuffer,
                        type, 1, H::ArgumentEstimates{});
    else
      args.emplace_back(a.name, H::Argument::InputScalar, H::Handle(), 0, H::ArgumentEstimates{});
  }
  for (const std::string& p : program.parameters) {
    out.arguments.push_back({p, false, H::Int(32)});
    args.emplace_back(p, H::Argument::InputScalar, H::Int(32), 0, H::ArgumentEstimates{});
  }
  for (const auto& [name, type] : builder.variables) {
    out.arguments.push_back({name, false, type});
    args.emplace_back(name, H::Argument::InputScalar, type, 0, H::ArgumentEstimates{});
  }

  try {
    if (gpu) {
      // The GPU part of Lower.cpp's order (engine-notes §2.4): the host <->
      // device copies go around the outermost ProducerConsumer.
      s = run_block_level_code_once(s);
      s = HI::ProducerConsumer::make_produce(function_name, s);
      s = HI::unpack_buffers(s);
      s = HI::inject_host_dev_buffer_copies(s, target);
    }
    // The CPU part of Lower.cpp's order; on the CPU unpack_buffers has nothing
    // to unpack (the arrays come as pointers) but Tiramisu's buffer arguments.
    if (tiramisu_convention) s = HI::unpack_buffers(s);
    s = HI::unroll_loops(s);
    s = HI::vectorize_loops(s, {});
    s = HI::simplify(s);
    if (gpu) s = HI::fuse_gpu_thread_loops(s);
    s = HI::rebase_loops_to_zero(s);
    s = HI::simplify(s);
    if (!gpu) {
      // Ours, not Halide's: the reductions of a register-blocked schedule accumulate in registers.
      s = promote_invariant_accesses(hoist_invariant_conditions(s));
      s = HI::simplify(s);
      std::set<std::string> arguments;
      for (const HalideArgument& a : out.arguments)
        if (a.is_buffer) arguments.insert(a.name);
      s = forget_alignment_of(s, arguments);
    }
    out.lowered = s;
    if (!options.build_module) return out;
    if (gpu) {
      s = HI::inject_gpu_offload(s, target);
      for (const H::Buffer<>& b : embedded_buffers(s))
        if (b.name().find("gpu_source_kernels") != std::string::npos)
          out.device_code.assign(reinterpret_cast<const char*>(b.data()), b.size_in_bytes());
      std::string terminator;
      while (!out.device_code.empty() && out.device_code.back() == '\0') {
        out.device_code.pop_back();
        terminator += '\0';
      }
      if (!options.contract_fma && !out.device_code.empty()) {
        out.device_code = split_ptx_fmas(out.device_code);
        s = with_gpu_source(s, out.device_code + terminator);
      }
      for (const H::Buffer<>& b : embedded_buffers(s)) out.module.append(b);
    }
  } catch (const H::Error& e) {
    unsupported(std::string("this schedule: Halide reports: ") + e.what());
  }
  std::vector<HI::LoweredFunc> closures;
  s = HI::lower_parallel_tasks(s, closures, function_name, target);
  for (const auto& c : closures) out.module.append(c);
  out.module.append(HI::LoweredFunc(function_name, args, s, H::LinkageType::ExternalPlusMetadata));
  return out;
}

}  // namespace loopscape

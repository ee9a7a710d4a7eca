// SPDX-License-Identifier: Apache-2.0
// --target cuda: CUDA C++ from the shared loop AST. Each outermost loop
// tagged gpu_block / gpu_thread (the gpu and tile_gpu commands) becomes a
// __global__ kernel placed before the function that holds the region; the
// region keeps its other loops and statements on the host, launches the
// kernels where the loops were, and keeps the device copies of the arrays
// the kernels use for the whole region (copied in once at its start, out
// once at its end; host statements that touch them copy around themselves).
//
// In a kernel, a block loop runs `for (c = init + step * blockIdx.x; cond;
// c += step * gridDim.x)` and a thread loop the same over threadIdx and
// blockDim: every iteration runs once whatever the launch dimensions, and
// the launch takes one block (thread) per iteration where the loops allow
// (the band members' extents at the run's sizes, within CUDA's limits).
#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "codegen/common/ast_cache.h"
#include "codegen/common/band_extent.h"
#include "codegen/common/c_printer.h"
#include "analysis/access_box.h"
#include "codegen/common/local_copy.h"
#include "analysis/reductions.h"
#include "codegen/common/data_layout_rewrite.h"
#include "codegen/common/emitter.h"
#include "codegen/common/gpu_loops.h"
#include "codegen/common/loop_reductions.h"
#include "codegen/common/subscripts.h"
#include "codegen/common/loop_ast.h"
#include "codegen/cuda/cuda_target.h"
#include "schedule/tags.h"

#include <isl/schedule_node.h>

namespace loopscape {
namespace {

const LoopTag* gpu_tag(const LoopNode& n) {
  for (const LoopTag& t : n.tags)
    if (t.kind == "gpu_block" || t.kind == "gpu_thread") return &t;
  return nullptr;
}

std::string axis_of(const LoopTag& t) { return t.args.empty() ? std::string("x") : t.args[0]; }

// Names an expression uses, by kind.
struct Uses {
  std::set<std::string> arrays, written, parameters, iterators;
  std::map<std::string, std::string> variables;  // name -> C type

  void add(const ExprPtr& e) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Access: arrays.insert(e->text); break;
      case ExprKind::Parameter: parameters.insert(e->text); break;
      case ExprKind::Iterator: iterators.insert(e->text); break;
      case ExprKind::Variable: variables.emplace(e->text, e->type.empty() ? "double" : e->type); break;
      default: break;
    }
    for (const auto& a : e->args) add(a);
  }
};

// Everything a subtree uses, with the loops it declares itself.
void collect(const Program& program, const LoopNode& n, Uses& uses, std::set<std::string>& declared) {
  switch (n.kind) {
    case LoopNodeKind::For:
      declared.insert(n.iterator);
      uses.add(n.init);
      uses.add(n.cond);
      break;
    case LoopNodeKind::If: uses.add(n.condition); break;
    case LoopNodeKind::User:
      if (n.statement_index >= 0) {
        const StatementInstance inst = instantiate(program, n);
        uses.add(inst.target);
        uses.add(inst.value);
        if (inst.target && inst.target->kind == ExprKind::Access) uses.written.insert(inst.target->text);
      }
      break;
    default: break;
  }
  for (const auto& c : n.children) collect(program, *c, uses, declared);
}

bool is_number(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string parenthesized(const std::string& e) {
  const bool simple = std::all_of(e.begin(), e.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  return simple ? e : "(" + e + ")";
}

// An array on the device: a pointer to rows of constant size when the inner
// extents are numbers (A[i][j] as written), else a flat pointer indexed by
// the row-major offset.
struct DeviceArray {
  const Array* array = nullptr;
  bool flat = false;
  std::string device_name;  // ls_d_A

  std::string pointer_type(const std::string& name) const {
    if (array->extents.size() <= 1 || flat) return array->element_type + "* " + name;
    std::string rows;
    for (std::size_t d = 1; d < array->extents.size(); ++d) rows += "[" + array->extents[d] + "]";
    return array->element_type + " (*" + name + ")" + rows;
  }
  std::string bytes() const {
    std::string s = "sizeof(" + array->element_type + ")";
    for (const std::string& e : array->extents) s += " * " + parenthesized(e);
    return s;
  }
};

// An Access over a flat array: A[i][j] -> A[i * (E1) + j].
ExprPtr linearized(const ExprPtr& e, const std::map<std::string, DeviceArray>& arrays) {
  if (!e) return e;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args) a = linearized(a, arrays);
  if (copy->kind != ExprKind::Access) return copy;
  const auto found = arrays.find(copy->text);
  if (found == arrays.end() || !found->second.flat || copy->args.size() <= 1) return copy;
  ExprPtr offset = copy->args[0];
  for (std::size_t d = 1; d < copy->args.size(); ++d) {
    const ExprPtr extent = Expr::make(ExprKind::Variable, parenthesized(found->second.array->extents[d]), {}, "int");
    offset = Expr::make(ExprKind::Binary, "+",
                        {Expr::make(ExprKind::Binary, "*", {offset, extent}, "int"), copy->args[d]}, "int");
  }
  copy->args = {offset};
  return copy;
}

bool contains_thread_loop(const LoopNode& n) {
  if (n.kind == LoopNodeKind::For && n.has_tag("gpu_thread")) return true;
  for (const auto& c : n.children)
    if (contains_thread_loop(*c)) return true;
  return false;
}

// A kernel body. Code inside a block loop but outside every thread loop (a
// statement that shares the block loop but is not mapped to threads) runs
// on one thread of the block, and the parts of a block-level sequence are
// separated by __syncthreads(), so each part sees what the previous one wrote.
class KernelPrinter : public CPrinter {
 public:
  KernelPrinter(const Program& program, const CPrintOptions& options, const std::map<std::string, DeviceArray>& arrays,
                const isl::schedule& schedule, std::vector<std::string> host_loops)
      : CPrinter(program, options), arrays_(arrays), schedule_(schedule), host_loops_(std::move(host_loops)) {}

  // What the shared copies' bounds and guards use: the host loops around the
  // launch and the parameters they need, which the kernel takes as arguments.
  const Uses& copy_uses() const { return copy_uses_; }

 protected:
  void visit(const LoopNode& n) override {
    if (inside_threads_ > 0 && print_register_tile(n)) return;
    if (inside_threads_ > 0 || single_thread_) {
      LoopAstWalker::visit(n);
      return;
    }
    if (inside_tag("gpu_block") && !contains_thread_loop(n) && n.kind != LoopNodeKind::Mark) {
      line("if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {  // not mapped to threads: one thread");
      indent();
      single_thread_ = true;
      LoopAstWalker::visit(n);
      single_thread_ = false;
      outdent();
      line("}");
      return;
    }
    if (n.kind == LoopNodeKind::Block && inside_tag("gpu_block")) {
      for (std::size_t c = 0; c < n.children.size(); ++c) {
        if (c > 0) line("__syncthreads();  // the block's threads finish the part before");
        visit(*n.children[c]);
      }
      return;
    }
    LoopAstWalker::visit(n);
  }

  void enter_for(const LoopNode& n) override {
    const LoopTag* t = gpu_tag(n);
    if (!t) {
      CPrinter::enter_for(n);
      return;
    }
    const bool block = t->kind == "gpu_block";
    if (!block) ++inside_threads_;
    const std::string axis = axis_of(*t);
    const std::string index = std::string("(int)") + (block ? "blockIdx." : "threadIdx.") + axis;
    const std::string count = std::string("(int)") + (block ? "gridDim." : "blockDim.") + axis;
    const std::string scale = n.step == 1 ? "" : std::to_string(n.step) + " * ";
    const bool from_zero = n.init->kind == ExprKind::IntLiteral && n.init->text == "0";
    line("for (int " + n.iterator + " = " + (from_zero ? "" : expr(n.init) + " + ") + scale + index + "; " +
         expr(n.cond) + "; " +
         n.iterator + " += " + scale + count + ") {  // GPU " + (block ? "blocks" : "threads") + " (" + axis + ")");
    indent();
    for (const std::string& l : iteration_prologue(n)) line(l);
    gpu_epilogues_[&n] = iteration_epilogue(n);
  }
  void leave_for(const LoopNode& n) override {
    const LoopTag* t = gpu_tag(n);
    if (!t) {
      CPrinter::leave_for(n);
      end_copy(n);
      return;
    }
    if (t->kind != "gpu_block") --inside_threads_;
    for (const std::string& l : gpu_epilogues_[&n]) line(l);
    gpu_epilogues_.erase(&n);
    end_copy(n);
    outdent();
    line("}");
  }
  std::vector<std::string> iteration_prologue(const LoopNode& n) override {
    std::vector<std::string> out;
    for (const LoopTag& t : n.tags)
      if (!copied_array(t).empty()) {
        if (t.kind == "copy" && (inside_threads_ > 0 || single_thread_))
          throw InputError(SourceLocation{}, "the cuda target cannot print copy_at at loop " + n.iterator +
                                                 ": the copy is made in shared memory by a block's threads together, "
                                                 "so it belongs at a block loop or a loop outside the thread loops");
        start_copy(n, t, out);
      }
    return out;
  }
  std::vector<std::string> iteration_epilogue(const LoopNode& n) override {
    std::vector<std::string> out;
    // Every copy this loop holds goes back, not only the first: two arrays
    // cached at one loop are both written back.
    std::vector<const LocalCopy*> held;
    for (const LoopTag& t : n.tags)
      if (const std::string a = copied_array(t); !a.empty() && copies_.count(a)) held.push_back(&copies_.at(a));
    if (!held.empty()) {
      std::string names;
      for (const LocalCopy* c : held) names += (names.empty() ? "" : ", ") + c->name;
      out.push_back("__syncthreads();  // every thread is done with " + names);
      bool stored = false;
      for (const LocalCopy* c : held)
        if (c->writes) {
          scan_box(*c, LocalCopy::guarded(c->written ? expr(c->written) : "",
                                          global_element(*c) + " = " + shared_element(*c) + ";"), out);
          stored = true;
        }
      if (stored) out.push_back("__syncthreads();");
      return out;
    }
    if (!gpu_tag(n) && inside_threads_ == 0 && !single_thread_ && inside_tag("gpu_block") &&
        contains_thread_loop(n.body()))
      out.push_back("__syncthreads();  // the next iteration needs all of this one");
    return out;
  }
  // A statement's condition on data (Statement::guard) reads arrays as its body does.
  void enter_if(const LoopNode& n) override {
    LoopNode flat = n;
    flat.condition = linearized(in_shared(n.condition), arrays_);
    CPrinter::enter_if(flat);
  }
  void user(const LoopNode& node, const StatementInstance& inst) override {
    if (print_atomic_update(inst)) return;
    StatementInstance flat = inst;
    flat.target = linearized(in_shared(inst.target), arrays_);
    flat.value = linearized(in_shared(inst.value), arrays_);
    CPrinter::user(node, flat);
  }

 public:
  // Whether a kernel printed an update with ls_atomic_update (cuda_atomic_definitions).
  bool uses_atomic_update() const { return uses_atomic_update_; }
  // The scalars each thread of the kernel declares for itself.
  void set_thread_locals(std::set<std::string> names) { thread_locals_ = std::move(names); }

 private:
  // An update of a reduction whose element the GPU loops around it (or
  // loops inside those) do not change: threads update the same element, so
  // the update is atomic. A scalar is updated through its device cell
  // (ls_cell_<name>, copied in before the launch and out after it).
  bool print_atomic_update(const StatementInstance& inst) {
    const std::optional<Reduction> r = statement_reduction(*inst.statement);
    if (!r) return false;
    // The GPU loops that run this reduction (the OpenMP target's reduction
    // clauses, codegen/common/loop_reductions.h, come from the same test).
    std::string shared_over;
    for (const LoopNode* loop : enclosing_loops()) {
      if (!gpu_tag(*loop)) continue;
      for (const LoopReduction& lr : loop_reductions(program(), *loop))
        if (lr.array == r->array) shared_over = loop->iterator;
    }
    if (shared_over.empty()) return false;
    if (thread_locals_.count(r->array))
      throw InputError(inst.statement->where,
                       "the cuda target cannot sum " + r->array + " over the GPU loop " + shared_over +
                           ": each thread has its own " + r->array +
                           " (it is set in the loop around it), and the threads of a block share none; map only "
                           "the loops outside the one that sets " + r->array + " to the GPU");
    const Array* array = program().find_array(r->array);
    const std::string type = array ? array->element_type : "double";
    const ExprPtr operand = reduction_operand(*inst.statement, inst.target, inst.value);
    if (!operand)
      throw InputError(inst.statement->where, "the cuda target cannot update " + r->array + " atomically");
    const std::string address = array && array->is_scalar()
                                    ? "ls_cell_" + r->array
                                    : "&" + expr(linearized(in_shared(inst.target), arrays_));
    const std::string value = "(" + type + ")(" + expr(linearized(in_shared(operand), arrays_)) + ")";
    const bool native_sum = type == "double" || type == "float" || type == "int" || type == "unsigned" ||
                            type == "unsigned int" || type == "unsigned long long";
    const bool word = type == "double" || type == "float" || type == "int";
    if (r->op == ReductionOperator::Sum && native_sum) {
      line("atomicAdd(" + address + ", " + value + ");  // " + reduction_operator_name(r->op) + " of " + r->array);
      return true;
    }
    if (!word)
      throw InputError(inst.statement->where, "the cuda target updates " + r->array + " (" + type +
                                                  ") atomically on the GPU and cannot for this type: use double, "
                                                  "float or int, or keep the loop on the host");
    const char* op = r->op == ReductionOperator::Product ? "ls_op_mul"
                     : r->op == ReductionOperator::Max  ? "ls_op_max"
                     : r->op == ReductionOperator::Min  ? "ls_op_min"
                                                         : "ls_op_add";
    line(std::string("ls_atomic_update(") + address + ", " + value + ", " + op + "());  // " +
         reduction_operator_name(r->op) + " of " + r->array);
    uses_atomic_update_ = true;
    return true;
  }

  bool uses_atomic_update_ = false;
  std::set<std::string> thread_locals_;

 private:
  // One statement instance of a register tile: its body with the unrolled
  // loops' values in place (shared copies applied, not yet linearised).
  struct TileInstance {
    const LoopNode* node;
    StatementInstance instance;
    ExprPtr guard;  // a partial tile's condition (null: always)
  };

  // The instances under `n` when `n` is a nest of unroll-tagged loops with
  // constant bounds around statements (false for anything else).
  bool unrolled_instances(const LoopNode& n, std::vector<std::string>& names, std::vector<ExprPtr>& values,
                          std::vector<ExprPtr>& guards, std::vector<TileInstance>& out) const {
    switch (n.kind) {
      case LoopNodeKind::Block:
        for (const auto& c : n.children)
          if (!unrolled_instances(*c, names, values, guards, out)) return false;
        return true;
      case LoopNodeKind::User: {
        if (n.statement_index < 0) return false;
        StatementInstance inst = instantiate(program(), n);
        inst.target = in_shared(substitute_iterators(inst.target, names, values));
        inst.value = in_shared(substitute_iterators(inst.value, names, values));
        ExprPtr guard;
        for (const ExprPtr& g : guards)
          guard = guard ? Expr::make(ExprKind::Binary, "&&", {guard, g}, "int") : g;
        out.push_back({&n, inst, guard});
        return true;
      }
      case LoopNodeKind::For: {
        if (!n.has_tag("unroll") || gpu_tag(n) || n.step <= 0) return false;
        const std::optional<long> lo = constant_value(n.init);
        const std::optional<ExprPtr> bound = loop_bound_inclusive(n);
        if (!lo || !bound) return false;
        // A partial tile's bound: min(c, e) runs to c, each value guarded by v <= e.
        std::optional<long> hi = constant_value(*bound);
        ExprPtr limit;
        if (!hi && (*bound)->kind == ExprKind::Call && (*bound)->text == "min" && (*bound)->args.size() == 2) {
          for (int side = 0; side < 2 && !hi; ++side)
            if ((hi = constant_value((*bound)->args[static_cast<std::size_t>(side)])))
              limit = (*bound)->args[static_cast<std::size_t>(1 - side)];
        }
        if (!hi || *hi - *lo > 64 * n.step) return false;  // straight-line code stays small
        for (long v = *lo; v <= *hi; v += n.step) {
          if (limit)
            guards.push_back(Expr::make(ExprKind::Binary, "<=", {make_int(v), substitute_iterators(limit, names, values)}, "int"));
          names.push_back(n.iterator);
          values.push_back(make_int(v));
          const bool ok = unrolled_instances(n.body(), names, values, guards, out);
          names.pop_back();
          values.pop_back();
          if (limit) guards.pop_back();
          if (!ok) return false;
        }
        return true;
      }
      default:
        return false;
    }
  }

  // A register tile: a loop L inside the thread loops whose body is fully
  // unrolled loops (constant bounds) around statements, where every array
  // those statements write is accessed at the same elements in every
  // iteration of L (subscripts that do not depend on L, and that differ
  // between instances in constants only, so equal text means equal element).
  // Those elements live in scalar temporaries across L: loaded before it,
  // updated by straight-line code inside it, stored after it.
  bool print_register_tile(const LoopNode& n) {
    if (n.kind != LoopNodeKind::For || gpu_tag(n) || n.has_tag("unroll") || n.step == 0) return false;
    const LoopNode& body = n.body();
    if (body.kind != LoopNodeKind::For && body.kind != LoopNodeKind::Block) return false;
    std::vector<std::string> names;
    std::vector<ExprPtr> values;
    std::vector<ExprPtr> guards;
    std::vector<TileInstance> instances;
    if (!unrolled_instances(body, names, values, guards, instances) || instances.size() < 2) return false;
    std::set<std::string> written;
    for (const TileInstance& t : instances)
      if (t.instance.target && t.instance.target->kind == ExprKind::Access) written.insert(t.instance.target->text);
    // The written arrays' accesses: invariant in L, one shape up to constants.
    struct Element {
      ExprPtr access;  // as written in the source (for the key and the load/store)
      std::string name;
      std::string type;
      ExprPtr guard;  // the partial tile's condition of the instances that touch it
    };
    std::map<std::string, std::vector<LinearForm>> shapes;  // per array: the first access's subscripts
    std::vector<Element> elements;
    std::map<std::string, std::string> temporary_of;  // printed access -> temporary
    for (const TileInstance& t : instances) {
      std::vector<ExprPtr> accesses;
      accesses_in(t.instance.target, accesses);
      accesses_in(t.instance.value, accesses);
      for (const ExprPtr& a : accesses) {
        if (!written.count(a->text)) continue;
        if (mentions(a, n.iterator)) return false;
        std::vector<LinearForm> subscripts;
        for (const ExprPtr& s : a->args) {
          std::optional<LinearForm> f = linear_form(s);
          if (!f) return false;
          f->erase("");
          for (auto it = f->begin(); it != f->end();) it = it->second == 0 ? f->erase(it) : std::next(it);
          subscripts.push_back(*f);
        }
        auto [shape, first] = shapes.emplace(a->text, subscripts);
        if (!first && shape->second != subscripts) return false;
        const std::string key = expr(linearized(a, arrays_));
        const std::string guard = t.guard ? expr(t.guard) : "";
        if (auto known = temporary_of.find(key); known != temporary_of.end()) {
          for (const Element& e : elements)  // one element, one condition
            if (e.name == known->second && (e.guard ? expr(e.guard) : "") != guard) return false;
          continue;
        }
        const Array* array = program().find_array(a->text);
        const std::string name = "ls_r" + std::to_string(elements.size());
        temporary_of[key] = name;
        elements.push_back({a, name, array ? array->element_type : a->type, t.guard});
      }
    }
    if (elements.empty()) return false;
    // Accesses to the temporaries, the rest linearised for the device.
    std::function<ExprPtr(const ExprPtr&)> registers = [&](const ExprPtr& e) -> ExprPtr {
      if (!e) return e;
      if (e->kind == ExprKind::Access && written.count(e->text)) {
        const std::string key = expr(linearized(e, arrays_));
        return Expr::make(ExprKind::Variable, temporary_of.at(key), {}, e->type);
      }
      auto copy = std::make_shared<Expr>(*e);
      for (auto& a : copy->args) a = registers(a);
      return linearized(copy, arrays_);
    };
    line("{  // register tile: " + std::to_string(elements.size()) + " elements of " + *written.begin() +
         (written.size() > 1 ? " and others" : "") + " in registers across loop " + n.iterator);
    indent();
    for (const Element& e : elements)
      line(e.type + " " + e.name + " = " +
           (e.guard ? "(" + expr(e.guard) + ") ? " + expr(linearized(e.access, arrays_)) + " : 0" : expr(linearized(e.access, arrays_))) +
           ";");
    const std::string step = n.step == 1 ? n.iterator + "++" : n.step == -1 ? n.iterator + "--"
                                                                              : n.iterator + " += " + std::to_string(n.step);
    line("for (int " + n.iterator + " = " + expr(n.init) + "; " + expr(n.cond) + "; " + step + ") {");
    indent();
    for (const TileInstance& t : instances) {
      StatementInstance flat = t.instance;
      flat.target = registers(t.instance.target);
      flat.value = registers(t.instance.value);
      if (t.guard) {
        line("if (" + expr(t.guard) + ")");
        indent();
      }
      CPrinter::user(*t.node, flat);
      if (t.guard) outdent();
    }
    outdent();
    line("}");
    for (const Element& e : elements)
      if (written.count(e.access->text))
        line((e.guard ? "if (" + expr(e.guard) + ") " : std::string()) + expr(linearized(e.access, arrays_)) + " = " + e.name + ";");
    outdent();
    line("}");
    return true;
  }

  // Accesses to an array with a shared copy in scope go to the copy.
  ExprPtr in_shared(const ExprPtr& e) const {
    if (!e) return e;
    auto copy = std::make_shared<Expr>(*e);
    for (auto& a : copy->args) a = in_shared(a);
    if (copy->kind != ExprKind::Access) return copy;
    const auto found = copies_.find(copy->text);
    return found == copies_.end() ? copy : found->second.in_copy(copy);
  }
  static std::string shared_element(const LocalCopy& c) { return c.element_text(); }
  // The array a copy tag copies: cache_shared_at's (C, buffer) and copy_at's (array).
  static std::string copied_array(const LoopTag& t) {
    if (t.kind == "cache_shared" && t.args.size() == 2) return t.args[1];
    if (t.kind == "copy") return copy_tag_array(t);
    return "";
  }
  std::string global_element(const LocalCopy& c) { return expr(linearized(c.scanned_access(), arrays_)); }
  // Every element of the copy's box, spread over the block's threads, doing `body` on ls_e0, ls_e1, ...
  void scan_box(const LocalCopy& c, const std::string& body, std::vector<std::string>& out) {
    long total = 1;
    for (long s : c.size) total *= s;
    out.push_back("for (int ls_x = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); ls_x < " +
                  std::to_string(total) + "; ls_x += blockDim.x * blockDim.y * blockDim.z) {");
    long inner = total;
    for (std::size_t d = 0; d < c.size.size(); ++d) {
      inner /= c.size[d];
      out.push_back(std::string(static_cast<std::size_t>(2), ' ') + "const int ls_e" + std::to_string(d) + " = " +
                    c.lower_name(d) + " + ls_x" + (inner > 1 ? " / " + std::to_string(inner) : "") + " % " +
                    std::to_string(c.size[d]) + ";");
    }
    out.push_back("  " + body);
    out.push_back("}");
  }
  void start_copy(const LoopNode& n, const LoopTag& tag, std::vector<std::string>& out) {
    const std::string array = copied_array(tag);
    const std::string what = tag.kind == "copy" ? "copy_at" : "cache_shared_at";
    std::optional<isl::schedule_node> where;
    if (tag.kind == "cache_shared") where = find_tagged_band(schedule_, tag, tag.args[0]);
    if (!where) {
      // The tag sits on P's loop; P may be any statement below this loop.
      std::function<void(const LoopNode&)> any = [&](const LoopNode& x) {
        if (where) return;
        if (x.kind == LoopNodeKind::User && x.statement_index >= 0) where = find_tagged_band(schedule_, tag, x.statement);
        for (const auto& c : x.children) any(*c);
      };
      any(n);
    }
    if (!where) throw InputError(SourceLocation{}, what + ": cannot find the loop that caches " + array);
    std::vector<std::string> names = host_loops_;
    for (const LoopNode* l : enclosing_loops()) names.push_back(l->iterator);
    names.push_back(n.iterator);
    LocalCopy c = plan_local_copy(program(), *where, array, names, "ls_sh_" + array, what, 0,
                                  tag.kind == "copy" ? copy_tag_order(tag) : std::vector<int>{});
    constexpr long kSharedBytes = 48 * 1024;  // what a block may declare statically
    if (c.bytes() > kSharedBytes)
      throw InputError(SourceLocation{}, what + ": the copy of " + array + " would take " + std::to_string(c.bytes()) +
                                             " bytes of shared memory, more than the " + std::to_string(kSharedBytes) +
                                             " a block may declare: tile smaller");
    out.push_back("__shared__ " + c.element_type + " " + c.name + c.extents_text() + ";  // " + what + ": " + array +
                  " for this iteration");
    for (std::size_t d = 0; d < c.size.size(); ++d)
      out.push_back("const int " + c.lower_name(d) + " = " + expr(c.lower[d]) + ";");
    scan_box(c, LocalCopy::guarded(c.touched ? expr(c.touched) : "", shared_element(c) + " = " + global_element(c) + ";"),
             out);
    out.push_back("__syncthreads();  // " + c.name + " is filled");
    for (const ExprPtr& e : c.lower) copy_uses_.add(e);
    if (c.touched) copy_uses_.add(c.touched);
    if (c.written) copy_uses_.add(c.written);
    copies_[array] = std::move(c);
  }
  void end_copy(const LoopNode& n) {
    for (const LoopTag& t : n.tags)
      if (const std::string a = copied_array(t); !a.empty()) copies_.erase(a);
  }

  const std::map<std::string, DeviceArray>& arrays_;
  const isl::schedule& schedule_;
  std::vector<std::string> host_loops_;
  Uses copy_uses_;
  std::map<std::string, LocalCopy> copies_;  // arrays with a shared copy in scope
  std::map<const LoopNode*, std::vector<std::string>> gpu_epilogues_;
  int inside_threads_ = 0;
  bool single_thread_ = false;
};

const LoopNode* first_user(const LoopNode& n) {
  if (n.kind == LoopNodeKind::User && n.statement_index >= 0) return &n;
  for (const auto& c : n.children)
    if (const LoopNode* u = first_user(*c)) return u;
  return nullptr;
}

void gpu_loops_in(const LoopNode& n, std::vector<const LoopNode*>& out) {
  if (is_gpu_loop(n)) out.push_back(&n);
  for (const auto& c : n.children) gpu_loops_in(*c, out);
}

class HostPrinter : public CPrinter {
 public:
  HostPrinter(const Program& program, const CPrintOptions& options, const isl::schedule& schedule,
              const std::map<std::string, DeviceArray>& arrays)
      : CPrinter(program, options), options_(options), schedule_(schedule), arrays_(arrays) {}

  std::string kernels() const { return kernels_; }
  std::set<std::string> kernel_helpers() const { return kernel_helpers_; }

 protected:
  void visit(const LoopNode& n) override {
    if (in_host_part_) {
      LoopAstWalker::visit(n);
    } else if (n.kind == LoopNodeKind::For && n.has_tag("copy") && !is_gpu_loop(n) && contains_gpu_loop(n)) {
      throw InputError(SourceLocation{}, "the cuda target cannot print copy_at at loop " + n.iterator +
                                             ": it runs on the host around kernel launches, and the kernels read "
                                             "the device's arrays; copy at a GPU block loop (shared memory) instead");
    } else if (is_gpu_loop(n)) {
      launch(n);
    } else if (contains_gpu_loop(n)) {
      LoopAstWalker::visit(n);
    } else {
      host_part(n);
    }
  }

 private:
  // Host code between kernels: the device holds the arrays, so the host part
  // reads them back first and sends what it wrote afterwards.
  void host_part(const LoopNode& n) {
    Uses uses;
    std::set<std::string> declared;
    collect(program(), n, uses, declared);
    std::vector<std::string> back, forth;
    for (const auto& [name, d] : arrays_) {
      if (uses.arrays.count(name)) back.push_back(name);
      if (uses.written.count(name)) forth.push_back(name);
    }
    const bool copies = !back.empty();
    if (copies) {
      line("{");  // braced: the part may be the body of a loop or an if
      indent();
    }
    for (const std::string& a : back)
      line("LS_CUDA_CHECK(cudaMemcpy(" + a + ", " + arrays_.at(a).device_name + ", " + arrays_.at(a).bytes() +
           ", cudaMemcpyDeviceToHost));  // the host reads it next");
    in_host_part_ = true;
    LoopAstWalker::visit(n);
    in_host_part_ = false;
    for (const std::string& a : forth)
      line("LS_CUDA_CHECK(cudaMemcpy(" + arrays_.at(a).device_name + ", " + a + ", " + arrays_.at(a).bytes() +
           ", cudaMemcpyHostToDevice));");
    if (copies) {
      outdent();
      line("}");
    }
  }

  // The launch dimension along one axis: the extent of the loops mapped to it.
  std::string extent_along(const std::vector<const LoopNode*>& loops, const std::string& kind,
                           const std::string& axis, const std::string& statement) {
    std::vector<std::string> extents;
    for (const LoopNode* l : loops) {
      const LoopTag* t = gpu_tag(*l);
      if (t->kind != kind || axis_of(*t) != axis) continue;
      const LoopNode* u = first_user(*l);
      const std::optional<isl::schedule_node> band = find_tagged_band(schedule_, *t, u ? u->statement : statement);
      if (!band) continue;
      std::string e;
      program().isl().bounded("size the launch", [&] { e = band_member_extent_text(program(), *band, 0); });
      const long step = std::labs(l->step);
      if (step > 1) e = "(" + e + " + " + std::to_string(step - 1) + ") / " + std::to_string(step);
      if (std::find(extents.begin(), extents.end(), e) == extents.end()) extents.push_back(e);
    }
    if (extents.empty()) return "1";
    std::string out = extents[0];
    for (std::size_t k = 1; k < extents.size(); ++k) out = "max(" + out + ", " + extents[k] + ")";
    helpers_used_.insert("max");
    return out;
  }

  // Whether every statement under `n` that writes scalar `name` is an update
  // of a reduction of it (printed as an atomic update of its device cell).
  bool only_reduced(const LoopNode& n, const std::string& name) const {
    if (n.kind == LoopNodeKind::User) {
      if (n.statement_index < 0) return true;
      const Statement& s = program().statements.at(std::size_t(n.statement_index));
      if (!s.target || s.target->text != name) return true;
      const std::optional<Reduction> r = statement_reduction(s);
      return r && r->array == name;
    }
    for (const LoopNodePtr& c : n.children)
      if (!only_reduced(*c, name)) return false;
    return true;
  }

  void launch(const LoopNode& n) {
    const std::string name = "ls_kernel" + std::to_string(kernel_count_++);
    Uses uses;
    std::set<std::string> declared;
    collect(program(), n, uses, declared);
    std::vector<const Array*> cells;  // scalars the kernel reduces, through device cells
    // Scalars only the kernel touches and nothing after the region reads:
    // each thread declares its own.
    std::set<std::string> locals;
    if (root())
      for (const std::string& s : private_scalars(n)) locals.insert(s);
    for (const std::string& w : uses.written) {
      const Array* a = program().find_array(w);
      if (!a || !a->is_scalar() || locals.count(w)) continue;
      if (!only_reduced(n, w))
        throw InputError(a->declared_at, "the GPU loops write the scalar " + w +
                                             ": every thread would have its own copy; make it an array or keep that "
                                             "statement on the host");
      cells.push_back(a);
    }
    std::vector<std::string> host_loops;
    for (const LoopNode* l : enclosing_loops()) host_loops.push_back(l->iterator);
    CPrintOptions kernel_options = options_;
    kernel_options.local_copies_from = nullptr;  // in a kernel, a copy is shared memory (KernelPrinter's own)
    kernel_options.unroll_pragma = "unroll";  // nvcc's
    kernel_options.float_math_arguments = true;
    KernelPrinter body(program(), kernel_options, arrays_, schedule_, host_loops);
    body.set_thread_locals(locals);
    body.walk(n);
    uses.parameters.insert(body.copy_uses().parameters.begin(), body.copy_uses().parameters.end());
    for (const std::string& it : body.copy_uses().iterators)
      if (std::find(host_loops.begin(), host_loops.end(), it) != host_loops.end()) uses.iterators.insert(it);

    // Parameters: arrays (device copies), then sizes, outer scalars and the host loops' values.
    std::vector<std::string> parameters, arguments;
    for (const Array& a : program().arrays) {
      if (!uses.arrays.count(a.name)) continue;
      if (locals.count(a.name)) continue;
      if (a.is_scalar()) {
        parameters.push_back(a.element_type + " " + a.name);
        arguments.push_back(a.name);
        continue;
      }
      const DeviceArray& d = arrays_.at(a.name);
      parameters.push_back(d.pointer_type(a.name));
      arguments.push_back(d.device_name);
      if (d.flat)
        for (std::size_t k = 1; k < a.extents.size(); ++k) uses.parameters.insert(a.extents[k]);
    }
    for (const Array* cell : cells) {
      parameters.push_back(cell->element_type + "* ls_cell_" + cell->name);
      arguments.push_back("ls_cell_" + cell->name);
    }
    for (const std::string& p : program().parameters)
      if (uses.parameters.count(p)) {
        parameters.push_back("int " + p);
        arguments.push_back(p);
      }
    for (const auto& [v, type] : uses.variables) {
      parameters.push_back(type + " " + v);
      arguments.push_back(v);
    }
    for (const std::string& it : uses.iterators)
      if (!declared.count(it)) {
        parameters.push_back("int " + it);
        arguments.push_back(it);
      }

    const CCode code = body.result();
    for (const std::string& h : code.helpers) kernel_helpers_.insert(h);
    if (body.uses_atomic_update()) kernel_helpers_.insert("ls_atomic_update");
    std::ostringstream k;
    k << "__global__ void " << name << "(";
    for (std::size_t p = 0; p < parameters.size(); ++p) k << (p ? ", " : "") << parameters[p];
    k << ") {\n";
    for (const std::string& s : locals)
      k << std::string(static_cast<std::size_t>(options_.indent), ' ') << program().find_array(s)->element_type << " "
        << s << ";  // each thread's own\n";
    std::istringstream lines(code.text);
    for (std::string l; std::getline(lines, l);) k << std::string(static_cast<std::size_t>(options_.indent), ' ') << l << "\n";
    k << "}\n\n";
    kernels_ += k.str();

    std::vector<const LoopNode*> loops;
    gpu_loops_in(n, loops);
    const LoopNode* u = first_user(n);
    const std::string statement = u ? u->statement : "";
    auto dim = [&](const std::string& kind, const std::string& axis) { return extent_along(loops, kind, axis, statement); };
    helpers_used_.insert("min");
    helpers_used_.insert("max");
    line("{  // " + name + ": " + std::to_string(loops.size()) + " GPU loop" + (loops.size() == 1 ? "" : "s"));
    indent();
    line("const int ls_bx = max(1, min(" + dim("gpu_thread", "x") + ", 1024));");
    line("const int ls_by = max(1, min(" + dim("gpu_thread", "y") + ", 1024 / ls_bx));");
    line("const int ls_bz = max(1, min(" + dim("gpu_thread", "z") + ", min(64, 1024 / (ls_bx * ls_by))));");
    line("const int ls_gx = max(1, " + dim("gpu_block", "x") + ");");
    line("const int ls_gy = max(1, min(" + dim("gpu_block", "y") + ", 65535));");
    line("const int ls_gz = max(1, min(" + dim("gpu_block", "z") + ", 65535));");
    std::string args;
    for (std::size_t a = 0; a < arguments.size(); ++a) args += (a ? ", " : "") + arguments[a];
    for (const Array* cell : cells) {
      const std::string c = "ls_cell_" + cell->name, size = "sizeof(" + cell->element_type + ")";
      line(cell->element_type + "* " + c + ";  // " + cell->name + ", which the kernel's threads update atomically");
      line("LS_CUDA_CHECK(cudaMalloc((void**)&" + c + ", " + size + "));");
      line("LS_CUDA_CHECK(cudaMemcpy(" + c + ", &" + cell->name + ", " + size + ", cudaMemcpyHostToDevice));");
    }
    line("LS_CUDA_TIMER_START();");
    line(name + "<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(" + args + ");");
    line("LS_CUDA_CHECK(cudaGetLastError());  // the launch of " + name);
    line("LS_CUDA_TIMER_STOP();");
    for (const Array* cell : cells) {
      const std::string c = "ls_cell_" + cell->name;
      line("LS_CUDA_CHECK(cudaMemcpy(&" + cell->name + ", " + c + ", sizeof(" + cell->element_type +
           "), cudaMemcpyDeviceToHost));");
      line("LS_CUDA_CHECK(cudaFree(" + c + "));");
    }
    outdent();
    line("}");
  }

 public:
  std::set<std::string> helpers_used_;

 private:
  CPrintOptions options_;
  const isl::schedule& schedule_;
  const std::map<std::string, DeviceArray>& arrays_;
  std::string kernels_;
  std::set<std::string> kernel_helpers_;
  int kernel_count_ = 0;
  bool in_host_part_ = false;
};

// ls_atomic_update(p, v, op): *p = op(*p, v), atomically, for double, float
// and int: a compare-and-swap loop on the value's bits, which returns early
// when the value would not change (a max that is already larger).
std::string cuda_atomic_definitions() {
  return R"(#ifndef LS_ATOMIC_UPDATE
#define LS_ATOMIC_UPDATE
struct ls_op_add { template <typename T> __device__ T operator()(T a, T b) const { return a + b; } };
struct ls_op_mul { template <typename T> __device__ T operator()(T a, T b) const { return a * b; } };
struct ls_op_max { template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
struct ls_op_min { template <typename T> __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
#define LS_ATOMIC_CAS(T, W, TO_BITS, FROM_BITS)                                       \
  template <typename Op>                                                              \
  __device__ void ls_atomic_update(T* p, T v, Op op) {                                \
    W* word = (W*)p;                                                                  \
    W old = *word, assumed;                                                           \
    do {                                                                              \
      assumed = old;                                                                  \
      const W next = (W)TO_BITS(op(FROM_BITS(assumed), v));                           \
      if (next == assumed) return;                                                    \
      old = atomicCAS(word, assumed, next);                                           \
    } while (old != assumed);                                                         \
  }
LS_ATOMIC_CAS(double, unsigned long long, __double_as_longlong, __longlong_as_double)
LS_ATOMIC_CAS(float, unsigned int, __float_as_uint, __uint_as_float)
LS_ATOMIC_CAS(int, unsigned int, (unsigned int), (int))
#endif
)";
}

std::string cuda_prelude() {
  return R"(#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
/* Every CUDA call of the generated code is checked: a failure names the call
   and the generated line, and stops the program. */
#define LS_CUDA_CHECK(call) ls_cuda_check((call), #call, __FILE__, __LINE__)
static void ls_cuda_check(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, call, cudaGetErrorString(status));
  exit(1);
}
/* Built with -DLS_CUDA_TIMING, the kernels' own time (CUDA events around each
   launch, copies excluded) adds up in ls_cuda_kernel_ms (bench/gpu reads it). */
#ifdef LS_CUDA_TIMING
double ls_cuda_kernel_ms = 0;
static cudaEvent_t ls_cuda_t0, ls_cuda_t1;
#define LS_CUDA_TIMER_START() \
  (LS_CUDA_CHECK(cudaEventCreate(&ls_cuda_t0)), LS_CUDA_CHECK(cudaEventCreate(&ls_cuda_t1)), LS_CUDA_CHECK(cudaEventRecord(ls_cuda_t0)))
#define LS_CUDA_TIMER_STOP() ls_cuda_timer_stop()
static void ls_cuda_timer_stop(void) {
  float ms = 0;
  LS_CUDA_CHECK(cudaEventRecord(ls_cuda_t1));
  LS_CUDA_CHECK(cudaEventSynchronize(ls_cuda_t1));
  LS_CUDA_CHECK(cudaEventElapsedTime(&ms, ls_cuda_t0, ls_cuda_t1));
  ls_cuda_kernel_ms += ms;
  LS_CUDA_CHECK(cudaEventDestroy(ls_cuda_t0));
  LS_CUDA_CHECK(cudaEventDestroy(ls_cuda_t1));
}
#else
#define LS_CUDA_TIMER_START() ((void)0)
#define LS_CUDA_TIMER_STOP() ((void)0)
#endif
)";
}

class CudaTarget : public Target {
 public:
  std::string name() const override { return "cuda"; }
  std::string display_name() const override { return "CUDA"; }
  std::string file_suffix() const override { return "cu"; }
  RunRecipe run_recipe() const override {
    return {.toolchain = RunRecipe::Toolchain::Cuda,
            .runs_own_main = true,
            .own_main_why = "it runs the file's own main, built as CUDA C++ by nvcc (the generated harness is C)",
            .how_verified = "built with nvcc from PATH, $CUDA_PATH or /usr/local/cuda; needs the file's own main; "
                            "run only where a CUDA device is present"};
  }
  std::string description() const override {
    return "CUDA C++: loops tagged by gpu or tile_gpu become kernels, the rest runs on the host; the arrays the "
           "kernels use stay on the device for the whole region (build with nvcc -x cu)";
  }

  GeneratedCode generate(const CodegenInput& in) const override {
    if (apply_data_layout(in.program, in.schedule, in.dependences))
      throw InputError(SourceLocation{}, "the cuda target does not print data layout commands (store_in, "
                                         "storage_fold, inline) yet: use the openmp target for them");
    if (in.program.region.function.empty())
      throw InputError(SourceLocation{in.program.file, in.program.region.begin_line, 0},
                       "the cuda target needs the region inside a function (kernels go before it)");
    require_constant_extents(in.program, name(), "nvcc builds the file as C++, which has no variable-length array parameters");
    const Program& program = in.program;
    GeneratedCode out;
    out.target = name();
    out.replaces_region = true;
    out.schedule = in.schedule;
    // The AST the C and OpenMP targets print (the OpenMP target's automatic
    // parallel tags only, which the host printer, without OpenMP, and the
    // kernels ignore): one isl AST for every target, the expensive part.
    const LoopNodePtr ast =
        convert_isl_ast(program, isl_ast_for(in, auto_parallel_schedule_for(in, in.schedule, in.dependences)));

    // The arrays the kernels use live on the device for the whole region.
    std::map<std::string, DeviceArray> arrays;
    std::function<void(const LoopNode&)> find = [&](const LoopNode& n) {
      if (is_gpu_loop(n)) {
        Uses uses;
        std::set<std::string> declared;
        collect(program, n, uses, declared);
        for (const std::string& a : uses.arrays) {
          const Array* array = program.find_array(a);
          if (!array || array->is_scalar() || arrays.count(a)) continue;
          DeviceArray d;
          d.array = array;
          for (std::size_t k = 1; k < array->extents.size(); ++k) d.flat = d.flat || !is_number(array->extents[k]);
          d.device_name = "ls_d_" + a;
          arrays.emplace(a, d);
        }
        return;
      }
      for (const auto& c : n.children) find(*c);
    };
    find(*ast);
    Uses everything;
    std::set<std::string> declared;
    collect(program, *ast, everything, declared);

    CPrintOptions po;
    po.indent = in.options.indent;
    po.mark_comments = in.options.mark_comments;
    po.local_copies_from = &in.schedule;  // host parts copy into local arrays
    po.dependences = in.details;
    po.unroll_pragma = "unroll";  // nvcc warns of GCC's in host code too
    HostPrinter host(program, po, in.schedule, arrays);
    host.walk(*ast);
    const CCode code = host.result();

    std::ostringstream text;
    const std::string pad(static_cast<std::size_t>(po.indent), ' ');
    if (!arrays.empty()) {
      text << "{  /* the arrays the kernels use, on the device for the whole region */\n";
      for (const auto& [name, d] : arrays) {
        text << pad << d.pointer_type(d.device_name) << " = nullptr;\n";
        text << pad << "LS_CUDA_CHECK(cudaMalloc((void**)&" << d.device_name << ", " << d.bytes() << "));\n";
        text << pad << "LS_CUDA_CHECK(cudaMemcpy(" << d.device_name << ", " << name << ", " << d.bytes()
             << ", cudaMemcpyHostToDevice));\n";
      }
    }
    std::istringstream body(code.text);
    for (std::string l; std::getline(body, l);) text << (arrays.empty() ? "" : pad) << l << "\n";
    if (!arrays.empty()) {
      for (const auto& [name, d] : arrays)
        if (everything.written.count(name))
          text << pad << "LS_CUDA_CHECK(cudaMemcpy(" << name << ", " << d.device_name << ", " << d.bytes()
               << ", cudaMemcpyDeviceToHost));\n";
      for (const auto& [name, d] : arrays) text << pad << "LS_CUDA_CHECK(cudaFree(" << d.device_name << "));\n";
      text << "}\n";
    }
    out.text = text.str();
    std::set<std::string> helpers = code.helpers;
    for (const std::string& h : host.helpers_used_) helpers.insert(h);
    out.helpers = c_helper_definitions(helpers);
    if (!host.kernels().empty()) {
      out.file_prelude = cuda_prelude();
      out.before_function = c_helper_definitions(host.kernel_helpers()) +
                            (host.kernel_helpers().count("ls_atomic_update") ? cuda_atomic_definitions() : "") +
                            host.kernels();
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Target> make_cuda_target() { return std::make_unique<CudaTarget>(); }

}  // namespace loopscape

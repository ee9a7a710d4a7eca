// SPDX-License-Identifier: Apache-2.0
// Lowers a lazy array to Tiramisu's Layer I: one nest of computations per
// instruction group (the output's, and one per CSE before it), reductions
// realised as an accumulator set to zero and then updated over the
// reduction iname (a computation that reads its own earlier instance, as
// Tiramisu writes reductions), pinned temporaries computed in the nest that
// reads them. The nest's statements are chained with then() at their
// deepest shared loop, so the C rendering nests them as the listing shows.
#include "lappy/lowering.h"

#include <isl/map.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "layer1/affine_text.h"
#include "layer1/declaration_support.h"
#include "support/isl_context.h"
#include "support/text.h"

namespace loopscape::lappy::detail {

namespace T = loopscape::tiramisu;

namespace {

// A value and how the listing writes it (prec: 1 for + -, 2 for * /, 3 for atoms).
struct Val {
  T::expr e;
  std::string text;
  int prec = 3;
};

struct Stmt {
  T::computation c;
  std::vector<std::string> iterators;
};

// A statement of a nest, or the place where a pinned temporary's statements go.
struct Item {
  std::optional<Stmt> statement;
  int slot = -1;
};

// The instruction being lowered.
struct Nest {
  int group = 0;
  int items = 0;  // its slot
  std::vector<std::string> scope;  // enclosing inames, outermost first
  std::string id;                  // its main statement's name
  const ArrayNode* root = nullptr; // the array it computes (read as a value, not a temporary)
  std::vector<std::string>* deps = nullptr;
};

// A pinned array read in one scope of one nest: computed there once, at one
// of the index tuples it is read at.
struct PinUse {
  const ArrayNode* array = nullptr;
  std::vector<std::string> scope;
  int items = 0;  // the slot of the nest that reads it
  int slot = 0;   // where its statements go
  int group = 0;
  std::string consumer;
  std::vector<std::vector<std::string>> reads;
  std::vector<std::string> written;  // the index tuple it is computed at, once chosen
  bool done = false;
};

// Where an instruction stores its value.
struct Dest {
  std::string buffer;
  std::vector<std::string> index;
};

// A lowered CSE: the computation holding its final value.
struct Cse {
  T::computation final;
  std::optional<T::expr> last;  // the last reduction index, when it is a reduction
};

const std::vector<std::string> kPool = {"i", "j", "k", "l", "m", "p", "q", "r", "s", "t", "u", "v", "w"};

std::vector<T::expr> vars(const std::vector<std::string>& names) {
  std::vector<T::expr> out;
  for (const std::string& n : names) out.push_back(T::var(n));
  return out;
}

std::string bracketed(const std::string& array, const std::vector<std::string>& index) {
  return array + "[" + (index.empty() ? std::string("0") : join(index)) + "]";
}

std::string parenthesised(const Val& v, int prec) { return v.prec < prec ? "(" + v.text + ")" : v.text; }

T::expr zero(T::primitive_t type) {
  switch (type) {
    case T::p_float32: return T::expr(0.0f);
    case T::p_float64: return T::expr(0.0);
    case T::p_int64: return T::expr(0L);
    default: return T::expr(0);
  }
}

T::expr math(const std::string& f, const T::expr& a) {
  if (f == "sin") return T::sin(a);
  if (f == "cos") return T::cos(a);
  if (f == "tan") return T::tan(a);
  if (f == "exp") return T::exp(a);
  if (f == "log") return T::log(a);
  if (f == "sqrt") return T::sqrt(a);
  if (f == "tanh") return T::tanh(a);
  if (f == "abs") return T::abs(a);
  return -a;
}

T::expr arithmetic(const std::string& op, const T::expr& a, const T::expr& b) {
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "/") return a / b;
  return a * b;
}

class Lowering {
 public:
  Lowering(ProgramData& p, const where& at) : p_(p), at_(at) {}

  void run(const ArrayPtr& root) {
    survey(*root);
    // Inputs in declaration order, and the parameters their shapes use first.
    std::stable_sort(inputs_order_.begin(), inputs_order_.end(),
                     [](const ArrayNode* a, const ArrayNode* b) { return a->order < b->order; });
    std::vector<std::string> parameters;
    for (const ArrayNode* input : inputs_order_)
      for (const extent& e : input->shape) collect_parameters(*e.node(), parameters);
    for (const std::string& c : p_.parameters) collect_parameters(*parameter(c).node(), parameters);
    p_.parameters = parameters;
    reserve_names(*root);
    for (const std::string& c : p_.parameters) T::constant(c, at_);
    for (const ArrayNode* input : inputs_order_) {
      std::vector<std::string> dims;
      for (std::size_t k = 0; k < std::max<std::size_t>(1, input->shape.size()); ++k) dims.push_back("d" + std::to_string(k));
      inputs_.emplace(input, T::input(input->op, dims, checked_shape(*input), input->type, input->at));
    }
    make_buffer(p_.output, *root, T::a_output, at_);
    // The output's inames first: they get the first names (i, j, ...).
    const std::vector<std::string> loops = loops_of(*root, false, at_);
    std::vector<const ArrayNode*> cses;
    std::set<const ArrayNode*> seen;
    cse_order(*root, root.get(), seen, cses);
    for (const ArrayNode* c : cses) {
      Dest dest{temporary_name_.at(c), {}};
      make_buffer(dest.buffer, *c, T::a_temporary, c->mode_at);
      lower_group(*c, loops_of(*c, true, c->mode_at), dest, true, c->mode_at);
    }
    lower_group(*root, loops, Dest{p_.output, {}}, false, at_);
    order_parameters();
    // The output's nest first, as the spec draws it; the CSEs after it.
    std::vector<SetExpr> branches{branch(p_.groups.back())};
    for (std::size_t g = 0; g + 1 < p_.groups.size(); ++g) branches.push_back(branch(p_.groups[g]));
    p_.domain = SetExpr::any(std::move(branches));
  }

 private:
  // The parameters in the order their loops run, as the C front-end orders
  // those of the same loops (the others after them).
  void order_parameters() {
    std::vector<std::string> ordered;
    for (const Group& g : p_.groups)
      for (const std::string& i : g.inames) collect_parameters(*extent_.at(i).node(), ordered);
    for (const std::string& c : p_.parameters) collect_parameters(*parameter(c).node(), ordered);
    p_.parameters = ordered;
    p_.function->data().constants = ordered;
  }

  SetExpr branch(const Group& g) const {
    std::vector<SetExpr> pieces;
    for (const std::string& i : g.inames) pieces.push_back(SetExpr::piece(i, extent_text(extent_.at(i))));
    return SetExpr::all(std::move(pieces));
  }

  // ------------------------------------------------------------ names

  // Inputs, parameters and temporaries, each checked once, in order of first use.
  void survey(const ArrayNode& a) {
    if (!surveyed_.insert(&a).second) return;
    for (const ArrayPtr& x : a.args) survey(*x);
    in_order_.push_back(&a);
    for (const extent& e : a.shape) collect_parameters(*e.node(), p_.parameters);
    if (a.kind == ArrayKind::Literal && a.literal.is_defined()) collect_parameters(*a.literal.node(), p_.parameters);
    if (a.kind == ArrayKind::Input) {
      for (const ArrayNode* other : inputs_order_)
        if (other->op == a.op)
          fail(other->order > a.order ? other->at : a.at,
               "two different input arrays named '" + a.op + "' (the other at line " +
                   std::to_string((other->order > a.order ? a : *other).at.line()) + "): name each input once");
      inputs_order_.push_back(&a);
    }
    if (a.mode != Mode::Fused) pinned_.push_back(&a);
  }

  void reserve_names(const ArrayNode& root) {
    auto take = [&](const std::string& name, const where& at, const std::string& what) {
      if (!taken_.insert(name).second)
        fail(at, what + " '" + name + "' has the name of another array or parameter of this program: name it otherwise");
    };
    for (const std::string& c : p_.parameters) taken_.insert(c);
    for (const ArrayNode* input : inputs_order_) take(input->op, input->at, "input");
    take(p_.output, at_, "the output");
    for (const ArrayNode* a : pinned_) {
      if (a == &root || a->temporary.empty()) continue;
      take(a->temporary, a->mode_at, "temporary");
      temporary_name_[a] = a->temporary;
    }
    for (const ArrayNode* a : in_order_)
      for (const std::string& l : a->labels)
        if (a->kind == ArrayKind::Label && !l.empty() && taken_.count(l))
          fail(a->at, "label '" + l + "' is the name of an array or parameter of this program: inames need names of their own");
    for (const ArrayNode* a : in_order_)
      for (const std::string& l : a->labels)
        if (!l.empty()) labels_.insert(l);
    // Unnamed temporaries last, so that their names avoid the labels too.
    for (const ArrayNode* a : pinned_)
      if (a != &root && a->temporary.empty()) temporary_name_[a] = fresh("tmp");
  }

  std::string fresh(const std::string& base) {
    std::string name = base;
    for (int k = 1; taken_.count(name) || labels_.count(name); ++k) name = base + "_" + std::to_string(k);
    taken_.insert(name);
    return name;
  }

  std::string fresh_iname(const std::string& label) {
    if (!label.empty()) {
      std::string name = label;
      for (int k = 1; taken_.count(name); ++k) name = label + "_" + std::to_string(k);
      taken_.insert(name);
      return name;
    }
    for (const std::string& n : kPool)
      if (!taken_.count(n) && !labels_.count(n)) {
        taken_.insert(n);
        return n;
      }
    return fresh("i");
  }

  // An iname spanning axis `axis` of `a`: its extent must be affine in the parameters.
  std::string new_iname(const std::string& name, const ArrayNode& a, std::size_t axis) {
    const extent& e = a.shape[axis];
    affine_extent(e, a.shape_at[axis], axis);
    extent_.emplace(name, e);
    extent_at_.emplace(name, a.shape_at[axis]);
    return name;
  }

  std::string affine_extent(const extent& e, const where& at, std::size_t axis) const {
    try {
      return T::detail::affine_text(*e.node(), {}, p_.parameters, nullptr);
    } catch (const T::detail::NotAffine& x) {
      fail(at, "the extent '" + extent_text(e) + "' of axis " + std::to_string(axis) +
                   " bounds a loop but is not affine: " + x.reason +
                   " (an extent may be any expression of the parameters until it bounds a loop)");
    }
  }

  std::vector<T::expr> checked_shape(const ArrayNode& a) const {
    std::vector<T::expr> out;
    for (std::size_t k = 0; k < a.shape.size(); ++k) {
      affine_extent(a.shape[k], a.shape_at[k], k);
      out.push_back(a.shape[k]);
    }
    if (out.empty()) out.push_back(T::expr(1));
    return out;
  }

  void make_buffer(const std::string& name, const ArrayNode& a, T::argument_t argument, const where& at) {
    buffers_.emplace(name, T::buffer(name, checked_shape(a), a.type, argument, at));
  }

  void cse_order(const ArrayNode& a, const ArrayNode* root, std::set<const ArrayNode*>& seen,
                 std::vector<const ArrayNode*>& out) {
    if (!seen.insert(&a).second) return;
    for (const ArrayPtr& x : a.args) cse_order(*x, root, seen, out);
    if (&a != root && a.mode == Mode::Cse) out.push_back(&a);
  }

  // ------------------------------------------------------------ nests

  int new_slot() {
    slots_.emplace_back();
    return static_cast<int>(slots_.size()) - 1;
  }

  // The inames of the loops computing `a`: its labels, else i, j, ...; a CSE's get "_dup".
  std::vector<std::string> loops_of(const ArrayNode& a, bool temporary, const where& at) {
    std::vector<std::string> loops;
    for (std::size_t k = 0; k < a.labels.size(); ++k)
      for (std::size_t x = k + 1; !temporary && !a.labels[k].empty() && x < a.labels.size(); ++x)
        if (a.labels[x] == a.labels[k])
          fail(at, "axes " + std::to_string(k) + " and " + std::to_string(x) + " of the output are both labelled '" +
                       a.labels[k] + "': each loop of the output needs its own iname");
    for (std::size_t k = 0; k < a.shape.size(); ++k) {
      const std::string label = a.labels[k];
      const std::string name = !temporary ? fresh_iname(label)
                               : fresh_iname((label.empty() ? kPool[k % kPool.size()] : label) + "_dup");
      loops.push_back(new_iname(name, a, k));
    }
    return loops;
  }

  void lower_group(const ArrayNode& a, const std::vector<std::string>& loops, const Dest& dest, bool temporary,
                   const where& at) {
    const int g = static_cast<int>(p_.groups.size());
    p_.groups.emplace_back();
    p_.groups[g].loops = loops;
    p_.groups[g].inames = loops;
    const int items = new_slot();
    std::vector<std::string> deps;
    Nest n{g, items, loops, temporary ? fresh_statement(dest.buffer) : fresh_statement(p_.output), &a, &deps};
    Dest d = dest;
    d.index = loops;
    Instruction ins;
    auto [statement, last] = lower_instruction(n, a, d, temporary, at, ins);
    p_.groups[g].instructions.push_back(ins);
    finish_pins(g);
    if (temporary) cses_.emplace(&a, Cse{statement, last});
    chain(flatten(items), at);
  }

  std::string fresh_statement(const std::string& base) {
    std::string name = base;
    for (int k = 1; statements_.count(name) || (taken_.count(name) && !buffers_.count(name)); ++k)
      name = base + "_" + std::to_string(k);
    statements_.insert(name);
    return name;
  }

  // Lowers the instruction `dest[index] = a[index]` of nest `n`; returns its
  // final statement (and the last reduction index when it is a reduction).
  std::pair<T::computation, std::optional<T::expr>> lower_instruction(Nest& n, const ArrayNode& a, const Dest& dest,
                                                                      bool temporary, const where& at,
                                                                      Instruction& ins) {
    ins.id = n.id;
    ins.temporary = temporary;
    std::vector<std::string> deps;
    n.deps = &deps;
    const std::string lhs = (temporary ? "<> " : "") + bracketed(dest.buffer, dest.index) + " = ";
    std::pair<T::computation, std::optional<T::expr>> out;
    if (const ArrayNode* body = reduced(a)) {
      std::optional<T::computation> final;
      const Val v = reduction(n, a, *body, dest.index, &dest, &final);
      ins.text = lhs + v.text;
      out = {*final, last_index_};
    } else {
      const Val v = value(n, a, dest.index);
      T::computation c(n.id, ranged(n.scope), v.e, at);
      store(c, dest);
      slots_[static_cast<std::size_t>(n.items)].push_back(Item{Stmt{c, n.scope}, -1});
      ins.text = lhs + v.text;
      out = {c, std::nullopt};
    }
    ins.deps = deps;
    return out;
  }

  std::vector<T::var> ranged(const std::vector<std::string>& inames) {
    std::vector<T::var> out;
    for (const std::string& i : inames) out.emplace_back(i, T::expr(0), extent_.at(i), extent_at_.at(i));
    return out;
  }

  void store(T::computation& c, const Dest& dest) {
    std::vector<T::expr> index = vars(dest.index);
    if (index.empty()) index.push_back(T::expr(0));
    c.store_in(&buffers_.at(dest.buffer), index);
  }

  // The array a reduction at the top of `a` sums, when `a` is one.
  static const ArrayNode* reduced(const ArrayNode& a) {
    return a.kind == ArrayKind::Sum || a.kind == ArrayKind::Matmul ? &a : nullptr;
  }

  // ------------------------------------------------------------ values

  Val value(Nest& n, const ArrayNode& a, const std::vector<std::string>& index) {
    if (&a != n.root && a.mode != Mode::Fused) return temporary(n, a, index);
    switch (a.kind) {
      case ArrayKind::Input:
        return Val{inputs_.at(&a)(index.empty() ? std::vector<T::expr>{T::expr(0)} : vars(index), a.at),
                   bracketed(a.op, index)};
      case ArrayKind::Arange: return Val{T::var(index[0]), index[0]};
      case ArrayKind::Literal: return Val{a.literal, a.literal.to_str()};
      case ArrayKind::Label: return value(n, *a.args[0], index);
      case ArrayKind::Unary: {
        const Val v = value(n, *a.args[0], index);
        if (a.op == "-") return Val{-v.e, "-" + parenthesised(v, 3), 2};
        return Val{math(a.op, v.e), a.op + "(" + v.text + ")"};
      }
      case ArrayKind::Binary:
      case ArrayKind::Outer: {
        const ArrayNode& x = *a.args[0];
        const ArrayNode& y = *a.args[1];
        std::vector<std::string> ix, iy;
        if (a.kind == ArrayKind::Outer) {
          ix.assign(index.begin(), index.begin() + static_cast<long>(x.shape.size()));
          iy.assign(index.begin() + static_cast<long>(x.shape.size()), index.end());
        } else {
          if (!x.shape.empty()) ix = index;
          if (!y.shape.empty()) iy = index;
        }
        const Val l = value(n, x, ix);
        const Val r = value(n, y, iy);
        const int prec = a.op == "+" || a.op == "-" ? 1 : 2;
        const std::string rt = r.prec <= prec && (r.prec < prec || a.op == "-" || a.op == "/") ? "(" + r.text + ")" : r.text;
        return Val{arithmetic(a.op, l.e, r.e), parenthesised(l, prec) + " " + a.op + " " + rt, prec};
      }
      case ArrayKind::Transpose: {
        std::vector<std::string> source(index.size());
        for (std::size_t r = 0; r < index.size(); ++r) source[static_cast<std::size_t>(a.axes[r])] = index[r];
        return value(n, *a.args[0], source);
      }
      case ArrayKind::Sum:
      case ArrayKind::Matmul: return reduction(n, a, a, index, nullptr, nullptr);
    }
    fail(a.at, "an array lappy cannot lower");
  }

  // sum([r], body): an accumulator (the destination, or a temporary over the
  // enclosing inames) set to zero, then updated over r.
  Val reduction(Nest& n, const ArrayNode& a, const ArrayNode& sum, const std::vector<std::string>& index,
                const Dest* dest, std::optional<T::computation>* final) {
    const ArrayNode& x = *sum.args[0];
    std::string label;
    std::size_t axis = 0;
    const ArrayNode* spanned = &x;
    if (sum.kind == ArrayKind::Sum) {
      axis = static_cast<std::size_t>(sum.axes[0]);
      label = x.labels[axis];
    } else {
      axis = x.shape.size() - 1;
      label = x.labels[axis].empty() ? sum.args[1]->labels[0] : x.labels[axis];
    }
    const std::string r = new_iname(fresh_iname(label), *spanned, axis);
    p_.groups[static_cast<std::size_t>(n.group)].inames.push_back(r);

    Dest acc;
    if (dest) {
      acc = *dest;
    } else {
      acc.buffer = fresh(n.id + "_sum");
      acc.index = n.scope;
      std::vector<T::expr> extents;
      for (const std::string& i : n.scope) extents.push_back(extent_.at(i));
      if (extents.empty()) extents.push_back(T::expr(1));
      buffers_.emplace(acc.buffer, T::buffer(acc.buffer, extents, a.type, T::a_temporary, sum.at));
    }
    const std::string update_name = dest ? n.id : fresh_statement(acc.buffer);
    T::computation init(fresh_statement(update_name + "_init"), ranged(n.scope), zero(a.type), sum.at);
    store(init, acc);
    auto& items = slots_[static_cast<std::size_t>(n.items)];
    items.push_back(Item{Stmt{init, n.scope}, -1});

    Nest inner = n;
    inner.scope.push_back(r);
    Val body;
    if (sum.kind == ArrayKind::Sum) {
      std::vector<std::string> source = index;
      source.insert(source.begin() + static_cast<long>(axis), r);
      body = value(inner, x, source);
    } else {
      const ArrayNode& y = *sum.args[1];
      std::vector<std::string> ix(index.begin(), index.begin() + static_cast<long>(x.shape.size() - 1));
      std::vector<std::string> iy(index.begin() + static_cast<long>(x.shape.size() - 1), index.end());
      ix.push_back(r);
      iy.insert(iy.begin(), r);
      const Val l = value(inner, x, ix);
      const Val m = value(inner, y, iy);
      body = Val{l.e * m.e, parenthesised(l, 2) + " * " + (m.prec <= 2 ? "(" + m.text + ")" : m.text), 2};
    }
    T::computation update(update_name, ranged(inner.scope), a.type, sum.at);
    std::vector<T::expr> previous = vars(n.scope);
    previous.push_back(T::var(r) - 1);
    update.set_expression(update(previous, sum.at) + body.e, sum.at);
    store(update, acc);
    slots_[static_cast<std::size_t>(n.items)].push_back(Item{Stmt{update, inner.scope}, -1});

    const std::string text = "sum([" + r + "], " + body.text + ")";
    const T::expr last = extent_.at(r) - 1;
    if (final) {
      *final = update;
      last_index_ = last;
      return Val{T::expr(), text};
    }
    std::vector<T::expr> at_end = vars(n.scope);
    at_end.push_back(last);
    return Val{update(at_end, sum.at), text};
  }

  // ------------------------------------------------------------ temporaries

  Val temporary(Nest& n, const ArrayNode& a, const std::vector<std::string>& index) {
    const std::string& name = temporary_name_.at(&a);
    if (std::find(n.deps->begin(), n.deps->end(), name) == n.deps->end()) n.deps->push_back(name);
    const std::string text = bracketed(name, index);
    std::vector<T::expr> at = vars(index);
    if (a.mode == Mode::Cse) {
      const Cse& c = cses_.at(&a);
      if (c.last) at.push_back(*c.last);
      return Val{c.final(at, a.mode_at), text};
    }
    PinUse* use = nullptr;
    for (PinUse& u : uses_)
      if (u.array == &a && u.scope == n.scope && u.items == n.items) use = &u;
    if (!use) {
      uses_.push_back(PinUse{&a, n.scope, n.items, new_slot(), n.group, n.id, {}, {}, false});
      use = &uses_.back();
      slots_[static_cast<std::size_t>(n.items)].push_back(Item{std::nullopt, use->slot});
    }
    if (std::find(use->reads.begin(), use->reads.end(), index) == use->reads.end()) {
      use->reads.push_back(index);
      if (use->done && !covered(*use, use->written))
        fail(a.mode_at, "pin(): '" + name + "' is read at " + text + " after its temporary was placed: make it a CSE with pin_cse()");
    }
    if (index.empty()) at.push_back(T::expr(0));
    return Val{pinned_view(a)(at, a.mode_at), text};
  }

  // What the statements reading a pinned temporary read: its buffer, as an
  // input of Layer I (every instance of the temporary holds the same value,
  // so the read needs the cell written, not one particular instance).
  T::computation& pinned_view(const ArrayNode& a) {
    auto it = views_.find(&a);
    if (it != views_.end()) return it->second;
    const std::string& name = temporary_name_.at(&a);
    make_buffer(name, a, T::a_temporary, a.mode_at);
    std::vector<std::string> dims;
    for (std::size_t k = 0; k < std::max<std::size_t>(1, a.shape.size()); ++k) dims.push_back("d" + std::to_string(k));
    T::input view(fresh_statement(name + "_value"), dims, checked_shape(a), a.type, a.mode_at);
    view.store_in(&buffers_.at(name), a.mode_at);
    return views_.emplace(&a, view).first->second;
  }

  void finish_pins(int group) {
    for (std::size_t k = 0; k < uses_.size(); ++k) {
      if (uses_[k].done || uses_[k].group != group) continue;
      PinUse use = uses_[k];
      use.written = chosen_index(use);
      uses_[k].written = use.written;
      uses_[k].done = true;
      std::vector<std::string> deps;
      Nest n{group, use.slot, use.scope, fresh_statement(temporary_name_.at(use.array)), use.array, &deps};
      Instruction ins;
      lower_instruction(n, *use.array, Dest{temporary_name_.at(use.array), use.written}, true, use.array->mode_at, ins);
      auto& list = p_.groups[static_cast<std::size_t>(group)].instructions;
      auto consumer = std::find_if(list.begin(), list.end(), [&](const Instruction& i) { return i.id == use.consumer; });
      list.insert(consumer, ins);
    }
  }

  // The index tuple the pinned temporary is computed at in its consumer's
  // loops: one of those it is read at, such that every read finds its cell
  // computed at that iteration or an earlier one.
  std::vector<std::string> chosen_index(const PinUse& use) {
    std::vector<std::vector<std::string>> candidates = use.reads;
    auto depth = [&](const std::vector<std::string>& t) {
      long d = -1;
      for (const std::string& i : t)
        d = std::max(d, static_cast<long>(std::find(use.scope.begin(), use.scope.end(), i) - use.scope.begin()));
      return d;
    };
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const auto& x, const auto& y) { return depth(x) > depth(y); });
    for (const auto& c : candidates)
      if (covered(use, c)) return c;
    std::vector<std::string> reads;
    for (const auto& r : use.reads) reads.push_back(bracketed(temporary_name_.at(use.array), r));
    fail(use.array->mode_at, "pin(): '" + use.consumer + "' reads '" + temporary_name_.at(use.array) + "' at " +
                                 join(reads, " and ") + " inside its loops for " + join(use.scope) +
                                 ", and computed there at any one of these indices it is not ready for every read "
                                 "in that order: make it a CSE with pin_cse()");
  }

  bool covered(const PinUse& use, const std::vector<std::string>& written) {
    bool ok = false;
    isl_.bounded("checking where a pinned temporary is computed", [&] {
      const std::string prefix = "[" + join(p_.parameters) + "] -> ";
      const std::string tuple = "[" + join(use.scope) + "]";
      std::vector<std::string> bounds;
      for (const std::string& i : use.scope)
        bounds.push_back("0 <= " + i + " < " + affine_extent(extent_.at(i), extent_at_.at(i), 0));
      const isl::set domain(isl_.ctx(), prefix + "{ " + tuple + (bounds.empty() ? "" : " : " + join(bounds, " and ")) + " }");
      const isl::map writes(isl_.ctx(), prefix + "{ " + tuple + " -> [" + join(written) + "] }");
      isl::map earlier = isl::manage(isl_map_lex_ge(domain.space().release()));
      earlier = earlier.intersect_domain(domain).intersect_range(domain);
      const isl::map ready = earlier.apply_range(writes);
      ok = true;
      for (const auto& r : use.reads) {
        const isl::map read(isl_.ctx(), prefix + "{ " + tuple + " -> [" + join(r) + "] }");
        ok = ok && read.intersect_domain(domain).is_subset(ready);
      }
    });
    return ok;
  }

  // ------------------------------------------------------------ order

  std::vector<Stmt> flatten(int slot) {
    std::vector<Stmt> out;
    for (const Item& item : slots_[static_cast<std::size_t>(slot)]) {
      if (item.statement) {
        out.push_back(*item.statement);
      } else {
        std::vector<Stmt> inner = flatten(item.slot);
        out.insert(out.end(), inner.begin(), inner.end());
      }
    }
    return out;
  }

  // Each statement after the one before it, inside the loops they share.
  static void chain(std::vector<Stmt> statements, const where& at) {
    for (std::size_t k = 1; k < statements.size(); ++k) {
      const auto& a = statements[k - 1].iterators;
      const auto& b = statements[k].iterators;
      std::size_t shared = 0;
      while (shared < a.size() && shared < b.size() && a[shared] == b[shared]) ++shared;
      const T::var level = shared ? T::var(a[shared - 1]) : T::computation::root;
      statements[k - 1].c.then(statements[k].c, level, at);
    }
  }

  ProgramData& p_;
  where at_;
  IslContext isl_;
  std::set<const ArrayNode*> surveyed_;
  std::vector<const ArrayNode*> in_order_;  // operands before their results
  std::vector<const ArrayNode*> inputs_order_;
  std::vector<const ArrayNode*> pinned_;
  std::set<std::string> taken_;       // C names: parameters, arrays, inames
  std::set<std::string> labels_;      // inames the user named
  std::set<std::string> statements_;  // computation names
  std::map<const ArrayNode*, std::string> temporary_name_;
  std::map<const ArrayNode*, T::computation> inputs_;
  std::map<const ArrayNode*, T::computation> views_;
  std::map<const ArrayNode*, Cse> cses_;
  std::map<std::string, T::buffer> buffers_;
  std::map<std::string, extent> extent_;
  std::map<std::string, where> extent_at_;
  std::deque<std::vector<Item>> slots_;
  std::deque<PinUse> uses_;
  std::optional<T::expr> last_index_;
};

}  // namespace

std::unique_ptr<ProgramData> lower(const ArrayPtr& root, const std::string& output, const where& at) {
  auto p = std::make_unique<ProgramData>();
  p->output = output;
  p->name = output + "_kernel";
  p->at = at;
  T::function* previous = T::detail::exchange_current(nullptr);
  try {
    p->function = std::make_unique<T::function>(p->name, at);
    Lowering(*p, at).run(root);
  } catch (...) {
    T::detail::exchange_current(previous);
    throw;
  }
  T::detail::exchange_current(previous);
  return p;
}

std::string instruction_listing(const ProgramData& p) {
  std::string out;
  for (const Group& g : p.groups) {
    if (!out.empty()) out += "\n";
    const std::string indent = g.loops.empty() ? "" : "  ";
    if (!g.loops.empty()) out += "for " + join(g.loops) + "\n";
    for (const Instruction& i : g.instructions) {
      std::vector<std::string> tags;
      if (i.temporary) tags.push_back("id=" + i.id);
      if (!i.deps.empty()) tags.push_back("dep=" + join(i.deps, ":"));
      out += indent + i.text + (tags.empty() ? "" : "  {" + join(tags, ", ") + "}") + "\n";
    }
    if (!g.loops.empty()) out += "end\n";
  }
  return out;
}

}  // namespace loopscape::lappy::detail

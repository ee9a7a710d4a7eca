// SPDX-License-Identifier: Apache-2.0
// Builds the Program a Tiramisu function defines, filling the model the way
// the C front-end does (frontend/scop_builder.cpp): one statement per
// computation with its domain, the write of its buffer first and then the
// reads in evaluation order, expression trees typed as C types them, loops
// and textual positions as the C rendering nests them.
#include "layer1/program_builder.h"

#include <isl/ast_build.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "codegen/common/c_printer.h"
#include "layer1/affine_text.h"
#include "layer1/c_rendering.h"
#include "layer1/isl_parse.h"
#include "layer1/loop_nesting.h"
#include "layer1/value_flow.h"
#include "support/text.h"

namespace loopscape::tiramisu::detail {
namespace {

SourceLocation located(const where& at) { return SourceLocation{at.file_name(), at.line(), at.column()}; }

// The values of one computation as the builder sees them.
struct Info {
  const ComputationData* data = nullptr;
  std::vector<std::string> iterators;
  isl::set domain;
  std::string buffer;                // the array it is stored in
  std::vector<NodePtr> store;        // its buffer subscripts, over its iterators
  bool statement = false;
};

struct ArrayPlan {
  std::string name;
  primitive_t type = p_none;
  std::vector<std::string> extents;
  argument_t argument = a_temporary;
  where at;
};

class Builder {
 public:
  Builder(const FunctionData& f, Program& program) : f_(f), program_(program) {}

  void run() {
    prefix_ = "[" + join(f_.constants) + "] -> ";
    params_ = isl::set(program_.ctx(), prefix_ + "{ : }").space();
    for (const auto& c : f_.computations) declare(*c);
    plan_arrays();
    for (const auto& c : f_.computations) info(*c).store = store_subscripts(*c);
    std::vector<Nestable> statements;
    for (const auto& c : f_.computations)
      if (info(*c).statement) statements.push_back(Nestable{c.get(), info(*c).iterators});
    for (const Placement& place : nest_statements(statements, f_.orderings)) {
      Statement st;
      st.loops = place.loops;
      st.position = place.position;
      build_statement(*place.computation, st);
      program_.statements.push_back(std::move(st));
    }
    collect_arrays();
    program_.parameters = f_.constants;
    program_.context = isl::set::universe(params_);
    for (std::size_t k = 0; k < f_.context.size(); ++k) program_.context = program_.context.intersect(context(k));
  }

 private:
  // ------------------------------------------------------------ isl text

  std::string affine_or_fail(const Node& n, const std::vector<std::string>& scope, std::vector<std::string>* dividends,
                             const where& at, const std::string& what) const {
    try {
      return affine_text(n, scope, f_.constants, dividends);
    } catch (const NotAffine& e) {
      fail(at, what + " '" + to_str(n) + "' is not affine: " + e.reason);
    }
  }

  isl::set parse_user_set(const std::string& text, const where& at, const std::string& what) const {
    IslParseError error;
    std::optional<isl::set> s = parse_set(program_.ctx(), text, &error);
    if (!s)
      fail(at, what + " '" + text + "' does not parse" +
                   (error.column ? " at column " + std::to_string(error.column) : std::string()) + ": " +
                   error.message);
    return *s;
  }

  isl::set aligned(isl::set s, const where& at, const std::string& what) const {
    // A constant with a value is that number: a set that names it is fixed at it.
    for (const auto& [name, value] : f_.constant_values) {
      const int k = isl_set_find_dim_by_name(s.get(), isl_dim_param, name.c_str());
      if (k < 0) continue;
      isl_set* fixed = isl_set_fix_si(s.release(), isl_dim_param, static_cast<unsigned>(k), static_cast<int>(value));
      s = isl::manage(isl_set_project_out(fixed, isl_dim_param, static_cast<unsigned>(k), 1));
    }
    const isl::space space = s.space();
    const int n = isl_space_dim(space.get(), isl_dim_param);
    for (int k = 0; k < n; ++k) {
      const char* name = isl_space_get_dim_name(space.get(), isl_dim_param, static_cast<unsigned>(k));
      const std::string p = name ? name : "";
      bool known = false;
      for (const std::string& c : f_.constants) known = known || c == p;
      if (!known)
        fail(at, what + " uses '" + p + "', which is no constant of function '" + f_.name +
                     "': declare it with constant " + p + "(\"" + p + "\")");
    }
    return isl::manage(isl_set_align_params(s.release(), params_.copy()));
  }

  isl::set context(std::size_t k) const {
    const isl::set s = aligned(parse_user_set(f_.context[k], f_.context_at[k], "context"), f_.context_at[k], "the context");
    if (s.tuple_dim() != 0)
      fail(f_.context_at[k], "the context '" + f_.context[k] + "' has dimensions: write it as \"[N] -> { : N >= 4 }\"");
    return s;
  }

  // ------------------------------------------------------------ domains

  Info& info(const ComputationData& c) { return infos_.at(&c); }
  const Info* find_info(const ComputationData* c) const {
    auto it = infos_.find(c);
    return it == infos_.end() ? nullptr : &it->second;
  }

  void declare(const ComputationData& c) {
    Info in;
    in.data = &c;
    in.statement = !c.is_input && c.scheduled;
    if (in.statement && !c.value.is_defined())
      fail(c.at, "computation '" + c.name + "' has no expression: give one with set_expression");
    if (c.domain_text.empty()) {
      std::string constraints;
      for (const Iterator& it : c.iterators) {
        in.iterators.push_back(it.name);
        if (!it.lower.is_defined()) continue;  // an input's dimension without a range
        const std::string lo = affine_or_fail(*it.lower.node(), {}, nullptr, it.at, "the lower bound of var '" + it.name + "'");
        const std::string hi = affine_or_fail(*it.upper.node(), {}, nullptr, it.at, "the upper bound of var '" + it.name + "'");
        constraints += (constraints.empty() ? "" : " and ") + lo + " <= " + it.name + " < " + hi;
      }
      const std::string text = prefix_ + "{ " + c.name + "[" + join(in.iterators) + "]" +
                               (constraints.empty() ? "" : " : " + constraints) + " }";
      in.domain = aligned(parse_user_set(text, c.at, "the domain"), c.at, "the domain of '" + c.name + "'");
    } else {
      std::string text = c.domain_text;
      const std::size_t first = text.find_first_not_of(" \t\n");
      const bool has_prefix = first != std::string::npos && text[first] == '[';
      if (!has_prefix) text = prefix_ + text;
      IslParseError error;
      std::optional<isl::set> s = parse_set(program_.ctx(), text, &error);
      if (!s) {
        const unsigned column = error.column > (has_prefix ? 0 : prefix_.size()) && error.line <= 1
                                    ? error.column - static_cast<unsigned>(has_prefix ? 0 : prefix_.size())
                                    : error.column;
        fail(c.domain_at, "the iteration domain \"" + c.domain_text + "\" does not parse" +
                              (column ? " at column " + std::to_string(column) : std::string()) + ": " + error.message);
      }
      in.domain = aligned(*s, c.domain_at, "the iteration domain of '" + c.name + "'");
      const unsigned n = in.domain.tuple_dim();
      for (unsigned k = 0; k < n; ++k) {
        const char* dim = isl_set_get_dim_name(in.domain.get(), isl_dim_set, k);
        if (!dim || !*dim)
          fail(c.domain_at, "dimension " + std::to_string(k + 1) + " of the iteration domain \"" + c.domain_text +
                                "\" has no name: name every dimension (S[i, j], not S[i, 0])");
        in.iterators.push_back(dim);
      }
      std::set<std::string> seen;
      for (const std::string& it : in.iterators)
        if (!seen.insert(it).second)
          fail(c.domain_at, "the iteration domain \"" + c.domain_text + "\" names two dimensions '" + it + "'");
    }
    if (in.domain.is_empty()) fail(c.at, "the domain of '" + c.name + "' is empty");
    infos_.emplace(&c, std::move(in));
  }

  // ------------------------------------------------------------ buffers

  // Each computation's buffer: the one store_in names, else its own one.
  void plan_arrays() {
    std::set<const ComputationData*> read_by_others;
    for (const auto& c : f_.computations)
      if (c->value.is_defined()) collect_reads(*c->value.node(), c.get(), read_by_others);
    for (const auto& b : f_.buffers) {
      ArrayPlan plan{b->name, b->type, {}, b->argument, b->at};
      for (const expr& s : b->sizes) {
        affine_or_fail(*s.node(), {}, nullptr, b->at, "the size of buffer '" + b->name + "'");
        plan.extents.push_back(print_c_expr(*model_expr(*s.node(), nullptr, {}, b->at)));
      }
      plans_.emplace(b->name, plan);
    }
    for (const auto& c : f_.computations) {
      Info& in = info(*c);
      if (c->storage) {
        in.buffer = c->storage->name;
        continue;
      }
      if (plans_.count(c->name))
        fail(c->at, "'" + c->name + "' has no store_in, so it would get a buffer of its own named '" + c->name +
                        "', but a buffer of that name exists: store it there with store_in");
      ArrayPlan plan{c->name, c->type, {}, c->is_input ? a_input : read_by_others.count(c.get()) ? a_temporary : a_output,
                     c->at};
      for (std::size_t k = 0; k < in.iterators.size(); ++k) plan.extents.push_back(own_extent(*c, in, k));
      plans_.emplace(c->name, plan);
      in.buffer = c->name;
    }
  }

  void collect_reads(const Node& n, const ComputationData* reader, std::set<const ComputationData*>& out) const {
    if (n.kind == NodeKind::Access && n.target != reader) out.insert(n.target);
    for (const NodePtr& a : n.args) collect_reads(*a, reader, out);
  }

  // The extent of dimension k of a computation's own buffer: one past its largest value.
  std::string own_extent(const ComputationData& c, const Info& in, std::size_t k) {
    const std::string& name = in.iterators[k];
    if (c.domain_text.empty() && !c.iterators[k].upper.is_defined())
      fail(c.at, "'" + c.name + "' has no store_in and its var '" + name +
                     "' has no range, so its buffer cannot be sized: store it in a buffer with store_in");
    const isl::set negative = isl::set(program_.ctx(), prefix_ + "{ " + c.name + "[" + join(in.iterators) + "] : " +
                                                          name + " < 0 }");
    if (!in.domain.intersect(aligned(negative, c.at, "")).is_empty())
      fail(c.at, "'" + c.name + "' has no store_in and its iterator '" + name +
                     "' can be negative, so it cannot index a buffer of its own: map it with store_in");
    if (c.domain_text.empty() && c.iterators[k].upper.is_defined())
      return print_c_expr(*model_expr(*c.iterators[k].upper.node(), nullptr, {}, c.at));
    isl_pw_aff* max = isl_set_dim_max(in.domain.copy(), static_cast<int>(k));
    if (isl_pw_aff_n_piece(max) != 1) {
      isl_pw_aff_free(max);
      fail(c.at, "the largest value of '" + name + "' in the domain of '" + c.name +
                     "' is not one affine expression, so its buffer cannot be sized: map it with store_in");
    }
    max = isl_pw_aff_add_constant_val(max, isl_val_one(program_.ctx().get()));
    isl_ast_build* build = isl_ast_build_from_context(isl_set_universe(params_.copy()));
    isl_ast_expr* e = isl_ast_build_expr_from_pw_aff(build, max);
    char* text = e ? isl_ast_expr_to_C_str(e) : nullptr;
    std::string out = text ? text : "";
    free(text);
    isl_ast_expr_free(e);
    isl_ast_build_free(build);
    if (out.empty()) fail(c.at, "the buffer of '" + c.name + "' cannot be sized: map it with store_in");
    return out;
  }

  std::vector<NodePtr> store_subscripts(const ComputationData& c) {
    const Info& in = info(c);
    const ArrayPlan& plan = plans_.at(in.buffer);
    std::vector<NodePtr> out;
    const where& at = c.storage ? c.store_at : c.at;
    if (!c.access_map.empty()) return subscripts_from_map(c, in, plan);
    if (c.store_indices.empty()) {
      // A scalar stored in a buffer is its first element (Tiramisu stores a 0-d input so).
      if (in.iterators.empty() || c.stored_as_scalar) {
        for (std::size_t k = 0; k < plan.extents.size(); ++k) out.push_back(expr(0).node());
        return out;
      }
      if (plan.extents.size() != in.iterators.size())
        fail(at, "'" + c.name + "' has " + std::to_string(in.iterators.size()) + " dimension(s) but buffer '" +
                     plan.name + "' has " + std::to_string(plan.extents.size()) +
                     ": give store_in the indices, e.g. store_in(&" + plan.name + ", {i, j})");
      for (const std::string& it : in.iterators) out.push_back(var(it, at).node());
      return out;
    }
    if (plan.extents.size() != c.store_indices.size())
      fail(at, "store_in of '" + c.name + "' with " + std::to_string(c.store_indices.size()) + " index(es), but buffer '" +
                   plan.name + "' has " + std::to_string(plan.extents.size()) + " dimension(s)");
    for (const expr& e : c.store_indices) {
      affine_or_fail(*e.node(), in.iterators, nullptr, at, "the store_in index");
      out.push_back(e.node());
    }
    return out;
  }

  // set_access's map, "{ S[i, j] -> b[i, 0] }", as one affine subscript per buffer dimension.
  std::vector<NodePtr> subscripts_from_map(const ComputationData& c, const Info& in, const ArrayPlan& plan) {
    const std::string& text = c.access_map;
    const std::size_t open = text.find('{');
    std::size_t close = text.find(':', open);
    if (close == std::string::npos) close = text.rfind('}');
    // isl reads a map as a set of wrapped pairs, "{ [S[i, j] -> b[i, 0]] }", and unwraps it.
    std::string wrapped = text.substr(0, open + 1) + " [" + text.substr(open + 1, close - open - 1) + "] " + text.substr(close);
    const std::size_t first = wrapped.find_first_not_of(" \t\n");
    if (first == std::string::npos || wrapped[first] != '[') wrapped = prefix_ + wrapped;
    const isl::set pairs = aligned(parse_user_set(wrapped, c.store_at, "the access map"), c.store_at, "the access map of '" + c.name + "'");
    isl::map map = isl::manage(isl_set_unwrap(pairs.copy()));
    if (map.domain_tuple_dim() != in.iterators.size() || map.range_tuple_dim() != plan.extents.size())
      fail(c.store_at, "the access map \"" + text + "\" of '" + c.name + "' maps " +
                           std::to_string(map.domain_tuple_dim()) + " dimension(s) to " + std::to_string(map.range_tuple_dim()) +
                           ", but '" + c.name + "' has " + std::to_string(in.iterators.size()) + " and buffer '" + plan.name +
                           "' has " + std::to_string(plan.extents.size()));
    isl_pw_multi_aff* pma = isl_pw_multi_aff_from_map(map.copy());
    if (!pma || isl_pw_multi_aff_n_piece(pma) != 1) {
      isl_pw_multi_aff_free(pma);
      fail(c.store_at, "the access map \"" + text + "\" of '" + c.name + "' is not one affine function");
    }
    isl_multi_aff* ma = isl_pw_multi_aff_as_multi_aff(pma);
    std::vector<NodePtr> out;
    const int params = isl_multi_aff_dim(ma, isl_dim_param);
    for (unsigned k = 0; k < plan.extents.size(); ++k) {
      isl_aff* aff = isl_multi_aff_get_aff(ma, static_cast<int>(k));
      auto integer = [&](isl_val* v) {
        const bool whole = isl_val_is_int(v);
        const long n = whole ? isl_val_get_num_si(v) : 0;
        isl_val_free(v);
        if (!whole || isl_aff_dim(aff, isl_dim_div) > 0) {
          isl_aff_free(aff);
          isl_multi_aff_free(ma);
          fail(c.store_at, "the access map \"" + text + "\" of '" + c.name + "' divides: give integer subscripts");
        }
        return n;
      };
      expr e;
      auto add = [&](long coefficient, const expr& term) {
        const expr scaled = coefficient == 1 ? term : expr(static_cast<int>(coefficient)) * term;
        e = e.is_defined() ? e + scaled : scaled;
      };
      for (unsigned d = 0; d < in.iterators.size(); ++d)
        if (const long coefficient = integer(isl_aff_get_coefficient_val(aff, isl_dim_in, static_cast<int>(d))))
          add(coefficient, var(in.iterators[d], c.store_at));
      for (int p = 0; p < params; ++p)
        if (const long coefficient = integer(isl_aff_get_coefficient_val(aff, isl_dim_param, p))) {
          auto n = std::make_shared<Node>();
          n->kind = NodeKind::Constant;
          n->text = isl_aff_get_dim_name(aff, isl_dim_param, static_cast<unsigned>(p));
          n->type = p_int32;
          add(coefficient, expr(NodePtr(n)));
        }
      const long constant_term = integer(isl_aff_get_constant_val(aff));
      if (constant_term != 0 || !e.is_defined()) add(1, expr(static_cast<int>(constant_term)));
      isl_aff_free(aff);
      out.push_back(e.node());
    }
    isl_multi_aff_free(ma);
    return out;
  }

  // ------------------------------------------------------------ statements and expressions

  void build_statement(const ComputationData& c, Statement& st) {
    const Info& in = infos_.at(&c);
    st.name = c.name;
    st.domain = in.domain;
    st.where = located(c.at);
    st.assign_op = "=";
    current_ = &st;
    current_info_ = &in;
    st.target = access(in, in.store, Access::Kind::Write, c.storage ? c.store_at : c.at, "the store of '" + c.name + "'");
    st.value = model_expr(*c.value.node(), &in, in.iterators, c.at);
    st.source_text = print_c_expr(*st.target) + " = " + print_c_expr(*st.value) + ";";
    current_ = nullptr;
    current_info_ = nullptr;
  }

  // An access of the current statement to the buffer of `of`, at `subscripts`
  // (nodes over the current statement's iterators).
  ExprPtr access(const Info& of, const std::vector<NodePtr>& subscripts, Access::Kind kind, const where& at,
                 const std::string& what) {
    const Info& self = *current_info_;
    std::vector<std::string> dividends;
    std::string range;
    std::vector<ExprPtr> args;
    for (std::size_t k = 0; k < subscripts.size(); ++k) {
      range += (k ? ", " : "") +
               affine_or_fail(*subscripts[k], self.iterators, &dividends, at, "index " + std::to_string(k + 1) + " of " + what);
    }
    for (const NodePtr& s : subscripts) args.push_back(model_expr(*s, nullptr, self.iterators, at));
    const std::string tuple = self.data->name + "[" + join(self.iterators) + "]";
    for (const std::string& d : dividends) {
      const isl::set negative = aligned(isl::set(program_.ctx(), prefix_ + "{ " + tuple + " : " + d + " < 0 }"), at, what);
      const isl::set where_negative = self.domain.intersect(negative);
      if (!where_negative.is_empty()) {
        std::ostringstream point;
        point << where_negative.sample_point();
        fail(at, what + " divides " + d + ", which is negative at " + point.str() +
                     ": C's / and % round toward zero there; keep the dividend non-negative on the domain");
      }
    }
    isl::map relation(program_.ctx(), prefix_ + "{ " + tuple + " -> " + of.buffer + "[" + range + "] }");
    relation = isl::manage(isl_map_align_params(relation.release(), params_.copy()));
    Access a;
    a.kind = kind;
    a.array = of.buffer;
    a.relation = relation.intersect_domain(self.domain).coalesce();
    a.where = located(at);
    current_->accesses.push_back(a);
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Access;
    e->text = of.buffer;
    e->args = std::move(args);
    e->type = c_type(plans_.at(of.buffer).type);
    e->access_index = static_cast<int>(current_->accesses.size()) - 1;
    return e;
  }

  // `n` with each iterator of the accessed computation replaced by the index given for it.
  static NodePtr substituted(const NodePtr& n, const std::map<std::string, NodePtr>& values) {
    if (n->kind == NodeKind::Var) {
      auto it = values.find(n->text);
      return it == values.end() ? n : it->second;
    }
    if (n->args.empty()) return n;
    auto copy = std::make_shared<Node>(*n);
    for (NodePtr& a : copy->args) a = substituted(a, values);
    return copy;
  }

  // The model's expression for `n`. With `self` set, accesses are resolved and
  // recorded as reads of the current statement; without, `n` is an index or a size.
  ExprPtr model_expr(const Node& n, const Info* self, const std::vector<std::string>& scope, const where& at) {
    const std::string type = c_type(n.type);
    auto make = [&](ExprKind kind, std::string text, std::vector<ExprPtr> args = {}) {
      return Expr::make(kind, std::move(text), std::move(args), type);
    };
    switch (n.kind) {
      case NodeKind::Int: return make(ExprKind::IntLiteral, n.text);
      case NodeKind::Float: return make(ExprKind::FloatLiteral, n.text);
      case NodeKind::Var: {
        if (std::find(scope.begin(), scope.end(), n.text) == scope.end())
          fail(at, "var '" + n.text + "' is not " +
                       (scope.empty() ? std::string("allowed here: only constants may appear")
                                      : "an iterator of '" + (self ? self->data->name : std::string("this computation")) +
                                            "' (its iterators: " + join(scope) + ")"));
        return make(ExprKind::Iterator, n.text);
      }
      case NodeKind::Constant: return make(ExprKind::Parameter, n.text);
      case NodeKind::Unary: return make(ExprKind::Unary, n.text, {model_expr(*n.args[0], self, scope, at)});
      case NodeKind::Binary:
        return make(ExprKind::Binary, n.text,
                    {model_expr(*n.args[0], self, scope, at), model_expr(*n.args[1], self, scope, at)});
      case NodeKind::Select:
        return make(ExprKind::Ternary, "?:",
                    {model_expr(*n.args[0], self, scope, at), model_expr(*n.args[1], self, scope, at),
                     model_expr(*n.args[2], self, scope, at)});
      case NodeKind::Cast: return make(ExprKind::Cast, n.text, {model_expr(*n.args[0], self, scope, at)});
      case NodeKind::Call: {
        std::vector<ExprPtr> args;
        for (const NodePtr& a : n.args) args.push_back(model_expr(*a, self, scope, at));
        return make(ExprKind::Call, n.text, std::move(args));
      }
      case NodeKind::Access: return read(n, self, at);
    }
    fail(at, "unsupported expression");
  }

  ExprPtr read(const Node& n, const Info* self, const where& at) {
    if (!self) fail(n.at, "an access to '" + n.text + "' where only constants and iterators may appear");
    const Info* of = find_info(n.target);
    if (!of)
      fail(n.at, "an access to '" + n.text + "', which is no computation or input of function '" + f_.name + "'");
    const ComputationData& target = *n.target;
    // A scalar input accessed with indices (Tiramisu writes temp(0)): they index its buffer.
    if (target.is_input && of->iterators.empty() && !n.args.empty() && target.store_indices.empty() &&
        n.args.size() == plans_.at(of->buffer).extents.size())
      return access(*of, n.args, Access::Kind::Read, n.at, "the access to '" + target.name + "'");
    if (n.args.size() != of->iterators.size())
      fail(n.at, "an access to '" + target.name + "' with " + std::to_string(n.args.size()) + " index(es), but '" +
                     target.name + "' has " + std::to_string(of->iterators.size()) + " dimension(s) (" +
                     join(of->iterators) + ")");
    std::map<std::string, NodePtr> values;
    std::string instance;
    std::vector<std::string> dividends;
    for (std::size_t k = 0; k < n.args.size(); ++k) {
      instance += (k ? ", " : "") + affine_or_fail(*n.args[k], self->iterators, &dividends, n.at,
                                                   "index " + std::to_string(k + 1) + " of the access to '" +
                                                       target.name + "'");
      values[of->iterators[k]] = n.args[k];
    }
    std::vector<NodePtr> subscripts;
    for (const NodePtr& s : of->store) subscripts.push_back(substituted(s, values));
    ExprPtr e = access(*of, subscripts, Access::Kind::Read, n.at, "the access to '" + target.name + "'");
    if (of->statement) {
      isl::map wanted(program_.ctx(), prefix_ + "{ " + self->data->name + "[" + join(self->iterators) + "] -> " +
                                          target.name + "[" + instance + "] }");
      wanted = isl::manage(isl_map_align_params(wanted.release(), params_.copy()));
      flows_.push_back(Flow{current_->name, e->access_index, target.name,
                            wanted.intersect_domain(self->domain).intersect_range(of->domain), n.at, n.text, n.args});
    }
    return e;
  }

  // ------------------------------------------------------------ arrays

  // Arrays in order of first use, as the C front-end lists them.
  void collect_arrays() {
    std::set<std::string> seen;
    for (const Statement& s : program_.statements)
      for (const Access& a : s.accesses) {
        if (!seen.insert(a.array).second) continue;
        const ArrayPlan& plan = plans_.at(a.array);
        Array array;
        array.name = plan.name;
        array.element_type = c_type(plan.type);
        array.extents = plan.extents;
        array.declared_at = located(plan.at);
        array.temporary = plan.argument == a_temporary;
        program_.arrays.push_back(array);
      }
  }

 public:

  const std::vector<Flow>& flows() const { return flows_; }

 private:
  const FunctionData& f_;
  Program& program_;
  std::string prefix_;
  isl::space params_;
  std::map<const ComputationData*, Info> infos_;
  std::map<std::string, ArrayPlan> plans_;
  std::vector<Flow> flows_;
  Statement* current_ = nullptr;
  const Info* current_info_ = nullptr;
};

}  // namespace

LoadedProgram build_loaded_program(const FunctionData& f) {
  check_isl_version();
  Program program(std::make_shared<IslContext>());
  program.file = f.name + ".c";
  std::vector<Flow> flows;
  program.isl().bounded("building the polyhedral model of function " + f.name, [&] {
    Builder builder(f, program);
    builder.run();
    flows = builder.flows();
  });
  if (program.statements.empty())
    throw InputError(located(f.at), "function '" + f.name + "' has no computation to run");
  program.source_text = c_skeleton(f, program);
  LoadedProgram loaded = analyse(std::move(program));
  if (f.reads == access_meaning::values)
    loaded.program.isl().bounded("checking the value flow of function " + f.name,
                                 [&] { check_flows(loaded, flows); });
  render_original_loops(loaded);
  return loaded;
}

}  // namespace loopscape::tiramisu::detail

// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/loop_ast.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/set.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <sstream>

#include "codegen/common/ast_form.h"
#include "codegen/common/subscripts.h"
#include "schedule/loop_names.h"

namespace loopscape {

bool LoopNode::has_tag(const std::string& kind) const {
  return std::any_of(tags.begin(), tags.end(), [&](const LoopTag& t) { return t.kind == kind; });
}

ExprPtr make_int(long v) { return Expr::make(ExprKind::IntLiteral, std::to_string(v), {}, "int"); }

static bool is_int(const ExprPtr& e, long* v = nullptr) {
  if (!e || e->kind != ExprKind::IntLiteral) return false;
  try {
    std::size_t used = 0;
    long x = std::stol(e->text, &used);
    if (used != e->text.size()) return false;
    if (v) *v = x;
    return true;
  } catch (...) {
    return false;
  }
}

ExprPtr make_binary(const std::string& op, ExprPtr a, ExprPtr b, const std::string& type) {
  return Expr::make(ExprKind::Binary, op, {std::move(a), std::move(b)}, type);
}
static ExprPtr call(const std::string& f, std::vector<ExprPtr> args) {
  return Expr::make(ExprKind::Call, f, std::move(args), "int");
}

ExprPtr make_negation(const ExprPtr& e) {
  long v = 0;
  if (is_int(e, &v)) return make_int(-v);
  if (e->kind == ExprKind::Unary && e->text == "-") return e->args[0];
  if (e->kind == ExprKind::Binary && e->text == "-") return make_binary("-", e->args[1], e->args[0]);
  if (e->kind == ExprKind::Binary && e->text == "+") {
    const ExprPtr& a = e->args[0];
    if (a->kind == ExprKind::Unary && a->text == "-") return make_binary("-", a->args[0], e->args[1]);
    return make_binary("-", make_negation(a), e->args[1]);
  }
  if (e->kind == ExprKind::Call && (e->text == "min" || e->text == "max") && e->args.size() == 2)
    return call(e->text == "min" ? "max" : "min", {make_negation(e->args[0]), make_negation(e->args[1])});
  return Expr::make(ExprKind::Unary, "-", {e}, "int");
}

// Folds the negations a substitution of -v for an iterator leaves behind.
static ExprPtr simplify(const ExprPtr& e) {
  if (!e || e->args.empty()) return e;
  std::vector<ExprPtr> args;
  for (const auto& a : e->args) args.push_back(simplify(a));
  if (e->kind == ExprKind::Unary && e->text == "-") return make_negation(args[0]);
  if (e->kind == ExprKind::Binary) {
    auto neg = [](const ExprPtr& x) { return x->kind == ExprKind::Unary && x->text == "-"; };
    if (e->text == "+" && neg(args[1])) return make_binary("-", args[0], args[1]->args[0]);
    if (e->text == "+" && neg(args[0])) return make_binary("-", args[1], args[0]->args[0]);
    if (e->text == "-" && neg(args[1])) return make_binary("+", args[0], args[1]->args[0]);
  }
  auto copy = std::make_shared<Expr>(*e);
  copy->args = std::move(args);
  return copy;
}

static bool is_iterator(const ExprPtr& e, const std::string& name) {
  return e && e->kind == ExprKind::Iterator && e->text == name;
}

// ---------------------------------------------------------------- isl AST

namespace {

// Loop variables: a prefix that no identifier of the program starts a name
// with (followed by digits), so "c3" is the loop at schedule depth 3.
std::string loop_variable_prefix(const Program& program) {
  const std::set<std::string> taken = program_identifiers(program);
  std::string prefix = "c";
  auto clashes = [&](const std::string& p) {
    for (const auto& id : taken)
      if (id.size() > p.size() && id.compare(0, p.size(), p) == 0 &&
          std::all_of(id.begin() + static_cast<long>(p.size()), id.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        return true;
    return false;
  };
  while (clashes(prefix)) prefix += "_";
  return prefix;
}

// A tag mark's id as the AST sees it: "@parallel#3" for a tag above the band
// whose first member is schedule dimension 3. isl names that member's loop
// `<prefix>3` and leaves it out when it takes one value only, so the depth
// says which loops a tag (or a loop name) belongs to, and that it belongs to
// none when its loop was left out: never to the next loop inside.
constexpr char kDepthSeparator = '#';

isl::schedule with_tag_depths(const isl::schedule& schedule) {
  isl_schedule* decorated = isl_schedule_map_schedule_node_bottom_up(
      schedule.copy(),
      [](isl_schedule_node* node, void*) -> isl_schedule_node* {
        if (isl_schedule_node_get_type(node) != isl_schedule_node_mark) return node;
        isl_id* id = isl_schedule_node_mark_get_id(node);
        const std::string name = isl_id_get_name(id);
        isl_id_free(id);
        if (!LoopTag::parse(name)) return node;
        const int depth = isl_schedule_node_get_schedule_depth(node);
        isl_ctx* ctx = isl_schedule_node_get_ctx(node);
        node = isl_schedule_node_delete(node);
        const std::string with_depth = name + kDepthSeparator + std::to_string(depth);
        return isl_schedule_node_insert_mark(node, isl_id_alloc(ctx, with_depth.c_str(), nullptr));
      },
      nullptr);
  return isl::manage(decorated);
}

// "@parallel#3" -> ({parallel}, 3); nullopt for other marks.
std::optional<std::pair<LoopTag, int>> tag_with_depth(const std::string& id) {
  const auto at = id.rfind(kDepthSeparator);
  if (at == std::string::npos || at + 1 == id.size()) return std::nullopt;
  const std::string digits = id.substr(at + 1);
  if (!std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) return std::nullopt;
  std::optional<LoopTag> tag = LoopTag::parse(id.substr(0, at));
  if (!tag) return std::nullopt;
  return std::make_pair(*tag, std::stoi(digits));
}

}  // namespace

std::string without_tag_depths(const std::string& isl_ast_text) {
  std::string out;
  out.reserve(isl_ast_text.size());
  std::istringstream in(isl_ast_text);
  for (std::string line; std::getline(in, line);) {
    const auto comment = line.find("// @");
    const auto at = line.rfind(kDepthSeparator);
    if (comment != std::string::npos && at != std::string::npos && at > comment &&
        tag_with_depth(line.substr(comment + 3)))
      line.erase(at);
    out += line + "\n";
  }
  return out;
}

isl::ast_node build_isl_ast(const Program& program, const isl::schedule& schedule) {
  isl::ast_node result;
  program.isl().bounded("generate the loop AST", [&] {
    isl::union_set domains = schedule.domain();
    isl::set context = isl::manage(isl_set_universe(isl_union_set_get_space(domains.get())));
    if (!program.context.is_null()) context = context.intersect(program.context);
    const std::string prefix = loop_variable_prefix(program);
    isl_ctx* ctx = program.ctx().get();
    isl_id_list* names = isl_id_list_alloc(ctx, 64);
    for (int k = 0; k < 64; ++k)
      names = isl_id_list_add(names, isl_id_alloc(ctx, (prefix + std::to_string(k)).c_str(), nullptr));
    isl::ast_build build = isl::ast_build::from_context(context);
    build = isl::manage(isl_ast_build_set_iterators(build.release(), names));
    result = build.node_from(with_point_loops_separated(with_tile_bands_merged(with_tag_depths(schedule))));
  });
  return result;
}

namespace {

struct Converter {
  const Program& program;
  std::set<std::string> parameters;
  std::string prefix;  // of the loop variables (loop_variable_prefix)

  ExprPtr expr(isl_ast_expr* e) {
    ExprPtr out;
    switch (isl_ast_expr_get_type(e)) {
      case isl_ast_expr_id: {
        isl_id* id = isl_ast_expr_id_get_id(e);
        std::string name = isl_id_get_name(id);
        isl_id_free(id);
        out = Expr::make(parameters.count(name) ? ExprKind::Parameter : ExprKind::Iterator, name, {}, "int");
        break;
      }
      case isl_ast_expr_int: {
        isl_val* v = isl_ast_expr_int_get_val(e);
        out = make_int(isl_val_get_num_si(v));
        isl_val_free(v);
        break;
      }
      case isl_ast_expr_op: out = op(e); break;
      default: throw IslError("unexpected isl AST expression", false);
    }
    isl_ast_expr_free(e);
    return out;
  }

  std::vector<ExprPtr> args(isl_ast_expr* e, int from = 0) {
    std::vector<ExprPtr> a;
    const int n = static_cast<int>(isl_ast_expr_op_get_n_arg(e));
    for (int k = from; k < n; ++k) a.push_back(expr(isl_ast_expr_op_get_arg(e, k)));
    return a;
  }

  ExprPtr fold(const std::string& f, std::vector<ExprPtr> a) {
    ExprPtr r = a.at(0);
    for (std::size_t k = 1; k < a.size(); ++k) r = call(f, {r, a[k]});
    return r;
  }

  ExprPtr op(isl_ast_expr* e) {
    auto a = args(e);
    auto bin = [&](const char* o) { return make_binary(o, a.at(0), a.at(1)); };
    switch (isl_ast_expr_op_get_type(e)) {
      case isl_ast_expr_op_and:
      case isl_ast_expr_op_and_then: return bin("&&");
      case isl_ast_expr_op_or:
      case isl_ast_expr_op_or_else: return bin("||");
      case isl_ast_expr_op_max: return fold("max", a);
      case isl_ast_expr_op_min: return fold("min", a);
      case isl_ast_expr_op_minus: return make_negation(a.at(0));
      case isl_ast_expr_op_add: return bin("+");
      case isl_ast_expr_op_sub: return bin("-");
      case isl_ast_expr_op_mul: return bin("*");
      case isl_ast_expr_op_div:
      case isl_ast_expr_op_pdiv_q: return bin("/");
      case isl_ast_expr_op_fdiv_q: return call("floord", {a.at(0), a.at(1)});
      case isl_ast_expr_op_pdiv_r:
      case isl_ast_expr_op_zdiv_r: return bin("%");
      case isl_ast_expr_op_cond:
      case isl_ast_expr_op_select:
        return Expr::make(ExprKind::Ternary, "?:", {a.at(0), a.at(1), a.at(2)}, "int");
      case isl_ast_expr_op_eq: return bin("==");
      case isl_ast_expr_op_le: return bin("<=");
      case isl_ast_expr_op_lt: return bin("<");
      case isl_ast_expr_op_ge: return bin(">=");
      case isl_ast_expr_op_gt: return bin(">");
      default: throw IslError("unsupported isl AST operation", false);
    }
  }

  // The loops of schedule dimension `depth` below a tag mark: every copy isl
  // made of them (none when the dimension takes one value only).
  void for_loops_at(LoopNode& n, int depth, const std::function<void(LoopNode&)>& fn) const {
    if (n.kind == LoopNodeKind::For && n.iterator == prefix + std::to_string(depth)) fn(n);
    for (auto& c : n.children) for_loops_at(*c, depth, fn);
  }

  void apply_tag(LoopNode& body, const LoopTag& tag, int depth) const {
    if (tag.kind == kLoopNamesTag) {
      const std::vector<std::string> names = parse_loop_names_mark_id(tag.mark_id());
      for (std::size_t m = 0; m < names.size(); ++m)
        if (!names[m].empty())
          for_loops_at(body, depth + static_cast<int>(m), [&](LoopNode& f) { f.given_name = names[m]; });
      return;
    }
    for_loops_at(body, depth, [&](LoopNode& f) { f.tags.insert(f.tags.begin(), tag); });
  }

  LoopNodePtr node(isl_ast_node* n) {
    auto out = std::make_shared<LoopNode>();
    switch (isl_ast_node_get_type(n)) {
      case isl_ast_node_for: {
        out->kind = LoopNodeKind::For;
        isl_ast_expr* it = isl_ast_node_for_get_iterator(n);
        isl_id* id = isl_ast_expr_id_get_id(it);
        out->iterator = isl_id_get_name(id);
        isl_id_free(id);
        isl_ast_expr_free(it);
        out->init = expr(isl_ast_node_for_get_init(n));
        out->cond = expr(isl_ast_node_for_get_cond(n));
        isl_ast_expr* inc = isl_ast_node_for_get_inc(n);
        ExprPtr step = expr(inc);
        long v = 1;
        if (!is_int(step, &v)) throw IslError("non-constant loop step", false);
        out->step = v;
        out->children.push_back(node(isl_ast_node_for_get_body(n)));
        break;
      }
      case isl_ast_node_if: {
        out->kind = LoopNodeKind::If;
        out->condition = expr(isl_ast_node_if_get_cond(n));
        out->children.push_back(node(isl_ast_node_if_get_then_node(n)));
        if (isl_ast_node_if_has_else_node(n) == isl_bool_true)
          out->children.push_back(node(isl_ast_node_if_get_else_node(n)));
        break;
      }
      case isl_ast_node_block: {
        out->kind = LoopNodeKind::Block;
        isl_ast_node_list* list = isl_ast_node_block_get_children(n);
        const int k = static_cast<int>(isl_ast_node_list_n_ast_node(list));
        for (int i = 0; i < k; ++i) out->children.push_back(node(isl_ast_node_list_get_ast_node(list, i)));
        isl_ast_node_list_free(list);
        break;
      }
      case isl_ast_node_mark: {
        isl_id* id = isl_ast_node_mark_get_id(n);
        std::string name = isl_id_get_name(id);
        isl_id_free(id);
        LoopNodePtr body = node(isl_ast_node_mark_get_node(n));
        if (auto tag = tag_with_depth(name)) {
          apply_tag(*body, tag->first, tag->second);
          isl_ast_node_free(n);
          return body;
        }
        out->kind = LoopNodeKind::Mark;
        out->mark = name;
        out->children.push_back(body);
        break;
      }
      case isl_ast_node_user: {
        out->kind = LoopNodeKind::User;
        isl_ast_expr* e = isl_ast_node_user_get_expr(n);
        isl_ast_expr* callee = isl_ast_expr_op_get_arg(e, 0);
        isl_id* id = isl_ast_expr_id_get_id(callee);
        out->statement = isl_id_get_name(id);
        isl_id_free(id);
        isl_ast_expr_free(callee);
        out->iterator_values = args(e, 1);
        isl_ast_expr_free(e);
        out->statement_index = program.statement_index(out->statement);
        break;
      }
      default:
        isl_ast_node_free(n);
        throw IslError("unexpected isl AST node", false);
    }
    isl_ast_node_free(n);
    return out;
  }
};

void for_each_node(LoopNode& n, const std::function<void(LoopNode&)>& fn) {
  fn(n);
  for (auto& c : n.children) for_each_node(*c, fn);
}

// Applies `fn` to every expression of the subtree (the loop's own init excluded when skip_init).
void map_exprs(LoopNode& n, const std::function<ExprPtr(const ExprPtr&)>& fn, bool skip_init = false) {
  if (n.init && !skip_init) n.init = fn(n.init);
  if (n.cond) n.cond = fn(n.cond);
  if (n.condition) n.condition = fn(n.condition);
  for (auto& v : n.iterator_values) v = fn(v);
  for (auto& c : n.children) map_exprs(*c, fn);
}

// Does every occurrence of iterator `it` in `e` sit directly under a unary minus?
bool only_negated(const ExprPtr& e, const std::string& it, bool under_minus, int* count) {
  if (!e) return true;
  if (is_iterator(e, it)) {
    ++*count;
    return under_minus;
  }
  const bool minus = e->kind == ExprKind::Unary && e->text == "-";
  for (const auto& a : e->args)
    if (!only_negated(a, it, minus, count)) return false;
  return true;
}

void reverse_negated_loops(LoopNode& n, const std::string& keep_tag) {
  for (auto& c : n.children) reverse_negated_loops(*c, keep_tag);
  if (n.kind != LoopNodeKind::For || n.step != 1 || !n.cond || n.cond->kind != ExprKind::Binary) return;
  if (!keep_tag.empty() && n.has_tag(keep_tag)) return;
  const std::string op = n.cond->text;
  if ((op != "<=" && op != "<") || !is_iterator(n.cond->args[0], n.iterator)) return;
  int count = 0;
  bool ok = true;
  for_each_node(*n.children[0], [&](LoopNode& u) {
    if (u.kind != LoopNodeKind::User) return;
    if (u.statement_index < 0) {
      ok = false;  // a grafted call's arguments are schedule values, not to be negated
      return;
    }
    for (const auto& v : u.iterator_values) ok = ok && only_negated(v, n.iterator, false, &count);
  });
  if (!ok || count == 0) return;
  const ExprPtr upper = n.cond->args[1];
  const ExprPtr var = Expr::make(ExprKind::Iterator, n.iterator, {}, "int");
  n.init = make_negation(n.init);
  long k = 0;
  if (op == "<" && is_int(upper, &k))  // c < k: c <= k - 1, so v >= 1 - k
    n.cond = make_binary(">=", var, make_int(1 - k));
  else
    n.cond = make_binary(op == "<=" ? ">=" : ">", var, make_negation(upper));
  n.step = -1;
  const ExprPtr neg = Expr::make(ExprKind::Unary, "-", {var}, "int");
  map_exprs(*n.children[0], [&](const ExprPtr& e) { return simplify(substitute_iterators(e, {n.iterator}, {neg})); });
}

// Gives loops the names commands gave their band members (LoopNode::given_name),
// unless a name would hide a variable of the program or of an enclosing loop.
struct CreatedNames {
  const std::set<std::string> taken;  // program identifiers and generated loop names

  void visit(LoopNode& n, std::vector<std::string>& scope) {
    if (n.kind == LoopNodeKind::For && !n.given_name.empty() && !taken.count(n.given_name) &&
        std::find(scope.begin(), scope.end(), n.given_name) == scope.end()) {
      const std::string from = n.iterator;
      const ExprPtr to = Expr::make(ExprKind::Iterator, n.given_name, {}, "int");
      n.iterator = n.given_name;
      n.created_name = true;
      map_exprs(n, [&](const ExprPtr& e) { return substitute_iterators(e, {from}, {to}); }, true);
    }
    if (n.kind == LoopNodeKind::For) scope.push_back(n.iterator);
    for (auto& c : n.children) visit(*c, scope);
    if (n.kind == LoopNodeKind::For) scope.pop_back();
  }
};

struct Renamer {
  const Program& program;
  std::set<std::string> reserved;  // identifiers other than iterators

  void visit(LoopNode& n, std::vector<std::string>& scope) {
    if (n.kind != LoopNodeKind::For || n.created_name) {
      if (n.kind == LoopNodeKind::For) scope.push_back(n.iterator);
      for (auto& c : n.children) visit(*c, scope);
      if (n.kind == LoopNodeKind::For) scope.pop_back();
      return;
    }
    const std::string from = n.iterator;
    std::vector<std::string> common;
    bool first = true;
    for_each_node(*n.children[0], [&](LoopNode& u) {
      if (u.kind != LoopNodeKind::User || u.statement_index < 0) return;
      const Statement& s = program.statements[static_cast<std::size_t>(u.statement_index)];
      // An instance that does not vary with the loop (isl pinned it, as
      // nussinov's j = i + 1 branch) neither names the loop nor vetoes a name.
      if (std::none_of(u.iterator_values.begin(), u.iterator_values.end(),
                       [&](const ExprPtr& v) { return mentions(v, from); }))
        return;
      std::vector<std::string> names;
      for (std::size_t d = 0; d < u.iterator_values.size() && d < s.loops.size(); ++d)
        if (is_iterator(u.iterator_values[d], from)) names.push_back(s.loops[d].iterator);
      if (first) {
        common = names;
        first = false;
      } else {
        std::vector<std::string> keep;
        for (const auto& c : common)
          if (std::find(names.begin(), names.end(), c) != names.end()) keep.push_back(c);
        common = keep;
      }
    });
    for (const auto& name : common) {
      if (reserved.count(name) || std::find(scope.begin(), scope.end(), name) != scope.end()) continue;
      // A loop inside with that name (one a command named) would hide this one.
      bool hidden = false;
      for_each_node(*n.children[0], [&](LoopNode& inner) {
        hidden = hidden || (inner.kind == LoopNodeKind::For && inner.iterator == name);
      });
      if (hidden) continue;
      const ExprPtr to = Expr::make(ExprKind::Iterator, name, {}, "int");
      n.iterator = name;
      map_exprs(n, [&](const ExprPtr& e) { return substitute_iterators(e, {from}, {to}); }, true);
      break;
    }
    scope.push_back(n.iterator);
    for (auto& c : n.children) visit(*c, scope);
    scope.pop_back();
  }
};

void collect_identifiers(const ExprPtr& e, std::set<std::string>& out, bool iterators) {
  if (!e) return;
  if (e->kind == ExprKind::Iterator ? iterators
                                     : (e->kind == ExprKind::Parameter || e->kind == ExprKind::Variable ||
                                        e->kind == ExprKind::Access || e->kind == ExprKind::Call))
    out.insert(e->text);
  for (const auto& a : e->args) collect_identifiers(a, out, iterators);
}

std::set<std::string> non_iterator_identifiers(const Program& p) {
  std::set<std::string> out(p.parameters.begin(), p.parameters.end());
  for (const auto& a : p.arrays) out.insert(a.name);
  for (const auto& s : p.statements) {
    collect_identifiers(s.target, out, false);
    collect_identifiers(s.value, out, false);
    collect_identifiers(s.guard, out, false);
  }
  return out;
}

// A statement with a guard on data (Statement::guard) runs inside an If on
// it, so every printer prints the condition as it prints any other.
void wrap_guarded_statements(const Program& program, LoopNodePtr& node) {
  if (node->kind == LoopNodeKind::User && node->statement_index >= 0) {
    const Statement& s = program.statements.at(static_cast<std::size_t>(node->statement_index));
    if (!s.guard) return;
    auto wrapper = std::make_shared<LoopNode>();
    wrapper->kind = LoopNodeKind::If;
    wrapper->condition = substitute_iterators(s.guard, s.iterators(), node->iterator_values);
    wrapper->children.push_back(node);
    node = wrapper;
    return;
  }
  for (LoopNodePtr& c : node->children) wrap_guarded_statements(program, c);
}

}  // namespace

std::set<std::string> program_identifiers(const Program& p) {
  std::set<std::string> out = non_iterator_identifiers(p);
  for (const auto& s : p.statements) {
    for (const auto& l : s.loops) out.insert(l.iterator);
    collect_identifiers(s.target, out, true);
    collect_identifiers(s.value, out, true);
    collect_identifiers(s.guard, out, true);
  }
  return out;
}

LoopNodePtr convert_isl_ast(const Program& program, const isl::ast_node& ast, const LoopAstOptions& options) {
  LoopNodePtr root;
  program.isl().bounded("convert the loop AST", [&] {
    Converter c{program, std::set<std::string>(program.parameters.begin(), program.parameters.end()),
                loop_variable_prefix(program)};
    root = c.node(ast.copy());
  });
  std::set<std::string> taken = non_iterator_identifiers(program);
  for_each_node(*root, [&](LoopNode& f) {
    if (f.kind == LoopNodeKind::For) taken.insert(f.iterator);
  });
  CreatedNames created{std::move(taken)};
  std::vector<std::string> scope;
  created.visit(*root, scope);
  if (options.reverse_negated_loops) reverse_negated_loops(*root, options.keep_direction_of_tag);
  if (options.rename_iterators) {
    Renamer r{program, non_iterator_identifiers(program)};
    std::vector<std::string> scope;
    r.visit(*root, scope);
  }
  wrap_guarded_statements(program, root);
  return root;
}

LoopNodePtr build_loop_ast(const Program& program, const isl::schedule& schedule, const LoopAstOptions& options) {
  return convert_isl_ast(program, build_isl_ast(program, schedule), options);
}

std::optional<ExprPtr> loop_bound_inclusive(const LoopNode& f) {
  if (f.kind != LoopNodeKind::For || !f.cond || f.cond->kind != ExprKind::Binary) return std::nullopt;
  if (!is_iterator(f.cond->args[0], f.iterator)) return std::nullopt;
  const std::string& op = f.cond->text;
  const ExprPtr& b = f.cond->args[1];
  if ((f.step > 0 && op == "<=") || (f.step < 0 && op == ">=")) return b;
  if (f.step > 0 && op == "<") return simplify(make_binary("-", b, make_int(1)));
  if (f.step < 0 && op == ">") return simplify(make_binary("+", b, make_int(1)));
  return std::nullopt;
}

StatementInstance instantiate(const Program& program, const LoopNode& user) {
  const Statement& s = program.statements.at(static_cast<std::size_t>(user.statement_index));
  StatementInstance inst;
  inst.statement = &s;
  const std::vector<std::string> names = s.iterators();
  inst.target = substitute_iterators(s.target, names, user.iterator_values);
  inst.value = substitute_iterators(s.value, names, user.iterator_values);
  inst.assign_op = s.assign_op;
  return inst;
}

static void intrinsics(const ExprPtr& e, std::set<std::string>& out) {
  if (!e) return;
  if (e->kind == ExprKind::Call && (e->text == "floord" || e->text == "ceild" || e->text == "min" || e->text == "max"))
    out.insert(e->text);
  for (const auto& a : e->args) intrinsics(a, out);
}

std::set<std::string> used_intrinsics(const LoopNode& root) {
  std::set<std::string> out;
  std::function<void(const LoopNode&)> walk = [&](const LoopNode& n) {
    intrinsics(n.init, out);
    intrinsics(n.cond, out);
    intrinsics(n.condition, out);
    for (const auto& v : n.iterator_values) intrinsics(v, out);
    for (const auto& c : n.children) walk(*c);
  };
  walk(root);
  return out;
}

static std::string dump_expr(const ExprPtr& e) {
  if (!e) return "null";
  if (e->args.empty()) return e->text;
  std::string s = "(" + e->text;
  for (const auto& a : e->args) s += " " + dump_expr(a);
  return s + ")";
}

std::string dump_loop_ast(const LoopNode& root) {
  std::ostringstream os;
  std::function<void(const LoopNode&, int)> walk = [&](const LoopNode& n, int d) {
    os << std::string(static_cast<std::size_t>(2 * d), ' ');
    switch (n.kind) {
      case LoopNodeKind::Block: os << "block\n"; break;
      case LoopNodeKind::For:
        os << "for " << n.iterator << " = " << dump_expr(n.init) << "; " << dump_expr(n.cond) << "; step "
           << n.step;
        for (const auto& t : n.tags) os << " [" << t.display() << "]";
        os << "\n";
        break;
      case LoopNodeKind::If: os << "if " << dump_expr(n.condition) << "\n"; break;
      case LoopNodeKind::Mark: os << "mark " << n.mark << "\n"; break;
      case LoopNodeKind::User:
        os << n.statement << "(";
        for (std::size_t k = 0; k < n.iterator_values.size(); ++k)
          os << (k ? ", " : "") << dump_expr(n.iterator_values[k]);
        os << ")\n";
        break;
    }
    for (const auto& c : n.children) walk(*c, d + 1);
  };
  walk(root, 0);
  return os.str();
}

}  // namespace loopscape

namespace loopscape {

namespace {

Converter converter_for(const Program& program) {
  return Converter{program, std::set<std::string>(program.parameters.begin(), program.parameters.end()),
                   loop_variable_prefix(program)};
}

isl::set program_context(const Program& program, const isl::space& space) {
  isl::set context = isl::manage(isl_set_universe(isl_space_params(space.copy())));
  if (!program.context.is_null()) context = context.intersect_params(program.context);
  return context;
}

}  // namespace

LoopNodePtr scan_loop_ast(const Program& program, const isl::set& set, const std::string& iterator_prefix) {
  LoopNodePtr root;
  program.isl().bounded("generate a scanning loop", [&] {
    isl_ctx* ctx = program.ctx().get();
    const int dims = static_cast<int>(isl_set_dim(set.get(), isl_dim_set));
    isl_id_list* names = isl_id_list_alloc(ctx, std::max(dims, 1));
    for (int k = 0; k < dims; ++k)
      names = isl_id_list_add(names, isl_id_alloc(ctx, (iterator_prefix + std::to_string(k)).c_str(), nullptr));
    isl::ast_build build = isl::ast_build::from_context(program_context(program, set.space()));
    build = isl::manage(isl_ast_build_set_iterators(build.release(), names));
    isl::union_map order =
        isl::union_map(isl::manage(isl_map_reset_tuple_id(isl_set_identity(set.copy()), isl_dim_out)));
    isl::ast_node ast = isl::manage(isl_ast_build_node_from_schedule_map(build.release(), order.release()));
    root = converter_for(program).node(ast.release());
  });
  // Every point is an element of the set, never a statement instance, even
  // when the set is named like a statement (Tiramisu's computations and lappy's
  // outputs are named like the arrays they write).
  for_each_node(*root, [](LoopNode& n) {
    if (n.kind == LoopNodeKind::User) n.statement_index = -1;
  });
  return root;
}

ExprPtr expr_from_pw_aff(const Program& program, const isl::pw_aff& value) {
  ExprPtr out;
  program.isl().bounded("print an affine expression", [&] {
    isl::ast_build build = isl::ast_build::from_context(program_context(program, value.space()));
    isl_ast_expr* e = isl_ast_build_expr_from_pw_aff(build.get(), value.copy());
    out = converter_for(program).expr(e);
  });
  return out;
}

ExprPtr condition_from_set(const Program& program, const isl::set& set, const std::vector<std::string>& iterators) {
  ExprPtr out;
  program.isl().bounded("print a condition", [&] {
    isl_ctx* ctx = program.ctx().get();
    isl_set* s = isl_set_reset_tuple_id(set.copy());
    const unsigned n = static_cast<unsigned>(isl_set_dim(s, isl_dim_set));
    for (unsigned k = 0; k < n; ++k)
      s = isl_set_set_dim_id(s, isl_dim_set, k, isl_id_alloc(ctx, iterators.at(k).c_str(), nullptr));
    s = isl_set_move_dims(s, isl_dim_param, static_cast<unsigned>(isl_set_dim(s, isl_dim_param)), isl_dim_set, 0, n);
    isl::set params = isl::manage(isl_set_params(s));
    isl::ast_build build = isl::ast_build::from_context(program_context(program, params.space()));
    out = converter_for(program).expr(isl_ast_build_expr_from_set(build.get(), params.release()));
  });
  return out;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/c_printer.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "analysis/access_box.h"
#include "codegen/common/loop_reductions.h"
#include "codegen/common/loop_work.h"
#include "schedule/parallelism.h"
#include "support/error.h"

namespace loopscape {

namespace {

bool starts_with_minus(const std::string& s) { return !s.empty() && (s[0] == '-' || s[0] == '+'); }

// The floating type libm's function `f` takes ("" when f is none of them).
std::string math_argument_type(const std::string& f) {
  static const std::set<std::string> functions = {"sin",  "cos",   "tan",  "asin", "acos",  "atan", "atan2", "sinh",
                                                  "cosh", "tanh",  "exp",  "exp2", "log",   "log2", "log10", "sqrt",
                                                  "cbrt", "pow",   "fabs", "floor", "ceil", "round", "fmod", "hypot"};
  if (functions.count(f)) return "double";
  if (!f.empty() && f.back() == 'f' && functions.count(f.substr(0, f.size() - 1))) return "float";
  return "";
}

bool integer_typed(const Expr& e) {
  if (e.kind == ExprKind::IntLiteral || e.kind == ExprKind::Iterator || e.kind == ExprKind::Parameter) return true;
  return e.type == "int" || e.type == "long" || e.type == "unsigned" || e.type == "short" || e.type == "char";
}

struct ExprPrinter {
  std::set<std::string>* helpers;
  bool float_math_arguments = false;

  std::string wrap(const Expr& e, bool paren) { return paren ? "(" + print(e) + ")" : print(e); }

  std::string print(const Expr& e) {
    const int p = c_precedence(e);
    switch (e.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::FloatLiteral:
      case ExprKind::Iterator:
      case ExprKind::Parameter:
      case ExprKind::Variable: return e.text;
      case ExprKind::Access: {
        std::string s = e.text;
        for (const auto& a : e.args) s += "[" + print(*a) + "]";
        return s;
      }
      case ExprKind::Unary: {
        const Expr& a = *e.args.at(0);
        std::string inner = print(a);
        const bool paren = c_precedence(a) < 14 || ((e.text == "-" || e.text == "+") && starts_with_minus(inner));
        return e.text + (paren ? "(" + inner + ")" : inner);
      }
      case ExprKind::Cast: {
        const Expr& a = *e.args.at(0);
        return "(" + e.text + ")" + wrap(a, c_precedence(a) < 14);
      }
      case ExprKind::Binary: {
        const Expr& l = *e.args.at(0);
        const Expr& r = *e.args.at(1);
        std::string rs = wrap(r, c_precedence(r) <= p);
        // a - -1 is valid C but a - (-1) reads better.
        if (rs.size() && rs[0] == '-' && (e.text == "-" || e.text == "+")) rs = "(" + rs + ")";
        return wrap(l, c_precedence(l) < p) + " " + e.text + " " + rs;
      }
      case ExprKind::Ternary:
        return wrap(*e.args.at(0), c_precedence(*e.args[0]) <= 3) + " ? " + print(*e.args.at(1)) + " : " +
               wrap(*e.args.at(2), c_precedence(*e.args[2]) < 3);
      case ExprKind::Call: {
        if (helpers && (e.text == "floord" || e.text == "ceild" || e.text == "min" || e.text == "max"))
          helpers->insert(e.text);
        const std::string cast = float_math_arguments ? math_argument_type(e.text) : std::string();
        std::string s = e.text + "(";
        for (std::size_t k = 0; k < e.args.size(); ++k) {
          const Expr& a = *e.args[k];
          s += (k ? ", " : "") + (!cast.empty() && integer_typed(a) ? "(" + cast + ")" + wrap(a, c_precedence(a) < 14) : print(a));
        }
        return s + ")";
      }
    }
    return e.text;
  }
};

}  // namespace

CCode CPrinter::result() const {
  std::string text;
  for (const auto& l : lines_) text += l + "\n";
  return {text, helpers_};
}

void CPrinter::line(const std::string& s) {
  lines_.push_back(std::string(static_cast<std::size_t>(level_ * opt_.indent), ' ') + s);
}

std::string CPrinter::expr(const ExprPtr& e) { return ExprPrinter{&helpers_, opt_.float_math_arguments}.print(*e); }

// Bodies that are one C statement (a statement instance or a loop) go
// without braces; blocks and ifs (dangling else) get them.
bool CPrinter::braced(const LoopNode& body) const {
  const LoopNode* n = &body;
  while (n->kind == LoopNodeKind::Mark) {
    if (opt_.mark_comments) return true;
    n = &n->body();
  }
  if (n->kind == LoopNodeKind::User) return n->statement_index < 0;  // a grafted call may print several lines
  if (n->kind == LoopNodeKind::For) return prints_pragma(*n);  // pragma lines make two statements
  return true;
}

bool CPrinter::parallel_loop(const LoopNode& n) const {
  return opt_.automatic_parallel ? n.has_tag("parallel") : has_user_parallel_tag(n.tags);
}

bool CPrinter::prints_pragma(const LoopNode& f) const {
  if (f.has_tag("unroll") && opt_.gcc_unroll) return true;
  return opt_.openmp && (parallel_loop(f) || f.has_tag("vector"));
}

void CPrinter::open_body(const LoopNode& body, const std::string& head, bool force_braces) {
  line(head + (force_braces || braced(body) ? " {" : ""));
  ++level_;
}

void CPrinter::close_body(const LoopNode& body, bool force_braces) {
  --level_;
  if (force_braces || braced(body)) line("}");
}

std::string CPrinter::for_head(const LoopNode& n, const ExprPtr& init, const ExprPtr& cond) {
  if (opt_.reverse_parallel && parallel_loop(n) && n.step > 0 && cond == n.cond)
    if (const std::optional<ExprPtr> last = loop_bound_inclusive(n)) {
      // From the last value the loop takes down to its first; none when it takes none.
      const ExprPtr first = init;
      const ExprPtr from =
          n.step == 1 ? *last
                      : make_binary("+", first,
                                    make_binary("*", make_binary("/", make_binary("-", *last, first), make_int(n.step)),
                                                make_int(n.step)));
      const std::string runs = n.step == 1 ? "" : " && " + expr(*last) + " >= " + expr(first);
      return "for (int " + n.iterator + " = " + expr(from) + "; " + n.iterator + " >= " + expr(first) + runs + "; " +
             n.iterator + (n.step == 1 ? "--" : " -= " + std::to_string(n.step)) + ")";
    }
  std::string inc;
  if (n.step == 1)
    inc = n.iterator + "++";
  else if (n.step == -1)
    inc = n.iterator + "--";
  else if (n.step > 0)
    inc = n.iterator + " += " + std::to_string(n.step);
  else
    inc = n.iterator + " -= " + std::to_string(-n.step);
  return "for (int " + n.iterator + " = " + expr(init) + "; " + expr(cond) + "; " + inc + ")";
}

// reduction(+: s) for a scalar, reduction(+: y[i:1]) for one element,
// reduction(+: a[0:320]) for an array whose updates reach several elements;
// private(t) for the scalars each thread keeps its own copy of.
std::string CPrinter::data_sharing_clauses(const LoopNode& n) {
  std::string out;
  for (const LoopReduction& r : loop_reductions(program(), n)) {
    std::string item = r.array;
    if (r.whole_array) {
      const Array* a = program().find_array(r.array);
      for (const std::string& extent : a ? a->extents : std::vector<std::string>{}) item += "[0:" + extent + "]";
    } else {
      for (const ExprPtr& subscript : r.element) item += "[" + expr(subscript) + ":1]";
    }
    out += " reduction(" + reduction_clause_operator(r.op) + ": " + item + ")";
  }
  if (root()) {
    std::string names;
    for (const std::string& s : private_scalars(n)) names += (names.empty() ? "" : ", ") + s;
    if (!names.empty()) out += " private(" + names + ")";
  }
  return out;
}

// An automatic parallel tag inside a sequential loop starts a team of threads
// per iteration of that loop: only worth it with work enough per run.
CPrinter::ParallelChoice CPrinter::parallel_choice(const LoopNode& n) {
  ParallelChoice choice;
  if (!opt_.openmp || opt_.reverse_parallel || n.kind != LoopNodeKind::For || !opt_.automatic_parallel) return choice;
  const auto tag = std::find_if(n.tags.begin(), n.tags.end(), [](const LoopTag& t) { return t.kind == "parallel"; });
  if (tag == n.tags.end() || inside_tag("parallel") || tag->args != std::vector<std::string>{kParallelWhenLarge})
    return choice;
  const LoopNode* outer = nullptr;
  for (const LoopNode* l : enclosing_loops()) outer = l;
  if (!outer) return choice;
  const LoopWork work = loop_work(n);
  if (!work.known) return choice;
  const std::string threshold = std::to_string(kParallelRegionMinimumWork);
  const std::string where = n.iterator + " runs once per iteration of " + outer->iterator;
  if (const std::optional<double> instances = work.constant()) {
    if (*instances >= kParallelRegionMinimumWork) return choice;
    choice.kind = ParallelChoice::Sequential;
    choice.comment = "// sequential: " + where + " with about " + std::to_string(std::lround(*instances)) +
                     " instances, too few for a team of threads (" + threshold + ")";
    return choice;
  }
  // Two versions rather than an `if` clause: a parallel region whose `if` is
  // false still calls into libgomp and runs the body outlined, which made
  // PolyBench's durbin and jacobi-1d 1.5-2x slower than the input.
  choice.kind = ParallelChoice::AtRunTime;
  choice.comment = "// " + where + ": in parallel only with work enough for a team of threads (" + threshold +
                   " instances, estimated)";
  choice.condition = work.c_text([this](const ExprPtr& e) { return expr(e); }) + " >= " + threshold;
  return choice;
}

void CPrinter::print_loop_pragmas(const LoopNode& n) {
  std::string omp;
  if (opt_.openmp && !opt_.reverse_parallel) {
    if (parallel_loop(n) && !inside_tag("parallel")) {
      if (&n == sequential_version_) return;
      omp = "parallel for" + data_sharing_clauses(n);
    }
    if (n.has_tag("vector")) omp += omp.empty() ? "simd" : " simd";
  }
  // gcc takes one pragma right before a loop: a second one (omp simd after
  // omp parallel for, GCC unroll after either) does not build. OpenMP's wins.
  if (!omp.empty()) {
    line("#pragma omp " + omp);
    return;
  }
  for (const auto& t : n.tags)
    if (t.kind == "unroll" && opt_.gcc_unroll)
      line("#pragma " + opt_.unroll_pragma + " " + (t.args.empty() ? std::string("8") : t.args[0]));
}

void CPrinter::visit(const LoopNode& n) {
  const ParallelChoice choice = parallel_choice(n);
  if (choice.kind == ParallelChoice::Parallel) {
    visit_one_version(n);
    return;
  }
  line(choice.comment);
  const LoopNode* const outer_sequential = sequential_version_;
  if (choice.kind == ParallelChoice::AtRunTime) {
    line("if (" + choice.condition + ") {");
    indent();
    visit_one_version(n);
    outdent();
    line("} else {");
    indent();
  }
  sequential_version_ = &n;
  visit_one_version(n);
  sequential_version_ = outer_sequential;
  if (choice.kind == ParallelChoice::AtRunTime) {
    outdent();
    line("}");
  }
}

void CPrinter::visit_one_version(const LoopNode& n) {
  if (opt_.register_tiles && !tile_ && n.kind == LoopNodeKind::For) {
    if (identifiers_.empty()) identifiers_ = program_identifiers(program());
    if (const std::optional<CRegisterTile> tile = plan_c_register_tile(program(), n, identifiers_)) {
      print_register_tile(n, *tile);
      return;
    }
  }
  LoopAstWalker::visit(n);
}

// if (full tile) { T acc[..]; load; the loop over acc; store } else { the loop as it is }
void CPrinter::print_register_tile(const LoopNode& n, const CRegisterTile& tile) {
  std::string held;
  for (const auto& a : tile.accumulators) held += (held.empty() ? "" : ", ") + a.array;
  // No condition: every tile is full.
  line((tile.full_tile ? "if (" + expr(tile.full_tile) + ") " : std::string()) + "{  // full register tile: " + held +
       " held across " + n.iterator);
  indent();
  for (const auto& a : tile.accumulators) {
    std::string extents;
    for (const auto& p : tile.points) extents += "[" + std::to_string(p.extent) + "]";
    line(a.element_type + " " + a.name + extents + ";");
  }
  print_tile_copy(tile, true);
  tile_ = &tile;
  LoopAstWalker::visit(n);
  tile_ = nullptr;
  print_tile_copy(tile, false);
  outdent();
  if (!tile.full_tile) {
    line("}");
    return;
  }
  line("} else {");
  indent();
  LoopAstWalker::visit(n);
  outdent();
  line("}");
}

void CPrinter::print_tile_copy(const CRegisterTile& tile, bool load) {
  for (const auto& p : tile.points) {
    // No unroll pragma: gcc then unrolls the copies early, and the
    // accumulators' mixed scalar and vector accesses keep them in memory.
    if (opt_.openmp && p.loop->has_tag("vector")) line("#pragma omp simd");
    const bool innermost = &p == &tile.points.back();
    line(for_head(*p.loop, p.lower, tile.full_condition(p)) + (innermost && tile.accumulators.size() > 1 ? " {" : ""));
    indent();
  }
  for (const auto& a : tile.accumulators) {
    const std::string array = expr(in_copies(a.access));
    line(load ? expr(tile.element(a)) + " = " + array + ";" : array + " = " + expr(tile.element(a)) + ";");
  }
  for (std::size_t k = 0; k < tile.points.size(); ++k) outdent();
  if (tile.accumulators.size() > 1) line("}");
}

ExprPtr CPrinter::in_registers(const ExprPtr& e) const {
  if (!e || !tile_) return e;
  if (e->kind == ExprKind::Access)
    if (const CRegisterTile::Accumulator* a = tile_->accumulator_of(e->text)) return tile_->element(*a);
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args) a = in_registers(a);
  return copy;
}

void CPrinter::enter_for(const LoopNode& n) {
  print_loop_pragmas(n);
  const CRegisterTile::PointLoop* point = tile_ ? tile_->point_of(n) : nullptr;
  const std::vector<std::string> prologue = iteration_prologue(n);
  OpenLoop open{false, iteration_epilogue(n)};
  open.forced_braces = !prologue.empty() || !open.epilogue.empty();
  const bool copies = opt_.local_copies_from && n.has_tag("copy");
  open.forced_braces = open.forced_braces || copies;
  open_body(n.body(), for_head(n, n.init, point ? tile_->full_condition(*point) : n.cond), open.forced_braces);
  for (const std::string& l : prologue) line(l);
  if (copies) start_local_copies(n);
  open_loops_.push_back(std::move(open));
}

void CPrinter::leave_for(const LoopNode& n) {
  const OpenLoop open = open_loops_.back();
  open_loops_.pop_back();
  if (opt_.local_copies_from && n.has_tag("copy")) end_local_copies(n);
  for (const std::string& l : open.epilogue) line(l);
  close_body(n.body(), open.forced_braces);
}

void CPrinter::start_local_copies(const LoopNode& n) {
  std::vector<std::string> names;
  for (const LoopNode* l : enclosing_loops()) names.push_back(l->iterator);
  names.push_back(n.iterator);
  for (const LoopTag& t : n.tags) {
    if (t.kind != "copy" || t.args.empty()) continue;
    const std::string array = copy_tag_array(t);
    const std::optional<isl::schedule_node> band =
        band_of_tagged_loop(*opt_.local_copies_from, t, n, enclosing_loops());
    if (!band) throw InputError(SourceLocation{}, "copy_at: cannot find the loop that copies " + array);
    LocalCopy copy = plan_local_copy(program(), *band, array, names, "ls_copy_" + array, "copy_at",
                                     static_cast<int>(copies_[array].size()), copy_tag_order(t));
    if (copy.bytes() > kLocalCopyBytes)
      throw InputError(SourceLocation{}, "copy_at: the copy of " + array + " at loop " + n.iterator + " would take " +
                                             std::to_string(copy.bytes()) + " bytes, more than the " +
                                             std::to_string(kLocalCopyBytes) +
                                             " a copy may take on the stack: copy at an inner loop or tile smaller");
    line(copy.element_type + " " + copy.name + copy.extents_text() + ";  // copy_at: the part of " + array +
         " this iteration uses");
    for (std::size_t d = 0; d < copy.lower.size(); ++d)
      line("const int " + copy.lower_name(d) + " = " + expr(copy.lower[d]) + ";");
    // Read through an outer copy of the same array, if any.
    const std::string source = expr(in_copies(copy.scanned_access()));
    scan_copy(copy, LocalCopy::guarded(copy.touched ? expr(copy.touched) : "", copy.element_text() + " = " + source + ";"));
    copies_[array].push_back(std::move(copy));
  }
}

void CPrinter::end_local_copies(const LoopNode& n) {
  for (auto t = n.tags.rbegin(); t != n.tags.rend(); ++t) {
    if (t->kind != "copy" || t->args.empty()) continue;
    std::vector<LocalCopy>& in_scope = copies_[copy_tag_array(*t)];
    if (in_scope.empty()) continue;
    const LocalCopy copy = in_scope.back();
    in_scope.pop_back();
    if (!copy.writes) continue;
    const std::string target = expr(in_copies(copy.scanned_access()));
    scan_copy(copy, LocalCopy::guarded(copy.written ? expr(copy.written) : "", target + " = " + copy.element_text() + ";"));
  }
}

// for (ls_e0 = lower0; ls_e0 < lower0 + size0; ls_e0++) ... body, in the
// copy's order (its elements written one after another)
void CPrinter::scan_copy(const LocalCopy& copy, const std::string& body) {
  for (std::size_t p = 0; p < copy.size.size(); ++p) {
    const std::size_t d = copy.dimension_at(p);
    const std::string e = "ls_e" + std::to_string(d);
    line("for (int " + e + " = " + copy.lower_name(d) + "; " + e + " < " + copy.lower_name(d) + " + " +
         std::to_string(copy.size[d]) + "; " + e + "++)");
    indent();
  }
  line(body);
  for (std::size_t d = 0; d < copy.size.size(); ++d) outdent();
}

ExprPtr CPrinter::in_copies(const ExprPtr& e) const {
  if (!e || copies_.empty()) return e;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args) a = in_copies(a);
  if (copy->kind != ExprKind::Access) return copy;
  const auto found = copies_.find(copy->text);
  if (found == copies_.end() || found->second.empty()) return copy;
  return found->second.back().in_copy(copy);
}

void CPrinter::enter_if(const LoopNode& n) { open_body(*n.children[0], "if (" + expr(n.condition) + ")"); }

void CPrinter::enter_else(const LoopNode& n) {
  close_body(*n.children[0]);
  // `} else {` on one line when both are braced.
  if (braced(*n.children[0])) {
    lines_.back() += braced(*n.children[1]) ? " else {" : " else";
  } else {
    line(braced(*n.children[1]) ? "else {" : "else");
  }
  ++level_;
}

void CPrinter::leave_if(const LoopNode& n) { close_body(*n.children.back()); }

void CPrinter::enter_mark(const LoopNode& n) {
  if (opt_.mark_comments) line("/* " + n.mark + " */");
}

void CPrinter::user(const LoopNode&, const StatementInstance& inst) {
  line(expr(in_copies(in_registers(inst.target))) + " " + inst.assign_op + " " +
       expr(in_copies(in_registers(inst.value))) + ";");
}

std::string print_c_expr(const Expr& e, std::set<std::string>* helpers) { return ExprPrinter{helpers}.print(e); }

CCode print_c(const Program& program, const LoopNode& root, const CPrintOptions& options) {
  CPrinter p(program, options);
  p.walk(root);
  return p.result();
}

std::string c_helper_definitions(const std::set<std::string>& helpers) {
  std::string s;
  auto def = [&](const char* name, const char* params, const char* body) {
    if (!helpers.count(name)) return;
    s += std::string("#ifndef ") + name + "\n#define " + name + params + " " + body + "\n#endif\n";
  };
  def("floord", "(n, d)", "(((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))");
  def("ceild", "(n, d)", "(((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))");
  def("min", "(x, y)", "((x) < (y) ? (x) : (y))");
  def("max", "(x, y)", "((x) > (y) ? (x) : (y))");
  return s;
}

std::string c_region_declarations(const Program& program) {
  std::string s;
  for (const Array& a : program.arrays) {
    if (!a.declared_in_region) continue;
    s += a.element_type + " " + a.name;
    for (const auto& e : a.extents) s += "[" + e + "]";
    s += ";\n";
  }
  return s;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "codegen/hls/hls_printer.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <functional>

namespace loopscape {
namespace {

ExprPtr iterator(const std::string& name) { return Expr::make(ExprKind::Iterator, name, {}, "int"); }
bool is_zero(const ExprPtr& e) { return e && e->kind == ExprKind::IntLiteral && e->text == "0"; }

// e - c, folding literals.
ExprPtr minus(const ExprPtr& e, const ExprPtr& c) {
  if (is_zero(c)) return e;
  if (c->kind == ExprKind::IntLiteral && c->text.rfind('-', 0) == 0) return make_binary("+", e, make_int(-std::stol(c->text)));
  return make_binary("-", e, c);
}
ExprPtr minus(const ExprPtr& e, long c) {
  return c == 0 ? e : c > 0 ? make_binary("-", e, make_int(c)) : make_binary("+", e, make_int(-c));
}

const LoopNode* first_user(const LoopNode& n) {
  if (n.kind == LoopNodeKind::User && n.statement_index >= 0) return &n;
  for (const auto& c : n.children)
    if (const LoopNode* u = first_user(*c)) return u;
  return nullptr;
}

void loops_tagged(const LoopNode& n, const std::string& kind, std::vector<const LoopNode*>& out) {
  if (n.kind == LoopNodeKind::For && n.has_tag(kind)) out.push_back(&n);
  for (const auto& c : n.children) loops_tagged(*c, kind, out);
}

std::string time_formula(const LoopNode& loop) {
  for (const LoopTag& t : loop.tags)
    if (t.kind == "time" && !t.args.empty()) return t.args[0];
  return {};
}

// The access a compound assignment (x += v) reads x through.
int compound_read(const Statement& s) {
  if (s.assign_op == "=" || !s.target || s.target->access_index < 0) return -1;
  std::set<int> in_value;
  std::function<void(const ExprPtr&)> walk = [&](const ExprPtr& e) {
    if (!e) return;
    if (e->kind == ExprKind::Access) in_value.insert(e->access_index);
    for (const auto& a : e->args) walk(a);
  };
  walk(s.value);
  const std::string& array = s.accesses.at(static_cast<std::size_t>(s.target->access_index)).array;
  for (std::size_t r = 0; r < s.accesses.size(); ++r)
    if (s.accesses[r].kind == Access::Kind::Read && s.accesses[r].array == array && !in_value.count(static_cast<int>(r)))
      return static_cast<int>(r);
  return -1;
}

int register_of(const SystolicArray& a, const std::string& statement, int access) {
  for (std::size_t r = 0; r < a.registers.size(); ++r)
    if (a.registers[r].statement == statement && a.registers[r].access == access) return static_cast<int>(r);
  return -1;
}

}  // namespace

HlsPrinter::HlsPrinter(const Program& program, const CPrintOptions& options, const SystolicPlan* plan)
    : CPrinter(program, options), plan_(plan) {}

std::vector<std::string> HlsPrinter::iteration_prologue(const LoopNode& loop) {
  std::vector<std::string> out;
  bool pipelined = false;
  for (const LoopTag& t : loop.tags) {
    if (t.kind == "pipeline") {
      out.push_back("#pragma HLS PIPELINE" + (t.args.empty() ? std::string() : " II=" + t.args[0]));
      pipelined = true;
    } else if (t.kind == "unroll") {
      out.push_back("#pragma HLS UNROLL" + (t.args.empty() ? std::string() : " factor=" + t.args[0]));
    } else if (t.kind == "space") {
      out.push_back("#pragma HLS UNROLL  // a row of processing elements (space-time transform)");
    }
  }
  // Only the innermost time loop is the PEs' clock; an outer one (a chained projection) just repeats it.
  bool inner_time = false;
  for (const LoopTag& t : loop.tags)
    if (t.kind == "time") inner_time = !current_ || current_->time_formulas.empty() ||
                                       (!t.args.empty() && t.args[0] == current_->time_formulas.back());
  for (const LoopTag& t : loop.tags)
    if (t.kind == "time" && !pipelined && inner_time)
      out.push_back("#pragma HLS PIPELINE II=1  // the processing elements' clock (" +
                    (t.args.empty() ? std::string() : t.args[0]) + ")");
  return out;
}

void HlsPrinter::visit(const LoopNode& n) {
  if (plan_ && !current_ && n.kind == LoopNodeKind::For && n.has_tag("time")) {
    const LoopNode* u = first_user(n);
    if (const SystolicArray* a = u ? plan_->find(u->statement) : nullptr) {
      print_array(n, *a);
      return;
    }
  }
  LoopAstWalker::visit(n);
}

void HlsPrinter::print_array(const LoopNode& time_loop, const SystolicArray& planned) {
  SystolicArray array = planned;
  // The registers need every step visited once: one loop per time dimension, counting up.
  std::vector<const LoopNode*> time_loops, space_loops;
  loops_tagged(time_loop, "time", time_loops);
  loops_tagged(time_loop, "space", space_loops);
  bool registers_ok = time_loops.size() == array.time_loops.size();
  for (std::size_t q = 0; registers_ok && q < time_loops.size(); ++q)
    registers_ok = time_loops[q]->step == 1 && time_formula(*time_loops[q]) == array.time_formulas[q];
  if (!registers_ok && (!array.registers.empty() || !array.streams.empty())) {
    const std::string why = "the generated loops of the array around " + array.statements.front() +
                            " are split or reversed, so its PEs read and write memory directly";
    array.notes.push_back(why);
    for (const std::string& s : array.statements)
      for (const Access& x : program().find_statement(s)->accesses)
        if (!array.direct(x.array)) array.direct_arrays.push_back(x.array);
    array.registers.clear();
    array.channels.clear();
    array.streams.clear();
  }
  // Streams are scanned in the PEs' order, once per run: the loops around are the outer schedule dimensions.
  const std::vector<const LoopNode*> around = enclosing_loops();
  bool scannable = static_cast<int>(around.size()) == array.outer_dims;
  for (const LoopNode* s : space_loops) scannable = scannable && s->step == 1;  // the PEs' order is the scans'
  for (const LoopNode* l : around) scannable = scannable && l->step == 1;
  for (const std::string& n : array.notes) notes_.push_back(n);
  if (!scannable && !array.streams.empty())
    notes_.push_back("the loops around the array around " + array.statements.front() +
                     " do not match its schedule or run PEs downwards: its loads and stores stay inside the PEs");
  stored_arrays_.push_back(array);
  current_ = &stored_arrays_.back();
  inline_streams_ = !scannable;

  std::string pes;
  for (const std::string& s : array.space_loops) pes += (pes.empty() ? "" : ", ") + s;
  std::string clock;
  for (const std::string& f : array.time_formulas) clock += (clock.empty() ? "" : ", then ") + f;
  line("{  // systolic array (space-time transform): PE (" + pes + "), clock " + clock);
  indent();
  const bool staged = !inline_streams_ && !current_->streams.empty();
  if (staged) line("#pragma HLS DATAFLOW");
  pe_lower_.clear();
  pe_upper_.clear();
  pe_extent_.clear();
  for (std::size_t q = 0; q < current_->pe_lower.size(); ++q) {
    pe_lower_.push_back(expr_from_pw_aff(program(), current_->pe_lower[q]));
    pe_upper_.push_back(expr_from_pw_aff(program(), current_->pe_upper[q]));
    pe_extent_.push_back(expr_from_pw_aff(
        program(), current_->pe_upper[q].sub(current_->pe_lower[q]).add(isl::manage(isl_pw_aff_val_on_domain(
                       isl_pw_aff_domain(current_->pe_lower[q].copy()), isl_val_one(program().ctx().get()))))));
  }
  // A grid of a size the parameters decide is a C simulation's variable-length array
  // (a GNU extension in C++); synthesis needs the sizes fixed, which the estimates say.
  bool fixed_grid = true;
  for (const ExprPtr& e : pe_extent_) fixed_grid = fixed_grid && e->kind == ExprKind::IntLiteral;
  if (!fixed_grid && !current_->registers.empty())
    notes_.push_back("the PE grid of the array around " + current_->statements.front() +
                     " depends on the sizes: fix them (-D) for synthesis");
  for (const SystolicRegister& r : current_->registers) {
    std::string dims;
    for (const ExprPtr& e : pe_extent_) dims += "[" + expr(e) + "]";
    line(std::string(fixed_grid ? "static " : "") + r.element_type + " " + r.name + dims + "[" +
         std::to_string(r.depth) + "];");
    line("#pragma HLS ARRAY_PARTITION variable=" + r.name + " type=complete dim=0");
  }
  if (staged) {
    uses_streams_ = true;
    for (const SystolicStream& s : current_->streams) {
      line("hls::stream<" + s.element_type + "> " + s.name + "(\"" + s.name + "\");");
      line("#pragma HLS STREAM variable=" + s.name + " depth=" + std::to_string(s.depth));
    }
    for (const SystolicStream& s : current_->streams)
      if (s.load) print_scan(s, around, "loader");
  }
  LoopAstWalker::visit(time_loop);
  if (staged)
    for (const SystolicStream& s : current_->streams)
      if (!s.load) print_scan(s, around, "drainer");
  outdent();
  line("}");
  current_ = nullptr;
}

// One loader or drainer: the stream's instances in the PEs' order (run, step,
// PE), each moving one element between memory and the stream.
void HlsPrinter::print_scan(const SystolicStream& s, const std::vector<const LoopNode*>& around,
                            const std::string& stage) {
  const Statement& st = *program().find_statement(s.statement);
  const isl::map clock = current_->values_of(s.statement).intersect_domain(s.instances);
  const isl::map element = st.accesses.at(static_cast<std::size_t>(s.access)).relation.intersect_domain(s.instances);
  isl_set* points = isl_set_flatten(isl_map_wrap(clock.reverse().apply_range(element).release()));
  isl_ctx* ctx = program().ctx().get();
  for (std::size_t d = 0; d < around.size(); ++d)
    points = isl_set_set_dim_id(points, isl_dim_set, static_cast<unsigned>(d),
                                isl_id_alloc(ctx, around[d]->iterator.c_str(), nullptr));
  points = isl_set_move_dims(points, isl_dim_param, static_cast<unsigned>(isl_set_dim(points, isl_dim_param)),
                             isl_dim_set, 0, static_cast<unsigned>(around.size()));
  points = isl_set_set_tuple_name(points, s.name.c_str());
  const LoopNodePtr scan = scan_loop_ast(program(), isl::manage(points), s.load ? "ld" : "dr");
  line("// " + stage + ": " + st.name + "'s " + (s.load ? "reads of " : "last writes to ") + s.array +
       (s.load ? " that no neighbour forwards" : " in each run") + ", in the PEs' order");
  scans_[s.name] = &s;
  LoopAstWalker::visit(*scan);
  scans_.erase(s.name);
}

void HlsPrinter::extension(const LoopNode& node) {
  const auto found = scans_.find(node.statement);
  if (found == scans_.end()) {
    LoopAstWalker::extension(node);
    return;
  }
  const SystolicStream& s = *found->second;
  const int rank = static_cast<int>(program().find_array(s.array)->extents.size());
  std::vector<ExprPtr> index(node.iterator_values.end() - rank, node.iterator_values.end());
  const ExprPtr memory = Expr::make(ExprKind::Access, s.array, index, s.element_type);
  if (s.load)
    line(s.name + ".write(" + expr(memory) + ");");
  else
    line(expr(memory) + " = " + s.name + ".read();");
}

bool HlsPrinter::clocked(const LoopNode& n) const {
  if (!current_ || n.step != 1) return false;
  return n.has_tag("time") || (n.has_tag("space") && current_->check_time);
}

void HlsPrinter::enter_for(const LoopNode& n) {
  if (!clocked(n)) {
    begin_accumulations(n);
    CPrinter::enter_for(n);
    return;
  }
  // Over the full range (every step of the clock, every PE of the grid), the loop's own bounds as a guard.
  ExprPtr lo, hi;
  bool innermost_time = false;
  if (n.has_tag("time")) {
    const std::string f = time_formula(n);
    const auto at = std::find(current_->time_formulas.begin(), current_->time_formulas.end(), f);
    const std::size_t q = static_cast<std::size_t>(at - current_->time_formulas.begin());
    lo = expr_from_pw_aff(program(), current_->time_lower.at(q));
    hi = expr_from_pw_aff(program(), current_->time_upper.at(q));
    innermost_time = q + 1 == current_->time_formulas.size();
  } else {
    const std::size_t q = pe_iterators_.size();
    lo = pe_lower_.at(q);
    hi = pe_upper_.at(q);
    pe_iterators_.push_back(n.iterator);
  }
  line(for_head(n, lo, make_binary("<=", iterator(n.iterator), hi)) + " {");
  indent();
  for (const std::string& l : iteration_prologue(n)) line(l);
  if (innermost_time) print_shifts();
  const ExprPtr guard = make_binary("&&", make_binary(">=", iterator(n.iterator), n.init), n.cond);
  line("if (" + expr(guard) + ") {" +
       (n.has_tag("space") ? std::string("  // CheckTime: this PE works at this step") : std::string()));
  indent();
  clocked_open_.insert(&n);
}

void HlsPrinter::leave_for(const LoopNode& n) {
  if (!clocked_open_.count(&n)) {
    CPrinter::leave_for(n);
    end_accumulations();
    return;
  }
  clocked_open_.erase(&n);
  if (n.has_tag("space")) pe_iterators_.pop_back();
  outdent();
  line("}");
  outdent();
  line("}");
}

void HlsPrinter::print_shifts() {
  bool any = false;
  for (const SystolicRegister& r : current_->registers) any = any || r.depth > 1;
  if (!any) return;
  line("// shift registers: every value moves one place a step");
  std::string index;
  for (std::size_t q = 0; q < pe_extent_.size(); ++q) {
    const std::string v = "ls_pe" + std::to_string(q);
    line("for (int " + v + " = 0; " + v + " < " + expr(pe_extent_[q]) + "; " + v + "++) {");
    indent();
    line("#pragma HLS UNROLL");
    index += "[" + v + "]";
  }
  for (const SystolicRegister& r : current_->registers) {
    if (r.depth <= 1) continue;
    line("for (int ls_d = " + std::to_string(r.depth - 1) + "; ls_d > 0; ls_d--) {");
    indent();
    line("#pragma HLS UNROLL");
    line(r.name + index + "[ls_d] = " + r.name + index + "[ls_d - 1];");
    outdent();
    line("}");
  }
  for (std::size_t q = 0; q < pe_extent_.size(); ++q) {
    outdent();
    line("}");
  }
}

// Only where the loop is pipelined (outside systolic arrays), runs upwards or
// downwards by one, and nothing under it but the updates touches the element.
void HlsPrinter::begin_accumulations(const LoopNode& n) {
  std::vector<Accumulation> here;
  if (!current_ && n.has_tag("pipeline") && (n.step == 1 || n.step == -1)) {
    const ExprPtr it = iterator(n.iterator);
    const ExprPtr done = n.step == 1 ? minus(it, n.init) : minus(n.init, it);
    const ExprPtr lane = Expr::make(ExprKind::Binary, "%", {done, make_int(kLanes)}, "int");
    for (const LoopReduction& r : loop_reductions(program(), n)) {
      if (r.whole_array || lane_of_.count(r.array) || !only_updates_touch(program(), n, r.array)) continue;
      const Array* a = program().find_array(r.array);
      Accumulation acc{r, "ls_acc_" + r.array, r.array, a->element_type};
      if (!r.element.empty()) acc.element = expr(Expr::make(ExprKind::Access, r.array, r.element, a->element_type));
      lane_of_[r.array] = Expr::make(ExprKind::Access, acc.lanes, {lane}, a->element_type);
      here.push_back(std::move(acc));
    }
  }
  if (!here.empty()) {
    line("{");
    indent();
    for (const Accumulation& a : here) {
      const bool idempotent = a.reduction.op == ReductionOperator::Max || a.reduction.op == ReductionOperator::Min;
      line("/* " + a.element + ": " + std::to_string(kLanes) +
           " partial results, one per lane of iterations, so that the pipeline need not wait for each update */");
      line(a.type + " " + a.lanes + "[" + std::to_string(kLanes) + "];");
      line("#pragma HLS ARRAY_PARTITION variable=" + a.lanes + " type=complete dim=0");
      line("for (int ls_lane = 0; ls_lane < " + std::to_string(kLanes) + "; ls_lane++) {");
      indent();
      line("#pragma HLS UNROLL");
      line(a.lanes + "[ls_lane] = " +
           (idempotent ? a.element : a.reduction.op == ReductionOperator::Sum ? std::string("0") : std::string("1")) + ";");
      outdent();
      line("}");
    }
  }
  accumulations_.push_back(std::move(here));
}

// The tree: log2(kLanes) levels of pairwise combinations, then the element.
void HlsPrinter::end_accumulations() {
  const std::vector<Accumulation> here = std::move(accumulations_.back());
  accumulations_.pop_back();
  if (here.empty()) return;
  for (const Accumulation& a : here) {
    lane_of_.erase(a.reduction.array);
    auto combined = [&](const std::string& x, const std::string& y) {
      switch (a.reduction.op) {
        case ReductionOperator::Sum: return x + " + " + y;
        case ReductionOperator::Product: return x + " * " + y;
        case ReductionOperator::Max: return x + " < " + y + " ? " + y + " : " + x;
        case ReductionOperator::Min: return y + " < " + x + " ? " + y + " : " + x;
      }
      return x + " + " + y;
    };
    line("for (int ls_half = " + std::to_string(kLanes / 2) + "; ls_half > 0; ls_half /= 2) {");
    indent();
    line("#pragma HLS UNROLL");
    line("for (int ls_lane = 0; ls_lane < ls_half; ls_lane++) {");
    indent();
    line("#pragma HLS UNROLL");
    line(a.lanes + "[ls_lane] = " + combined(a.lanes + "[ls_lane]", a.lanes + "[ls_lane + ls_half]") + ";");
    outdent();
    line("}");
    outdent();
    line("}");
    const bool idempotent = a.reduction.op == ReductionOperator::Max || a.reduction.op == ReductionOperator::Min;
    line(a.element + " = " + (idempotent ? a.lanes + "[0]" : combined(a.element, a.lanes + "[0]")) + ";");
  }
  outdent();
  line("}");
}

// A condition under a pipelined reduction (`if (x[i] > peak)`) reads the lane too.
void HlsPrinter::enter_if(const LoopNode& n) {
  if (lane_of_.empty()) return CPrinter::enter_if(n);
  LoopNode in_lane = n;
  in_lane.condition = in_lanes(n.condition);
  CPrinter::enter_if(in_lane);
}

ExprPtr HlsPrinter::in_lanes(const ExprPtr& e) const {
  if (!e || lane_of_.empty()) return e;
  if (e->kind == ExprKind::Access)
    if (const auto lane = lane_of_.find(e->text); lane != lane_of_.end()) return lane->second;
  if (e->args.empty()) return e;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args) a = in_lanes(a);
  return copy;
}

ExprPtr HlsPrinter::pe_index(std::size_t dim) const { return minus(pe_coords_.at(dim), pe_lower_.at(dim)); }

ExprPtr HlsPrinter::register_element(const SystolicRegister& r, const std::vector<long>& back, long delay) const {
  std::vector<ExprPtr> index;
  for (std::size_t q = 0; q < pe_coords_.size(); ++q) index.push_back(minus(pe_index(q), back.at(q)));
  index.push_back(make_int(delay));
  return Expr::make(ExprKind::Access, r.name, index, r.element_type);
}

// A C condition for "this instance of s is in `set`" (null: always).
ExprPtr HlsPrinter::condition(const Statement& s, const isl::set& set, const LoopNode& node) {
  const isl::set simple = set.gist(s.domain);
  if (simple.is_equal(isl::manage(isl_set_universe(simple.get_space().release())))) return nullptr;
  return substitute_iterators(condition_from_set(program(), simple, s.iterators()), s.iterators(), node.iterator_values);
}

// Where a read of the array finds its value: a neighbour's register, else the loader's stream, else memory.
ExprPtr HlsPrinter::read_value(const Statement& s, int access, const ExprPtr& memory, const LoopNode& node) {
  ExprPtr value = memory;
  if (const SystolicStream* stream = current_->stream_for(s.name, access); stream && !inline_streams_)
    value = Expr::make(ExprKind::Variable, stream->name + ".read()", {}, stream->element_type);
  const std::vector<const SystolicChannel*> channels = current_->channels_for(s.name, access);
  for (auto c = channels.rbegin(); c != channels.rend(); ++c) {
    const SystolicRegister& r = current_->registers.at(static_cast<std::size_t>((*c)->register_index));
    const ExprPtr from = register_element(r, (*c)->pe_step, (*c)->delay);
    const ExprPtr when = condition(s, (*c)->served, node);
    value = when ? Expr::make(ExprKind::Ternary, "?:", {when, from, value}, r.element_type) : from;
  }
  return value;
}

void HlsPrinter::user(const LoopNode& node, const StatementInstance& inst) {
  const Statement& s = *inst.statement;
  if (!current_ || std::find(current_->statements.begin(), current_->statements.end(), s.name) ==
                       current_->statements.end()) {
    if (lane_of_.empty()) return CPrinter::user(node, inst);
    StatementInstance in_lane = inst;
    in_lane.target = in_lanes(inst.target);
    in_lane.value = in_lanes(inst.value);
    CPrinter::user(node, in_lane);
    return;
  }
  // The PE: the space loops' values at this instance (isl may leave a space loop out where it has one value).
  pe_coords_.clear();
  const std::vector<std::string> iterators = s.iterators();
  for (const std::string& l : current_->space_loops) {
    const auto at = std::find(iterators.begin(), iterators.end(), l);
    pe_coords_.push_back(at != iterators.end() ? node.iterator_values.at(static_cast<std::size_t>(at - iterators.begin()))
                                               : iterator(l));
  }
  const int write = s.target->access_index;
  const std::string& target_array = s.accesses.at(static_cast<std::size_t>(write)).array;
  const std::string type = program().find_array(target_array)->element_type;
  std::vector<std::string> lines;
  // Reads: into locals, kept in the PE's register when a later PE reuses them.
  std::function<ExprPtr(const ExprPtr&)> rewrite = [&](const ExprPtr& e) -> ExprPtr {
    if (!e) return e;
    if (e->kind == ExprKind::Access && e->access_index >= 0 &&
        !current_->direct(s.accesses.at(static_cast<std::size_t>(e->access_index)).array)) {
      const std::string local = "ls_v" + std::to_string(locals_++);
      const Array* a = program().find_array(e->text);
      const std::string t = a ? a->element_type : e->type;
      lines.push_back("const " + t + " " + local + " = " + expr(read_value(s, e->access_index, e, node)) + ";");
      if (const int r = register_of(*current_, s.name, e->access_index); r >= 0)
        lines.push_back(expr(register_element(current_->registers[static_cast<std::size_t>(r)],
                                              std::vector<long>(pe_coords_.size(), 0), 0)) +
                        " = " + local + ";");
      return Expr::make(ExprKind::Variable, local, {}, t);
    }
    auto copy = std::make_shared<Expr>(*e);
    for (auto& a : copy->args) a = rewrite(a);
    return copy;
  };
  ExprPtr value = rewrite(inst.value);
  if (current_->direct(target_array)) {
    // A plain assignment keeps memory's semantics; its reads may still come from registers.
    lines.push_back(expr(inst.target) + " " + inst.assign_op + " " + expr(value) + ";");
    if (const int r = register_of(*current_, s.name, write); r >= 0)
      lines.push_back(expr(register_element(current_->registers[static_cast<std::size_t>(r)],
                                            std::vector<long>(pe_coords_.size(), 0), 0)) +
                      " = " + expr(inst.target) + ";");
  } else {
    if (inst.assign_op != "=") {
      const int old = compound_read(s);
      const ExprPtr previous = old >= 0 ? read_value(s, old, inst.target, node) : inst.target;
      value = make_binary(inst.assign_op.substr(0, inst.assign_op.size() - 1), previous, value, type);
    }
    const std::string result = "ls_v" + std::to_string(locals_++);
    lines.push_back("const " + type + " " + result + " = " + expr(value) + ";");
    if (const int r = register_of(*current_, s.name, write); r >= 0)
      lines.push_back(expr(register_element(current_->registers[static_cast<std::size_t>(r)],
                                            std::vector<long>(pe_coords_.size(), 0), 0)) +
                      " = " + result + ";");
    if (const SystolicStream* drain = current_->stream_for(s.name, write)) {
      const ExprPtr when = condition(s, drain->instances, node);
      const std::string store =
          inline_streams_ ? expr(inst.target) + " = " + result + ";" : drain->name + ".write(" + result + ");";
      lines.push_back(when ? "if (" + expr(when) + ") " + store : store);
    }
  }
  line("{");
  indent();
  for (const std::string& l : lines) line(l);
  outdent();
  line("}");
}

std::string hls_stream_prelude() {
  return R"(#if __has_include(<hls_stream.h>)
#include <hls_stream.h>
#else
/* hls::stream for C simulation without an HLS tool (Loopscape's own; with
   Vitis HLS installed, its hls_stream.h above is used instead). */
#include <deque>
#include <stdexcept>
namespace hls {
template <typename T>
class stream {
 public:
  explicit stream(const char* = "") {}
  void write(const T& v) { q_.push_back(v); }
  T read() {
    if (q_.empty()) throw std::runtime_error("read from an empty hls::stream");
    T v = q_.front();
    q_.pop_front();
    return v;
  }
  bool empty() const { return q_.empty(); }
  std::size_t size() const { return q_.size(); }
 private:
  std::deque<T> q_;
};
}  // namespace hls
#endif
)";
}

}  // namespace loopscape

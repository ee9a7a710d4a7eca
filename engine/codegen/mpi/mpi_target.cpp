// SPDX-License-Identifier: Apache-2.0
// --target mpi: C with MPI. Distributed loops run in blocks on each rank
// (analysis/distribution.h); the exchanges the dataflow needs are grafted into
// the schedule and printed where the AST places them, as non-blocking
// point-to-point messages of exactly the elements that cross ranks.
#include <isl/aff.h>
#include <isl/val.h>

#include <functional>
#include <map>
#include <sstream>

#include "analysis/affine_text.h"
#include "analysis/dependences.h"
#include "analysis/distribution.h"
#include "analysis/explicit_transfers.h"
#include "analysis/legality.h"
#include "analysis/parameter_values.h"
#include "analysis/reductions.h"
#include "analysis/transfer_pairing.h"
#include "codegen/common/ast_cache.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/data_layout_rewrite.h"
#include "codegen/common/loop_ast.h"
#include "codegen/common/loop_reductions.h"
#include "codegen/mpi/mpi_runtime.h"
#include "codegen/mpi/mpi_target.h"
#include "schedule/loops.h"
#include "schedule/original_schedule.h"
#include "schedule/tags.h"
#include "support/scan_loops.h"

namespace loopscape {
namespace {

ExprPtr name_expr(const std::string& name) { return Expr::make(ExprKind::Iterator, name, {}, "int"); }
ExprPtr call(const std::string& f, std::vector<ExprPtr> args) {
  return Expr::make(ExprKind::Call, f, std::move(args), "int");
}

// An affine function of a statement's iterators as an expression over them
// (one piece, no division: what send and receive take).
ExprPtr affine_expr(const Program& program, const isl::pw_aff& f, const std::vector<std::string>& iterators) {
  if (isl_pw_aff_n_piece(f.get()) != 1) throw InputError(SourceLocation{}, "a piecewise transfer expression");
  isl_aff* aff = nullptr;
  isl_pw_aff_foreach_piece(
      f.get(), [](isl_set* set, isl_aff* piece, void* user) {
        isl_set_free(set);
        *static_cast<isl_aff**>(user) = piece;
        return isl_stat_ok;
      },
      &aff);
  isl::aff a = isl::manage(aff);
  if (isl_aff_dim(a.get(), isl_dim_div) > 0) throw InputError(SourceLocation{}, "a transfer expression with a division");
  ExprPtr sum;
  auto add = [&](long c, ExprPtr term) {
    if (c == 0) return;
    ExprPtr scaled = c == 1 ? term : c == -1 ? make_negation(term) : make_binary("*", make_int(c), term);
    if (!term) scaled = make_int(c);
    sum = !sum ? scaled : (c < 0 && term ? make_binary("-", sum, c == -1 ? term : make_binary("*", make_int(-c), term))
                                         : make_binary("+", sum, scaled));
  };
  for (int k = 0; k < static_cast<int>(isl_aff_dim(a.get(), isl_dim_in)); ++k)
    add(isl::manage(isl_aff_get_coefficient_val(a.get(), isl_dim_in, k)).get_num_si(),
        name_expr(iterators.at(static_cast<std::size_t>(k))));
  for (int k = 0; k < static_cast<int>(isl_aff_dim(a.get(), isl_dim_param)); ++k) {
    const char* p = isl_aff_get_dim_name(a.get(), isl_dim_param, static_cast<unsigned>(k));
    add(isl::manage(isl_aff_get_coefficient_val(a.get(), isl_dim_param, k)).get_num_si(),
        Expr::make(ExprKind::Parameter, p ? p : "", {}, "int"));
  }
  const long constant = isl::manage(isl_aff_get_constant_val(a.get())).get_num_si();
  if (constant != 0 || !sum) sum = !sum ? make_int(constant) : make_binary(constant < 0 ? "-" : "+", sum, make_int(std::labs(constant)));
  (void)program;
  return sum;
}

// The flow a distributed loop's reductions need no message for: between its
// updates (each rank reduces its block), and from them to readers after the
// loop (MPI_Allreduce leaves the result on every rank).
isl::union_map combined_across_ranks(const Program& program, const Dependences& deps, const isl::schedule& schedule) {
  isl::union_map out = isl::union_map::empty(program.ctx());
  std::function<void(const isl::schedule_node&)> visit = [&](const isl::schedule_node& node) {
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_band && has_tag(node, "node")) {
      const ParallelPlan plan = parallel_plan(program, deps, node, carried_by(program, deps, node, 0));
      if (!plan.possible || plan.reductions.empty()) return;
      const isl::union_set inside = node_domain(node);
      for (const Dependence& d : deps.list) {
        if (d.kind != DependenceKind::ReadAfterWrite ||
            std::find(plan.reductions.begin(), plan.reductions.end(), d.array) == plan.reductions.end())
          continue;
        const Statement* source = program.find_statement(d.source_statement);
        const std::optional<Reduction> update = source ? statement_reduction(*source) : std::nullopt;
        if (!update || update->array != d.array) continue;
        isl::union_map pairs = isl::union_map(d.relation).intersect_domain(inside);
        if (d.reduction) pairs = pairs.intersect_range(inside);
        out = out.unite(pairs);
      }
      return;
    }
    for (int k = 0, n = isl_schedule_node_n_children(node.get()); k < n; ++k) visit(node.child(k));
  };
  visit(schedule.root());
  return out;
}

const LoopNode* first_instance_of(const LoopNode& n, int statement) {
  if (n.kind == LoopNodeKind::User && n.statement_index == statement) return &n;
  for (const auto& c : n.children)
    if (const LoopNode* u = first_instance_of(*c, statement)) return u;
  return nullptr;
}

void iterator_names(const ExprPtr& e, std::set<std::string>& out) {
  if (!e) return;
  if (e->kind == ExprKind::Iterator) out.insert(e->text);
  for (const auto& a : e->args) iterator_names(a, out);
}

std::string array_element(const LoopNode& point, const std::function<std::string(const ExprPtr&)>& print) {
  std::string s = point.statement;
  for (const auto& e : point.iterator_values) s += "[" + print(e) + "]";
  return s;
}

// Prints a scan of an exchange's elements: counting, packing or unpacking them.
class ElementScan : public CPrinter {
 public:
  enum class Action { Count, Pack, Unpack };
  ElementScan(const Program& program, Action action) : CPrinter(program, CPrintOptions{}), action_(action) {}

 protected:
  void extension(const LoopNode& point) override {
    const std::string element = array_element(point, [&](const ExprPtr& e) { return expr(e); });
    switch (action_) {
      case Action::Count: line("ls_n++;"); break;
      case Action::Pack: line("ls_out[ls_n++] = " + element + ";"); break;
      case Action::Unpack: line(element + " = ls_in[ls_n++];"); break;
    }
  }

 private:
  Action action_;
};

struct ScannedArray {
  const ExchangeArray* array;
  LoopNodePtr scan;
  int tag;
};

class MpiPrinter : public CPrinter {
 public:
  MpiPrinter(const Program& program, const CPrintOptions& options, const DistributionPlan& plan)
      : CPrinter(program, options), plan_(plan) {
    int point_index = 0;
    for (const CommunicationPoint& p : plan.points) {
      std::vector<ScannedArray> arrays;
      int array_index = 0;
      for (const ExchangeArray& a : p.arrays)
        arrays.push_back({&a, scan_loop_ast(program, a.elements, "ls_e"), (point_index * 32 + array_index++) % 32000});
      scans_[p.call] = std::move(arrays);
      ++point_index;
    }
  }

  void print(const LoopNode& root) {
    line("{");
    indent();
    line("int ls_rank, ls_size;");
    line("ls_mpi_begin(&ls_rank, &ls_size);");
    if (plan_.distributed()) {
      line("/* distributed loops: rank r runs the values [ls_lo, ls_hi] of [ls_lower, ls_upper], in blocks */");
      line("const long ls_lower = " + expr(expr_from_pw_aff(program(), *plan_.lower)) +
           ", ls_upper = " + expr(expr_from_pw_aff(program(), *plan_.upper)) + ";");
      line("long ls_lo, ls_hi;");
      line("ls_mpi_block(ls_lower, ls_upper, ls_rank, ls_size, &ls_lo, &ls_hi);");
    }
    walk(root);
    line("ls_mpi_end(ls_rank);");
    outdent();
    line("}");
  }

 protected:
  void enter_for(const LoopNode& n) override {
    if (!n.has_tag("node") || inside_tag("node")) {
      CPrinter::enter_for(n);
      return;
    }
    if (n.step < 1) throw InputError(SourceLocation{}, "a distributed loop must run upwards");
    LoopNode mine = n;
    const ExprPtr it = name_expr(n.iterator);
    if (n.step == 1) {
      mine.init = call("max", {n.init, name_expr("ls_lo")});
    } else {  // the first value of the stride at or after ls_lo
      const ExprPtr s = make_int(n.step);
      const ExprPtr gap = call("max", {make_binary("-", name_expr("ls_lo"), n.init), make_int(0)});
      mine.init = make_binary("+", n.init, make_binary("*", s, make_binary("/", make_binary("+", gap, make_int(n.step - 1)), s)));
    }
    mine.cond = bounded_by_block(n.cond, it);
    begin_reductions(n);
    CPrinter::enter_for(mine);
  }

  void leave_for(const LoopNode& n) override {
    CPrinter::leave_for(n);
    if (n.has_tag("node") && !inside_tag("node")) end_reductions(n);
  }

  // A distributed loop that runs a reduction: each rank reduces its block
  // into the element, started at the operator's identity (sums, products) or
  // at the value before the loop (max, min, which may see it twice), and one
  // MPI_Allreduce combines the ranks' partial results, so that every rank
  // holds the result after the loop, as the replicated code after it expects.
  struct RankReduction {
    LoopReduction reduction;
    std::string element;  // `total`, `rowsum[i]`
    std::string saved;    // the value before the loop, for sums and products
    std::string mpi_type;
  };

  static std::string mpi_type_of(const std::string& c_type) {
    static const std::map<std::string, std::string> types = {
        {"double", "MPI_DOUBLE"}, {"float", "MPI_FLOAT"}, {"int", "MPI_INT"}, {"long", "MPI_LONG"},
        {"long long", "MPI_LONG_LONG"}, {"short", "MPI_SHORT"}, {"unsigned", "MPI_UNSIGNED"},
        {"unsigned int", "MPI_UNSIGNED"}, {"unsigned long", "MPI_UNSIGNED_LONG"}};
    const auto it = types.find(c_type);
    return it == types.end() ? std::string() : it->second;
  }

  void begin_reductions(const LoopNode& n) {
    std::vector<RankReduction> reductions;
    for (const LoopReduction& r : loop_reductions(program(), n)) {
      const Array* a = program().find_array(r.array);
      const std::string type = a ? mpi_type_of(a->element_type) : std::string();
      if (r.whole_array || type.empty())
        throw InputError(SourceLocation{}, "the mpi target cannot combine the ranks' partial results of the reduction of " +
                                               r.array + " over the distributed loop " + n.iterator +
                                               (r.whole_array ? " (it updates several elements)" : " (its element type)") +
                                               ": distribute a loop outside it, or keep it on one rank");
      RankReduction rr{r, r.array, {}, type};
      if (!r.element.empty()) rr.element = expr(Expr::make(ExprKind::Access, r.array, r.element, a->element_type));
      if (r.op == ReductionOperator::Sum || r.op == ReductionOperator::Product)
        rr.saved = "ls_before_" + r.array;
      reductions.push_back(std::move(rr));
    }
    if (!reductions.empty()) {
      line("{");
      indent();
      line("/* the reduction of " + n.iterator + " runs in blocks: each rank's partial result, combined after it */");
      for (const RankReduction& r : reductions) {
        if (r.saved.empty()) continue;
        const Array* a = program().find_array(r.reduction.array);
        line("const " + a->element_type + " " + r.saved + " = " + r.element + ";");
        line(r.element + " = " + (r.reduction.op == ReductionOperator::Sum ? "0" : "1") + ";");
      }
    }
    rank_reductions_.push_back(std::move(reductions));
  }

  void end_reductions(const LoopNode&) {
    const std::vector<RankReduction> reductions = std::move(rank_reductions_.back());
    rank_reductions_.pop_back();
    if (reductions.empty()) return;
    static const std::map<ReductionOperator, std::string> ops = {{ReductionOperator::Sum, "MPI_SUM"},
                                                                 {ReductionOperator::Product, "MPI_PROD"},
                                                                 {ReductionOperator::Max, "MPI_MAX"},
                                                                 {ReductionOperator::Min, "MPI_MIN"}};
    for (const RankReduction& r : reductions) {
      line("MPI_Allreduce(MPI_IN_PLACE, &" + r.element + ", 1, " + r.mpi_type + ", " + ops.at(r.reduction.op) +
           ", MPI_COMM_WORLD);");
      if (!r.saved.empty())
        line(r.element + " = " + r.saved + (r.reduction.op == ReductionOperator::Sum ? " + " : " * ") + r.element + ";");
    }
    outdent();
    line("}");
  }

  // The loop's condition cut at ls_hi, kept in the canonical form OpenMP
  // requires of a parallel loop (`i < bound` or `i <= bound`, one test).
  static ExprPtr bounded_by_block(const ExprPtr& cond, const ExprPtr& it) {
    const bool canonical = cond && cond->kind == ExprKind::Binary && (cond->text == "<" || cond->text == "<=") &&
                           cond->args.size() == 2 && cond->args[0]->kind == ExprKind::Iterator &&
                           cond->args[0]->text == it->text;
    if (!canonical) return make_binary("&&", cond, make_binary("<=", it, name_expr("ls_hi")));
    const ExprPtr block_end = cond->text == "<" ? make_binary("+", name_expr("ls_hi"), make_int(1)) : name_expr("ls_hi");
    return make_binary(cond->text, it, call("min", {cond->args[1], block_end}));
  }

  std::vector<std::string> iteration_prologue(const LoopNode& n) override { return transfers_at(n, false); }
  std::vector<std::string> iteration_epilogue(const LoopNode& n) override { return transfers_at(n, true); }

  void extension(const LoopNode& n) override {
    const CommunicationPoint* point = plan_.find_point(n.statement);
    if (!point) throw IslError("the mpi target found an unknown grafted call " + n.statement, false);
    const std::vector<ScannedArray>& arrays = scans_.at(point->call);
    if (arrays.empty()) return;  // the user's sends and receives move these arrays
    line("{");
    indent();
    std::string what;
    for (const ScannedArray& a : arrays) what += (what.empty() ? "" : ", ") + a.array->array;
    if (point->gather)
      line("/* gather to rank 0 the final values of " + what + " that other ranks computed */");
    else
      line("/* exchange before " + point->before + ": the elements of " + what + " that " + joined(point->readers) +
           " read from other ranks */");
    for (int k = 0; k < point->prefix_dims; ++k)
      line("const long " + std::string(kPrefixParameter) + std::to_string(k) + " = " +
           expr(n.iterator_values.at(static_cast<std::size_t>(k))) + ";");
    line("long ls_slo, ls_shi, ls_dlo, ls_dhi, ls_n;");
    line("int ls_k = 0;");

    // Receives, then sends, all non-blocking; then unpack in posting order.
    peers(*point, true, [&] {
      for (const ScannedArray& a : arrays) {
        count(a);
        line("if (ls_n > 0) ls_mpi_irecv(ls_n * (long)sizeof(" + a.array->element_type + "), ls_peer, " +
             std::to_string(a.tag) + ");");
      }
    });
    peers(*point, false, [&] {
      for (const ScannedArray& a : arrays) {
        count(a);
        const std::string& type = a.array->element_type;
        line("if (ls_n > 0) {");
        indent();
        line(type + " *ls_out = (" + type + " *)ls_mpi_buffer(ls_n * (long)sizeof(" + type + "));");
        line("ls_n = 0;");
        scan(a, ElementScan::Action::Pack);
        line("ls_mpi_isend(ls_out, ls_n * (long)sizeof(" + type + "), ls_peer, " + std::to_string(a.tag) + ");");
        outdent();
        line("}");
      }
    });
    line("ls_mpi_wait();");
    peers(*point, true, [&] {
      for (const ScannedArray& a : arrays) {
        count(a);
        const std::string& type = a.array->element_type;
        line("if (ls_n > 0) {");
        indent();
        line("const " + type + " *ls_in = (const " + type + " *)ls_mpi_received(ls_k++);");
        line("ls_n = 0;");
        scan(a, ElementScan::Action::Unpack);
        outdent();
        line("}");
      }
    });
    line("ls_mpi_release();");
    outdent();
    line("}");
  }

 private:
  static std::string joined(const std::vector<std::string>& names) {
    std::string s;
    for (std::size_t k = 0; k < names.size(); ++k) s += (k ? (k + 1 == names.size() ? " and " : ", ") : "") + names[k];
    return s;
  }

  // A loop over the peers this rank receives from (or sends to), with the
  // sender's and receiver's blocks set.
  void peers(const CommunicationPoint& point, bool receiving, const std::function<void()>& body) {
    const std::string me = "ls_rank";
    if (point.gather && receiving) {
      line("if (ls_rank == 0)");
      indent();
    }
    if (point.gather && !receiving) {
      line("if (ls_rank != 0) {");
      indent();
      line("const int ls_peer = 0;");
    } else {
      line("for (int ls_peer = 0; ls_peer < ls_size; ls_peer++) {");
      indent();
      line("if (ls_peer == " + me + ") continue;");
    }
    if (receiving) {
      line("ls_mpi_block(ls_lower, ls_upper, ls_peer, ls_size, &ls_slo, &ls_shi);");
      line("ls_dlo = ls_lo;");
      line("ls_dhi = ls_hi;");
    } else {
      line("ls_slo = ls_lo;");
      line("ls_shi = ls_hi;");
      line("ls_mpi_block(ls_lower, ls_upper, ls_peer, ls_size, &ls_dlo, &ls_dhi);");
    }
    body();
    outdent();
    line("}");
    if (point.gather && receiving) outdent();
  }

  // The user's receives (at the start of an iteration of `loop`) or sends (at its end).
  std::vector<std::string> transfers_at(const LoopNode& loop, bool sends) {
    std::vector<std::string> out;
    for (const LoopTag& tag : loop.tags) {
      if (tag.kind != (sends ? "send" : "receive") || tag.args.size() < 5) continue;
      const int statement = program().statement_index(tag.args[0]);
      const LoopNode* instance = statement < 0 ? nullptr : first_instance_of(loop, statement);
      if (!instance) continue;  // isl printed no instance of it in this copy of the loop
      const Statement& s = program().statements[static_cast<std::size_t>(statement)];
      const std::vector<std::string> iterators = s.iterators();
      std::set<std::string> known = {loop.iterator};
      for (const LoopNode* l : enclosing_loops()) known.insert(l->iterator);
      auto at_loop = [&](const std::string& text, const std::string& what) {
        const ExprPtr e = substitute_iterators(
            affine_expr(program(), parse_affine(program(), s, text, s.where, what), iterators), iterators,
            instance->iterator_values);
        std::set<std::string> used;
        iterator_names(e, used);
        for (const std::string& name : used)
          if (!known.count(name))
            throw InputError(s.where, tag.kind + " of " + s.name + " at loop " + loop.iterator + ": " + what + " '" +
                                          text + "' depends on a loop inside it");
        return expr(e);
      };
      const std::string element_text = tag.args[1];
      const std::size_t bracket = element_text.find('[');
      std::string array = element_text.substr(0, bracket);
      array.erase(array.find_last_not_of(' ') + 1);
      const Array* a = program().find_array(array);
      std::string pointer = "&" + array;
      std::size_t at = bracket;
      int given = 0;
      while (at != std::string::npos) {
        const std::size_t close = element_text.find(']', at);
        pointer += "[" + at_loop(element_text.substr(at + 1, close - at - 1), "the index") + "]";
        ++given;
        at = element_text.find('[', close);
      }
      for (std::size_t k = static_cast<std::size_t>(given); a && k < a->extents.size(); ++k) pointer += "[0]";
      const std::string type = a ? a->element_type : "double";
      const std::string bytes = "(int)((" + at_loop(tag.args[2], "the size") + ") * sizeof(" + type + "))";
      const std::vector<std::string> props = [&] {
        std::vector<std::string> p;
        std::string all = tag.args[4];
        for (std::size_t b = 0, e; b <= all.size(); b = e + 1) {
          e = all.find('|', b);
          if (e == std::string::npos) e = all.size();
          p.push_back(all.substr(b, e - b));
        }
        return p;
      }();
      auto has = [&](const std::string& prop) { return std::find(props.begin(), props.end(), prop) != props.end(); };
      const std::string peer = sends ? "ls_to" : "ls_from";
      out.push_back("{");
      out.push_back("  /* " + s.name + (sends ? " sends " : " receives ") + tag.args[2] + " element(s) " +
                    (sends ? "of " : "into ") + element_text + (sends ? " to" : " from") + " the rank of " + tag.args[3] +
                    " (" + tag.args[4] + ") */");
      out.push_back("  const int " + peer + " = ls_mpi_owner(ls_lower, ls_upper, " + at_loop(tag.args[3], "the peer") +
                    ", ls_size);");
      out.push_back("  if (" + peer + " >= 0 && " + peer + " != ls_rank) {");
      const std::string call_args = "(void *)" + pointer + ", " + bytes + ", MPI_BYTE, " + peer + ", 32100, MPI_COMM_WORLD";
      // nonblock and async: posted, completed within the iteration (a receive
      // before the body that reads it); otherwise MPI's standard blocking calls.
      if (has("nonblock") || (sends && has("async"))) {
        out.push_back("    MPI_Request ls_request;");
        out.push_back(std::string("    ") + (sends ? "MPI_Isend(" : "MPI_Irecv(") + call_args + ", &ls_request);");
        out.push_back("    MPI_Wait(&ls_request, MPI_STATUS_IGNORE);");
      } else if (sends) {
        out.push_back("    MPI_Send(" + call_args + ");");
      } else {
        out.push_back("    MPI_Recv(" + call_args + ", MPI_STATUS_IGNORE);");
      }
      if (sends) out.push_back("    ls_mpi_count(" + bytes + ");");
      out.push_back("  }");
      out.push_back("}");
    }
    return out;
  }

  void count(const ScannedArray& a) {
    line("ls_n = 0;");
    scan(a, ElementScan::Action::Count);
  }

  void scan(const ScannedArray& a, ElementScan::Action action) {
    ElementScan printer(program(), action);
    printer.walk(*a.scan);
    std::istringstream text(printer.result().text);
    for (std::string l; std::getline(text, l);) line(l);
    // The scan's loop bounds may use min/max/floord: the region's helpers carry them.
    for (const std::string& h : printer.result().helpers) scan_helpers_.insert(h);
  }

 public:
  const std::set<std::string>& scan_helpers() const { return scan_helpers_; }

 private:
  const DistributionPlan& plan_;
  std::vector<std::vector<RankReduction>> rank_reductions_;  // per open distributed loop
  std::map<std::string, std::vector<ScannedArray>> scans_;
  std::set<std::string> scan_helpers_;
};

class MpiTarget : public Target {
 public:
  std::string name() const override { return "mpi"; }
  std::string display_name() const override { return "MPI"; }
  RunRecipe run_recipe() const override {
    return {.toolchain = RunRecipe::Toolchain::MpiC,
            .how_verified = "built with mpicc, run with mpirun --oversubscribe -np N; rank 0's results are compared, "
                            "and the bytes sent reported"};
  }
  std::string description() const override {
    return "C with MPI: loops tagged by distribute run in blocks on the ranks; the messages the dataflow needs "
           "are computed and printed (build with mpicc, run with mpirun -np N)";
  }

  GeneratedCode generate(const CodegenInput& in) const override {
    if (apply_data_layout(in.program, in.schedule, in.dependences))
      throw InputError(SourceLocation{}, "the mpi target does not print data layout commands (store_in, "
                                         "storage_fold, inline) yet: use the openmp target for them");
    GeneratedCode out;
    out.target = name();
    out.replaces_region = true;
    out.schedule = in.schedule;
    std::optional<Dependences> computed;
    const Dependences* deps = in.details;
    if (!deps && subtree_has_tag(in.schedule.root(), "node")) {
      computed = compute_dependences(in.program, build_original_schedule(in.program));
      deps = &*computed;
    }
    const isl::union_map none = isl::union_map::empty(in.program.ctx());
    isl::union_map flow = deps ? deps->read_after_write : none;
    if (deps) flow = flow.subtract(combined_across_ranks(in.program, *deps, in.schedule));
    const isl::union_map& overwrites = deps ? deps->write_after_write : none;
    DistributionPlan plan = in.cache ? in.cache->distribution(in.program, in.schedule, flow, overwrites)
                                     : plan_distribution(in.program, in.schedule, flow, overwrites);
    const std::vector<ExplicitTransfer> transfers = explicit_transfers(in.program, in.schedule);
    if (!transfers.empty()) check_transfers(in, plan, transfers);
    LoopAstOptions ast_options;
    ast_options.keep_direction_of_tag = "node";  // blocks are of schedule values
    // Where nothing is grafted, the AST the C and OpenMP targets print (one
    // isl AST for every target); its automatic parallel tags are ignored.
    const bool grafted = isl_schedule_plain_is_equal(plan.schedule.get(), in.schedule.get()) != isl_bool_true;
    LoopNodePtr ast = convert_isl_ast(
        in.program, isl_ast_for(in, grafted ? plan.schedule : auto_parallel_schedule_for(in, in.schedule, in.dependences)),
        ast_options);
    CPrintOptions po;
    po.openmp = true;  // loops the user tagged parallel stay parallel inside a rank
    po.automatic_parallel = false;
    po.indent = in.options.indent;
    po.mark_comments = in.options.mark_comments;
    po.local_copies_from = &plan.schedule;
    po.dependences = deps;
    MpiPrinter printer(in.program, po, plan);
    printer.print(*ast);
    CCode code = printer.result();
    std::set<std::string> helpers = code.helpers;
    helpers.insert(printer.scan_helpers().begin(), printer.scan_helpers().end());
    out.text = code.text;
    out.helpers = c_helper_definitions(helpers);
    out.file_prelude = mpi_runtime_prelude();
    return out;
  }

 private:
  // The user's sends and receives pair up and bring what the dataflow needs
  // (checked at small sizes on 2, 3 and 4 ranks); then they alone move their arrays.
  static void check_transfers(const CodegenInput& in, DistributionPlan& plan,
                              const std::vector<ExplicitTransfer>& transfers) {
    const std::vector<std::string> unmatched = unmatched_transfers(in.program, in.schedule);
    if (!unmatched.empty())
      throw InputError(SourceLocation{}, "the sends and receives do not pair up, so the ranks would wait forever: " +
                                             unmatched.front());
    const std::map<std::string, long> sizes = default_parameter_values(in.program);
    for (int ranks = 2; ranks <= 4; ++ranks)
      if (std::optional<std::string> missing =
              missing_transfer(in.program, in.schedule, plan, transfers, ranks, sizes))
        throw InputError(SourceLocation{}, "the sends and receives miss an element the dataflow needs: " + *missing);
    const std::set<std::string> manual = arrays_moved_explicitly(transfers);
    for (CommunicationPoint& p : plan.points)
      if (!p.gather)
        std::erase_if(p.arrays, [&](const ExchangeArray& a) { return manual.count(a.array) > 0; });
  }
};

}  // namespace

std::unique_ptr<Target> make_mpi_target() { return std::make_unique<MpiTarget>(); }

}  // namespace loopscape

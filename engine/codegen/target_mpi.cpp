// --target mpi: C with MPI. Distributed loops run in blocks on each rank
// (analysis/distribution.h); the exchanges the dataflow needs are grafted into
// the schedule and printed where the AST places them, as non-blocking
// point-to-point messages of exactly the elements that cross ranks.
#include "analysis/dependences.h"
#include "analysis/distribution.h"
#include "codegen/c_printer.h"
#include "codegen/data_layout_rewrite.h"
#include "codegen/loop_ast.h"
#include "codegen/mpi_runtime.h"
#include "codegen/targets_builtin.h"
#include "schedule/original_schedule.h"
#include "schedule/tags.h"

#include <functional>
#include <map>
#include <sstream>

namespace loopscape {
namespace {

ExprPtr name_expr(const std::string& name) { return Expr::make(ExprKind::Iterator, name, {}, "int"); }
ExprPtr binary(const std::string& op, ExprPtr a, ExprPtr b) {
  return Expr::make(ExprKind::Binary, op, {std::move(a), std::move(b)}, "int");
}
ExprPtr call(const std::string& f, std::vector<ExprPtr> args) {
  return Expr::make(ExprKind::Call, f, std::move(args), "int");
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
      const ExprPtr gap = call("max", {binary("-", name_expr("ls_lo"), n.init), make_int(0)});
      mine.init = binary("+", n.init, binary("*", s, binary("/", binary("+", gap, make_int(n.step - 1)), s)));
    }
    mine.cond = binary("&&", n.cond, binary("<=", it, name_expr("ls_hi")));
    CPrinter::enter_for(mine);
  }

  void extension(const LoopNode& n) override {
    const CommunicationPoint* point = plan_.find_point(n.statement);
    if (!point) throw IslError("the mpi target found an unknown grafted call " + n.statement, false);
    const std::vector<ScannedArray>& arrays = scans_.at(point->call);
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
  std::map<std::string, std::vector<ScannedArray>> scans_;
  std::set<std::string> scan_helpers_;
};

class MpiTarget : public Target {
 public:
  std::string name() const override { return "mpi"; }
  std::string description() const override {
    return "C with MPI: distributed loops in blocks over the ranks, exchanges computed from the dataflow";
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
    const DistributionPlan plan = deps ? plan_distribution(in.program, in.schedule, deps->read_after_write,
                                                           deps->write_after_write)
                                       : plan_distribution(in.program, in.schedule, none, none);
    LoopAstOptions ast_options;
    ast_options.reverse_negated_loops = false;  // blocks are of schedule values
    LoopNodePtr ast = convert_isl_ast(in.program, build_isl_ast(in.program, plan.schedule), ast_options);
    CPrintOptions po;
    po.openmp = true;  // loops the user tagged parallel stay parallel inside a rank
    po.indent = in.options.indent;
    po.mark_comments = in.options.mark_comments;
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
};

}  // namespace

std::unique_ptr<Target> make_mpi_target() { return std::make_unique<MpiTarget>(); }

}  // namespace loopscape

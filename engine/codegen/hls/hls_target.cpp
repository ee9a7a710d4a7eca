// SPDX-License-Identifier: Apache-2.0
// --target hls: C++ in the style Vitis HLS accepts. The region becomes a top
// function, placed before the function that holds the region and called in
// its place, with one interface per array and scalar it touches; loop tags
// become HLS pragmas (pipeline -> PIPELINE II, unroll and space-time's space
// loops -> UNROLL, the time loop -> PIPELINE II=1), and the arrays unrolled
// loops index are partitioned along those dimensions. Without an HLS tool the
// file is plain C++ (unknown pragmas are ignored): that is the C simulation.
#include <cctype>
#include <functional>
#include <set>
#include <sstream>

#include "analysis/dependences.h"
#include "analysis/distribution.h"
#include "analysis/systolic.h"
#include "codegen/common/band_extent.h"
#include "codegen/common/c_like_ast.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/subscripts.h"
#include "codegen/common/emitter.h"
#include "codegen/hls/hls_printer.h"
#include "codegen/hls/hls_target.h"
#include "support/c_text.h"
#include "schedule/original_schedule.h"
#include "schedule/tags.h"

namespace loopscape {
namespace {

// 0: complete (every iteration), else the unroll factor.
std::optional<int> unroll_factor(const LoopNode& loop) {
  for (const LoopTag& t : loop.tags) {
    if (t.kind == "space") return 0;
    if (t.kind == "unroll") return t.args.empty() ? 0 : std::stoi(t.args[0]);
  }
  return std::nullopt;
}

// The array dimensions unrolled loops index, and how far: (array, dim) -> factor (0: complete).
class PartitionFinder : public LoopAstWalker {
 public:
  PartitionFinder(const Program& program, const SystolicPlan& plan) : LoopAstWalker(program), plan_(plan) {}
  std::map<std::pair<std::string, int>, int> partitions;

 protected:
  void user(const LoopNode&, const StatementInstance& instance) override {
    std::vector<ExprPtr> accesses;
    accesses_in(instance.target, accesses);
    accesses_in(instance.value, accesses);
    // A systolic array's PEs reach memory only for the arrays it keeps there.
    if (const SystolicArray* a = plan_.find(instance.statement->name))
      std::erase_if(accesses, [&](const ExprPtr& x) { return !a->direct(x->text); });
    for (const LoopNode* loop : enclosing_loops()) {
      const std::optional<int> factor = unroll_factor(*loop);
      if (!factor) continue;
      for (const ExprPtr& a : accesses)
        for (std::size_t d = 0; d < a->args.size(); ++d) {
          if (!mentions(a->args[d], loop->iterator)) continue;
          auto [it, fresh] = partitions.emplace(std::make_pair(a->text, static_cast<int>(d) + 1), *factor);
          if (!fresh && (it->second == 0 || *factor == 0)) it->second = 0;
          else if (!fresh) it->second = std::max(it->second, *factor);
        }
    }
  }

 private:
  const SystolicPlan& plan_;
};

std::vector<std::string> identifiers(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      current += c;
    } else {
      if (!current.empty() && !std::isdigit(static_cast<unsigned char>(current[0]))) out.push_back(current);
      current.clear();
    }
  }
  return out;
}


void names_in(const ExprPtr& e, std::set<std::string>& out) {
  if (!e) return;
  if (e->kind == ExprKind::Variable || e->kind == ExprKind::Parameter || e->kind == ExprKind::Access)
    out.insert(e->text);
  for (const auto& a : e->args) names_in(a, out);
}

// Read-only outer variables (float_n, eps) and their C types.
void variables_in(const ExprPtr& e, std::map<std::string, std::string>& out) {
  if (!e) return;
  if (e->kind == ExprKind::Variable) out.emplace(e->text, e->type.empty() ? "double" : e->type);
  for (const auto& a : e->args) variables_in(a, out);
}

// The parameter declarations of the definition of `function`, as written.
std::vector<std::string> written_parameters(const std::string& source, const std::string& function) {
  const std::optional<std::size_t> start = function_definition_start(source, function);
  if (!start) return {};
  const std::string text = blank_comments_and_strings(source);
  std::size_t at = *start;
  while ((at = text.find(function, at)) != std::string::npos) {
    const std::size_t after = at + function.size();
    const bool whole = (at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_'));
    std::size_t open = after;
    while (open < text.size() && std::isspace(static_cast<unsigned char>(text[open]))) ++open;
    if (whole && open < text.size() && text[open] == '(') {
      std::vector<std::string> out;
      int depth = 0;
      std::size_t from = open + 1;
      for (std::size_t k = open; k < text.size(); ++k) {
        if (text[k] == '(' || text[k] == '[') ++depth;
        if (text[k] == ')' || text[k] == ']') --depth;
        if ((text[k] == ',' && depth == 1) || depth == 0) {
          std::string part = source.substr(from, k - from);
          part.erase(0, part.find_first_not_of(" \t\r\n"));
          part.erase(part.find_last_not_of(" \t\r\n") + 1);
          if (!part.empty() && part != "void") out.push_back(part);
          from = k + 1;
          if (depth == 0) return out;
        }
      }
      return out;
    }
    at = after;
  }
  return {};
}

struct TopParameter {
  std::string name;
  std::string declaration;
  bool array = false;
};

// The top function's parameters: the enclosing function's own parameters the
// region uses, as written (macros and all), then the function's locals it uses.
std::vector<TopParameter> top_parameters(const Program& program) {
  std::set<std::string> used(program.parameters.begin(), program.parameters.end());
  std::set<std::string> written;
  for (const Statement& s : program.statements) {
    names_in(s.target, used);
    names_in(s.value, used);
    names_in(s.guard, used);
    for (const Access& a : s.accesses)
      if (a.kind == Access::Kind::Write) written.insert(a.array);
  }
  for (const Array& a : program.arrays)
    if (a.declared_in_region) used.erase(a.name);

  std::vector<TopParameter> out;
  std::set<std::string> covered;
  for (const std::string& declaration : written_parameters(program.source_text, program.region.function)) {
    // The parameter's name: the first array of the program it names, else the last used name in it.
    std::string name;
    for (const std::string& id : identifiers(declaration))
      if (const Array* a = program.find_array(id); a && !a->is_scalar() && used.count(id)) {
        name = id;
        break;
      }
    if (name.empty())
      for (const std::string& id : identifiers(declaration))
        if (used.count(id)) name = id;
    if (name.empty() || covered.count(name)) continue;
    TopParameter t{name, declaration, false};
    const Array* a = program.find_array(name);
    t.array = a && !a->is_scalar();
    if (a && a->is_scalar() && written.count(name)) t.declaration.insert(t.declaration.rfind(name), "&");
    covered.insert(name);
    out.push_back(std::move(t));
  }
  for (const Array& a : program.arrays) {
    if (covered.count(a.name) || a.declared_in_region || declared_at_file_scope(program.source_text, a.name)) continue;
    std::string declaration = a.element_type + (a.is_scalar() ? " &" : " ") + a.name;
    for (const std::string& e : a.extents) declaration += "[" + e + "]";
    out.push_back({a.name, declaration, !a.is_scalar()});
  }
  for (const std::string& p : program.parameters)
    if (!covered.count(p) && !declared_at_file_scope(program.source_text, p)) {
      out.push_back({p, "int " + p, false});
      covered.insert(p);
    }
  std::map<std::string, std::string> variables;
  for (const Statement& s : program.statements) {
    variables_in(s.target, variables);
    variables_in(s.value, variables);
    variables_in(s.guard, variables);
  }
  for (const auto& [name, type] : variables)
    if (!covered.count(name) && !declared_at_file_scope(program.source_text, name))
      out.push_back({name, type + " " + name, false});
  return out;
}

// A count as text: its value when it is constant, else its C expression.
std::string count_text(const Program& program, const isl::pw_aff& count, std::optional<long>* value = nullptr) {
  const isl::val lo = isl::manage(isl_pw_aff_min_val(count.copy()));
  const isl::val hi = isl::manage(isl_pw_aff_max_val(count.copy()));
  if (!lo.is_null() && !hi.is_null() && lo.is_int() && hi.is_int() && lo.eq(hi)) {
    if (value) *value = lo.get_num_si();
    return std::to_string(lo.get_num_si());
  }
  if (value) value->reset();
  return print_c_expr(*expr_from_pw_aff(program, count.coalesce()));
}

isl::pw_aff extent_of(const Program& program, const isl::pw_aff& lower, const isl::pw_aff& upper) {
  return upper.sub(lower).add(isl::manage(
      isl_pw_aff_val_on_domain(isl_pw_aff_domain(lower.copy()), isl_val_one(program.ctx().get()))));
}

// The systolic arrays' figures: PEs, steps and latency, shift registers and FIFOs.
std::vector<std::string> systolic_estimates(const Program& program, const SystolicPlan& plan) {
  std::vector<std::string> lines;
  for (const SystolicArray& a : plan.arrays) {
    std::string grid;
    std::optional<long> pes = 1;
    for (std::size_t q = 0; q < a.pe_lower.size(); ++q) {
      std::optional<long> v;
      grid += (grid.empty() ? "" : " x ") + count_text(program, extent_of(program, a.pe_lower[q], a.pe_upper[q]), &v);
      pes = pes && v ? std::optional<long>(*pes * *v) : std::nullopt;
    }
    std::string statements;
    for (const std::string& s : a.statements) statements += (statements.empty() ? "" : ", ") + s;
    const std::string steps = count_text(program, extent_of(program, a.step_lower, a.step_upper));
    lines.push_back("systolic array of " + statements + ": " + grid + " PEs, " + steps + " steps" +
                    (a.outer_dims > 0 ? " a run (once per iteration of the loops around it)" : std::string()) +
                    ": latency about " + steps + " cycles at II = 1 plus the pipeline's fill and drain");
    for (const SystolicRegister& r : a.registers) {
      const long bits = 8L * element_size(r.element_type);
      lines.push_back("shift register " + r.name + ": " + std::to_string(r.depth) + " x " + r.element_type +
                      " per PE" +
                      (pes ? " = " + std::to_string(*pes * r.depth * bits) + " bits in all" : std::string()));
    }
    for (const SystolicStream& st : a.streams)
      lines.push_back(std::string(st.load ? "loader" : "drainer") + " FIFO " + st.name + ": depth " +
                      std::to_string(st.depth) + " x " + st.element_type + " = " +
                      std::to_string(st.depth * 8L * element_size(st.element_type)) + " bits");
    for (const std::string& n : a.notes) lines.push_back(n);
  }
  return lines;
}

std::string estimates(const Program& program, const isl::schedule& schedule, const SystolicPlan& plan,
                      const std::vector<std::string>& notes) {
  std::vector<std::string> lines;
  std::vector<std::string> pe_extents;
  // The loops around a node, and whether they are unrolled (copies in
  // hardware, not cycles). Extents are isl work (seconds on tiled
  // wavefronts), so only the tagged bands' are computed.
  struct OuterLoop {
    isl::schedule_node band;
    int member;
    bool unrolled;
  };
  using Outer = std::vector<OuterLoop>;
  std::function<void(const isl::schedule_node&, Outer)> visit = [&](const isl::schedule_node& node, Outer outer) {
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_band) {
      bool unrolled = false;
      for (const LoopTag& t : node_tags(node)) {
        unrolled = unrolled || t.kind == "space" || t.kind == "unroll";
        if (t.kind == "space") pe_extents.push_back(band_member_extent_text(program, node, 0));
        if (t.kind == "time")
          lines.push_back("time steps: " + band_member_extent_text(program, node, 0) + " (" +
                          (t.args.empty() ? std::string("t") : t.args[0]) +
                          "), one a cycle at II = 1, plus the pipeline's fill and drain");
        if (t.kind == "pipeline") {
          std::string iterations = band_member_extent_text(program, node, 0);
          for (auto it = outer.rbegin(); it != outer.rend(); ++it)
            if (!it->unrolled) iterations = band_member_extent_text(program, it->band, it->member) + " x " + iterations;
          const std::string ii = t.args.empty() ? "1" : t.args[0];
          lines.push_back("pipelined loop: " + iterations + " iterations at II = " + ii + ": about (" + iterations +
                          ") x " + ii + " cycles plus the pipeline's depth");
        }
      }
      const int members = static_cast<int>(isl_schedule_node_band_n_member(node.get()));
      for (int m = 0; m < members; ++m) outer.push_back({node, m, m == 0 && unrolled});
    }
    const int n = static_cast<int>(isl_schedule_node_n_children(node.get()));
    for (int k = 0; k < n; ++k) visit(node.child(k), outer);
  };
  program.isl().bounded("estimate the hardware", [&] { visit(schedule.root(), {}); });
  if (!pe_extents.empty()) {
    std::string product;
    for (const std::string& e : pe_extents) product += (product.empty() ? "" : " x ") + e;
    lines.insert(lines.begin(), "processing elements: " + product + " (the space loops, unrolled)");
  }
  program.isl().bounded("estimate the systolic arrays", [&] {
    for (const std::string& l : systolic_estimates(program, plan)) lines.push_back(l);
  });
  for (const std::string& n : notes)
    if (std::find(lines.begin(), lines.end(), n) == lines.end()) lines.push_back(n);
  for (const Array& a : program.arrays) {
    if (a.is_scalar()) continue;
    long elements = 1;
    bool constant = true;
    for (const std::string& e : a.extents) {
      const std::optional<long> v = evaluate_integer(e, {}, program.source_text);
      constant = constant && v.has_value();
      elements *= v.value_or(1);
    }
    if (!constant) continue;
    const long bits = elements * 8 * element_size(a.element_type);
    lines.push_back("on-chip memory for " + a.name + ": " + std::to_string(elements) + " x " + a.element_type + " = " +
                    std::to_string(bits) + " bits");
  }
  if (lines.empty()) return {};
  std::string out = "/* Estimates from the schedule (not a synthesis report):\n";
  for (const std::string& l : lines) out += "     " + l + "\n";
  return out + " */\n";
}

class HlsTarget : public Target {
 public:
  std::string name() const override { return "hls"; }
  std::string display_name() const override { return "HLS"; }
  std::string file_suffix() const override { return "cpp"; }
  RunRecipe run_recipe() const override {
    return {.toolchain = RunRecipe::Toolchain::HlsCxx,
            .runs_own_main = true,
            .own_main_why = "it runs the file's own main, built as C++ (C simulation)",
            .how_verified = "C simulation: built as C++ with g++; needs the file's own main"};
  }
  std::string description() const override {
    return "C++ for high-level synthesis: the region as a top function with Vitis HLS pragmas (builds with g++ "
           "as a C simulation)";
  }

  GeneratedCode generate(const CodegenInput& in) const override {
    if (in.program.region.function.empty())
      throw InputError(SourceLocation{in.program.file, in.program.region.begin_line, 0},
                       "the hls target needs the region inside a function");
    require_constant_extents(in.program, name(),
                             "on-chip memories have a size fixed at synthesis (and C++, the C simulation, has no "
                             "variable-length array parameters)");
    GeneratedCode out;
    out.target = name();
    out.replaces_region = true;
    const CLikeAst printed = c_like_ast(in);
    const Program& program = printed.program();
    out.schedule = printed.schedule;
    const LoopNodePtr& ast = printed.ast;

    const std::string top = program.region.function + "_hls";
    const std::vector<TopParameter> parameters = top_parameters(program);
    std::string signature, call;
    for (const TopParameter& p : parameters) {
      signature += (signature.empty() ? "" : ", ") + p.declaration;
      call += (call.empty() ? "" : ", ") + p.name;
    }

    CPrintOptions po;
    po.indent = in.options.indent;
    po.mark_comments = in.options.mark_comments;
    po.gcc_unroll = false;
    SystolicPlan plan;
    std::optional<Dependences> computed;
    if (!printed.laid_out && subtree_has_tag(out.schedule.root(), "time")) {
      const Dependences* deps = in.details;
      if (!deps) {
        computed = compute_dependences(program, build_original_schedule(program));
        deps = &*computed;
      }
      plan = plan_systolic(program, out.schedule, *deps);
    }
    if (!plan.arrays.empty() && subtree_has_tag(out.schedule.root(), "copy"))
      throw InputError(SourceLocation{}, "the hls target cannot print copy_at in a space-time transformed "
                                         "(systolic) program: its processing elements hold their data in registers");
    po.local_copies_from = &out.schedule;  // copy_at: local arrays (on-chip memory)
    HlsPrinter printer(program, po, &plan);
    printer.walk(*ast);
    const CCode code = printer.result();
    if (printer.uses_streams()) out.file_prelude = hls_stream_prelude();
    PartitionFinder partitions(program, plan);
    partitions.walk(*ast);

    std::ostringstream f;
    f << c_helper_definitions(code.helpers);
    f << "/* The scop region of " << program.region.function << " as a top function for high-level synthesis"
      << " (generated by Loopscape). */\n";
    f << estimates(program, out.schedule, plan, printer.notes());
    f << "void " << top << "(" << signature << ") {\n";
    const std::string pad(static_cast<std::size_t>(po.indent), ' ');
    for (const TopParameter& p : parameters)
      f << "#pragma HLS INTERFACE mode=" << (p.array ? "bram" : "s_axilite") << " port=" << p.name << "\n";
    f << "#pragma HLS INTERFACE mode=s_axilite port=return\n";
    for (const auto& [key, factor] : partitions.partitions)
      f << "#pragma HLS ARRAY_PARTITION variable=" << key.first
        << (factor == 0 ? std::string(" type=complete") : " type=cyclic factor=" + std::to_string(factor))
        << " dim=" << key.second << "\n";
    std::istringstream declarations(c_region_declarations(program));
    for (std::string l; std::getline(declarations, l);) f << pad << l << "\n";
    std::istringstream body(code.text);
    for (std::string l; std::getline(body, l);) f << (l.rfind("#pragma", 0) == 0 ? "" : pad) << l << "\n";
    f << "}\n\n";
    out.before_function = f.str();
    out.text = top + "(" + call + ");\n";
    out.declarations = std::string();  // the top function declares the region's temporaries
    return out;
  }
};

}  // namespace

std::unique_ptr<Target> make_hls_target() { return std::make_unique<HlsTarget>(); }

}  // namespace loopscape

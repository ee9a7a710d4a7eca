// SPDX-License-Identifier: Apache-2.0
#include "layer1/c_rendering.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "codegen/common/emitter.h"
#include "codegen/registry/registry.h"

namespace loopscape::tiramisu::detail {
namespace {

std::string declarator(const Array& a) {
  std::string s = a.element_type + " " + a.name;
  for (const std::string& e : a.extents) s += "[" + e + "]";
  return s;
}

// When the buffer was declared: the C function takes its arguments in that order.
int declared_order(const FunctionData& f, const std::string& array) {
  for (const auto& b : f.buffers)
    if (b->name == array) return b->order;
  for (const auto& c : f.computations)
    if (c->name == array) return c->order;
  return 0;
}

const char* kRegionPlaceholder = "  /* the original loops */\n";

void locate_region(Program& program) {
  const std::string& text = program.source_text;
  const std::size_t scop = text.find("#pragma scop");
  const std::size_t endscop = text.find("#pragma endscop", scop);
  const std::size_t end = text.find('\n', endscop);
  auto line_of = [&](std::size_t offset) {
    return static_cast<unsigned>(1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
  };
  program.region.begin_offset = text.rfind('\n', scop) == std::string::npos ? 0 : text.rfind('\n', scop) + 1;
  program.region.end_offset = end == std::string::npos ? text.size() : end + 1;
  program.region.begin_line = line_of(scop);
  program.region.end_line = line_of(endscop);
}

}  // namespace

std::string c_skeleton(const FunctionData& f, Program& program) {
  std::ostringstream out;
  if (f.rendering_note.empty())
    out << "/* " << f.name << ": a Tiramisu function written with Loopscape's C++ API, rendered as C. The region\n"
        << "   holds its original loops, each statement labelled with its computation's name. */\n";
  else
    out << "/* " << f.rendering_note << " */\n";
  out << "#include <math.h>\n\n";
  std::string arguments;
  for (const std::string& c : program.parameters) arguments += (arguments.empty() ? "" : ", ") + ("int " + c);
  std::vector<const Array*> passed;
  for (const Array& a : program.arrays)
    if (!a.temporary) passed.push_back(&a);
  std::stable_sort(passed.begin(), passed.end(),
                   [&](const Array* x, const Array* y) { return declared_order(f, x->name) < declared_order(f, y->name); });
  for (const Array* a : passed) arguments += (arguments.empty() ? "" : ", ") + declarator(*a);
  out << "void " << f.name << "(" << (arguments.empty() ? "void" : arguments) << ") {\n";
  for (const Array& a : program.arrays)
    if (a.temporary) out << "  " << declarator(a) << ";\n";
  // What add_context_constraints assumes, as the C front-end reads it back.
  if (!program.context.is_null() && isl_set_plain_is_universe(program.context.get()) != isl_bool_true) {
    std::ostringstream context;
    context << program.context;
    out << "#pragma loopscape context " << context.str() << "\n";
  }
  out << "#pragma scop\n" << kRegionPlaceholder << "#pragma endscop\n}\n";
  program.source_text = out.str();
  program.region.function = f.name;
  program.region.whole_function_body = false;
  locate_region(program);
  return program.source_text;
}

// Each statement is printed with its computation's name as a C label, so
// that the C front-end names it the same. The printer knows no labels: the
// label rides in front of the target's array name, between two marker bytes,
// and only a statement's first occurrence keeps it (isl may print a
// statement in several places; C labels are unique).
void render_original_loops(LoadedProgram& loaded) {
  Program labelled = loaded.program.clone();
  for (Statement& s : labelled.statements) {
    auto target = std::make_shared<Expr>(*s.target);
    target->text = "\x01" + s.name + "\x02" + target->text;
    s.target = target;
  }
  CodegenOptions options;
  options.auto_parallel = false;
  GeneratedCode code = generate(labelled, loaded.original_schedule, std::nullopt, "c", options);
  std::set<std::string> labelled_once;
  std::string& text = code.text;
  for (std::size_t at = text.find('\x01'); at != std::string::npos; at = text.find('\x01', at)) {
    const std::size_t end = text.find('\x02', at);
    const std::string name = text.substr(at + 1, end - at - 1);
    const std::string label = labelled_once.insert(name).second ? name + ": " : "";
    text.replace(at, end + 1 - at, label);
  }
  loaded.program.source_text = emit_file(loaded.program, code);
  locate_region(loaded.program);
}

}  // namespace loopscape::tiramisu::detail

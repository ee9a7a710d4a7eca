#include "layer1/c_rendering.h"

#include <algorithm>
#include <sstream>

#include "codegen/emitter.h"
#include "codegen/target.h"

namespace loopscape::tiramisu::detail {
namespace {

std::string declarator(const Array& a) {
  std::string s = a.element_type + " " + a.name;
  for (const std::string& e : a.extents) s += "[" + e + "]";
  return s;
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
  out << "/* " << f.name << ": a Tiramisu function written with Loopscape's C++ API (" << f.at.file_name()
      << "), rendered as C. The region holds its original loops. */\n";
  out << "#include <math.h>\n\n";
  std::string arguments;
  for (const std::string& c : program.parameters) arguments += (arguments.empty() ? "" : ", ") + ("int " + c);
  for (const Array& a : program.arrays)
    if (!a.temporary) arguments += (arguments.empty() ? "" : ", ") + declarator(a);
  out << "void " << f.name << "(" << (arguments.empty() ? "void" : arguments) << ") {\n";
  for (const Array& a : program.arrays)
    if (a.temporary) out << "  " << declarator(a) << ";\n";
  out << "#pragma scop\n" << kRegionPlaceholder << "#pragma endscop\n}\n";
  program.source_text = out.str();
  program.region.function = f.name;
  program.region.whole_function_body = false;
  locate_region(program);
  return program.source_text;
}

void render_original_loops(LoadedProgram& loaded) {
  CodegenOptions options;
  options.auto_parallel = false;
  const GeneratedCode code = generate(loaded.program, loaded.original_schedule, std::nullopt, "c", options);
  loaded.program.source_text = emit_file(loaded.program, code);
  locate_region(loaded.program);
}

}  // namespace loopscape::tiramisu::detail

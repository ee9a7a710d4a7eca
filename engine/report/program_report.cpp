// SPDX-License-Identifier: Apache-2.0
#include "report/program_report.h"

#include <sstream>

#include "schedule/tree_printer.h"
#include "support/text.h"

namespace loopscape {
namespace {

std::string array_declaration(const Array& array) {
  std::string out = array.element_type + " " + array.name;
  for (const std::string& extent : array.extents) out += "[" + extent + "]";
  if (array.declared_in_region) out += "  (declared in the region)";
  return out;
}

std::string distance_text(const Dependence& d) {
  if (!d.distance) return "non-uniform";
  std::vector<std::string> parts;
  for (long v : *d.distance) parts.push_back(std::to_string(v));
  return "(" + join(parts, ", ") + ")";
}

std::string level_text(const Dependence& d) {
  return d.carried_level == 0 ? "loop-independent" : "carried at level " + std::to_string(d.carried_level);
}

}  // namespace

std::string describe_access(const Statement& statement, int access_index) {
  if (access_index < 0 || access_index >= static_cast<int>(statement.accesses.size())) return "?";
  const Access& a = statement.accesses[access_index];
  // Under a condition on data: the body's accesses happen only where it
  // holds; the condition's own reads always happen.
  const char* kind = a.kind == Access::Kind::Read ? (statement.guard && !a.conditional ? "read by the condition " : "read ")
                                                  : (a.conditional ? "may write " : "write ");
  return kind + strip_parameters(to_text(a.relation));
}

std::string describe_dependence(const Program& program, const Dependence& d) {
  auto access_of = [&](const std::string& statement, int index) {
    const Statement* s = program.find_statement(statement);
    return s ? describe_access(*s, index) : std::string("?");
  };
  std::string out = dependence_label(d) + ": " + strip_parameters(to_text(d.relation));
  out += "\n      source " + access_of(d.source_statement, d.source_access) + "\n      sink   " +
         access_of(d.sink_statement, d.sink_access);
  out += "\n      distance " + distance_text(d) + ", " + level_text(d);
  return out;
}

std::string program_report(const LoadedProgram& loaded) {
  const Program& p = loaded.program;
  std::ostringstream out;
  out << "file: " << p.file << "\n";
  out << "region: " << (p.region.whole_function_body ? "body of " : "#pragma scop in ")
      << p.region.function << ", lines " << p.region.begin_line << "-" << p.region.end_line << "\n";
  out << "parameters: " << (p.parameters.empty() ? "(none)" : join(p.parameters, ", ")) << "\n";
  out << "context: " << to_text(p.context) << "\n";

  out << "\narrays (" << p.arrays.size() << "):\n";
  for (const Array& a : p.arrays) out << "  " << array_declaration(a) << "\n";
  if (!p.closed_form_scalars.empty())
    out << "  (read as closed forms in the iterators, their assignments dropped since nothing after the "
           "region reads them: "
        << join(p.closed_form_scalars, ", ") << ")\n";

  out << "\nstatements (" << p.statements.size() << "):\n";
  for (const Statement& s : p.statements) {
    out << "  " << s.name << "  (" << s.where.str() << ")  " << s.source_text << "\n";
    out << "    domain: " << strip_parameters(to_text(s.domain)) << "\n";
    for (std::size_t i = 0; i < s.accesses.size(); ++i)
      out << "    " << describe_access(s, static_cast<int>(i)) << "\n";
  }

  out << "\ndependences (" << loaded.dependences.list.size() << "):\n";
  for (const Dependence& d : loaded.dependences.list) out << "  " << describe_dependence(p, d) << "\n";

  out << "\nschedule tree:\n" << print_schedule_tree(loaded.original_schedule);
  return out.str();
}

}  // namespace loopscape

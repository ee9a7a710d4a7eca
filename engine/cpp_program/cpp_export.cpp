// SPDX-License-Identifier: Apache-2.0
#include "cpp_program/cpp_export.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "session/knobs.h"
#include "session/script.h"

namespace loopscape {
namespace {

// Commands the API has a typed method for (api/loopscape.h).
const std::set<std::string>& typed_commands() {
  static const std::set<std::string> names{
      "interchange", "tile", "split", "shift", "skew", "loop_reversal", "after", "before", "then", "compute_at",
      "set_schedule", "cat", "apply", "reschedule", "index_set_split", "fuse", "fission", "split_band", "distribute", "parallel", "name", "parallelize", "sequential",
      "vectorize", "unroll", "gpu", "tile_gpu", "pipeline", "space_time_transform", "store_in", "storage_fold",
      "cache_shared_at", "copy_at", "send", "receive"};
  return names;
}

// Names a statement variable must not take.
bool reserved(const std::string& name) {
  static const std::set<std::string> words{
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // names the program itself uses
      "main", "session", "loopscape", "std", "error", "options"};
  return words.count(name) > 0 || name.rfind("__", 0) == 0 || (name.size() > 1 && name[0] == '_' && std::isupper(static_cast<unsigned char>(name[1])));
}

bool is_integer(const std::string& t) {
  std::size_t i = t.size() > 1 && t[0] == '-' ? 1 : 0;
  if (i >= t.size() || t.size() > 18) return false;
  if (t[i] == '0') return t.size() == i + 1 && i == 0;  // "0" (not "-0", "007")
  for (; i < t.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  return true;
}

std::string argument(const std::string& text) { return is_integer(text) ? text : cpp_string(text); }

std::string string_list(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + cpp_string(items[i]);
  return out + "}";
}

std::string absolute(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

}  // namespace

void set_export_source(ExportInput& in, const std::string& path, const CompileOptions& options,
                       const std::string& program_file, const CompileOptions& program_options,
                       const std::string& embedded_c) {
  in.input = path;
  in.compile = options;
  in.embedded_c.clear();
  in.c_name.clear();
  if (!is_cpp_source(path)) return;
  in.compile = program_options;  // the C's options, not the C++ compiler's
  if (!embedded_c.empty()) {
    in.embedded_c = embedded_c;
    in.c_name = std::filesystem::path(program_file).filename().string();
  } else {
    in.input = program_file;
  }
}

std::string cpp_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out += hex[c >> 4];
          out += hex[c & 15];
          out += "\"\"";  // end the escape
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

namespace {

// A name as it may stand in a // comment: a newline would end the comment and
// make the rest of the name code, a backslash would continue the comment
// over the next line.
std::string comment_safe(std::string name) {
  for (char& c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\') c = '?';
  return name;
}

}  // namespace

std::string export_cpp(const ExportInput& in) {
  const std::string file = comment_safe(std::filesystem::path(in.input).filename().string());
  const std::string script =
      in.script.empty() ? std::string() : comment_safe(std::filesystem::path(in.script).filename().string());
  const bool embedded = !in.embedded_c.empty();

  std::string out;
  out += "// " + file + (script.empty() ? " with its schedule" : " with the schedule of " + script) +
         ", replayed with the Loopscape engine.\n";
  out += "// Written by Loopscape's C++ export; prints the " + comment_safe(in.target) + " code, as `loopscape-cli emit " + file +
         (script.empty() ? std::string() : " --script " + script) +
         (in.target == "openmp" ? std::string() : " --target " + in.target) + "` does.\n";
  out += "// Open it in Loopscape (`loopscape THIS.cpp`, File > Open) for the same program and history.\n";
  out += "//\n";
  out += "// Build against an installed engine (CMAKE_PREFIX_PATH=<prefix>), in a CMakeLists.txt:\n";
  out += "//   cmake_minimum_required(VERSION 3.25)\n";
  out += "//   project(replay LANGUAGES C CXX)  # C too: LLVM's package needs it\n";
  out += "//   find_package(Loopscape REQUIRED)\n";
  out += "//   add_executable(replay replay.cpp)\n";
  out += "//   target_link_libraries(replay PRIVATE Loopscape::engine)\n";
  out += "#include <exception>\n#include <iostream>\n\n#include <loopscape/api/loopscape.h>\n#include <loopscape/api/publish.h>\n\n";

  // A program defined in C++ travels as its C rendering: the C front-end reads
  // it back into the same model, so the commands replay on it identically.
  unsigned first_line = 0;
  if (embedded) {
    std::string delimiter = "loopscape";
    for (int k = 1; in.embedded_c.find(")" + delimiter + "\"") != std::string::npos; ++k) delimiter = "loopscape" + std::to_string(k);
    out += "// The program as C (" + comment_safe(in.c_name) + "), as " + file + " defined it.\n";
    out += "static const char kProgram[] = R\"" + delimiter + "(\n";
    first_line = static_cast<unsigned>(std::count(out.begin(), out.end(), '\n')) + 1;
    out += in.embedded_c + ")" + delimiter + "\";\n\n";
  }

  out += "int main() {\n";
  out += "  try {\n";

  // open(...) with the options the CLI got, in OpenOptions' member order.
  std::vector<std::string> fields;
  if (!in.compile.defines.empty()) fields.push_back(".defines = " + string_list(in.compile.defines));
  if (!in.compile.include_dirs.empty()) {
    std::vector<std::string> dirs;
    for (const std::string& d : in.compile.include_dirs) dirs.push_back(absolute(d));
    fields.push_back(".include_dirs = " + string_list(dirs));
  }
  if (!in.compile.function.empty()) fields.push_back(".function = " + cpp_string(in.compile.function));
  if (in.isl_quota) fields.push_back(".isl_max_operations = " + std::to_string(in.isl_quota));
  if (embedded)
    out += "    loopscape::Session session = loopscape::open_source(kProgram + 1, " + cpp_string(in.c_name) +
           ", {__FILE__, " + std::to_string(first_line) + ", 1}";
  else
    out += "    loopscape::Session session = loopscape::open(" + cpp_string(absolute(in.input));
  if (fields.empty()) {
    out += ");\n";
  } else {
    out += ", {\n";
    for (const std::string& f : fields) out += "        " + f + ",\n";
    out += "    });\n";
  }

  // One handle per statement or node, in order of first use.
  std::vector<std::string> targets;
  std::set<std::string> seen;
  // A knob (session/knobs.h) is exported at its first value, as a script replays it.
  const std::vector<CommandCall> calls = with_first_knob_values(in.calls);
  for (const CommandCall& c : calls)
    if (seen.insert(c.target).second) targets.push_back(c.target);
  auto variable = [&](const std::string& target) { return reserved(target) ? "stmt_" + target : target; };
  if (!targets.empty()) out += "\n";
  for (const std::string& t : targets)
    out += "    auto " + variable(t) + " = session.statement(" + cpp_string(t) + ");\n";

  if (!calls.empty()) out += "\n";
  for (const CommandCall& c : calls) {
    std::string args;
    for (std::size_t i = 0; i < c.args.size(); ++i) args += (i ? ", " : "") + argument(c.args[i].text);
    out += "    ";
    if (typed_commands().count(c.command))
      out += variable(c.target) + "." + c.command + "(" + args + ");";
    else
      out += variable(c.target) + ".call(" + cpp_string(c.command) + ", {" + args + "});";
    // A C++ program's own commands come from no script line.
    out += script.empty() || c.where.file != in.script ? "\n" : "  // " + script + ":" + std::to_string(c.where.line) + "\n";
  }

  for (std::size_t v = 0; v < in.variants.size(); ++v) {
    // As when a session is opened: a variant that no longer replays is left out, with the reason.
    out += "\n    // Variant " + std::to_string(v + 1) + ": another line of work (History), kept beside the steps above.\n";
    out += "    try {\n      loopscape::keep_variant(session, {";
    for (std::size_t k = 0; k < in.variants[v].size(); ++k)
      out += std::string(k ? "," : "") + "\n          " + cpp_string(format_call(in.variants[v][k]));
    out += "});\n    } catch (const std::exception& e) {\n";
    out += "      std::cerr << \"variant " + std::to_string(v + 1) + " left out: \" << e.what() << \"\\n\";\n    }\n";
  }

  out += "\n    loopscape::publish(session);  // run by Loopscape to open it: the program and its history\n";
  out += "    std::cout << loopscape::emit_code(session, " + cpp_string(in.target) + ");\n";
  out += "    return 0;\n";
  out += "  } catch (const std::exception& e) {  // a refused command: its report\n";
  out += "    std::cerr << e.what() << \"\\n\";\n";
  out += "    return 2;\n";
  out += "  }\n";
  out += "}\n";
  return out;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/emitter.h"

#include <cctype>
#include <regex>

#include "codegen/common/c_printer.h"
#include "support/c_text.h"

namespace loopscape {

namespace {

std::string indent_lines(const std::string& text, const std::string& indent) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string l = text.substr(start, end - start);
    // Preprocessor lines stay where they are readable: indentation is fine for them too.
    out += (l.empty() ? "" : indent) + l + "\n";
    start = end + 1;
  }
  return out;
}

bool only_space(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

}  // namespace

std::optional<std::size_t> function_definition_start(const std::string& source, const std::string& function) {
  if (function.empty()) return std::nullopt;
  const std::string text = blank_comments_and_strings(source);
  const std::regex name("(^|[^A-Za-z0-9_])" + function + R"(\s*\()");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it) {
    const std::size_t open = static_cast<std::size_t>(it->position(0) + it->length(0) - 1);
    int depth = 0;
    std::size_t close = open;
    for (; close < text.size(); ++close) {
      if (text[close] == '(') ++depth;
      if (text[close] == ')' && --depth == 0) break;
    }
    std::size_t after = close + 1;
    while (after < text.size() && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if (after >= text.size() || text[after] != '{') continue;  // a declaration or a call
    std::size_t start = text.rfind('\n', static_cast<std::size_t>(it->position(0)));
    start = start == std::string::npos ? 0 : start + 1;
    // Lines above that only hold storage classes and the return type belong to it.
    while (start > 0) {
      const std::size_t previous = text.rfind('\n', start - 2);
      const std::size_t from = previous == std::string::npos ? 0 : previous + 1;
      const std::string line = trimmed(text.substr(from, start - from));
      if (line.empty() || !std::regex_match(line, std::regex(R"([A-Za-z_][A-Za-z0-9_ \t\*]*)"))) break;
      start = from;
    }
    return start;
  }
  return std::nullopt;
}

std::string emit_file(const Program& program, const std::string& code, const std::string& helpers,
                      const std::optional<std::string>& declarations, const std::string& file_prelude,
                      const std::string& before_function) {
  const std::string& src = program.source_text;
  const std::size_t b = program.region.begin_offset;
  const std::size_t e = program.region.end_offset;
  if (b > e || e > src.size())
    throw InputError(SourceLocation{program.file, program.region.begin_line, 0},
                     "the scop region's byte range lies outside the file");
  std::size_t line_start = 0;
  if (b > 0) {
    const std::size_t nl = src.rfind('\n', b - 1);
    line_start = nl == std::string::npos ? 0 : nl + 1;
  }
  const std::string before_on_line = src.substr(line_start, b - line_start);
  const bool fresh_line = only_space(before_on_line);
  auto indent_of = [](const std::string& line) { return line.substr(0, line.find_first_not_of(" \t")); };
  const std::string first_line = src.substr(line_start, src.find('\n', line_start) - line_start);
  const std::string pragma_indent = only_space(first_line) ? std::string() : indent_of(first_line);
  const std::string original = src.substr(b, e - b);
  // Code is indented like the region's first statement line.
  std::string indent = pragma_indent;
  {
    std::size_t pos = 0;
    while (pos < original.size()) {
      std::size_t end = original.find('\n', pos);
      if (end == std::string::npos) end = original.size();
      const std::string l = original.substr(pos, end - pos);
      const auto first = l.find_first_not_of(" \t\r");
      if (first != std::string::npos && l[first] != '#' && l[first] != '{' && (pos > 0 || fresh_line)) {
        indent = l.substr(0, first);
        break;
      }
      pos = end + 1;
    }
  }
  const std::string trimmed_region = trimmed(original);
  const bool pragma_wrapped = original.find("#pragma scop") != std::string::npos;
  const bool braced = !pragma_wrapped && trimmed_region.size() >= 2 && trimmed_region.front() == '{' &&
                      trimmed_region.back() == '}';

  std::string body;
  const std::string decls = declarations ? *declarations : c_region_declarations(program);
  if (!decls.empty())
    body = "{\n" + indent_lines(decls + code, "  ") + "}\n";
  else
    body = code;
  if (braced) body = "{\n" + indent_lines(body, "  ") + "}\n";
  std::string region = indent_lines(body, indent);
  if (pragma_wrapped)
    region = pragma_indent + "#pragma scop\n" + region + pragma_indent + "#pragma endscop\n";
  // The text before the region on its line is kept; it stands for the first line's indentation.
  if (fresh_line && region.compare(0, before_on_line.size(), before_on_line) == 0)
    region.erase(0, before_on_line.size());
  if (!fresh_line) region = "\n" + region;
  if (!original.empty() && original.back() != '\n' && !region.empty() && region.back() == '\n') region.pop_back();

  std::size_t function_start = 0;
  if (!before_function.empty()) {
    const std::optional<std::size_t> start = function_definition_start(src, program.region.function);
    if (!start || *start > line_start)
      throw InputError(SourceLocation{program.file, program.region.begin_line, 0},
                       "cannot find the definition of " + program.region.function + " that holds the region");
    function_start = *start;
  }
  std::string out;
  out.reserve(file_prelude.size() + before_function.size() + src.size() + region.size() + helpers.size());
  out += file_prelude;
  out += src.substr(0, function_start);
  out += before_function;
  out += src.substr(function_start, line_start - function_start);
  out += helpers;
  out += src.substr(line_start, b - line_start);
  out += region;
  out += src.substr(e);
  return out;
}

std::string emit_file(const Program& program, const GeneratedCode& generated) {
  if (!generated.replaces_region)
    throw InputError(SourceLocation{program.file, 0, 0},
                     "target '" + generated.target + "' makes no code that can replace the scop region");
  return emit_file(program, generated.text, generated.helpers, generated.declarations, generated.file_prelude,
                   generated.before_function);
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "cpp_program/published_program.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "runner/process.h"

namespace loopscape {

namespace {

constexpr const char* kHeader = "loopscape-published 1";

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] != '\\' || k + 1 == text.size()) {
      out += text[k];
      continue;
    }
    const char c = text[++k];
    out += c == 't' ? '\t' : c == 'n' ? '\n' : c;
  }
  return out;
}

std::string line(std::initializer_list<std::string> fields) {
  std::string out;
  for (const std::string& f : fields) out += (out.empty() ? "" : "\t") + escape(f);
  return out + "\n";
}

std::vector<std::string> fields(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t tab = text.find('\t', start);
    out.push_back(unescape(text.substr(start, tab == std::string::npos ? std::string::npos : tab - start)));
    if (tab == std::string::npos) return out;
    start = tab + 1;
  }
}

std::string location_fields(const SourceLocation& at) {
  return escape(at.file) + "\t" + std::to_string(at.line) + "\t" + std::to_string(at.column);
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  // Written beside and renamed, so a reader never sees half a file.
  const std::filesystem::path partial = path.string() + ".partial";
  {
    std::ofstream out(partial, std::ios::binary);
    if (!out || !(out << text) || !out.flush()) throw InputError({path.string(), 0, 0}, "cannot write the published program");
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) throw InputError({path.string(), 0, 0}, "cannot write the published program: " + ec.message());
}

}  // namespace

void write_published(const std::string& folder, const PublishedProgram& p) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  std::string m = std::string(kHeader) + "\n";
  m += line({"name", p.name});
  for (const std::string& d : p.definitions) m += line({"definition", d});
  if (!p.error.empty()) {
    m += "error\t" + location_fields(p.error_where) + "\t" + escape(p.error) + "\n";
  } else {
    if (p.from_file) m += line({"c_file", p.c_file});
    m += line({"c_name", p.c_name});
    for (const std::string& d : p.options.defines) m += line({"define", d});
    for (const std::string& d : p.options.include_dirs) m += line({"include", d});
    for (const std::string& s : p.options.extra_sources) m += line({"extra_source", s});
    if (!p.options.function.empty()) m += line({"function", p.options.function});
    for (const PublishedStatement& s : p.statements) {
      m += "statement\t" + escape(s.name) + "\t" + location_fields(s.where) + "\n";
      for (const SourceLocation& a : s.accesses) m += "access\t" + location_fields(a) + "\n";
      if (!s.domain_description.empty()) m += line({"domain", s.domain_description});
    }
    write_text(std::filesystem::path(folder) / "program.c", p.c_text);
    write_text(std::filesystem::path(folder) / "commands.ls", p.script);
    for (std::size_t v = 0; v < p.variant_scripts.size(); ++v)
      write_text(std::filesystem::path(folder) / ("variant" + std::to_string(v + 1) + ".ls"), p.variant_scripts[v]);
  }
  write_text(std::filesystem::path(folder) / "manifest.txt", m);  // last: its presence says the rest is there
}

bool read_published(const std::string& folder, PublishedProgram* p) {
  const std::filesystem::path manifest = std::filesystem::path(folder) / "manifest.txt";
  if (!std::filesystem::exists(manifest)) return false;
  std::istringstream in(read_file_text(manifest.string()));
  std::string text;
  unsigned number = 1;
  auto malformed = [&](const std::string& why) { throw InputError({manifest.string(), number, 0}, why); };
  if (!std::getline(in, text) || text != kHeader) malformed("not a published program (expected '" + std::string(kHeader) + "')");
  auto location = [&](const std::vector<std::string>& f, std::size_t at) {
    if (f.size() < at + 3) malformed("a location needs a file, a line and a column");
    try {
      return SourceLocation{f[at], static_cast<unsigned>(std::stoul(f[at + 1])), static_cast<unsigned>(std::stoul(f[at + 2]))};
    } catch (const std::exception&) {
      malformed("a line or column is no number");
    }
    return SourceLocation{};
  };
  *p = PublishedProgram{};
  while (std::getline(in, text)) {
    ++number;
    const std::vector<std::string> f = fields(text);
    const std::string& key = f[0];
    const std::string value = f.size() > 1 ? f[1] : std::string();
    if (key == "name") p->name = value;
    else if (key == "definition") p->definitions.push_back(value);
    else if (key == "c_file") p->from_file = true, p->c_file = value;
    else if (key == "c_name") p->c_name = value;
    else if (key == "define") p->options.defines.push_back(value);
    else if (key == "include") p->options.include_dirs.push_back(value);
    else if (key == "extra_source") p->options.extra_sources.push_back(value);
    else if (key == "function") p->options.function = value;
    else if (key == "statement") p->statements.push_back(PublishedStatement{value, location(f, 2), {}, {}});
    else if (key == "access" || key == "domain") {
      if (p->statements.empty()) malformed("'" + key + "' before any statement");
      if (key == "access") p->statements.back().accesses.push_back(location(f, 1));
      else p->statements.back().domain_description = value;
    } else if (key == "error") {
      p->error_where = location(f, 1);
      p->error = f.size() > 4 ? f[4] : std::string("the definition failed");
    } else if (!key.empty()) {
      malformed("unknown entry '" + key + "'");
    }
  }
  if (p->error.empty()) {
    p->c_text = read_file_text((std::filesystem::path(folder) / "program.c").string());
    p->script = read_file_text((std::filesystem::path(folder) / "commands.ls").string());
    for (int v = 1;; ++v) {
      const std::filesystem::path file = std::filesystem::path(folder) / ("variant" + std::to_string(v) + ".ls");
      if (!std::filesystem::exists(file)) break;
      p->variant_scripts.push_back(read_file_text(file.string()));
    }
  }
  return true;
}

}  // namespace loopscape

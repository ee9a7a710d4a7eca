// SPDX-License-Identifier: Apache-2.0
#include "cpp_program/program_file.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "cpp_program/cpp_build.h"
#include "cpp_program/published_program.h"
#include "runner/process.h"
#include "session/script.h"
#include "model/code_running_flags.h"

namespace loopscape {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kOutputLines = 30;

std::string head(const std::string& text, std::size_t lines) {
  std::istringstream in(text);
  std::string line, out;
  std::size_t count = 0;
  while (std::getline(in, line))
    if (count++ < lines) out += line + "\n";
  if (count > lines) out += "... (" + std::to_string(count - lines) + " more lines)\n";
  return out;
}

// The program failed: the first "NAME:LINE:COLUMN: message" it printed (an
// InputError of the API, caught or not), located in `path`.
[[noreturn]] void throw_run_error(const std::string& path, const std::string& name, const std::string& err,
                                  const ProcessResult& run) {
  const std::regex located("(?:^|[\\s'\"])" + std::regex_replace(name, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                           R"(:(\d+):(\d+): (.*)$)");
  std::istringstream in(err);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, located))
      throw InputError({path, static_cast<unsigned>(std::stoul(m[1].str())), static_cast<unsigned>(std::stoul(m[2].str()))},
                       m[3].str());
  }
  throw InputError({path, 0, 0}, "the program " + run.describe() + " without defining a program" +
                                     (err.empty() ? std::string() : ":\n" + head(err, kOutputLines)));
}

// A place the program named as the compiler gave it (its file name): the path as given.
SourceLocation as_given(SourceLocation at, const std::string& name, const std::string& path) {
  if (at.file == name) at.file = path;
  return at;
}

ProgramFile open_cpp(const std::string& path, const CompileOptions& options, const ProgramFileOptions& file_options) {
  CppBuildOptions build_options;
  build_options.cache_dir = file_options.cache_dir;
  build_options.cancelled = file_options.cancelled;
  const CppBuild build = build_cpp_program(path, options, build_options);

  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  const std::string name = absolute.filename().string();
  const TemporaryFolder folder({}, false, "loopscape-publish");
  ProcessSpec spec;
  spec.argv = {build.executable};
  spec.environment = {{"LOOPSCAPE_PUBLISH", (folder.path() / "published").string()}};
  spec.stdout_path = (folder.path() / "stdout").string();
  spec.stderr_path = (folder.path() / "stderr").string();
  spec.working_directory = absolute.parent_path().string();
  spec.timeout_seconds = file_options.run_timeout_seconds;
  spec.cancelled = file_options.cancelled;
  spec.confinement = Confinement{{folder.path().string()}, false};
  const ProcessResult run = run_process(spec);
  if (run.cancelled) throw InputError({path, 0, 0}, "opening the program was cancelled");
  if (!run.started) throw InputError({path, 0, 0}, "cannot run the built program: " + run.spawn_error);
  const std::string err = read_file_text(spec.stderr_path, 1 << 20);

  PublishedProgram published;
  bool found = false;
  try {
    found = read_published((folder.path() / "published").string(), &published);
  } catch (const InputError& e) {
    // The manifest is a temporary file, gone by now: name the program.
    throw InputError({path, 0, 0}, "what the program published cannot be read (line " +
                                       std::to_string(e.where().line) + " of its manifest: " + e.message() +
                                       "); it was not written by the engine's publish()");
  }
  if (!run.succeeded() || !found) {
    if (run.succeeded())
      throw InputError({path, 0, 0}, "the program defines nothing to open: it makes no tiramisu::function and calls "
                                     "no loopscape::publish (api/publish.h)");
    throw_run_error(path, name, err, run);
  }
  if (!published.error.empty())
    throw InputError(as_given(published.error_where, name, path), published.error);

  CompileOptions compile = published.options;
  refuse_code_running_options(compile, {path, 0, 0});
  LoadedProgram loaded = published.from_file ? load_program(published.c_file, compile)
                                             : load_program_source(published.c_text, published.c_name, compile);
  // The C++ places of statements and accesses, and what the C cannot carry.
  std::string located_in = published.from_file ? published.c_file : path;
  if (!published.from_file) {
    for (Statement& s : loaded.program.statements) {
      const auto facts = std::find_if(published.statements.begin(), published.statements.end(),
                                      [&](const PublishedStatement& p) { return p.name == s.name; });
      if (facts == published.statements.end()) continue;
      s.where = as_given(facts->where, name, path);
      s.domain_description = facts->domain_description;
      if (facts->accesses.size() == s.accesses.size())
        for (std::size_t k = 0; k < s.accesses.size(); ++k) s.accesses[k].where = as_given(facts->accesses[k], name, path);
      for (Loop& l : s.loops) l.where = SourceLocation{};  // the rendering's loops are nowhere in the C++
    }
  }

  ProgramFile result{std::move(loaded), parse_script(published.script, path + " (its schedule commands)"),
                     located_in, published.from_file ? std::string() : published.c_text, {}, build.cached,
                     build.seconds, run.seconds, {}};
  for (std::size_t v = 0; v < published.variant_scripts.size(); ++v)
    result.variants.push_back(parse_script(published.variant_scripts[v],
                                           path + " (variant " + std::to_string(v + 1) + ")"));
  if (published.definitions.size() > 1) {
    std::string names;
    for (const std::string& d : published.definitions) names += (names.empty() ? "" : ", ") + d;
    result.note = path + " defines " + std::to_string(published.definitions.size()) + " programs (" + names +
                  "): opened '" + published.name + "', the one created last";
  }
  return result;
}

}  // namespace

bool is_cpp_source(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C" || ext == ".c++";
}

ProgramFile open_program_file(const std::string& path, const CompileOptions& options,
                              const ProgramFileOptions& file_options) {
  if (is_cpp_source(path)) return open_cpp(path, options, file_options);
  return ProgramFile{load_program(path, options), {}, path, {}, {}, false, 0, 0, {}};
}

}  // namespace loopscape

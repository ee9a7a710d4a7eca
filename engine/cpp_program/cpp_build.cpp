// SPDX-License-Identifier: Apache-2.0
#include "cpp_program/cpp_build.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <tuple>
#include <regex>
#include <sstream>

#include "runner/process.h"

namespace loopscape {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kDiagnosticLines = 40;
// Built programs kept (about 4 MB each); the least recently opened go first.
constexpr std::size_t kCachedPrograms = 48;

// 128 bits of FNV-1a (two offset bases): a cache key, not a defence.
class Hash {
 public:
  void add(const std::string& text) {
    for (unsigned char c : text) {
      a_ = (a_ ^ c) * 0x100000001b3ULL;
      b_ = (b_ ^ c) * 0x100000001b3ULL;
    }
    a_ = (a_ ^ 0xff) * 0x100000001b3ULL;  // field separator
    b_ = (b_ ^ 0xfe) * 0x100000001b3ULL;
  }
  std::string hex() const {
    char out[33];
    std::snprintf(out, sizeof out, "%016llx%016llx", static_cast<unsigned long long>(a_), static_cast<unsigned long long>(b_));
    return out;
  }

 private:
  std::uint64_t a_ = 0xcbf29ce484222325ULL;
  std::uint64_t b_ = 0x84222325cbf29ce4ULL;
};

std::string executable_dir() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : self.parent_path().string();
}

// An installed toolchain names paths under "@prefix@": the prefix it is
// installed in, <prefix>/share/loopscape/THIS_FILE.
CppToolchain read_toolchain(const std::string& file) {
  CppToolchain t;
  t.file = file;
  std::error_code ec;
  const std::string prefix = fs::absolute(file, ec).parent_path().parent_path().parent_path().string();
  std::istringstream in(read_file_text(file));
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::string key = line.substr(0, tab);
    std::string value = line.substr(tab + 1);
    for (std::size_t at; (at = value.find("@prefix@")) != std::string::npos;) value.replace(at, 8, prefix);
    if (key == "compiler") t.compiler = value;
    else if (key == "compile") t.compile_flags.push_back(value);
    else if (key == "link") t.link_flags.push_back(value);
    else if (key == "stamp") t.stamps.push_back(value);
    else if (key == "precompiled") t.precompiled_header = value;
  }
  // A package built elsewhere: the compiler on PATH when the recorded one is not here.
  if (t.compiler.empty() || (t.compiler.find('/') != std::string::npos && !fs::exists(t.compiler, ec))) t.compiler = "c++";
  return t;
}

// The compiler's diagnostics, the first error in `name` first: that error's
// line and column become the InputError's place.
[[noreturn]] void throw_compile_error(const std::string& path, const std::string& name, const std::string& output,
                                      const ProcessResult& result) {
  static const std::regex located(R"(^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$)");
  std::istringstream in(output);
  std::string line, shown;
  std::size_t count = 0;
  SourceLocation where{path, 0, 0};
  std::string first;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, located) && (where.line == 0 || first.empty())) {
      if (m[1].str() == name && where.line == 0) {
        where.line = static_cast<unsigned>(std::stoul(m[2].str()));
        where.column = static_cast<unsigned>(std::stoul(m[3].str()));
        first = "error: " + m[4].str();
        continue;  // it heads the message, located by the path as given
      } else if (first.empty()) {
        first = "error: " + m[4].str() + " (in " + m[1].str() + ":" + m[2].str() + ")";
      }
    }
    if (count++ < kDiagnosticLines) shown += line + "\n";
  }
  if (count > kDiagnosticLines) shown += "... (" + std::to_string(count - kDiagnosticLines) + " more lines)\n";
  if (first.empty()) first = "error: the program does not build (the compiler " + result.describe() + ")";
  throw InputError(where, first + "\n" + shown);
}

// Keeps the kCachedPrograms most recently used programs (a hit renews its time).
void prune_cache(const fs::path& cache) {
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> programs;
  for (const fs::directory_entry& e : fs::directory_iterator(cache, ec))
    if (e.is_regular_file(ec) && e.path().filename().string().find(".partial-") == std::string::npos &&
        e.path().filename().string().find(".log-") == std::string::npos)
      programs.emplace_back(e.last_write_time(ec), e.path());
  if (programs.size() <= kCachedPrograms) return;
  std::sort(programs.begin(), programs.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t k = kCachedPrograms; k < programs.size(); ++k) fs::remove(programs[k].second, ec);
}

}  // namespace

CppToolchain find_cpp_toolchain() {
  std::vector<std::string> tried;
  auto usable = [&](const std::string& file) {
    std::error_code ec;
    tried.push_back(file);
    return !file.empty() && fs::is_regular_file(file, ec);
  };
  if (const char* env = std::getenv("LOOPSCAPE_CPP_TOOLCHAIN"); env && *env) {
    if (usable(env)) return read_toolchain(env);
    throw InputError({env, 0, 0}, "LOOPSCAPE_CPP_TOOLCHAIN names no toolchain file");
  }
  const std::string here = executable_dir();
#ifdef LOOPSCAPE_CPP_TOOLCHAIN_INSTALLED
  if (!here.empty()) {
    const std::string installed = (fs::path(here).parent_path() / LOOPSCAPE_CPP_TOOLCHAIN_INSTALLED).string();
    if (usable(installed)) return read_toolchain(installed);
  }
#endif
#ifdef LOOPSCAPE_CPP_TOOLCHAIN
  if (usable(LOOPSCAPE_CPP_TOOLCHAIN)) return read_toolchain(LOOPSCAPE_CPP_TOOLCHAIN);
#endif
  std::string list;
  for (const std::string& t : tried) list += "\n  " + t;
  throw InputError({}, "opening a C++ program needs the engine's headers and library (the Loopscape engine package, "
                       "or a build tree): no toolchain file found; looked at:" + list);
}

std::string default_cpp_cache() {
  if (const char* env = std::getenv("LOOPSCAPE_CPP_CACHE"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "loopscape" / "cpp").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "loopscape" / "cpp").string();
  return (fs::temp_directory_path() / "loopscape-cpp").string();
}

namespace {

std::vector<std::string> compile_arguments(const CppToolchain& toolchain, const CompileOptions& options,
                                           const std::string& name) {
  std::error_code ec;
  std::vector<std::string> argv{toolchain.compiler};
  argv.insert(argv.end(), toolchain.compile_flags.begin(), toolchain.compile_flags.end());
  for (const std::string& d : options.defines) argv.push_back("-D" + d);
  for (const std::string& i : options.include_dirs) argv.push_back("-I" + fs::absolute(i, ec).string());
  argv.push_back(name);
  return argv;
}

// The API headers precompiled for `toolchain`: the build tree's, else built
// once in `cache`/pch. The header to -include, or empty when it cannot be
// made (then programs compile without it).
fs::path precompiled_api_header(const CppToolchain& toolchain, const std::string& toolchain_hash, const fs::path& cache,
                                const std::function<bool()>& cancelled) {
  std::error_code ec;
  if (!toolchain.precompiled_header.empty() && fs::is_regular_file(toolchain.precompiled_header + ".gch", ec))
    return toolchain.precompiled_header;
  const fs::path folder = cache / "pch";
  fs::create_directories(folder, ec);
  const fs::path header = folder / ("api-" + toolchain_hash + ".h");
  const fs::path compiled = header.string() + ".gch";
  if (fs::is_regular_file(compiled, ec)) return header;
  if (!fs::is_regular_file(header, ec)) {
    const fs::path partial = header.string() + ".partial-" + std::to_string(::getpid());
    {
      std::ofstream out(partial);
      // The same text as the build tree's (cmake/LoopscapeCppPrograms.cmake).
      out << "// The engine's API, precompiled once for every C++ program Loopscape builds.\n"
             "#include \"api/tiramisu.h\"\n#include \"api/lappy.h\"\n#include \"api/publish.h\"\n";
    }
    fs::rename(partial, header, ec);
  }
  const fs::path partial = compiled.string() + ".partial-" + std::to_string(::getpid());
  ProcessSpec spec;
  spec.argv = {toolchain.compiler};
  spec.argv.insert(spec.argv.end(), toolchain.compile_flags.begin(), toolchain.compile_flags.end());
  spec.argv.insert(spec.argv.end(), {"-x", "c++-header", header.string(), "-o", partial.string()});
  spec.cancelled = cancelled;
  spec.timeout_seconds = 600;
  if (!run_process(spec).succeeded()) {
    fs::remove(partial, ec);
    return {};
  }
  fs::rename(partial, compiled, ec);
  if (ec) return {};
  // One toolchain at a time: an engine rebuilt leaves its old 100 MB behind otherwise.
  for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
    const std::string file = e.path().filename().string();
    if (file.rfind("api-", 0) == 0 && file.rfind(header.filename().string(), 0) != 0 &&
        file.find(".partial-") == std::string::npos)
      fs::remove(e.path(), ec);
  }
  return header;
}

}  // namespace

std::vector<std::string> cpp_build_command(const std::string& path, const CompileOptions& options) {
  const CppToolchain toolchain = find_cpp_toolchain();
  std::vector<std::string> argv = compile_arguments(toolchain, options, fs::path(path).filename().string());
  argv.insert(argv.end(), toolchain.link_flags.begin(), toolchain.link_flags.end());
  return argv;
}

CppBuild build_cpp_program(const std::string& path, const CompileOptions& options, const CppBuildOptions& build) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw InputError({path, 0, 0}, "no such file");
  const std::string text = read_file_text(path);
  const CppToolchain toolchain = find_cpp_toolchain();
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  const std::string name = absolute.filename().string();
  std::vector<std::string> argv = compile_arguments(toolchain, options, name);

  Hash toolchain_hash;
  toolchain_hash.add(toolchain.compiler);
  for (const std::string& a : toolchain.compile_flags) toolchain_hash.add(a);
  for (const std::string& stamp : toolchain.stamps) {
    const auto size = fs::file_size(stamp, ec);
    const auto time = fs::last_write_time(stamp, ec);
    toolchain_hash.add(stamp + " " + std::to_string(ec ? 0 : size) + " " + std::to_string(time.time_since_epoch().count()));
  }
  Hash hash = toolchain_hash;
  for (const std::string& a : argv) hash.add(a);
  for (const std::string& a : toolchain.link_flags) hash.add(a);
  hash.add(text);

  const fs::path cache = build.cache_dir.empty() ? fs::path(default_cpp_cache()) : fs::path(build.cache_dir);
  fs::create_directories(cache, ec);
  if (ec) throw InputError({cache.string(), 0, 0}, "cannot create the cache of built C++ programs: " + ec.message());
  const fs::path executable = cache / (absolute.stem().string() + "-" + hash.hex());
  CppBuild result;
  result.executable = executable.string();
  if (fs::is_regular_file(executable, ec)) {
    result.cached = true;
    fs::last_write_time(executable, fs::file_time_type::clock::now(), ec);
    return result;
  }

  // Built beside and renamed: a program that is there is complete.
  const fs::path partial = executable.string() + ".partial-" + std::to_string(::getpid());
  const fs::path log = executable.string() + ".log-" + std::to_string(::getpid());
  argv.push_back("-o");
  argv.push_back(partial.string());
  argv.insert(argv.end(), toolchain.link_flags.begin(), toolchain.link_flags.end());
  const char* pch_setting = std::getenv("LOOPSCAPE_CPP_PCH");
  const bool precompile = build.precompile_api && !(pch_setting && std::string(pch_setting) == "off");
  const fs::path api = precompile ? precompiled_api_header(toolchain, toolchain_hash.hex(), cache, build.cancelled) : fs::path();
  auto compile = [&](bool with_api) {
    ProcessSpec spec;
    spec.argv = argv;
    if (with_api) spec.argv.insert(spec.argv.begin() + 1, {"-include", api.string()});
    spec.stdout_path = log.string();
    spec.stderr_path = log.string() + ".err";
    spec.working_directory = absolute.parent_path().string();
    spec.cancelled = build.cancelled;
    const ProcessResult run = run_process(spec);
    std::string output = read_file_text(spec.stdout_path) + read_file_text(spec.stderr_path);
    fs::remove(spec.stdout_path, ec);
    fs::remove(spec.stderr_path, ec);
    return std::make_pair(run, std::move(output));
  };
  auto [run, output] = compile(!api.empty());
  result.precompiled_api = !api.empty() && run.succeeded();
  // A failure with the precompiled headers is checked without them: the
  // error reported is the program's own, never the header's.
  if (!api.empty() && !run.succeeded() && !run.cancelled) {
    const double first = run.seconds;
    std::tie(run, output) = compile(false);
    run.seconds += first;
  }
  result.seconds = run.seconds;
  if (run.cancelled) {
    fs::remove(partial, ec);
    throw InputError({path, 0, 0}, "the build was cancelled");
  }
  if (!run.succeeded()) {
    fs::remove(partial, ec);
    if (!run.started) throw InputError({path, 0, 0}, "cannot run the C++ compiler " + toolchain.compiler + ": " + run.spawn_error);
    throw_compile_error(path, name, output, run);
  }
  fs::rename(partial, executable, ec);
  if (ec) throw InputError({executable.string(), 0, 0}, "cannot keep the built program: " + ec.message());
  prune_cache(cache);
  return result;
}

}  // namespace loopscape

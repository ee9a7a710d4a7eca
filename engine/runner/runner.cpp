// SPDX-License-Identifier: Apache-2.0
#include "runner/runner.h"

#include "codegen/mpi/mpi_runtime.h"

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "runner/bundle.h"
#include "runner/harness.h"
#include "runner/process.h"
#include "model/code_running_flags.h"

namespace loopscape {

namespace fs = std::filesystem;

std::pair<std::string, std::string> parse_parameter_option(const std::string& text) {
  const std::size_t eq = text.find('=');
  auto trim = [](std::string s) {
    s.erase(0, s.find_first_not_of(" \t"));
    s.erase(s.find_last_not_of(" \t") + 1);
    return s;
  };
  if (eq == std::string::npos || trim(text.substr(0, eq)).empty() || trim(text.substr(eq + 1)).empty())
    throw InputError({}, "--param wants NAME=VALUE, not '" + text + "'");
  return {trim(text.substr(0, eq)), trim(text.substr(eq + 1))};
}

std::optional<double> VerifyResult::speedup() const {
  if (original.region_seconds && emitted.region_seconds && *emitted.region_seconds > 0)
    return *original.region_seconds / *emitted.region_seconds;
  if (original.process_seconds > 0 && emitted.process_seconds > 0)
    return original.process_seconds / emitted.process_seconds;
  return std::nullopt;
}

std::string to_string(VerifyResult::Status status) {
  switch (status) {
    case VerifyResult::Status::Equal: return "equal";
    case VerifyResult::Status::Different: return "different";
    case VerifyResult::Status::Error: return "error";
    case VerifyResult::Status::NotRun: return "built, not run";
  }
  return "?";
}

std::string to_string(VerifyResult::Stage stage) {
  switch (stage) {
    case VerifyResult::Stage::Setup: return "setup";
    case VerifyResult::Stage::CompileOriginal: return "compiling the original";
    case VerifyResult::Stage::CompileEmitted: return "compiling the emitted code";
    case VerifyResult::Stage::RunOriginal: return "running the original";
    case VerifyResult::Stage::RunEmitted: return "running the emitted code";
    case VerifyResult::Stage::Compare: return "comparing results";
  }
  return "?";
}

namespace {

std::string source_of(const Program& program) {
  if (!program.source_text.empty()) return program.source_text;
  std::ifstream in(program.file, std::ios::binary);
  if (!in) throw InputError({program.file, 0, 0}, "cannot read the file");
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

}  // namespace

std::string replace_region(const Program& program, const std::string& region_code) {
  const std::string source = source_of(program);
  const std::size_t begin = program.region.begin_offset, end = program.region.end_offset;
  if (begin > end || end > source.size())
    throw InputError({program.file, program.region.begin_line, 0}, "the region's byte range lies outside the file");
  return source.substr(0, begin) + region_code + source.substr(end);
}

namespace {

struct Side {
  std::string label;  // "original" / "emitted"
  std::string compiler;
  std::vector<std::string> defines;  // added to the plan's
  std::vector<std::string> flags;    // added to the options' compile flags
  std::vector<std::string> base_flags;  // the options' compile flags, or the emitted side's own
  std::vector<std::string> launcher;
  std::vector<std::pair<std::string, std::string>> environment;
  bool gpu = false;
  fs::path folder;
  fs::path source;
  fs::path binary;
  std::string code;
  ProcessResult compile;
  std::string compile_log;
  // The first run's results, the fastest run's times.
  ProcessResult run;
  std::string out, err;
  RunTiming timing;
  std::optional<HarnessDump> dump;
  std::string dump_error;
};

struct Plan {
  RunnerOptions::Mode mode;
  std::vector<std::string> defines;
  std::vector<std::string> include_dirs;
  std::vector<std::string> extra_sources;
  std::map<std::string, std::string> values;
};

// Everything that decides how the original is built and run, but not where.
std::string original_run_key(const RunnerOptions& options, const Plan& plan, const Side& original) {
  std::string key = original.code;
  const auto add = [&key](const std::string& part) { (key += '\0') += part; };
  add(std::to_string(static_cast<int>(plan.mode)));
  for (const auto* list : {&plan.defines, &plan.include_dirs, &plan.extra_sources, &original.base_flags,
                           &options.link_flags, &original.launcher})
    for (const std::string& item : *list) add(item);
  for (const auto& [name, value] : plan.values) add(name + "=" + value);
  add(original.compiler);
  add(std::to_string(options.repetitions) + " " + std::to_string(options.threads) + " " +
      std::to_string(options.run_timeout_seconds));
  return key;
}

std::vector<std::string> compile_command(const RunnerOptions& options, const Plan& plan, const Side& side) {
  std::vector<std::string> args = {side.compiler};
  args.insert(args.end(), side.base_flags.begin(), side.base_flags.end());
  args.insert(args.end(), side.flags.begin(), side.flags.end());
  // nvcc hands host-compiler options over with -Xcompiler.
  const bool nvcc = fs::path(side.compiler).filename() == "nvcc";
  args.push_back((nvcc ? "-Xcompiler=" : "") + std::string("-fmacro-prefix-map=") + side.folder.string() + "/=");
  for (const std::string& d : plan.defines) args.push_back("-D" + d);
  for (const std::string& d : side.defines) args.push_back("-D" + d);
  for (const std::string& dir : plan.include_dirs) args.push_back(nvcc && dir == "-iquote" ? "-I" : dir);
  args.push_back(side.source.string());
  args.insert(args.end(), plan.extra_sources.begin(), plan.extra_sources.end());
  args.push_back("-o");
  args.push_back(side.binary.string());
  args.insert(args.end(), options.link_flags.begin(), options.link_flags.end());
  return args;
}

void compile_one(const RunnerOptions& options, const Plan& plan, Side& side) {
  write_file_text(side.source, side.code);
  ProcessSpec spec;
  spec.argv = compile_command(options, plan, side);
  const fs::path log = side.folder / "compile.log";
  spec.stdout_path = log.string();
  spec.stderr_path = log.string() + ".err";
  spec.timeout_seconds = options.compile_timeout_seconds;
  side.compile = run_process(spec);
  side.compile_log = read_file_text(spec.stdout_path) + read_file_text(spec.stderr_path);
  if (!side.compile.succeeded() && !side.compile.started) side.compile_log += side.compile.describe();
}

void compile_both(const RunnerOptions& options, const Plan& plan, Side& a, Side& b) {
  std::thread other([&] { compile_one(options, plan, b); });
  compile_one(options, plan, a);
  other.join();
}

void run_side(const RunnerOptions& options, const Plan& plan, Side& side) {
  const int runs = std::max(1, options.repetitions);
  for (int r = 0; r < runs; ++r) {
    ProcessSpec spec;
    spec.argv = side.launcher;
    spec.argv.push_back(side.binary.string());
    const fs::path dump = side.folder / ("results" + std::to_string(r) + ".bin");
    const fs::path region_time = side.folder / ("region-time" + std::to_string(r) + ".bin");
    if (plan.mode == RunnerOptions::Mode::Harness) spec.argv.push_back(dump.string());
    spec.stdout_path = (side.folder / ("stdout" + std::to_string(r) + ".txt")).string();
    spec.stderr_path = (side.folder / ("stderr" + std::to_string(r) + ".txt")).string();
    spec.timeout_seconds = options.run_timeout_seconds;
    spec.confinement = Confinement{{side.folder.string()}, side.gpu};
    if (options.threads > 0) spec.environment.emplace_back("OMP_NUM_THREADS", std::to_string(options.threads));
    spec.environment.emplace_back("LOOPSCAPE_REGION_TIME_FILE", region_time.string());
    spec.environment.insert(spec.environment.end(), side.environment.begin(), side.environment.end());
    const ProcessResult result = run_process(spec);

    std::optional<double> region_seconds;
    std::optional<HarnessDump> results;
    std::string dump_error;
    if (plan.mode == RunnerOptions::Mode::Harness) {
      results = read_harness_dump(dump.string(), &dump_error);
      if (results && results->seconds >= 0) region_seconds = results->seconds;
    } else {
      region_seconds = read_region_time(region_time.string());
    }
    if (r == 0) {
      side.run = result;
      side.out = read_file_text(spec.stdout_path);
      side.err = read_file_text(spec.stderr_path);
      side.dump = std::move(results);
      side.dump_error = dump_error;
      side.timing.process_seconds = result.seconds;
      side.timing.region_seconds = region_seconds;
    } else {
      side.timing.process_seconds = std::min(side.timing.process_seconds, result.seconds);
      if (region_seconds && side.timing.region_seconds)
        side.timing.region_seconds = std::min(*side.timing.region_seconds, *region_seconds);
    }
    if (!result.succeeded()) break;
  }
}

std::string resolve_source(const std::string& path, const Program& program) {
  if (fs::path(path).is_absolute() || fs::exists(path)) return fs::absolute(path).string();
  const fs::path beside = fs::path(program.file).parent_path() / path;
  if (!program.file.empty() && fs::exists(beside)) return fs::absolute(beside).string();
  return path;
}

bool region_bounds_in(const std::string& original, const Program& program, const std::string& emitted,
                      std::size_t* begin, std::size_t* end) {
  const std::size_t b = program.region.begin_offset, e = program.region.end_offset;
  if (b >= e || e > original.size()) return false;
  const std::size_t suffix = original.size() - e;
  // A target may put a prelude (#include <mpi.h>, ...) before the file's
  // first line, and helper macros before the region's line.
  const std::size_t line_start = original.rfind('\n', b - 1) == std::string::npos ? 0 : original.rfind('\n', b - 1) + 1;
  const std::size_t prelude = line_start == 0 ? 0 : emitted.find(original.substr(0, line_start));
  if (prelude == std::string::npos || emitted.size() < prelude + b + suffix) return false;
  if (emitted.compare(emitted.size() - suffix, suffix, original, e, suffix) != 0) return false;
  std::size_t region = prelude + b;
  if (original.compare(b, 12, "#pragma scop") == 0) {
    region = emitted.find("#pragma scop", prelude + line_start);
    if (region == std::string::npos) return false;
  } else if (emitted.compare(prelude, b, original, 0, b) != 0) {
    return false;
  }
  *begin = region;
  *end = emitted.size() - suffix;
  return true;
}

// Parallel reductions and Halide's lowering reassociate floating-point
// operations, so floating-point values match within a tolerance.
std::string tolerance_text(const RunnerOptions& options) {
  auto number = [](double v) {
    std::ostringstream s;
    s << v;
    return s.str();
  };
  auto within = [&](const Tolerance& t) {
    return "within a relative " + number(t.relative) + " or an absolute " + number(t.absolute);
  };
  return "integers exactly, double " + within(options.double_tolerance) + ", float " + within(options.float_tolerance);
}

Tolerance printed_output_tolerance(const Program& program, const RunnerOptions& options) {
  for (const Statement& s : program.statements)
    for (const Access& a : s.accesses) {
      if (a.kind != Access::Kind::Write) continue;
      const Array* array = program.find_array(a.array);
      if (array && array->element_type.find("float") != std::string::npos) return options.float_tolerance;
    }
  return options.double_tolerance;
}

ArrayShapes array_shapes(const Program& program, const std::string& source, const Plan& plan) {
  std::map<std::string, long> values;
  for (const auto& [name, value] : plan.values)
    if (auto v = evaluate_integer(value, {}, source)) values[name] = *v;
  ArrayShapes shapes;
  for (const Array& array : program.arrays) {
    std::vector<long> extents;
    for (const std::string& e : array.extents) {
      auto v = evaluate_integer(e, values, source);
      if (!v) break;
      extents.push_back(*v);
    }
    if (extents.size() == array.extents.size() && !extents.empty()) shapes[array.name] = extents;
  }
  return shapes;
}

// Runs the preprocessor over the file, for its expanded text and its macros.
SourceFacts facts_about(const std::string& source, const RunnerOptions& options, const Plan& plan,
                        const fs::path& folder, const std::string& base) {
  SourceFacts facts;
  facts.source = source;
  fs::create_directories(folder);
  const fs::path file = folder / base;
  write_file_text(file, source);
  auto preprocess = [&](const std::string& mode_flag, const fs::path& output) {
    ProcessSpec spec;
    spec.argv = {options.compiler};
    spec.argv.insert(spec.argv.end(), options.compile_flags.begin(), options.compile_flags.end());
    spec.argv.push_back("-E");
    spec.argv.push_back(mode_flag);
    for (const std::string& d : plan.defines) spec.argv.push_back("-D" + d);
    spec.argv.insert(spec.argv.end(), plan.include_dirs.begin(), plan.include_dirs.end());
    spec.argv.push_back(file.string());
    spec.argv.push_back("-o");
    spec.argv.push_back(output.string());
    spec.timeout_seconds = options.compile_timeout_seconds;
    return run_process(spec).succeeded() ? read_file_text(output.string()) : std::string();
  };
  facts.preprocessed = preprocess("-P", folder / "preprocessed.i");
  std::istringstream macros(preprocess("-dM", folder / "macros.txt"));
  std::string line;
  while (std::getline(macros, line)) {
    if (line.rfind("#define ", 0) != 0) continue;
    const std::size_t end = line.find_first_of(" (", 8);
    facts.macros.insert(line.substr(8, end == std::string::npos ? std::string::npos : end - 8));
  }
  return facts;
}

std::string seconds_text(double s) {
  std::ostringstream out;
  out.precision(3);
  if (s < 1e-3)
    out << s * 1e6 << " us";
  else if (s < 1)
    out << s * 1e3 << " ms";
  else
    out << s << " s";
  return out.str();
}

std::string timing_summary(const VerifyResult& r) {
  std::ostringstream out;
  if (r.original.region_seconds && r.emitted.region_seconds)
    out << (r.mode == RunnerOptions::Mode::Harness ? "function" : "region") << " time: original "
        << seconds_text(*r.original.region_seconds) << ", emitted " << seconds_text(*r.emitted.region_seconds);
  else
    out << "run time: original " << seconds_text(r.original.process_seconds) << ", emitted "
        << seconds_text(r.emitted.process_seconds);
  if (auto s = r.speedup()) {
    out.precision(3);
    out << " (speed-up " << *s << "x)";
  }
  return out.str();
}

}  // namespace

class OriginalRuns {
 public:
  const Side* find(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto found = runs_.find(key);
    if (found == runs_.end()) return nullptr;
    ++reused_;
    return &found->second;
  }
  void keep(const std::string& key, const Side& side) {
    std::lock_guard<std::mutex> lock(mutex_);
    runs_.emplace(key, side);
  }
  int reused() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return reused_;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, Side> runs_;
  int reused_ = 0;
};

namespace {

void verify(const Program& program, const std::string& emitted_source, const RunnerOptions& options,
            VerifyResult& result) {
  using Status = VerifyResult::Status;
  using Stage = VerifyResult::Stage;
  const std::string original_source = source_of(program);

  // Options a file or a program brought: never a flag that runs code.
  refuse_code_running_options(program.options, {program.file, 0, 0});
  Plan plan;
  plan.mode = options.mode;
  if (plan.mode == RunnerOptions::Mode::Auto)
    plan.mode = defines_main(original_source) ? RunnerOptions::Mode::OwnMain : RunnerOptions::Mode::Harness;
  result.mode = plan.mode;
  for (const auto& [name, value] : options.parameters) plan.values[name] = value;
  plan.defines = program.options.defines;
  plan.defines.insert(plan.defines.end(), options.defines.begin(), options.defines.end());
  if (!program.file.empty()) {
    const fs::path dir = fs::absolute(program.file).parent_path();
    plan.include_dirs.push_back("-iquote");
    plan.include_dirs.push_back(dir.string());
  }
  for (const std::string& dir : program.options.include_dirs) plan.include_dirs.push_back("-I" + dir);
  for (const std::string& dir : options.include_dirs) plan.include_dirs.push_back("-I" + dir);
  for (const std::string& s : program.options.extra_sources) plan.extra_sources.push_back(resolve_source(s, program));
  for (const std::string& s : options.extra_sources) plan.extra_sources.push_back(resolve_source(s, program));

  TemporaryFolder folder(options.temp_root, options.keep_files);
  result.work_dir = folder.path().string();
  const std::string base = program.file.empty() ? "program.c" : fs::path(program.file).filename().string();
  const SourceFacts facts = facts_about(original_source, options, plan, folder.path() / "facts", base);
  for (const auto& [name, value] : plan.values)
    if (facts.is_macro(name)) plan.defines.push_back(name + "=" + value);
  Side original, emitted;
  original.label = "original";
  original.code = original_source;
  emitted.label = "emitted";
  emitted.code = emitted_source;
  original.compiler = options.compiler;
  emitted.compiler = options.emitted_compiler.empty() ? options.compiler : options.emitted_compiler;
  emitted.defines = options.emitted_defines;
  emitted.flags = options.emitted_compile_flags;
  original.base_flags = options.compile_flags;
  emitted.base_flags = options.emitted_base_flags.value_or(options.compile_flags);
  emitted.launcher = options.emitted_launcher;
  emitted.environment = options.emitted_environment;
  emitted.gpu = options.emitted_uses_gpu;
  // In the emitted side's folder: the one folder its sandbox may write.
  const fs::path mpi_report = folder.path() / emitted.label / "mpi-report.txt";
  emitted.environment.emplace_back(kMpiReportVariable, mpi_report.string());
  for (Side* side : {&original, &emitted}) {
    side->folder = folder.path() / side->label;
    fs::create_directories(side->folder);
    side->source = side->folder / base;
    side->binary = side->folder / "program";
  }

  bool instrumented = false;
  if (plan.mode == RunnerOptions::Mode::OwnMain) {
    plan.defines.push_back("POLYBENCH_DUMP_ARRAYS");
    std::size_t begin = 0, end = 0;
    if (options.time_region && region_bounds_in(original_source, program, emitted_source, &begin, &end)) {
      original.code = instrument_region(original_source, program.region.begin_offset, program.region.end_offset);
      emitted.code = instrument_region(emitted_source, begin, end);
      instrumented = true;
    }
  } else {
    std::string function = options.function;
    if (function.empty()) function = program.options.function;
    if (function.empty()) function = program.region.function;
    if (function.empty())
      throw InputError({program.file, 0, 0}, "no function to call: give --function NAME or a file with a main");
    const HarnessPlan harness =
        make_harness(program, facts, function, plan.values, options.default_parameter_value);
    if (harness.dumped.empty())
      throw InputError({program.file, 0, 0}, "the region writes no array the harness can reach (" +
                                                  std::to_string(harness.skipped.size()) +
                                                  " written arrays are local to " + function + ")");
    if (defines_main(original_source)) plan.defines.push_back("main=loopscape_user_main");
    original.code += harness.code;
    emitted.code += harness.code;
    for (const std::string& note : harness.notes) result.log += "harness: " + note + "\n";
  }

  // A run of the original kept by an earlier verification: only the emitted program is built and run.
  const Side* kept = nullptr;
  const auto build = [&] {
    kept = options.original_runs ? options.original_runs->find(original_run_key(options, plan, original)) : nullptr;
    if (!kept) return compile_both(options, plan, original, emitted);
    compile_one(options, plan, emitted);
    const fs::path folder = original.folder, source = original.source, binary = original.binary;
    original = *kept;
    original.folder = folder;
    original.source = source;
    original.binary = binary;
  };
  build();
  if (instrumented && (!original.compile.succeeded() || !emitted.compile.succeeded())) {
    original.code = original_source;
    emitted.code = emitted_source;
    build();
  }
  if (!original.compile.succeeded()) {
    result.status = Status::Error;
    result.stage = Stage::CompileOriginal;
    result.message = "The original program does not compile (" + original.compile.describe() + ").";
    result.log += output_tail(original.compile_log);
    return;
  }
  if (!emitted.compile.succeeded()) {
    result.status = Status::Error;
    result.stage = Stage::CompileEmitted;
    result.message = "The emitted program does not compile (" + emitted.compile.describe() + ").";
    result.log += output_tail(emitted.compile_log);
    return;
  }

  if (options.compile_only && options.bundle_dir.empty()) {
    result.status = Status::NotRun;
    result.stage = Stage::CompileEmitted;
    result.message = "Both programs build; neither ran: " + options.compile_only_reason + ".";
    return;
  }
  if (!kept) run_side(options, plan, original);
  result.original = original.timing;
  const bool harness = plan.mode == RunnerOptions::Mode::Harness;
  if (original.run.timed_out || original.run.signal != 0 || !original.run.started ||
      (harness && original.run.exit_code != 0)) {
    result.status = Status::Error;
    result.stage = Stage::RunOriginal;
    result.message = "The original program " + original.run.describe() + ".";
    result.log += output_tail(original.err);
    return;
  }
  if (harness && !original.dump) {
    result.status = Status::Error;
    result.stage = Stage::RunOriginal;
    result.message = "The original program's results are unreadable: " + original.dump_error + ".";
    result.log += output_tail(original.err);
    return;
  }
  if (!kept && options.original_runs && !options.compile_only)
    options.original_runs->keep(original_run_key(options, plan, original), original);
  if (options.compile_only) {
    BundleManifest manifest;
    manifest.harness = harness;
    manifest.exit_code = original.run.exit_code;
    manifest.printed = printed_output_tolerance(program, options);
    manifest.double_values = options.double_tolerance;
    manifest.float_values = options.float_tolerance;
    manifest.shapes = array_shapes(program, original_source, plan);
    manifest.original_region_seconds = original.timing.region_seconds;
    manifest.description = options.bundle_description;
    write_bundle(options.bundle_dir, manifest, emitted.binary, {original.out, original.err, nullptr},
                 original.folder / "results0.bin");
    result.status = Status::NotRun;
    result.stage = Stage::CompileEmitted;
    result.message = "Both programs build and the original ran; the emitted one did not: " +
                     options.compile_only_reason + ". It waits in " + options.bundle_dir +
                     " with the original's results: run `loopscape-run-bundle " + options.bundle_dir +
                     "` where the device is.";
    return;
  }

  run_side(options, plan, emitted);
  result.emitted = emitted.timing;
  {
    std::istringstream report(read_file_text(mpi_report.string()));
    long long bytes = 0, messages = 0;
    if (report >> bytes >> messages) {
      result.bytes_sent = bytes;
      result.messages_sent = messages;
    }
  }
  if (emitted.run.timed_out || emitted.run.signal != 0 || !emitted.run.started ||
      emitted.run.exit_code != original.run.exit_code) {
    result.status = Status::Different;
    result.stage = Stage::RunEmitted;
    result.message = "The emitted program " + emitted.run.describe() + " (the original " +
                     original.run.describe() + ").";
    // Halide's runtime says why it stopped on stdout.
    result.log += output_tail(emitted.err.empty() ? emitted.out : emitted.err);
    return;
  }

  result.stage = Stage::Compare;
  if (harness && !emitted.dump) {
    result.status = Status::Different;
    result.message = "The emitted program's results are unreadable: " + emitted.dump_error + ".";
    result.log += output_tail(emitted.err);
    return;
  }
  if (harness && !original.dump->skipped.empty()) {
    result.log += "not compared (local to the function):";
    for (const std::string& name : original.dump->skipped) result.log += " " + name;
    result.log += "\n";
  }
  const Comparison comparison = compare_run_outputs(
      {original.out, original.err, harness ? &*original.dump : nullptr},
      {emitted.out, emitted.err, harness ? &*emitted.dump : nullptr}, printed_output_tolerance(program, options),
      options.double_tolerance, options.float_tolerance, array_shapes(program, original_source, plan));
  result.values_compared = comparison.values_compared;
  if (comparison.difference) {
    result.status = Status::Different;
    result.first_difference = comparison.difference;
    result.message = "The emitted program computes different results: " + comparison.difference->describe() + ".";
    if (!comparison.difference->context.empty())
      result.message += " The original printed: \"" + comparison.difference->context + "\".";
    result.message += " " + timing_summary(result) + ".";
    return;
  }
  if (comparison.values_compared == 0 && original.out.empty() && original.err.empty()) {
    result.status = Status::Error;
    result.message = "The program prints no results to compare: print the arrays the region writes, or use "
                     "the harness (--function).";
    return;
  }
  result.status = Status::Equal;
  result.message = "Same results (" + std::to_string(comparison.values_compared) + " values compared: " +
                   tolerance_text(options) + "); " + timing_summary(result) + ".";
}

}  // namespace

std::shared_ptr<OriginalRuns> make_original_runs() { return std::make_shared<OriginalRuns>(); }
int reused_original_runs(const OriginalRuns& runs) { return runs.reused(); }

RunnerOptions mpi_runner_options(int ranks, RunnerOptions base) {
  base.emitted_compiler = "mpicc";
  base.emitted_launcher = {"mpirun", "--oversubscribe", "-np", std::to_string(std::max(1, ranks))};
  // Root may run it (containers, CI); one rank per core is not enforced.
  base.emitted_environment = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"}, {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"}};
  // Ranks that keep parallel loops (MPI + OpenMP) share the cores: each
  // rank's team gets its share, unless the user chose a size. A team per
  // rank as large as the machine, spinning at every barrier, made a correct
  // hybrid heat-3d run past the runner's 60 s on 2 cores (3.3 s with one
  // thread a rank).
  if (!std::getenv("OMP_NUM_THREADS")) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    base.emitted_environment.emplace_back("OMP_NUM_THREADS",
                                          std::to_string(std::max(1u, cores / static_cast<unsigned>(std::max(1, ranks)))));
  }
  base.emitted_defines = {"LOOPSCAPE_MPI_HARNESS"};
  return base;
}

RunnerOptions hls_runner_options(RunnerOptions base) {
  base.emitted_compiler = "g++";
  base.emitted_compile_flags = {"-x", "c++", "-Wno-unknown-pragmas"};  // extra sources (polybench.c) too
  return base;
}

std::string find_nvcc() {
  if (std::string on_path = find_program("nvcc"); !on_path.empty()) return on_path;
  if (const char* cuda = std::getenv("CUDA_PATH"); cuda && fs::exists(fs::path(cuda) / "bin" / "nvcc"))
    return (fs::path(cuda) / "bin" / "nvcc").string();
  if (fs::exists("/usr/local/cuda/bin/nvcc")) return "/usr/local/cuda/bin/nvcc";
  return {};
}

RunnerOptions cuda_runner_options(RunnerOptions base, bool fp_contract) {
  base.emitted_compiler = find_nvcc();
  if (base.emitted_compiler.empty())
    throw InputError({"nvcc", 0, 0}, "nvcc is not installed: it was looked for on PATH, in $CUDA_PATH/bin and in "
                                     "/usr/local/cuda/bin (install the CUDA toolkit)");
  base.emitted_base_flags = std::vector<std::string>{"-O3"};
  if (!fp_contract) base.emitted_base_flags->push_back("-fmad=false");
  base.emitted_compile_flags = {"-x", "cu", "-w"};  // extra sources (polybench.c) too
  base.emitted_uses_gpu = true;
  if (!cuda_device_present()) {
    base.compile_only = true;
    base.compile_only_reason = "this machine has no CUDA device, so the program built with nvcc could not run";
  }
  return base;
}

VerifyResult verify_equivalence(const Program& original, const std::string& emitted_source,
                                const RunnerOptions& options) {
  VerifyResult result;
  try {
    verify(original, emitted_source, options, result);
  } catch (const InputError& e) {
    result.status = VerifyResult::Status::Error;
    result.message = e.what();
  } catch (const std::exception& e) {
    result.status = VerifyResult::Status::Error;
    result.message = std::string("verification failed: ") + e.what();
  }
  return result;
}

}  // namespace loopscape

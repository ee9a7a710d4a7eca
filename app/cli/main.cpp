// SPDX-License-Identifier: Apache-2.0
// loopscape-cli: the engine from the command line (info, emit, verify, check, export, bench).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_options.h"
#include "exit_codes.h"
#include "lesson_command.h"
#include "analysis/distribution.h"
#include "analysis/transfer_pairing.h"
#include "analysis/work_count.h"
#include "api/loopscape.h"
#include "autoschedule/planner.h"
#include "tuning/knob_tuner.h"
#include "tuning/schedule_tuner.h"
#include "codegen/common/emitter.h"
#include "commands/command_reference.h"
#include "codegen/registry/registry.h"
#include "cpp_program/cpp_export.h"
#include "directives/omp_directives.h"
#include "cpp_program/program_file.h"
#include "loading/load_program.h"
#include "plot/domain_points.h"
#include "report/program_report.h"
#include "runner/harness.h"
#include "runner/jit_run.h"
#include "runner/runner.h"
#include "runner/sandbox.h"
#include "runner/target_run.h"
#include "schedule/tags.h"
#include "schedule/tree_printer.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"
#include "support/isl_context.h"
#include "support/text.h"

namespace loopscape::cli {
namespace {


// A refused script command: its report on standard error.
struct Refused {
  int exit_code;
};

void write_output(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return;
  }
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw InputError({path, 0, 0}, "cannot write the output file");
}

// The session on the input file with the script's commands applied (all but
// the last `keep_back` of them); a refused command throws Refused after
// printing its report. A C++ program's own commands come first: `calls` is
// the whole history (its commands, then the script's).
struct Loaded {
  Session session;
  std::vector<CommandCall> calls;
  std::string embedded_c;  // a C++ program's C rendering (for export)
};

// `applied`, when given, hears of the commands applied before a refused or
// malformed one (check prints them), before the refusal is reported.
Loaded open_session(const CliOptions& o, std::size_t keep_back = 0,
                    const std::function<void(const Session&)>& applied = {}) {
  std::vector<CommandCall> calls;
  if (!o.script.empty()) calls = read_script(o.script);  // malformed script: before the (slower) load
  ProgramFile file = open_program_file(o.input, o.compile);
  if (!file.note.empty()) std::cerr << "note: " << file.note << "\n";
  calls.insert(calls.begin(), file.calls.begin(), file.calls.end());
  Session session(std::move(file.loaded));
  if (o.isl_quota) session.program().isl().set_max_operations(o.isl_quota);
  const std::size_t count = calls.size() - std::min(keep_back, calls.size());
  ScriptRun run;
  try {
    run = apply_script(session, std::vector<CommandCall>(calls.begin(), calls.begin() + static_cast<long>(count)));
  } catch (const InputError&) {
    if (applied) applied(session);
    throw;
  }
  if (run.refusal) {
    if (applied) applied(session);
    std::cerr << run.refusal->report();
    throw Refused{refusal_exit(*run.refusal)};
  }
  return Loaded{std::move(session), std::move(calls), std::move(file.embedded_c)};
}

// The messages of a distributed schedule on --ranks ranks, at the --param
// values (the others: the plot's small defaults).
void print_messages(const Loaded& l, const CliOptions& o) {
  const Program& program = l.session.program();
  if (!subtree_has_tag(l.session.schedule().root(), "node")) return;
  const Dependences& d = l.session.dependences();
  const DistributionPlan plan = plan_distribution(program, l.session.schedule(), d.read_after_write, d.write_after_write);
  std::map<std::string, long> sizes = default_parameter_values(program);
  for (const auto& [name, value] : o.parameters) sizes[name] = value;
  const MessageVolume v = message_volume(program, plan, o.ranks, sizes, 60);
  std::cout << "\nmessages on " << o.ranks << " ranks with";
  for (const auto& [name, value] : sizes) std::cout << " " << name << " = " << value;
  std::cout << " (--ranks, --param):\n";
  if (v.lower && v.upper)
    for (int r = 0; r < o.ranks; ++r) {
      const auto [lo, hi] = rank_block(*v.lower, *v.upper, r, o.ranks);
      std::cout << "  rank " << r << " runs the distributed values " << (lo <= hi ? std::to_string(lo) + ".." + std::to_string(hi) : std::string("(none)")) << "\n";
    }
  for (const CommunicationPoint& p : plan.points) {
    std::cout << "  " << p.call << (p.gather ? ": at the end, to rank 0" : ": before " + p.before) << ":";
    for (const ExchangeArray& a : p.arrays) std::cout << " " << a.array;
    std::cout << "\n";
  }
  std::cout << "  point step from to elements bytes\n";
  for (const MessageRow& row : v.rows) {
    std::string step;
    for (long x : row.step) step += (step.empty() ? "" : ",") + std::to_string(x);
    std::cout << "  " << row.point << " " << (step.empty() ? "-" : step) << " " << row.from << " " << row.to << " "
              << row.elements << " " << row.bytes << "\n";
  }
  if (v.truncated) std::cout << "  ... (first " << v.rows.size() << " rows)\n";
  std::cout << "  total: " << v.messages << " messages, " << v.total_elements << " elements, " << v.total_bytes
            << " bytes\n";
}

int run_info(const CliOptions& o) {
  Loaded l = open_session(o);
  std::cout << program_report(l.session.loaded());
  if (!l.session.history().empty()) {
    std::cout << "\n" << (o.script.empty() ? "commands of " + o.input : "script " + o.script) << ":\n";
    for (const AppliedCommand& a : l.session.history())
      std::cout << "  " << format_call(a.call) << "  -- " << a.outcome.description << "\n";
    std::cout << "\nschedule after the script:\n" << print_schedule_tree(l.session.schedule());
    for (const std::string& w : unmatched_transfers(l.session.program(), l.session.schedule()))
      std::cout << "warning: " << w << "\n";
    print_messages(l, o);
  }
  return kExitOk;
}

const Target& known_target(const std::string& name) {
  if (const Target* target = find_target(name)) return *target;
  throw InputError({"loopscape-cli", 0, 0}, "unknown target '" + name + "' (known: " + join(target_names()) + ")");
}

int run_emit(const CliOptions& o) {
  const Target& target = known_target(o.target);
  if (target.needs_output_file() && (o.output.empty() || o.output == "-"))
    throw InputError({"loopscape-cli", 0, 0},
                     "emit --target " + o.target + " needs -o FILE (it writes files beside it)");
  Loaded l = open_session(o);
  const Program& program = l.session.program();
  const GeneratedCode code = generate(program, l.session.schedule(), l.session.dependences().all(), o.target, {},
                                      nullptr, &l.session.dependences());
  write_output(o.output, code.replaces_region ? emit_file(program, code) : code.full_text());
  const SideFiles side =
      target.write_side_files(program, code.schedule, o.output, {.contract_fma = o.fp_contract});
  if (!side.written.empty()) {
    std::cerr << "wrote";
    for (std::size_t k = 0; k < side.written.size(); ++k)
      std::cerr << (k == 0 ? " " : k + 1 == side.written.size() ? " and " : ", ") << side.written[k];
    std::cerr << "\n";
  }
  return kExitOk;
}

int run_check(const CliOptions& o) {
  const auto print_ok_lines = [](const Session& session) {
    for (const AppliedCommand& a : session.history())
      std::cout << a.call.where.str() << ": ok: " << format_call(a.call)
                << (a.outcome.description.empty() ? "" : "  -- " + a.outcome.description) << "\n";
    std::cout.flush();
  };
  Loaded l = open_session(o, 0, print_ok_lines);
  print_ok_lines(l.session);
  std::cout << o.script << ": " << l.session.history().size() << " command"
            << (l.session.history().size() == 1 ? "" : "s") << ", all legal\n";
  // Legal, but not a complete program for distributed ranks yet.
  for (const std::string& w : unmatched_transfers(l.session.program(), l.session.schedule()))
    std::cerr << o.script << ": warning: " << w << "\n";
  for (const std::string& target : o.targets) {
    try {
      emit_code(l.session, target);
      std::cout << o.script << ": the " << target << " target prints it\n";
    } catch (const InputError& e) {
      std::cerr << o.script << ": the " << target << " target refuses the schedule: "
                << (e.where().known() ? e.where().str() + ": " : std::string()) << e.message() << "\n";
      return kExitBadInput;
    }
  }
  return kExitOk;
}

int run_export(const CliOptions& o) {
  known_target(o.target);
  Loaded l = open_session(o);  // an illegal script is not exported
  if (o.directives) {
    const DirectiveExport d = export_omp_directives(l.session);
    write_output(o.output, d.text);
    std::size_t written = 0;
    for (const DirectiveStep& s : d.steps) written += s.directive.empty() ? 0 : 1;
    std::cerr << "wrote " << o.output << ": " << written << " OpenMP 6.0 directive" << (written == 1 ? "" : "s")
              << " for " << d.steps.size() << " step" << (d.steps.size() == 1 ? "" : "s")
              << " (build with clang 19 or later: -fopenmp -fopenmp-version=60)\n";
    return kExitOk;
  }
  ExportInput in{o.input, o.compile, o.script, o.target, o.isl_quota, l.calls, {}, {}, {}};
  set_export_source(in, o.input, o.compile, l.session.program().file, l.session.program().options, l.embedded_c);
  write_output(o.output, export_cpp(in));
  std::cerr << "wrote " << o.output << ": " << l.calls.size() << " command" << (l.calls.size() == 1 ? "" : "s")
            << ", prints the " << o.target << " code\n";
  return kExitOk;
}

std::string seconds(double s) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4f s", s);
  return buffer;
}

int run_verify(const CliOptions& o) {
  Loaded l = open_session(o);
  const Program& program = l.session.program();
  if (o.reverse_parallel && o.target != "openmp")
    throw InputError({"loopscape-cli", 0, 0}, "--reverse-parallel is for --target openmp, not '" + o.target + "'");
  const GeneratedCode code = generate(program, l.session.schedule(), l.session.dependences().all(), o.target,
                                      {.reverse_parallel_loops = o.reverse_parallel}, nullptr,
                                      &l.session.dependences());
  const Target& target = known_target(o.target);
  if (!code.replaces_region)
    throw InputError({"loopscape-cli", 0, 0}, "target '" + o.target + "' prints no program to run");
  // A target that writes files beside its code (halide's object) writes them
  // into a folder that lives while the runner links them.
  struct Folder {
    std::filesystem::path path;
    ~Folder() {
      std::error_code ignored;
      if (!path.empty()) std::filesystem::remove_all(path, ignored);
    }
  } side_folder;
  TargetRunSettings settings{.ranks = o.ranks, .contract_fma = o.fp_contract};
  if (target.needs_output_file()) {
    std::string pattern = (std::filesystem::temp_directory_path() / "loopscape-side-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw InputError({"loopscape-cli", 0, 0}, "cannot create a temporary folder");
    side_folder.path = pattern;
    settings.side_files = target.write_side_files(program, code.schedule, (side_folder.path / "region.c").string(),
                                                  {.contract_fma = o.fp_contract});
  }
  RunnerOptions runner = runner_options_for(target, program, settings);
  for (const auto& [name, value] : o.parameters) runner.parameters.emplace_back(name, std::to_string(value));
  if (!o.bundle.empty()) {
    if (!runner.emitted_uses_gpu)
      throw InputError({"loopscape-cli", 0, 0}, "--bundle is for programs that run on a GPU (--target cuda, or "
                                                "halide with loops tagged for the GPU); target '" +
                                                    o.target + "' runs here");
    runner.bundle_dir = std::filesystem::absolute(o.bundle).string();
    std::string defines;  // which sizes it was built for (MINI_DATASET, N=...)
    for (const std::string& d : o.compile.defines) defines += " -D" + d;
    runner.bundle_description = "verify " + o.input + defines + (o.script.empty() ? "" : " --script " + o.script) +
                                " --target " + o.target;
  }
  const VerifyResult result = verify_equivalence(program, emit_file(program, code), runner);

  std::cout << "verify " << o.input << (o.script.empty() ? "" : " --script " + o.script) << " --target " << o.target
            << (o.reverse_parallel ? " --reverse-parallel" : "") << ": " << to_string(result.status) << "\n";
  std::cout << result.message << "\n";
  if (result.status == VerifyResult::Status::Equal || result.status == VerifyResult::Status::Different) {
    std::cout << "values compared: " << result.values_compared << "\n";
    auto timing = [](const RunTiming& t) {
      return t.region_seconds ? "region " + seconds(*t.region_seconds) + ", process " + seconds(t.process_seconds)
                              : "process " + seconds(t.process_seconds);
    };
    std::cout << "original: " << timing(result.original) << "\n";
    std::cout << "emitted:  " << timing(result.emitted) << (target.run_recipe().toolchain == RunRecipe::Toolchain::MpiC ? " on " + std::to_string(o.ranks) + " ranks" : "")
              << "\n";
    if (result.bytes_sent)
      std::cout << "sent: " << *result.bytes_sent << " bytes in " << result.messages_sent.value_or(0)
                << " messages\n";
  }
  // A side that failed to build or run: what it said (an emitted program that
  // exits early is a difference, and its stderr says why).
  if (result.status != VerifyResult::Status::Equal && !result.log.empty()) std::cerr << result.log << "\n";
  switch (result.status) {
    case VerifyResult::Status::Equal: return kExitOk;
    case VerifyResult::Status::Different: return kExitDiffer;
    case VerifyResult::Status::Error: return kExitBadInput;
    case VerifyResult::Status::NotRun: return kExitNotRun;
  }
  return kExitBadInput;
}

// --- bench ---

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  if (values.empty()) return 0;
  // Nearest rank.
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size())));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

std::string ms(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.3f", v);
  return buffer;
}

int run_bench(const CliOptions& o) {
  Loaded l = open_session(o, 1);
  if (l.calls.empty()) throw InputError({o.script, 0, 0}, "the script has no command to time");
  const CommandCall& last = l.calls.back();
  const Program& program = l.session.program();
  const std::vector<std::string> targets = target_names();

  std::vector<double> total, command, codegen;
  std::map<std::string, std::vector<double>> per_target;  // the first target pays for the shared AST
  std::string verdict;
  const auto bench_start = Clock::now();
  // One untimed run first (warms caches, and fails fast on an error).
  for (int rep = -1;; ++rep) {
    const auto t0 = Clock::now();
    auto result = l.session.preview(last);
    const double t_command = ms_since(t0);
    if (auto* refusal = std::get_if<Refusal>(&result)) {
      if (refusal->kind != Refusal::Kind::Illegal) {
        std::cerr << "bench: " << refusal->report();
        return kExitBadInput;
      }
      verdict = "refused (illegal)";
    } else {
      verdict = "legal";
    }
    const isl::schedule& schedule = std::holds_alternative<AppliedCommand>(result)
                                        ? std::get<AppliedCommand>(result).outcome.schedule
                                        : l.session.schedule();
    const auto t1 = Clock::now();
    std::size_t bytes = 0;
    try {
      AstCache cache;  // as the app does: one AST per schedule, shared by the targets
      for (const std::string& t : targets) {
        const auto t_target = Clock::now();
        const GeneratedCode code = generate(program, schedule, l.session.dependences().all(), t, {}, &cache,
                                                  &l.session.dependences());
        bytes += code.replaces_region ? emit_file(program, code).size() : code.full_text().size();
        if (rep >= 0) per_target[t].push_back(ms_since(t_target));
      }
    } catch (const IslError& e) {
      std::cerr << last.where.str() << ": error: bench: code generation after " << format_call(last)
                << " stopped: " << e.what() << "\n";
      return kExitBadInput;
    }
    const double t_codegen = ms_since(t1);
    if (bytes == 0) std::cerr << "bench: warning: the printers printed nothing\n";
    if (rep < 0) continue;
    command.push_back(t_command);
    codegen.push_back(t_codegen);
    total.push_back(t_command + t_codegen);
    const int done = rep + 1;
    if (o.repetitions ? done >= o.repetitions
                      : (done >= 20 && ms_since(bench_start) >= 1000.0) || done >= 200)
      break;
  }

  std::cout << "bench " << o.input << ": " << format_call(last) << " (" << last.where.str() << "), " << verdict
            << ", after " << l.session.history().size() << " command" << (l.session.history().size() == 1 ? "" : "s")
            << "\n";
  std::cout << "repetitions: " << total.size() << "\n";
  std::cout << "apply + legality: median " << ms(percentile(command, 0.5)) << " ms, p95 "
            << ms(percentile(command, 0.95)) << " ms\n";
  std::string names;
  for (const std::string& t : targets) names += (names.empty() ? "" : ", ") + t;
  std::cout << "AST + printers (" << names << "): median " << ms(percentile(codegen, 0.5)) << " ms, p95 "
            << ms(percentile(codegen, 0.95)) << " ms\n";
  std::cout << "per target (median ms, in order; the first builds the AST the others share):";
  for (const std::string& t : targets) std::cout << " " << t << " " << ms(percentile(per_target[t], 0.5));
  std::cout << "\n";
  std::cout << "median_ms=" << ms(percentile(total, 0.5)) << " p95_ms=" << ms(percentile(total, 0.95)) << "\n";
  return kExitOk;
}

// One schedule's line: "original: compiled in 95 ms, 812.3 ms, 2.71 GFLOP/s (11% of peak)".
void print_measurement(const std::string& what, const JitRunResult& r, double flops, double peak) {
  const double seconds = r.median_seconds();
  const double gflops = seconds > 0 ? flops / seconds / 1e9 : 0;
  std::printf("%s: compiled in %.0f ms, runs in %.3f ms (median of %zu), %.2f GFLOP/s", what.c_str(),
              r.compile_seconds * 1e3, seconds * 1e3, r.run_seconds.size(), gflops);
  if (peak > 0) std::printf(" (%.0f%% of the measured peak)", 100 * gflops / peak);
  std::printf("\n");
  if (peak > 0 && gflops > peak) std::printf("  (%s)\n", kAbovePeakExplanation);
}

int run_run(const CliOptions& o) {
  const Loaded l = open_session(o);
  const Program& program = l.session.program();
  const std::map<std::string, long> parameters = default_run_parameters(program, o.parameters);
  const RegionWork work = region_work(program, parameters);
  const int repetitions = o.repetitions > 0 ? o.repetitions : 3;
  std::cout << "parameters:";
  for (const auto& [name, value] : parameters) std::cout << " " << name << " = " << value;
  std::printf("\nwork: %.0f instances, %.4g floating-point operations\n", work.instances(), work.flops());
  const double peak = measured_peak_gflops();
  std::printf("this machine's measured peak: %.1f GFLOP/s (double precision, %u threads)\n", peak,
              std::thread::hardware_concurrency());
  const auto original_run = prepare_jit_run(program, l.session.schedule_at(0), parameters, o.fp_contract);
  const JitRunResult original = execute_jit_run(*original_run, repetitions);
  print_measurement("original schedule", original, work.flops(), peak);
  if (l.calls.empty()) return kExitOk;
  const auto scheduled_run = prepare_jit_run(program, l.session.schedule(), parameters, o.fp_contract);
  const JitRunResult scheduled = execute_jit_run(*scheduled_run, repetitions);
  print_measurement("after the script (" + std::to_string(l.calls.size()) + (l.calls.size() == 1 ? " command)" : " commands)"), scheduled, work.flops(), peak);
  if (const std::optional<std::string> d = first_difference(original, scheduled)) {
    std::cout << "results differ: " << *d << "\n";
    return kExitDiffer;
  }
  std::printf("speed-up over the original schedule: %.2fx; results equal\n",
              original.median_seconds() / std::max(scheduled.median_seconds(), 1e-12));
  return kExitOk;
}

// The file an automatic schedule is for; from a script's schedule, the steps
// continue that script: say so where they are read.
std::string autoschedule_title(const CliOptions& o) {
  return std::filesystem::path(o.input).filename().string() +
         (o.script.empty() ? "" : ", continuing " + o.script + " (apply it first)");
}

// --repetitions, --param, and progress on standard error.
TuningOptions tuning_options(const CliOptions& o) {
  TuningOptions options;
  if (o.repetitions > 0) options.runner.repetitions = o.repetitions;
  for (const auto& [name, value] : o.parameters) options.runner.parameters.emplace_back(name, std::to_string(value));
  options.progress = [input = o.input](const std::string& what, int done, int total) {
    std::cerr << input << ": measuring " << done + 1 << " of " << total << ": " << what << "\n";
    return true;
  };
  return options;
}

int run_tuned_autoschedule(const CliOptions& o, const Loaded& l) {
  const TuningOptions options = tuning_options(o);
  const TuningResult result = tune_schedule(l.session, options);
  const std::string title = autoschedule_title(o);
  write_output(o.output, tuned_script(result, title));
  // The script on standard output already lists the times.
  const std::vector<std::string> summary = result.summary();
  for (std::size_t k = o.output.empty() || o.output == "-" ? summary.size() - 1 : 0; k < summary.size(); ++k)
    std::cerr << o.input << ": " << summary[k] << "\n";
  return kExitOk;
}

// The script's knobs, measured: the script comes back with the fastest values first.
int run_tune(const CliOptions& o) {
  if (o.script.empty()) throw InputError({"loopscape-cli", 0, 0}, "tune needs --script SCRIPT, the script with knobs");
  const std::string text = read_script_text(o.script);
  const std::vector<CommandCall> script = parse_script(text, o.script);
  const Loaded l = open_session(o, script.size());
  const TuningOptions options = tuning_options(o);
  const KnobTuning tuning = tune_knobs(l.session, script, options);
  write_output(o.output, tuning.tuned_script(text));
  for (const std::string& line : tuning.result.summary())
    if (line.rfind("kept:", 0) != 0 && line.rfind("none is faster", 0) != 0) std::cerr << o.input << ": " << line << "\n";
  if (tuning.result.best < 0) {
    std::cerr << o.input << ": error: no combination could be measured\n";
    return kExitBadInput;
  }
  std::cerr << o.input << ": kept " << tuning.result.candidates[static_cast<std::size_t>(tuning.result.best)].label
            << "\n";
  return kExitOk;
}

int run_autoschedule(const CliOptions& o) {
  Loaded l = open_session(o);
  if (o.tune) return run_tuned_autoschedule(o, l);
  AutoScheduleOptions options;
  if (!o.vector_registers.empty()) options.vector_registers = vector_registers_named(o.vector_registers);
  const AutoSchedulePlan plan = plan_auto_schedule(l.session, options);
  const std::string title = autoschedule_title(o);
  write_output(o.output, plan_script(plan, title));
  if (plan.steps.empty() && plan.fallback) {
    std::cerr << o.input << ": error: " << plan.fallback_reason << "\n";
    return kExitBadInput;
  }
  std::cerr << o.input << ": " << plan.steps.size() << " step" << (plan.steps.size() == 1 ? "" : "s")
            << (plan.fallback ? " (isl's schedule set in one step: " + plan.fallback_reason + ")" : "") << "\n";
  return kExitOk;
}

// The sandbox settings the options ask for; where programs will run with less
// than the full sandbox, standard error says so before the first runs.
void apply_sandbox_options(const CliOptions& o) {
  SandboxSettings settings = sandbox_settings();
  if (o.sandbox) settings.enabled = *o.sandbox;
  if (o.cpu_limit_seconds > 0) settings.cpu_seconds = o.cpu_limit_seconds;
  if (o.memory_limit_mib > 0) settings.memory_bytes = static_cast<std::uint64_t>(o.memory_limit_mib) << 20;
  set_sandbox_settings(settings);
  const bool runs_programs = is_cpp_source(o.input) || o.command == "verify" || o.command == "lesson" || o.tune ||
                             o.command == "tune";
  if (runs_programs)
    if (const std::string notice = take_sandbox_notice(); !notice.empty()) std::cerr << "loopscape-cli: " << notice << "\n";
}

// `commands [NAME]`: the overview, or one command's reference (exit 2 when unknown).
int print_commands(const std::string& name) {
  if (name.empty()) {
    std::cout << commands_overview();
    return kExitOk;
  }
  const std::string reference = command_reference(name);
  if (reference.empty()) {
    std::cerr << "loopscape-cli: no command is named '" << name << "' (loopscape-cli commands lists them)\n";
    return kExitBadInput;
  }
  std::cout << reference;
  return kExitOk;
}

int run(const std::vector<std::string>& args) {
  const CliOptions o = parse_cli(args);
  if (o.version) {
    std::cout << "loopscape-cli " << LOOPSCAPE_VERSION << "\n";
    return kExitOk;
  }
  if (o.help) {
    std::cout << (o.command.empty() ? general_help() : command_help(o.command));
    return kExitOk;
  }
  if (o.command == "commands") return print_commands(o.input);
  apply_sandbox_options(o);
  try {
    if (o.command == "info") return run_info(o);
    if (o.command == "emit") return run_emit(o);
    if (o.command == "check") return run_check(o);
    if (o.command == "export") return run_export(o);
    if (o.command == "bench") return run_bench(o);
    if (o.command == "autoschedule") return run_autoschedule(o);
    if (o.command == "tune") return run_tune(o);
    if (o.command == "lesson") return run_lesson(o);
    if (o.command == "run") return run_run(o);
    return run_verify(o);
  } catch (const Refused& r) {
    return r.exit_code;
  }
}

}  // namespace
}  // namespace loopscape::cli

int main(int argc, char** argv) {
  try {
    loopscape::check_isl_version();
    return loopscape::cli::run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const loopscape::InputError& e) {
    std::cerr << e.what() << "\n";
  } catch (const loopscape::IslError& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
  }
  return loopscape::cli::kExitBadInput;
}

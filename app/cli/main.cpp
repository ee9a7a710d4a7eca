// loopscape-cli: the engine from the command line (info, emit, verify).
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli_options.h"
#include "codegen/emitter.h"
#include "codegen/target.h"
#include "pipeline/pipeline.h"
#include "report/program_report.h"
#include "runner/runner.h"
#include "support/error.h"
#include "support/isl_context.h"

namespace loopscape::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitDiffer = 4;

// The file `emit` writes for a target: C-like targets replace the region in the file.
std::string emitted_text(const LoadedProgram& loaded, const std::string& target) {
  const GeneratedCode code = generate(loaded.program, loaded.original_schedule, loaded.dependences.all(), target);
  return code.replaces_region ? emit_file(loaded.program, code) : code.full_text();
}

void write_output(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return;
  }
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw InputError({path, 0, 0}, "cannot write the output file");
}

int run_info(const CliOptions& o) {
  const LoadedProgram loaded = load_program(o.input, o.compile);
  std::cout << program_report(loaded);
  return kExitOk;
}

int run_emit(const CliOptions& o) {
  const LoadedProgram loaded = load_program(o.input, o.compile);
  write_output(o.output, emitted_text(loaded, o.target));
  return kExitOk;
}

std::string seconds(double s) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4f s", s);
  return buffer;
}

int run_verify(const CliOptions& o) {
  const LoadedProgram loaded = load_program(o.input, o.compile);
  const GeneratedCode code =
      generate(loaded.program, loaded.original_schedule, loaded.dependences.all(), o.target);
  if (!code.replaces_region)
    throw InputError({"loopscape-cli", 0, 0}, "target '" + o.target + "' prints no program to run");
  RunnerOptions runner;
  for (const auto& [name, value] : o.parameters) runner.parameters.emplace_back(name, std::to_string(value));
  const VerifyResult result = verify_equivalence(loaded.program, emit_file(loaded.program, code), runner);

  std::cout << "verify " << o.input << " --target " << o.target << ": " << to_string(result.status) << "\n";
  std::cout << result.message << "\n";
  if (result.status != VerifyResult::Status::Error) {
    std::cout << "values compared: " << result.values_compared << "\n";
    auto timing = [](const RunTiming& t) {
      return t.region_seconds ? "region " + seconds(*t.region_seconds) + ", process " + seconds(t.process_seconds)
                              : "process " + seconds(t.process_seconds);
    };
    std::cout << "original: " << timing(result.original) << "\n";
    std::cout << "emitted:  " << timing(result.emitted) << "\n";
  } else if (!result.log.empty()) {
    std::cerr << result.log << "\n";
  }
  switch (result.status) {
    case VerifyResult::Status::Equal: return kExitOk;
    case VerifyResult::Status::Different: return kExitDiffer;
    case VerifyResult::Status::Error: return kExitBadInput;
  }
  return kExitBadInput;
}

int run(const std::vector<std::string>& args) {
  const CliOptions o = parse_cli(args);
  if (o.help) {
    std::cout << (o.command.empty() ? general_help() : command_help(o.command));
    return kExitOk;
  }
  if (o.command == "info") return run_info(o);
  if (o.command == "emit") return run_emit(o);
  return run_verify(o);
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

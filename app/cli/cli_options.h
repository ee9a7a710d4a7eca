// SPDX-License-Identifier: Apache-2.0
#pragma once
// Command-line options of loopscape-cli, parsed like a compiler's (-D, -I, extra sources).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape::cli {

struct CliOptions {
  std::string command;   // info, emit, verify, check, export, bench, autoschedule, lesson
  std::string input;     // the C file
  CompileOptions compile;
  std::string target = "openmp";
  std::vector<std::string> targets;         // every --target, in order (check prints each)
  std::string output;                       // -o
  std::map<std::string, long> parameters;   // --param N=100
  std::string script;                       // --script FILE (the last one)
  std::vector<std::string> scripts;         // every --script (lesson check grades each)
  std::string action;                       // lesson: check, list, grade
  std::string submissions;                  // lesson grade --submissions DIR
  int exercise = 0;                         // lesson check --exercise N (1-based; 0: all)
  std::optional<std::string> answer;        // lesson check --answer ISL (the student's set or map)
  int repetitions = 0;                      // bench --repetitions N (0: until stable)
  unsigned long isl_quota = 0;              // --isl-quota N (0: the default)
  int ranks = 4;                            // verify --target mpi --ranks N
  bool fp_contract = false;                 // --fp-contract: the halide targets may fuse FMAs
  bool reverse_parallel = false;            // --reverse-parallel: verify openmp's parallel loops backwards
  bool directives = false;                  // export --omp-directives: the user's C with OpenMP 6.0 directives
  bool tune = false;                        // autoschedule --tune: measure the candidates, keep the fastest
  std::string vector_registers;             // autoschedule --vector-registers avx512|avx2|sse ("": the host's)
  std::string bundle;                       // verify --bundle DIR: the GPU run goes elsewhere (runner/bundle.h)
  std::optional<bool> sandbox;               // --sandbox on|off, --no-sandbox (default: LOOPSCAPE_SANDBOX, on)
  double cpu_limit_seconds = 0;             // --cpu-limit S (0: the default)
  unsigned long memory_limit_mib = 0;       // --memory-limit MIB (0: the default)
  bool help = false;
  bool version = false;                     // --version, -V
};

// Throws InputError (with no location) on malformed options.
CliOptions parse_cli(const std::vector<std::string>& args);

std::string general_help();
std::string command_help(const std::string& command);

}  // namespace loopscape::cli

// SPDX-License-Identifier: Apache-2.0
#pragma once
// The arguments of the benches that time FILE.c SCRIPT pairs, with -I DIR
// anywhere among them.
#include <string>
#include <utility>
#include <vector>

#include "loading/load_program.h"

namespace loopscape {

struct BenchCases {
  CompileOptions options;
  std::vector<std::pair<std::string, std::string>> cases;  // file, script
};

inline BenchCases parse_bench_cases(int argc, char** argv) {
  BenchCases out;
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "-I" && k + 1 < argc) {
      out.options.include_dirs.push_back(argv[++k]);
    } else if (k + 1 < argc) {
      out.cases.emplace_back(a, argv[k + 1]);
      ++k;
    }
  }
  return out;
}

}  // namespace loopscape

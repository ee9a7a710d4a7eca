// SPDX-License-Identifier: Apache-2.0
// Times each stage of the engine on every bundled sample (issue: engine spine).
// Usage: loopscape-bench [--repetitions N] [FILE.c ...]   (default: samples/*.c)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "codegen/common/loop_ast.h"
#include "codegen/registry/registry.h"
#include "frontend/frontend.h"
#include "schedule/original_schedule.h"
#include "support/isl_context.h"

using namespace loopscape;
namespace fs = std::filesystem;

namespace {

double median_ms(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

struct StageTimes {
  std::vector<double> frontend, schedule, dependences, ast, openmp;
};

double time_ms(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void bench_file(const std::string& path, int repetitions) {
  StageTimes t;
  std::size_t code_bytes = 0;
  for (int r = 0; r < repetitions; ++r) {
    auto isl = std::make_shared<IslContext>();
    std::optional<Program> program;
    isl::schedule schedule;
    std::optional<Dependences> dependences;
    t.frontend.push_back(time_ms([&] { program.emplace(parse_c_file(path, {}, isl)); }));
    t.schedule.push_back(time_ms([&] { schedule = build_original_schedule(*program); }));
    t.dependences.push_back(time_ms([&] { dependences.emplace(compute_dependences(*program, schedule)); }));
    t.ast.push_back(time_ms([&] { build_loop_ast(*program, schedule); }));
    t.openmp.push_back(time_ms([&] {
      code_bytes = generate(*program, schedule, dependences->all(), "openmp").full_text().size();
    }));
  }
  std::printf("%-22s %9.2f %9.2f %9.2f %9.2f %9.2f %8zu\n", fs::path(path).filename().c_str(),
              median_ms(t.frontend), median_ms(t.schedule), median_ms(t.dependences), median_ms(t.ast),
              median_ms(t.openmp), code_bytes);
}

}  // namespace

int main(int argc, char** argv) {
  check_isl_version();
  int repetitions = 11;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--repetitions" && i + 1 < argc) repetitions = std::max(1, std::atoi(argv[++i]));
    else files.push_back(a);
  }
  if (files.empty()) {
    for (const auto& entry : fs::directory_iterator(LOOPSCAPE_SAMPLES))
      if (entry.path().extension() == ".c") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
  }
  std::printf("median of %d runs, milliseconds\n", repetitions);
  std::printf("%-22s %9s %9s %9s %9s %9s %8s\n", "file", "frontend", "schedule", "deps", "isl-ast",
              "ast+omp", "bytes");
  for (const std::string& f : files) {
    try {
      bench_file(f, repetitions);
    } catch (const std::exception& e) {
      std::printf("%-22s error: %s\n", fs::path(f).filename().c_str(), e.what());
    }
  }
  return 0;
}

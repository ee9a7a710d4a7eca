// SPDX-License-Identifier: Apache-2.0
// loopscape-run-bundle DIR...: runs the programs that `loopscape-cli verify
// --bundle DIR` built on a machine without the GPU, here where it is, and
// compares their results with the original's. Linked without the engine
// library (runner/bundle.h), so the tool and the bundles travel alone.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "runner/bundle.h"
#include "runner/cuda_device.h"

namespace {

constexpr int kExitEqual = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitDiffer = 4;  // as loopscape-cli verify

const char* kUsage = R"(usage: loopscape-run-bundle [--unconfined] [--timeout S] DIR...

Runs each bundle's emitted program (made by `loopscape-cli verify --bundle DIR`
on a machine without a CUDA device) and compares its results with the
original's, which the bundle holds: integers exactly, floating point within
the tolerances verify used. Prints one line per bundle.

  --unconfined   run the programs as they are, without the sandbox (which is
                 bubblewrap where it is installed, and the CPU, memory and
                 file-size limits everywhere)
  --timeout S    seconds each program may run (default 120)

Without a CUDA device here (/dev/nvidiactl, a GPU listed by nvidia-smi), no
program runs: each bundle is reported as not run.

Exit status: 0 every bundle equal; 2 a bundle could not be read, is
incomplete, or its program could not run (no device, not executable); else 4
when a result differs (2 wins over 4 when there are both).
)";

std::string seconds_text(double s) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6f s", s);
  return buffer;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> dirs;
  bool confined = true;
  double timeout = 120;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return kExitEqual;
    } else if (a == "--unconfined") {
      confined = false;
    } else if (a == "--timeout") {
      char* end = nullptr;
      timeout = i + 1 < argc ? std::strtod(argv[i + 1], &end) : 0;
      if (i + 1 >= argc || end == argv[i + 1] || *end != '\0' || !(timeout > 0)) {
        std::cerr << "loopscape-run-bundle: --timeout expects a number of seconds above 0"
                  << (i + 1 < argc ? std::string(", got '") + argv[i + 1] + "'" : std::string()) << "\n";
        return kExitBadInput;
      }
      ++i;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "loopscape-run-bundle: unknown option '" << a << "'\n" << kUsage;
      return kExitBadInput;
    } else {
      dirs.push_back(a);
    }
  }
  if (dirs.empty()) {
    std::cerr << kUsage;
    return kExitBadInput;
  }
  int status = kExitEqual;
  const bool device = loopscape::cuda_device_present();
  for (const std::string& dir : dirs) {
    using loopscape::BundleRun;
    std::string error;
    const auto manifest = loopscape::read_bundle_manifest(dir, &error);
    BundleRun run;
    if (!manifest)
      run.message = error + ".";
    else if (!device)
      run.message = "Not run: there is no CUDA device here (no /dev/nvidiactl, or nvidia-smi lists no GPU).";
    else
      run = loopscape::run_bundle(dir, *manifest, confined, timeout);
    const char* verdict = run.status == BundleRun::Status::Equal       ? "equal"
                          : run.status == BundleRun::Status::Different ? "DIFFERENT"
                                                                       : "ERROR";
    std::cout << dir << ": " << verdict << ": " << run.message;
    if (run.region_seconds) {
      std::cout << " Region here " << seconds_text(*run.region_seconds);
      if (manifest && manifest->original_region_seconds)
        std::cout << ", the original's where it was built " << seconds_text(*manifest->original_region_seconds);
      std::cout << ".";
    }
    std::cout << (manifest && !manifest->description.empty() ? " [" + manifest->description + "]" : "")
              << std::endl;  // before this bundle's log on stderr
    if (!run.log.empty()) std::cerr << run.log << std::endl;
    if (run.status == BundleRun::Status::Different && status == kExitEqual) status = kExitDiffer;
    if (run.status == BundleRun::Status::Error) status = kExitBadInput;
  }
  return status;
}

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

namespace {

constexpr int kExitEqual = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitDiffer = 4;  // as loopscape-cli verify

const char* kUsage = R"(usage: loopscape-run-bundle [--unconfined] [--timeout S] DIR...

Runs each bundle's emitted program (made by `loopscape-cli verify --bundle DIR`
on a machine without a CUDA device) and compares its results with the
original's, which the bundle holds: integers exactly, floating point within
the tolerances verify used. Prints one line per bundle.

  --unconfined   run without the sandbox's limits (bubblewrap is used where it
                 is installed; the limits apply otherwise)
  --timeout S    seconds each program may run (default 120)

Exit status: 0 every bundle equal, 4 a result differs, 2 a bundle could not
be read or its program could not run.
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
    } else if (a == "--timeout" && i + 1 < argc) {
      timeout = std::atof(argv[++i]);
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
  for (const std::string& dir : dirs) {
    using loopscape::BundleRun;
    const BundleRun run = loopscape::run_bundle(dir, confined, timeout);
    std::string error;
    const auto manifest = loopscape::read_bundle_manifest(dir, &error);
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
    std::cout << (manifest && !manifest->description.empty() ? " [" + manifest->description + "]" : "") << "\n";
    if (!run.log.empty()) std::cerr << run.log << "\n";
    if (run.status == BundleRun::Status::Different && status == kExitEqual) status = kExitDiffer;
    if (run.status == BundleRun::Status::Error) status = kExitBadInput;
  }
  return status;
}

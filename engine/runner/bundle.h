// SPDX-License-Identifier: Apache-2.0
#pragma once
// A built program that must run elsewhere: `verify --bundle DIR` on a machine
// without the device (a CUDA GPU) builds both programs, runs the original
// there, and leaves the emitted program with the original's results in DIR;
// `loopscape-run-bundle DIR` runs it where the device is and compares, as
// verify would have. Only std and POSIX here: the runner tool links this
// file, compare, process, sandbox and cuda_device alone, so it travels
// without the engine.
#include <filesystem>
#include <optional>
#include <string>

#include "runner/compare.h"

namespace loopscape {

struct BundleManifest {
  bool harness = false;  // the program takes a dump path and writes its arrays there
  int exit_code = 0;     // the original's
  Tolerance printed, double_values, float_values;
  ArrayShapes shapes;
  std::optional<double> original_region_seconds;  // on the machine that built it
  std::string description;                         // what was verified ("jacobi-2d.c --target cuda")
};

// Writes DIR/bundle.txt, DIR/program (a copy of `emitted_binary`),
// DIR/expected.stdout, DIR/expected.stderr and, for a harness,
// DIR/expected.bin (a copy of `expected_dump`). Throws InputError.
void write_bundle(const std::filesystem::path& dir, const BundleManifest& manifest,
                  const std::filesystem::path& emitted_binary, const RunOutput& expected,
                  const std::filesystem::path& expected_dump);

// nullopt (and `error`) when DIR holds no readable bundle.
std::optional<BundleManifest> read_bundle_manifest(const std::filesystem::path& dir, std::string* error);

struct BundleRun {
  enum class Status { Equal, Different, Error };
  Status status = Status::Error;
  std::string message;  // one paragraph
  std::size_t values_compared = 0;
  double process_seconds = 0;
  std::optional<double> region_seconds;  // the emitted program's region, here
  std::string log;                       // the program's stderr (tail) when it failed
};

// Runs DIR/program in DIR (confined to DIR, with the GPU's device files,
// unless `confined` is false) and compares with the expected results that
// `manifest` (read from DIR) describes.
BundleRun run_bundle(const std::filesystem::path& dir, const BundleManifest& manifest, bool confined,
                     double timeout_seconds);
// The same, reading DIR's manifest first (an error when it cannot).
BundleRun run_bundle(const std::filesystem::path& dir, bool confined, double timeout_seconds);

}  // namespace loopscape

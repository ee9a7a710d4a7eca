// SPDX-License-Identifier: Apache-2.0
#include "runner/bundle.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "runner/process.h"
#include "support/error.h"

namespace loopscape {

namespace fs = std::filesystem;

namespace {

constexpr const char* kManifest = "bundle.txt";
constexpr const char* kFormat = "loopscape-bundle 1";

void copy_into(const fs::path& from, const fs::path& to) {
  std::error_code error;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, error);
  if (error) throw InputError({to.string(), 0, 0}, "cannot copy " + from.string() + ": " + error.message());
}

std::string tolerance_line(const char* kind, const Tolerance& t) {
  std::ostringstream line;
  line.precision(17);
  line << "tolerance " << kind << " " << t.relative << " " << t.absolute << "\n";
  return line.str();
}

}  // namespace

void write_bundle(const fs::path& dir, const BundleManifest& m, const fs::path& emitted_binary,
                  const RunOutput& expected, const fs::path& expected_dump) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw InputError({dir.string(), 0, 0}, "cannot create the bundle folder: " + error.message());
  std::ostringstream text;
  text.precision(17);
  text << kFormat << "\n";
  text << "what " << m.description << "\n";
  text << "mode " << (m.harness ? "harness" : "own-main") << "\n";
  text << "exit " << m.exit_code << "\n";
  text << tolerance_line("printed", m.printed) << tolerance_line("double", m.double_values)
       << tolerance_line("float", m.float_values);
  for (const auto& [name, extents] : m.shapes) {
    text << "shape " << name;
    for (long e : extents) text << " " << e;
    text << "\n";
  }
  if (m.original_region_seconds) text << "original-region-seconds " << *m.original_region_seconds << "\n";
  copy_into(emitted_binary, dir / "program");
  write_file_text(dir / "expected.stdout", expected.out);
  write_file_text(dir / "expected.stderr", expected.err);
  if (m.harness) copy_into(expected_dump, dir / "expected.bin");
  write_file_text(dir / kManifest, text.str());
}

std::optional<BundleManifest> read_bundle_manifest(const fs::path& dir, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return std::nullopt;
  };
  std::error_code ignored;
  if (!fs::is_directory(dir, ignored)) return fail(dir.string() + " is no folder");
  std::ifstream in(dir / kManifest);
  std::string line;
  if (!in || !std::getline(in, line) || line != kFormat)
    return fail((dir / kManifest).string() + " is missing or not a Loopscape bundle (\"" + kFormat + "\")");
  BundleManifest m;
  for (int number = 2; std::getline(in, line); ++number) {
    const std::string where = (dir / kManifest).string() + ":" + std::to_string(number) + ": ";
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "what") {
      std::getline(words >> std::ws, m.description);
    } else if (key == "mode") {
      std::string mode;
      words >> mode;
      m.harness = mode == "harness";
    } else if (key == "exit") {
      if (!(words >> m.exit_code)) return fail(where + "the exit status is no integer");
    } else if (key == "tolerance") {
      std::string kind;
      Tolerance t;
      if (!(words >> kind >> t.relative >> t.absolute) || t.relative < 0 || t.absolute < 0 ||
          (kind != "printed" && kind != "float" && kind != "double"))
        return fail(where + "expected 'tolerance printed|double|float RELATIVE ABSOLUTE'");
      (kind == "printed" ? m.printed : kind == "float" ? m.float_values : m.double_values) = t;
    } else if (key == "shape") {
      std::string name;
      words >> name;
      std::vector<long> extents;
      for (long e; words >> e;) extents.push_back(e);
      if (name.empty() || extents.empty() || !words.eof()) return fail(where + "expected 'shape ARRAY EXTENT...'");
      m.shapes[name] = extents;
    } else if (key == "original-region-seconds") {
      double s = 0;
      if (words >> s) m.original_region_seconds = s;
    }
  }
  return m;
}

BundleRun run_bundle(const fs::path& dir, bool confined, double timeout_seconds) {
  std::string error;
  const std::optional<BundleManifest> manifest = read_bundle_manifest(dir, &error);
  if (manifest) return run_bundle(dir, *manifest, confined, timeout_seconds);
  BundleRun run;
  run.message = error + ".";
  return run;
}

BundleRun run_bundle(const fs::path& dir, const BundleManifest& manifest, bool confined, double timeout_seconds) {
  BundleRun run;
  std::string error;
  const fs::path folder = fs::absolute(dir);
  std::vector<std::string> needed = {"program", "expected.stdout", "expected.stderr"};
  if (manifest.harness) needed.push_back("expected.bin");
  for (const std::string& file : needed)
    if (!fs::is_regular_file(folder / file)) {
      run.message = "The bundle is incomplete: " + (folder / file).string() + " is missing.";
      return run;
    }
  if (access((folder / "program").c_str(), X_OK) != 0) {
    run.message = "The bundle's program cannot be run: " + (folder / "program").string() +
                  " is not executable (copy the bundle with its permissions, e.g. cp -a or tar).";
    return run;
  }
  const fs::path dump = folder / "results.bin";
  const fs::path region_time = folder / "region-time.bin";
  fs::remove(dump);
  fs::remove(region_time);
  ProcessSpec spec;
  spec.argv = {(folder / "program").string()};
  if (manifest.harness) spec.argv.push_back(dump.string());
  spec.stdout_path = (folder / "actual.stdout").string();
  spec.stderr_path = (folder / "actual.stderr").string();
  spec.working_directory = folder.string();
  spec.timeout_seconds = timeout_seconds;
  spec.environment.emplace_back("LOOPSCAPE_REGION_TIME_FILE", region_time.string());
  if (confined) spec.confinement = Confinement{{folder.string()}, true};
  const ProcessResult result = run_process(spec);
  run.process_seconds = result.seconds;
  const std::string out = read_file_text(spec.stdout_path), err = read_file_text(spec.stderr_path);
  run.region_seconds = read_region_time(region_time.string());
  if (!result.started) {
    run.message = "The program did not start: " + result.spawn_error + ".";
    return run;
  }
  if (result.timed_out || result.signal != 0 || result.exit_code != manifest.exit_code) {
    run.status = BundleRun::Status::Different;
    run.message = "The emitted program " + result.describe() + " (the original exited with status " +
                  std::to_string(manifest.exit_code) + ").";
    run.log = output_tail(err.empty() ? out : err);  // Halide's runtime says why it stopped on stdout
    return run;
  }
  std::optional<HarnessDump> expected_dump, actual_dump;
  if (manifest.harness) {
    expected_dump = read_harness_dump((folder / "expected.bin").string(), &error);
    if (!expected_dump) {
      run.message = "The bundle's expected results are unreadable: " + error + ".";
      return run;
    }
    actual_dump = read_harness_dump(dump.string(), &error);
    if (!actual_dump) {
      run.status = BundleRun::Status::Different;
      run.message = "The emitted program's results are unreadable: " + error + ".";
      run.log = output_tail(err);
      return run;
    }
  }
  const Comparison comparison = compare_run_outputs(
      {read_file_text((folder / "expected.stdout").string()), read_file_text((folder / "expected.stderr").string()),
       expected_dump ? &*expected_dump : nullptr},
      {out, err, actual_dump ? &*actual_dump : nullptr}, manifest.printed, manifest.double_values,
      manifest.float_values, manifest.shapes);
  run.values_compared = comparison.values_compared;
  if (comparison.difference) {
    run.status = BundleRun::Status::Different;
    run.message = "The emitted program computes different results: " + comparison.difference->describe() + ".";
    return run;
  }
  if (comparison.values_compared == 0) {
    run.message = "Nothing was compared: the original printed no results.";
    return run;
  }
  run.status = BundleRun::Status::Equal;
  run.message = "Same results (" + std::to_string(comparison.values_compared) + " values compared).";
  return run;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Running a child process with a time limit, its output captured to files (POSIX).
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runner/sandbox.h"

namespace loopscape {

struct ProcessSpec {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH
  // Variables set (or replaced) in the child's environment.
  std::vector<std::pair<std::string, std::string>> environment;
  std::string stdout_path;  // empty: discarded
  std::string stderr_path;  // empty: discarded
  double timeout_seconds = 0;  // 0: no limit
  std::string working_directory;  // empty: the caller's
  // Polled while the child runs (every 100 ms at most); true kills it, as a timeout does.
  std::function<bool()> cancelled;
  // Set: the program runs in the sandbox (runner/sandbox.h) with these
  // folders writable (the first is also its TMPDIR). Compilers run unset.
  std::optional<Confinement> confinement;
};

struct ProcessResult {
  bool started = false;
  std::string spawn_error;  // why it did not start
  bool timed_out = false;
  bool cancelled = false;  // killed because spec.cancelled said so
  int exit_code = -1;  // when it exited normally
  int signal = 0;      // when a signal ended it
  double seconds = 0;  // wall time from start to exit

  bool succeeded() const { return started && !timed_out && !cancelled && signal == 0 && exit_code == 0; }
  // "exited with status 1", "was killed by signal 11 (Segmentation fault)", "timed out after 2 s".
  std::string describe() const;
};

// Runs the process in its own process group; on timeout the whole group is killed.
ProcessResult run_process(const ProcessSpec& spec);

// A fresh folder under `root` (default: the system's temporary folder), named
// `prefix`-XXXXXX, removed with its contents on destruction unless `keep`.
// Throws InputError when it cannot be made.
class TemporaryFolder {
 public:
  explicit TemporaryFolder(const std::string& root = {}, bool keep = false, const std::string& prefix = "loopscape-run");
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  bool keep_;
};

// The executable `name` on PATH, else in /usr/bin, /bin, /usr/sbin or /sbin;
// empty when there is none.
std::string find_program(const std::string& name);

// The contents of a file (empty when it cannot be read); at most `limit` bytes.
std::string read_file_text(const std::string& path, std::size_t limit = std::string::npos);

// Writes `text` to the file, replacing it; InputError when it cannot.
void write_file_text(const std::filesystem::path& path, const std::string& text);

// The last `limit` bytes of a program's output, for a report ("...\n" first when cut).
std::string output_tail(const std::string& text, std::size_t limit = 4000);

}  // namespace loopscape

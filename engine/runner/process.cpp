// SPDX-License-Identifier: Apache-2.0
#include "runner/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "support/error.h"

extern char** environ;

namespace loopscape {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> child_environment(const ProcessSpec& spec) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [key, value] : spec.environment) replaced = replaced || key == name;
    if (!replaced) env.push_back(entry);
  }
  for (const auto& [key, value] : spec.environment) env.push_back(key + "=" + value);
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (std::string& s : strings) result.push_back(s.data());
  result.push_back(nullptr);
  return result;
}

// Waits for `pid` until `deadline` or until `cancelled` says so (then sets
// `was_cancelled`); true when it exited (status filled in).
bool wait_until(pid_t pid, int* status, bool has_deadline, Clock::time_point deadline,
                const std::function<bool()>& cancelled, bool* was_cancelled) {
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  for (;;) {
    const pid_t done = waitpid(pid, status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) {
      if (pidfd >= 0) close(pidfd);
      return true;
    }
    if (cancelled && cancelled()) {
      if (pidfd >= 0) close(pidfd);
      *was_cancelled = true;
      return false;
    }
    int wait_ms = 5;
    if (has_deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) {
        if (pidfd >= 0) close(pidfd);
        return false;
      }
      wait_ms = static_cast<int>(std::min<long long>(left, 1000));
    } else {
      wait_ms = 1000;
    }
    if (cancelled) wait_ms = std::min(wait_ms, 100);
    if (pidfd >= 0) {
      pollfd p{pidfd, POLLIN, 0};
      poll(&p, 1, wait_ms);
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min(wait_ms, 2)));
    }
  }
}

}  // namespace

std::string ProcessResult::describe() const {
  std::ostringstream out;
  if (!started)
    out << "could not start: " << spawn_error;
  else if (cancelled)
    out << "was cancelled";
  else if (timed_out)
    out << "timed out after " << seconds << " s and was killed";
  else if (signal == SIGXCPU)
    out << "was stopped at its CPU-time limit (" << sandbox_settings().cpu_seconds << " s)";
  else if (signal == SIGXFSZ)
    out << "was stopped writing a file past its size limit";
  else if (signal != 0)
    out << "was killed by signal " << signal << " (" << strsignal(signal) << ")";
  else
    out << "exited with status " << exit_code;
  return out.str();
}

ProcessResult run_process(const ProcessSpec& spec) {
  ProcessResult result;
  if (spec.argv.empty()) {
    result.spawn_error = "no command";
    return result;
  }
  std::vector<std::string> args = spec.argv;
  std::vector<std::string> env = child_environment(spec);
  std::string seccomp_filter;
  if (spec.confinement) {
    ConfinedCommand confined = confined_command(spec.argv, *spec.confinement, spec.working_directory);
    args = std::move(confined.argv);
    seccomp_filter = std::move(confined.seccomp_filter);
    std::erase_if(env, [](const std::string& e) { return e.rfind("TMPDIR=", 0) == 0; });
    if (!spec.confinement->writable.empty()) env.push_back("TMPDIR=" + spec.confinement->writable.front());
  }
  std::vector<char*> argv = pointers(args);
  std::vector<char*> envp = pointers(env);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  const std::string out = spec.stdout_path.empty() ? "/dev/null" : spec.stdout_path;
  const std::string err = spec.stderr_path.empty() ? "/dev/null" : spec.stderr_path;
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!seccomp_filter.empty()) posix_spawn_file_actions_addopen(&actions, 3, seccomp_filter.c_str(), O_RDONLY, 0);
  // Descriptors this process holds or inherited (a terminal's, an IDE's, a
  // stream opened without O_CLOEXEC) would pass into the sandbox and reach
  // what they name outside it: the child starts with none but its own.
  posix_spawn_file_actions_addclosefrom_np(&actions, seccomp_filter.empty() ? 3 : 4);
  if (!spec.working_directory.empty())
    posix_spawn_file_actions_addchdir_np(&actions, spec.working_directory.c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &all);

  pid_t pid = -1;
  const auto start = Clock::now();
  const int rc = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (rc != 0) {
    result.spawn_error = std::string(spec.argv[0]) + ": " + std::strerror(rc);
    return result;
  }
  result.started = true;

  const bool has_deadline = spec.timeout_seconds > 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(has_deadline ? spec.timeout_seconds : 0));
  int status = 0;
  if (!wait_until(pid, &status, has_deadline, deadline, spec.cancelled, &result.cancelled)) {
    result.timed_out = !result.cancelled;
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (result.timed_out || result.cancelled) return result;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (spec.confinement && sandbox_in_force() && result.exit_code > 128 && result.exit_code < 128 + 65) {
    result.signal = result.exit_code - 128;
    result.exit_code = -1;
  }
  return result;
}

TemporaryFolder::TemporaryFolder(const std::string& root, bool keep, const std::string& prefix) : keep_(keep) {
  const std::filesystem::path base = root.empty() ? std::filesystem::temp_directory_path() : std::filesystem::path(root);
  std::string pattern = (base / (prefix + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw InputError({}, "cannot create a temporary folder in " + base.string());
  path_ = pattern;
}

TemporaryFolder::~TemporaryFolder() {
  if (keep_) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string find_program(const std::string& name) {
  auto executable = [&](const std::string& dir) {
    const std::filesystem::path candidate = std::filesystem::path(dir) / name;
    return !dir.empty() && access(candidate.c_str(), X_OK) == 0 ? candidate.string() : std::string();
  };
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');)
      if (std::string found = executable(dir); !found.empty()) return found;
  }
  for (const char* dir : {"/usr/bin", "/bin", "/usr/sbin", "/sbin"})
    if (std::string found = executable(dir); !found.empty()) return found;
  return {};
}

std::string read_file_text(const std::string& path, std::size_t limit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::string text;
  if (limit == std::string::npos) {
    std::ostringstream all;
    all << in.rdbuf();
    return all.str();
  }
  text.resize(limit);
  in.read(text.data(), static_cast<std::streamsize>(limit));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

void write_file_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw InputError({}, "cannot write " + path.string());
}

std::string output_tail(const std::string& text, std::size_t limit) {
  if (text.size() <= limit) return text;
  return "...\n" + text.substr(text.size() - limit);
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "runner/sandbox.h"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <mutex>
#include <sstream>

#include "runner/process.h"

namespace fs = std::filesystem;

namespace loopscape {

namespace {

// Folders the sandbox replaces with empty ones: the session's runtime files
// (sockets, pid files, locks) that no program of the user's needs. /tmp stays
// visible, read-only like the rest, for input files kept there; the seccomp
// filter stops connections to the sockets in it.
const char* const kHiddenRoots[] = {"/run"};

std::mutex& settings_mutex() {
  static std::mutex mutex;
  return mutex;
}

SandboxSettings& current() {
  static SandboxSettings settings = [] {
    SandboxSettings s;
    if (const char* v = std::getenv("LOOPSCAPE_SANDBOX")) {
      const std::string value = v;
      s.enabled = !(value == "off" || value == "0" || value == "no" || value == "false");
    }
    return s;
  }();
  return settings;
}

bool notice_taken = false;

std::uint64_t memory_limit(const SandboxSettings& s) {
  if (s.memory_bytes) return s.memory_bytes;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  const std::uint64_t half = pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * page / 2 : 4ull << 30;
  return std::min<std::uint64_t>(half, 16ull << 30);
}

bool inside(const fs::path& path, const fs::path& folder) {
  const auto [f, p] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return f == folder.end();
}

bool hidden(const fs::path& path) {
  return std::any_of(std::begin(kHiddenRoots), std::end(kHiddenRoots),
                     [&](const char* root) { return inside(path, root); });
}

std::string bytes_in_words(std::uint64_t bytes) {
  std::ostringstream out;
  if (bytes >= (1ull << 30)) out << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / (1ull << 30) << " GiB";
  else out << bytes / (1ull << 20) << " MiB";
  return out.str();
}

// The real path of a folder (binds need one; /tmp may be a link).
std::string real(const std::string& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : canonical.string();
}

// $LOOPSCAPE_BWRAP when set (a bubblewrap elsewhere, or none: tests of the
// fallback), else bwrap on PATH.
std::string bwrap_path() {
  if (const char* chosen = std::getenv("LOOPSCAPE_BWRAP"))
    return access(chosen, X_OK) == 0 ? std::string(chosen) : std::string();
  return find_program("bwrap");
}

// What every bubblewrap run gets, the probe's included: the system read-only,
// its own /dev and /proc, every namespace of its own, no capabilities.
const std::vector<std::string> kBubblewrapBase = {"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                                                  "--unshare-all", "--die-with-parent", "--cap-drop", "ALL"};

// The seccomp filter bubblewrap installs, written once to a private file:
// socket(AF_UNIX, ...) fails with EACCES, io_uring_setup with ENOSYS, and a
// process of another ABI (i386's socketcall, x32) gets EPERM for everything.
// Empty where it cannot be written or the machine is not one it knows.
std::string seccomp_filter_file() {
  static const std::string path = []() -> std::string {
#if defined(__x86_64__)
    constexpr unsigned kArch = AUDIT_ARCH_X86_64;
    constexpr unsigned kForeignBit = 0x40000000;  // x32 system calls
#elif defined(__aarch64__)
    constexpr unsigned kArch = AUDIT_ARCH_AARCH64;
    constexpr unsigned kForeignBit = 0xffffffff;
#else
    return {};
#endif
#if defined(__x86_64__) || defined(__aarch64__)
    const sock_filter program[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, kForeignBit, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_io_uring_setup, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    std::string pattern = (fs::temp_directory_path() / "loopscape-seccomp-XXXXXX").string();
    const int fd = mkstemp(pattern.data());
    if (fd < 0) return {};
    const bool written = write(fd, program, sizeof program) == static_cast<ssize_t>(sizeof program);
    close(fd);
    if (!written) return {};
    // Removed when this process ends; bubblewrap reads it at each start.
    static const struct Remover {
      std::string file;
      ~Remover() { unlink(file.c_str()); }
    } remover{pattern};
    return pattern;
#endif
  }();
  return path;
}

}  // namespace

SandboxSettings sandbox_settings() {
  std::lock_guard lock(settings_mutex());
  return current();
}

void set_sandbox_settings(const SandboxSettings& settings) {
  std::lock_guard lock(settings_mutex());
  if (settings.enabled != current().enabled) notice_taken = false;
  current() = settings;
}

const SandboxAvailability& sandbox_availability() {
  static const SandboxAvailability availability = [] {
    SandboxAvailability a;
    const std::string bwrap = bwrap_path();
    if (bwrap.empty()) {
      a.reason = std::getenv("LOOPSCAPE_BWRAP")
                     ? "LOOPSCAPE_BWRAP names no program (" + std::string(std::getenv("LOOPSCAPE_BWRAP")) + ")"
                     : "bubblewrap is not installed (Debian: apt-get install bubblewrap)";
      return a;
    }
    try {
      const TemporaryFolder folder({}, false, "loopscape-sandbox-probe");
      ProcessSpec probe;
      probe.argv = {bwrap};
      probe.argv.insert(probe.argv.end(), kBubblewrapBase.begin(), kBubblewrapBase.end());
      probe.argv.insert(probe.argv.end(), {"--", "true"});
      probe.stderr_path = (folder.path() / "stderr").string();
      probe.timeout_seconds = 20;
      const ProcessResult r = run_process(probe);
      a.available = r.succeeded();
      // The same with the seccomp filter, given as descriptor 3 by a shell.
      if (a.available && !seccomp_filter_file().empty()) {
        ProcessSpec filtered = probe;
        filtered.argv = {"/bin/sh", "-c", "exec \"$0\" \"$@\" 3<\"$LOOPSCAPE_SECCOMP_PROBE\"", bwrap};
        filtered.argv.insert(filtered.argv.end(), kBubblewrapBase.begin(), kBubblewrapBase.end());
        filtered.argv.insert(filtered.argv.end(), {"--seccomp", "3", "--", "true"});
        filtered.environment = {{"LOOPSCAPE_SECCOMP_PROBE", seccomp_filter_file()}};
        a.socket_filter = run_process(filtered).succeeded();
      }
      if (!a.available) {
        std::string why = read_file_text(probe.stderr_path, 400);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        a.reason = "bubblewrap cannot make a sandbox here (" + (why.empty() ? r.describe() : why) +
                   "): containers often forbid the namespaces it needs";
      }
    } catch (const std::exception& e) {
      a.reason = std::string("bubblewrap could not be tried: ") + e.what();
    }
    return a;
  }();
  return availability;
}

std::string take_sandbox_notice() {
  const SandboxSettings settings = sandbox_settings();
  if (settings.enabled && sandbox_availability().available) return {};
  std::lock_guard lock(settings_mutex());
  if (notice_taken) return {};
  notice_taken = true;
  return settings.enabled ? "Programs run without a sandbox: " + sandbox_availability().reason +
                                ". They run with your rights, limited only in CPU time, memory and file size."
                          : "The sandbox is turned off: programs run with your rights (they can read and write "
                            "your files and use the network), limited only in CPU time, memory and file size.";
}

std::string describe_sandbox() {
  const SandboxSettings s = sandbox_settings();
  std::ostringstream out;
  if (!s.enabled) out << "not sandboxed (turned off)";
  else if (!sandbox_availability().available) out << "not sandboxed (" << sandbox_availability().reason << ")";
  else if (sandbox_availability().socket_filter) out << "sandboxed (bubblewrap: no network, read-only files)";
  else out << "sandboxed (bubblewrap: no network, read-only files; the socket filter cannot load here)";
  out << ", CPU " << s.cpu_seconds << " s, memory " << bytes_in_words(memory_limit(s));
  return out.str();
}

bool sandbox_in_force() { return sandbox_settings().enabled && sandbox_availability().available; }

ConfinedCommand confined_command(const std::vector<std::string>& argv, const Confinement& confinement,
                                 const std::string& working_directory) {
  const SandboxSettings s = sandbox_settings();
  ConfinedCommand confined;
  std::vector<std::string>& command = confined.argv;
  if (const std::string prlimit = find_program("prlimit"); !prlimit.empty()) {
    // SIGXCPU at the limit, SIGKILL a second later if the program ignores it.
    const long long cpu = static_cast<long long>(std::max(1.0, s.cpu_seconds));
    command = {prlimit, "--cpu=" + std::to_string(cpu) + ":" + std::to_string(cpu + 1),
               "--data=" + std::to_string(memory_limit(s)), "--fsize=" + std::to_string(s.file_bytes), "--core=0",
               "--"};
  }
  if (sandbox_in_force()) {
    command.push_back(bwrap_path());
    command.insert(command.end(), kBubblewrapBase.begin(), kBubblewrapBase.end());
    command.push_back("--new-session");
    for (const char* root : kHiddenRoots) {
      std::error_code ec;
      if (fs::is_directory(root, ec) && !fs::is_symlink(root, ec)) command.insert(command.end(), {"--tmpfs", root});
    }
    if (confinement.gpu) {
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator("/dev", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("nvidia", 0) == 0 || name == "dri")
          command.insert(command.end(), {"--dev-bind-try", entry.path().string(), entry.path().string()});
      }
    }
    std::vector<std::string> writable;
    for (const std::string& w : confinement.writable) writable.push_back(real(w));
    // What must stay visible in a hidden folder: the program and the folder it runs in.
    std::vector<std::string> readable;
    const std::string cwd = real(working_directory.empty() ? fs::current_path().string() : working_directory);
    readable.push_back(cwd);
    if (!argv.empty() && fs::path(argv[0]).is_absolute()) readable.push_back(real(fs::path(argv[0]).parent_path()));
    for (const std::string& r : readable) {
      const bool covered = std::any_of(writable.begin(), writable.end(), [&](const std::string& w) { return inside(r, w); });
      if (hidden(r) && !covered) command.insert(command.end(), {"--ro-bind-try", r, r});
    }
    for (const std::string& w : writable) command.insert(command.end(), {"--bind", w, w});
    if (sandbox_availability().socket_filter) confined.seccomp_filter = seccomp_filter_file();
    if (!confined.seccomp_filter.empty()) command.insert(command.end(), {"--seccomp", "3"});
    command.insert(command.end(), {"--chdir", cwd, "--"});
  }
  command.insert(command.end(), argv.begin(), argv.end());
  return confined;
}

}  // namespace loopscape

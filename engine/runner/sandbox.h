// SPDX-License-Identifier: Apache-2.0
#pragma once
// The sandbox every program the product runs goes into: the user's C++
// programs, both sides of `verify`, lesson checks, benchmark runs.
//
// On Linux it is bubblewrap: no network, a read-only view of the system and
// of the user's files (/tmp included), /run empty, no Unix-domain sockets,
// and writable only the folders the run names (its scratch folder, where its
// outputs come back). Limits on CPU
// time, memory and file size apply with or without bubblewrap. Where
// bubblewrap is missing or not permitted, programs run with the limits alone
// and sandbox_notice() says so once.
#include <cstdint>
#include <string>
#include <vector>

namespace loopscape {

struct SandboxSettings {
  // Off: programs run with the user's rights (the limits still apply), for
  // programs that must reach the user's files. LOOPSCAPE_SANDBOX=off, the
  // command line's --no-sandbox and the window's settings turn it off.
  bool enabled = true;
  double cpu_seconds = 600;          // RLIMIT_CPU of every process the program starts
  std::uint64_t memory_bytes = 0;    // RLIMIT_DATA; 0: half of the machine's memory, at most 16 GiB
  std::uint64_t file_bytes = 4ull << 30;  // RLIMIT_FSIZE: no file written grows past this
};

// The settings every run uses from now on (process-wide). The defaults read
// LOOPSCAPE_SANDBOX (off/on) once.
SandboxSettings sandbox_settings();
void set_sandbox_settings(const SandboxSettings& settings);

// What one run may touch besides the read-only view.
struct Confinement {
  std::vector<std::string> writable;  // folders bound read-write (scratch, outputs)
  bool gpu = false;                   // the GPU's device files are visible
};

struct SandboxAvailability {
  bool available = false;
  std::string reason;  // why not, in words, when not
  // The seccomp filter loads here (a kernel or container may refuse it:
  // then the sandbox goes without it, and describe_sandbox() says so).
  bool socket_filter = false;
};

// Whether bubblewrap runs here (probed once: it is missing, or the kernel or
// the container does not let it make namespaces). It is $LOOPSCAPE_BWRAP when
// that is set, else bwrap on PATH.
const SandboxAvailability& sandbox_availability();

// Enabled and available: programs run in bubblewrap (which reports a
// program killed by signal N as exit status 128 + N).
bool sandbox_in_force();

// The one-time message about how programs run when that is less than the
// full sandbox (bubblewrap unavailable, or turned off); empty after it was
// taken once, and when the sandbox is in force.
std::string take_sandbox_notice();

// In words, for reports and the window: "sandboxed (bubblewrap: no network,
// read-only files), CPU 600 s, memory 8 GiB" or "not sandboxed: ...".
std::string describe_sandbox();

// The command that runs `argv` confined (the limits, then bubblewrap when it
// is in force); `working_directory` must stay visible inside. When
// `seccomp_filter` is set, the command reads that file as descriptor 3: a
// filter that refuses Unix-domain sockets (a read-only folder does not stop a
// connect() to an agent's socket in the user's home) and io_uring (which
// would open sockets past the filter).
struct ConfinedCommand {
  std::vector<std::string> argv;
  std::string seccomp_filter;
};
ConfinedCommand confined_command(const std::vector<std::string>& argv, const Confinement& confinement,
                                 const std::string& working_directory);

}  // namespace loopscape

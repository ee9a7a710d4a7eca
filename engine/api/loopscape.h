// SPDX-License-Identifier: Apache-2.0
#pragma once
// Loopscape's public C++ API: load a C file, apply checked schedule commands,
// print the generated code. Exported sessions (`loopscape-cli export`) are
// programs against this header; link them with `find_package(Loopscape)` and
// `target_link_libraries(app PRIVATE Loopscape::engine)`.
//
//   loopscape::Session session = loopscape::open("gemm.c", {.defines = {"N=1000"}});
//   auto S1 = session.statement("S1");
//   S1.interchange("k", "j");
//   S1.tile("j", "k", 32, 32, "j0", "k0", "j1", "k1");
//   std::cout << loopscape::emit_code(session, "openmp");
//
// Every command goes through the exact legality check; a refused command
// throws loopscape::CommandRefused whose what() is the full report (the
// broken dependence, concrete source and sink iterations, a repair hint) and
// leaves the session as it was.
#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "session/session.h"
#include "support/error.h"

namespace loopscape {

struct OpenOptions {
  std::vector<std::string> defines;       // "N=1000" or "DEBUG", as -D
  std::vector<std::string> include_dirs;  // as -I
  std::string function;                   // use the whole body of this function (no #pragma scop)
  // isl operation quota for each step after loading (a command, its legality
  // check, code generation); 0: the default (IslContext::kDefaultMaxOperations).
  unsigned long isl_max_operations = 0;
};

// Loads, analyses and opens a session on `path`. Throws InputError for C the
// model cannot represent (with file:line:column), IslError at the quota.
Session open(const std::string& path, const OpenOptions& options = {});

// A session on C that the program holds as text (an exported C++ program
// carries its program's C this way): the C front-end reads `text` as the file
// `name` ("gemm.c"). When `first_line` names a file, statements, loops and
// accesses are located there, the text's first line being first_line.line
// (the program's own lines, so the app shows them in its source).
Session open_source(const std::string& text, const std::string& name, const SourceLocation& first_line = {},
                    const OpenOptions& options = {});

// One argument as written in a script: a name ("j"), a number (32), an isl
// set or map ("{ S0[i] -> [i + 1] }"), a list ("{i, j}").
class Argument {
 public:
  Argument(const char* text) : text_(text) {}
  Argument(std::string text) : text_(std::move(text)) {}
  Argument(std::string_view text) : text_(text) {}
  template <std::integral T>
  Argument(T value) : text_(std::to_string(value)) {}
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

// The commands of one statement (or schedule-tree node): each applies to the
// session at once and throws CommandRefused when refused.
class StatementHandle {
 public:
  StatementHandle(Session& session, std::string name) : session_(&session), name_(std::move(name)) {}
  const std::string& target() const { return name_; }

  // Any command by name: S1.call("skew", {"i", "j", 1}).
  StatementHandle& call(const std::string& command, std::initializer_list<Argument> args);
  StatementHandle& call(const std::string& command, const std::vector<Argument>& args);

#define LOOPSCAPE_COMMAND(NAME)                        \
  template <class... Args>                             \
  StatementHandle& NAME(const Args&... args) {         \
    return call(#NAME, std::vector<Argument>{Argument(args)...}); \
  }
  // Loop transforms (Tiramisu's names and argument order).
  LOOPSCAPE_COMMAND(interchange)           // (i, j)
  LOOPSCAPE_COMMAND(tile)                  // (i, j, t1, t2 [, i0, j0, i1, j1])
  LOOPSCAPE_COMMAND(split)                 // (i, s, i0, i1)
  LOOPSCAPE_COMMAND(shift)                 // (i, s)
  LOOPSCAPE_COMMAND(skew)                  // (i, j, f [, ni, nj])
  LOOPSCAPE_COMMAND(loop_reversal)         // (i)
  LOOPSCAPE_COMMAND(after)                 // (B, i)
  LOOPSCAPE_COMMAND(before)                // (B, i)
  LOOPSCAPE_COMMAND(then)                  // (B, i)
  LOOPSCAPE_COMMAND(compute_at)            // (C, j)
  LOOPSCAPE_COMMAND(set_schedule)          // ({ S0[i, j] -> [j, i] })
  // Schedule-tree operations on named nodes (spec 000).
  LOOPSCAPE_COMMAND(cat)
  LOOPSCAPE_COMMAND(apply)
  LOOPSCAPE_COMMAND(reschedule)            // ({ S0[i] -> [i, 0]; S1[i] -> [i + 1, 1] })
  LOOPSCAPE_COMMAND(index_set_split)
  LOOPSCAPE_COMMAND(fuse)
  LOOPSCAPE_COMMAND(fission)               // loop fission of a band (old spelling: N.distribute)
  LOOPSCAPE_COMMAND(split_band)            // (index) (old spelling: N.split)
  LOOPSCAPE_COMMAND(distribute)            // a statement's loop over MPI ranks (i)
  LOOPSCAPE_COMMAND(parallel)
  LOOPSCAPE_COMMAND(name)
  // Hardware mapping, data and communication.
  LOOPSCAPE_COMMAND(parallelize)           // (i)
  LOOPSCAPE_COMMAND(sequential)            // (i)
  LOOPSCAPE_COMMAND(vectorize)             // (i, v)
  LOOPSCAPE_COMMAND(unroll)                // (i, v)
  LOOPSCAPE_COMMAND(gpu)
  LOOPSCAPE_COMMAND(tile_gpu)
  LOOPSCAPE_COMMAND(gpu_auto)
  LOOPSCAPE_COMMAND(pipeline)
  LOOPSCAPE_COMMAND(space_time_transform)  // ({i, j}, {1, 1})
  LOOPSCAPE_COMMAND(store_in)
  LOOPSCAPE_COMMAND(storage_fold)
  LOOPSCAPE_COMMAND(cache_shared_at)
  LOOPSCAPE_COMMAND(copy_at)               // (k0, B)
  LOOPSCAPE_COMMAND(send)
  LOOPSCAPE_COMMAND(receive)
  // `inline` is a C++ keyword: S0.call("inline", {}).
#undef LOOPSCAPE_COMMAND

 private:
  Session* session_;
  std::string name_;
};

inline StatementHandle statement(Session& session, const std::string& name) { return {session, name}; }

// Applies one script line ("S1.interchange(k, j)"); throws InputError when it
// does not parse, CommandRefused when refused.
void apply(Session& session, const std::string& script_line);

// Keeps another line of work beside the session's steps (the History's
// variants), replayed from the original schedule and checked, not applied;
// throws InputError when a line does not parse, CommandRefused when refused.
void keep_variant(Session& session, const std::vector<std::string>& script_lines);

// The code for `target` exactly as `loopscape-cli emit --target TARGET`
// prints it: for C targets (openmp, c) the whole file with the region
// replaced, for tree / isl-ast the printed form.
std::string emit_code(const Session& session, const std::string& target = "openmp");

}  // namespace loopscape

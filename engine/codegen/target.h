// SPDX-License-Identifier: Apache-2.0
#pragma once
// Code generation targets behind one tiny interface: name -> printer.
// A new target is one new file that implements Target, plus one line in
// builtin_targets() (codegen/target.cpp), or a register_target() call.
#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "codegen/ast_cache.h"
#include "model/program.h"

namespace loopscape {

enum class TargetKind { Tree, IslAst, C, OpenMP, Mpi };
std::string target_name(TargetKind kind);  // "tree", "isl-ast", "c", "openmp", "mpi"

struct CodegenOptions {
  // OpenMP: tag the outermost loop of each nest that carries no dependence
  // (needs dependences; nests with a parallel tag from the user are kept as is).
  bool auto_parallel = true;
  int indent = 2;
  bool mark_comments = false;  // C targets: schedule node names as comments
};

struct CodegenInput {
  const Program& program;
  const isl::schedule& schedule;
  std::optional<isl::union_map> dependences;  // instance -> instance, all kinds
  CodegenOptions options;
  // Shared by the targets printed for one schedule (null: build per target).
  AstCache* cache = nullptr;
  // The dependences by kind, when the caller has them (the mpi target needs
  // read-after-write apart; without them it computes them).
  const Dependences* details = nullptr;
};

struct GeneratedCode {
  std::string target;
  // C-like targets: the code that replaces the scop region (column 0, no
  // helpers); tree / isl-ast: the whole output.
  std::string text;
  std::string helpers;             // #ifndef-guarded definitions `text` needs ("" if none)
  // C-like targets: the region's declarations when they differ from the
  // program's (an inlined temporary needs none); emit_file() uses them.
  std::optional<std::string> declarations;
  bool replaces_region = false;    // emit_file() can splice it into the source file
  // C-like targets: what the file needs at its top (#include <mpi.h>, the
  // runtime's static functions); emit_file() puts it before the first line.
  std::string file_prelude;
  // C-like targets: definitions the code needs placed before the function
  // that holds the region (the hls target's top function); emit_file() puts them there.
  std::string before_function;
  isl::schedule schedule;          // the schedule the code was made from (with automatic tags)

  // prelude + helpers + text.
  std::string full_text() const { return file_prelude + helpers + text; }
};

class Target {
 public:
  virtual ~Target() = default;
  virtual std::string name() const = 0;         // "--target NAME"
  virtual std::string description() const = 0;  // one line for --help
  virtual GeneratedCode generate(const CodegenInput& input) const = 0;
};

// nullptr when no target has this name.
const Target* find_target(const std::string& name);

// InputError at the first array whose extent is no constant, saying why the
// target needs one: for targets that print C++ (no variable-length array
// parameters) or fixed-size memories.
void require_constant_extents(const Program& program, const std::string& target, const std::string& why);
std::vector<std::string> target_names();
// Adds a target (replacing one of the same name).
void register_target(std::unique_ptr<Target> target);

// Generates for the target named `target`; throws InputError for an unknown name.
// Pass one `cache` to every call for the same schedule to build its AST once.
GeneratedCode generate(const Program& program, const isl::schedule& schedule,
                       const std::optional<isl::union_map>& dependences, const std::string& target,
                       const CodegenOptions& options = {}, AstCache* cache = nullptr,
                       const Dependences* details = nullptr);

// Convenience for the CLI: the generated text, helpers first.
std::string generate_code(const Program& program, const isl::schedule& schedule,
                          const isl::union_map& dependences, TargetKind kind,
                          const CodegenOptions& options = {});
inline std::string generate_code(const Program& program, const isl::schedule& schedule,
                                 const Dependences& dependences, TargetKind kind,
                                 const CodegenOptions& options = {}) {
  return generate_code(program, schedule, dependences.all(), kind, options);
}

}  // namespace loopscape

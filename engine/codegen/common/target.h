// SPDX-License-Identifier: Apache-2.0
#pragma once
// The interface every code generation target implements, and what it is
// given and gives back. Targets live in codegen/<target>/; the registry
// (codegen/registry/registry.h) finds them by name.
#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "codegen/common/ast_cache.h"
#include "model/program.h"

namespace loopscape {

struct CodegenOptions {
  // OpenMP: tag the outermost loop of each nest that carries no dependence
  // (needs dependences; nests with a parallel tag from the user are kept as is).
  bool auto_parallel = true;
  int indent = 2;
  bool mark_comments = false;  // C targets: schedule node names as comments
  // openmp: parallel loops run sequentially, last iteration first (verify --reverse-parallel)
  bool reverse_parallel_loops = false;
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

// How a target's program is built and run against the original
// (runner/target_run.h turns it into the runner's options).
struct RunRecipe {
  enum class Toolchain {
    None,    // the target prints no program (a tree, an IR listing)
    HostC,   // gcc, with OpenMP
    MpiC,    // mpicc, run under mpirun on several ranks
    HlsCxx,  // g++: the HLS C simulation
    Cuda,    // nvcc; runs where a CUDA device is
  };
  Toolchain toolchain = Toolchain::HostC;
  // The file's own main is run (the generated harness is C and cannot call
  // this target's code); `own_main_why` says why, for the message when the
  // file has none.
  bool runs_own_main = false;
  std::string own_main_why = {};
  // How verify builds and runs it, for --help: "built with mpicc, run under mpirun".
  std::string how_verified = "built with gcc -O3 -march=native -ffp-contract=off -fopenmp";
};

// What a target writes beside its emitted file, and what building the
// emitted file then needs.
struct SideFiles {
  std::vector<std::string> written = {};        // paths, for the user
  std::vector<std::string> compile_flags = {};  // added to the emitted program's compile line (objects, -I)
  std::vector<std::string> link_flags = {};     // libraries they need
  bool needs_gpu = false;                  // the program runs only where a CUDA device is
};

struct SideFileOptions {
  bool contract_fma = false;  // let the back-end fuse a*b+c (the CLI's --fp-contract)
};

class Target {
 public:
  virtual ~Target() = default;
  virtual std::string name() const = 0;          // "--target NAME"
  virtual std::string description() const = 0;   // one line for --help
  virtual std::string display_name() const = 0;  // the code dock's tab: "OpenMP"
  // Where the target comes in lists (the code dock, --help): lower first,
  // then by name.
  virtual int display_order() const { return 100; }
  // The suffix of a file the window saves its code to: "c", "txt", ...
  virtual std::string file_suffix() const { return "c"; }
  virtual RunRecipe run_recipe() const { return {}; }
  // Whether `emit` needs -o FILE (the target writes files beside it).
  virtual bool needs_output_file() const { return false; }
  // Writes what the emitted file `emitted_file` needs beside it, for the
  // schedule the code was printed from (GeneratedCode::schedule); nothing
  // for most targets.
  virtual SideFiles write_side_files(const Program& program, const isl::schedule& schedule,
                                     const std::string& emitted_file, const SideFileOptions& options) const;
  virtual GeneratedCode generate(const CodegenInput& input) const = 0;
};

// InputError at the first array whose extent is no constant, saying why the
// target needs one: for targets that print C++ (no variable-length array
// parameters) or fixed-size memories.
void require_constant_extents(const Program& program, const std::string& target, const std::string& why);

}  // namespace loopscape

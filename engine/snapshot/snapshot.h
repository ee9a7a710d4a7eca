// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the app shows of one schedule, computed by the engine off the GUI
// thread: the schedule tree as nodes, the dependences as rows, the legality of
// the schedule and the generated code for every registered target, with the
// lines of each code text tied to statements and loops. Plain data: no isl
// objects, so a view can keep it after the program is gone.
#include <isl/cpp.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/distribution.h"
#include "analysis/legality.h"
#include "analysis/systolic.h"
#include "loading/load_program.h"
#include "plot/domain_points.h"
#include "plot/plot_domain.h"

namespace loopscape {

class AstCache;

struct StatementInfo {
  std::string name;
  unsigned line = 0;    // where the statement is written (1-based; 0: unknown)
  unsigned column = 0;
  std::string source_text;
  std::vector<std::string> loops;       // source iterators, outermost first
  std::vector<unsigned> loop_lines;     // line of each loop's `for`
  std::string domain_description;       // Statement::domain_description (a host language's form of the domain)
  bool operator==(const StatementInfo&) const = default;
};

// One node of the schedule tree. Marks are folded into the node below them:
// name marks give `name`, tag marks give `tags`.
struct TreeNodeInfo {
  std::string kind;  // "domain", "band", "sequence", "set", "filter", "leaf", "context", "guard", ...
  std::string name;  // spec 000 node name ("" when unnamed)
  std::vector<std::string> tags;  // display form: "parallel", "vector(8)"
  std::string text;  // band: partial schedule; filter/domain: the set; "" otherwise
  std::vector<std::string> members;  // band: source loop name of each member ("" when none)
  std::vector<bool> coincident;      // band: member is coincident
  bool permutable = false;
  std::vector<std::string> statements;  // statements whose instances reach the node
  int parent = -1;
  std::vector<int> children;
  int depth = 0;
};

struct DependenceInfo {
  std::string kind;  // "RAW", "WAR", "WAW"
  std::string source;
  std::string sink;
  std::string array;
  std::string source_access;  // "x1[i]"
  std::string sink_access;
  std::string relation;  // without the parameter prefix
  std::string distance;  // "(0, 1)" or "" when not uniform
  int carried_level = 0;
  std::vector<int> levels;
  bool may = false;  // between statements guarded by a condition on data
  bool reduction = false;  // between updates of one reduction (analysis/reductions.h)
  bool operator==(const DependenceInfo&) const = default;
};

// A `for` header in generated code and the lines of its body.
struct CodeLoop {
  int line = 0;  // 0-based line of the header
  int last_line = 0;
  std::string iterator;
  std::vector<std::string> statements;  // statements in the body
};

struct CodeInfo {
  std::string target;
  std::string description;
  std::string text;   // helpers and code, as a file would hold them
  std::string error;  // set when generation failed (text empty)
  bool pending = false;  // not generated yet (SnapshotOptions::code off): no text, no error
  std::vector<std::string> line_statement;  // per line: the statement it runs, or ""
  std::vector<CodeLoop> loops;
};

struct Snapshot {
  std::string file;
  std::vector<std::string> parameters;
  std::vector<StatementInfo> statements;
  std::vector<TreeNodeInfo> tree;  // pre-order; tree[0] is the root
  std::string tree_text;           // print_schedule_tree
  std::vector<DependenceInfo> dependences;
  bool legal = true;
  std::string legality;  // the report's summary ("" when legal)
  std::vector<CodeInfo> code;
  std::shared_ptr<const PlotData> plot;  // null when it could not be made (plot_error)
  std::string plot_error;
  double milliseconds = 0;  // time it took to make (without the code when it came pending)
  double code_milliseconds = 0;  // time the pending code took, filled in afterwards
  // Distributed loops (the mpi target): the messages between `ranks` ranks at
  // the plot's parameter values (null when nothing is distributed), and the
  // block of distributed loop values each rank runs.
  std::shared_ptr<const MessageVolume> messages;
  int ranks = 0;
  std::vector<std::pair<long, long>> rank_blocks;
  // The rank that runs each plot point (PlotData::points order): -1 for
  // statements every rank runs; empty when nothing is distributed.
  std::vector<int> point_ranks;
  std::string messages_error;
  // A space-time transformed nest (the hls target's systolic array): its plan,
  // what its PEs do at the plot's sizes (the first array), and for each plot
  // point (PlotData::points order) its firing in pe_activity, or -1 outside the array.
  std::shared_ptr<const SystolicPlan> systolic;
  std::shared_ptr<const PeActivity> pe_activity;
  std::vector<int> point_firing;
  std::string systolic_error;

  int statementIndex(const std::string& name) const;
  const CodeInfo* findCode(const std::string& target) const;
  bool code_pending() const;  // some target's code is not generated yet
};

struct SnapshotOptions {
  std::vector<std::string> targets;  // empty: every registered target
  // False: the code entries come pending (target and description only), for
  // the window to fill in target by target with make_code_info.
  bool code = true;
  bool check_legality = true;
  // The report of the check the session made when it applied the step (not
  // made again); null: check here.
  std::shared_ptr<const LegalityReport> legality;
  bool plot = true;
  std::map<std::string, long> plot_parameters;  // the plot's values; those left out: choose_plot_parameters
  // Keeps the plotted instances and dependence pairs from step to step (one
  // per loaded program); null: enumerated for this snapshot alone.
  std::shared_ptr<PlotCache> plot_cache;
  int ranks = 4;  // for the message table of distributed schedules
  // make_program_snapshot of the program, made once for all its schedules
  // (7 ms a step on a nest of 200 statements); null: made here.
  std::shared_ptr<const Snapshot> program_part;
};

// Everything the views show of `schedule`, a schedule of `loaded.program`.
// Runs isl under the program's quota: throws IslError.
Snapshot make_snapshot(const LoadedProgram& loaded, const isl::schedule& schedule,
                       const SnapshotOptions& options = {});

// The code of one target for a snapshot of `schedule`: generation errors are
// the entry's error, an isl quota too (it stops that target only). `cache`
// shares one isl AST among the targets of one schedule.
CodeInfo make_code_info(const LoadedProgram& loaded, const isl::schedule& schedule, const std::string& target,
                        AstCache& cache);

// The program-only parts (statements, dependences), for a program whose schedule
// is not known yet.
Snapshot make_program_snapshot(const LoadedProgram& loaded);

// Ties the lines of generated code to statements and loops (exposed for tests).
void annotate_code(const Program& program, CodeInfo& code);

}  // namespace loopscape

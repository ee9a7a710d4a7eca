// SPDX-License-Identifier: Apache-2.0
#pragma once
// The hls target's printer: C with HLS pragmas for loop tags, and the
// systolic arrays of space-time transformed nests (analysis/systolic.h)
// printed as spec 004 describes: per-PE shift registers that shift once a
// step, PEs that read their neighbours' registers, a loader and a drainer
// that move values between memory and the PEs through hls::stream FIFOs.
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/systolic.h"
#include "codegen/common/c_printer.h"
#include "codegen/common/loop_reductions.h"

namespace loopscape {

class HlsPrinter : public CPrinter {
 public:
  // `plan` may be null (nothing space-time transformed) and must outlive the printer.
  HlsPrinter(const Program& program, const CPrintOptions& options, const SystolicPlan* plan);

  // Notes for the estimates: arrays printed without registers, and why.
  const std::vector<std::string>& notes() const { return notes_; }
  bool uses_streams() const { return uses_streams_; }

 protected:
  std::vector<std::string> iteration_prologue(const LoopNode& loop) override;
  void visit(const LoopNode& n) override;
  void enter_for(const LoopNode& n) override;
  void leave_for(const LoopNode& n) override;
  void enter_if(const LoopNode& n) override;
  void user(const LoopNode& node, const StatementInstance& instance) override;
  void extension(const LoopNode& node) override;

 private:
  // A pipelined loop that runs a reduction keeps kLanes partial results,
  // one per lane of consecutive iterations, so that the pipeline starts an
  // iteration every cycle while an adder is still finishing the previous
  // lane's update; after the loop an unrolled tree combines them.
  struct Accumulation {
    LoopReduction reduction;
    std::string lanes;     // the partial results: ls_acc_total[kLanes]
    std::string element;   // `total`, `rowsum[i]`
    std::string type;
  };
  static constexpr int kLanes = 8;
  void begin_accumulations(const LoopNode& loop);
  void end_accumulations();
  ExprPtr in_lanes(const ExprPtr& e) const;

  void print_array(const LoopNode& time_loop, const SystolicArray& array);
  void print_scan(const SystolicStream& stream, const std::vector<const LoopNode*>& around, const std::string& stage);
  void print_shifts();
  bool clocked(const LoopNode& n) const;  // a loop printed over its full range with its bounds as a guard
  ExprPtr pe_index(std::size_t dim) const;
  ExprPtr register_element(const SystolicRegister& r, const std::vector<long>& back, long delay) const;
  ExprPtr condition(const Statement& s, const isl::set& set, const LoopNode& node);
  ExprPtr read_value(const Statement& s, int access, const ExprPtr& memory, const LoopNode& node);

  const SystolicPlan* plan_;
  std::deque<SystolicArray> stored_arrays_;  // as printed (fallbacks applied)
  const SystolicArray* current_ = nullptr;   // the array being printed
  bool inline_streams_ = false;              // loads and stores stay in the PEs (no loader or drainer)
  std::vector<ExprPtr> pe_lower_, pe_upper_, pe_extent_;
  std::set<const LoopNode*> clocked_open_;
  std::vector<std::string> pe_iterators_;   // of the enclosing clocked space loops (CheckTime)
  std::vector<ExprPtr> pe_coords_;          // the PE of the statement instance being printed
  std::map<std::string, const SystolicStream*> scans_;  // scanning calls of the loader/drainer being printed
  std::vector<std::string> notes_;
  std::vector<std::vector<Accumulation>> accumulations_;  // per open loop
  std::map<std::string, ExprPtr> lane_of_;                 // array -> its lanes' element this iteration
  bool uses_streams_ = false;
  int locals_ = 0;
};

// The definitions a file with streams needs: Vitis HLS's hls_stream.h when
// it is installed, else a small hls::stream of the project's own for C simulation.
std::string hls_stream_prelude();

}  // namespace loopscape

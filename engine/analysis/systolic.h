// SPDX-License-Identifier: Apache-2.0
#pragma once
// A space-time transformed nest (spec 004, the `space_time_transform`
// command) as a systolic array: its processing elements (PEs), its clock, and
// how every value the nest reads reaches the PE that reads it.
//
// The nest is the subtree below the outermost band member tagged @time: the
// time members (t1, and t2 after a chained projection) and then the members
// tagged @space, the PE coordinates. Loops outside t1 ("outer" loops) run the
// whole array once per iteration. The PEs share one flattened clock,
//     step = t1 * E2 + t2        (step = t1 without a chained projection),
// E2 being the number of values t2 takes over the nest (a constant; a chained
// projection over parametric sizes gets no channels, see `notes`).
//
// Channels. A read of statement S is served by a channel where its value was
// produced in the same run of the array (same outer iteration) at a constant
// distance in (step, PE):
//   Flow   the value a statement of the nest wrote (exact dataflow, RAW);
//   Reuse  the value S read at an earlier step from the same element, in the
//          same PE (pe_step 0) or in the PE one step away along a PE dimension
//          (arrays the nest does not write only).
// Each producer keeps what it writes (Flow) or reads (Reuse) in a per-PE shift
// register; a register shifts once every step, so a value produced `delay`
// steps ago sits at index `delay`: spec 004's srA[PE][dist + 1].
//
// Streams. Reads no channel serves are loaded from memory by a loader stage,
// and the last value each element gets in a run of the array is written back
// by a drainer stage; both move values in the PEs' order through FIFOs. An
// array whose reads find their writer at a varying distance stays in memory:
// its PEs read and write it directly (`direct_arrays`, with the reason in `notes`).
#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "model/program.h"

namespace loopscape {

struct SystolicRegister {
  std::string name;          // sr_C_S0 (writes of S0 to C), sr_A_S0_r1 (S0's read access 1 of A)
  std::string statement;     // the producer
  int access = -1;           // the producer's access (its write, or the reused read)
  std::string array;
  std::string element_type;
  long depth = 1;            // delay + 1 of its longest channel
};

struct SystolicChannel {
  enum class Kind { Flow, Reuse };
  Kind kind = Kind::Flow;
  int register_index = -1;   // into SystolicArray::registers: where the value travels
  std::string reader;        // the statement that reads it
  int read_access = -1;      // index into the reader's accesses
  std::vector<long> pe_step; // reader's PE - producer's PE (PE dimensions)
  long delay = 0;            // reader's step - producer's step (0: same iteration, statement order)
  isl::set served;           // the reader's instances it serves (a set of the reader's domain space)
};

struct SystolicStream {
  bool load = true;          // loader (memory -> PEs) or drainer (PEs -> memory)
  std::string name;          // A_S0_r1_in, C_S0_out
  std::string statement;
  int access = -1;           // the loaded read, or the drained write
  std::string array;
  std::string element_type;
  isl::set instances;        // the statement's instances that pop (load) or push (drain) a value
  long depth = 2;            // FIFO depth: the PEs that use it in one step, plus one
};

struct SystolicArray {
  std::vector<std::string> statements;   // the nest, in schedule order
  int outer_dims = 0;                    // schedule dimensions outside t1
  std::vector<std::string> time_loops;   // "t1" [, "t2"]
  std::vector<std::string> time_formulas;// "t1=k+2*i+3*j", one per projection
  bool check_time = false;
  std::vector<std::string> space_loops;  // the PE dimensions, outermost first (source iterator names)
  // At every statement of the nest: S[x] -> [outer..., step, pe...] (one map per statement).
  isl::union_map clock;
  // The same before flattening: S[x] -> [outer..., t1, (t2,) pe...]; its
  // lexicographic order is the PEs' order (the loader's and drainer's).
  isl::union_map schedule_values;
  // Flattened step range and PE ranges over the nest, as piecewise affine
  // functions of the parameters (constants for fixed sizes).
  isl::pw_aff step_lower, step_upper;
  std::vector<isl::pw_aff> time_lower, time_upper;  // per time loop (t1 [, t2])
  std::vector<isl::pw_aff> pe_lower, pe_upper;
  long t2_extent = 1;                    // E2 (1 without a chained projection)

  std::vector<SystolicRegister> registers;
  std::vector<SystolicChannel> channels;
  std::vector<SystolicStream> streams;
  std::vector<std::string> direct_arrays;  // read and written in memory by the PEs
  std::vector<std::string> notes;          // one sentence each: why something stays in memory

  // schedule_values at one statement of the nest.
  isl::map values_of(const std::string& statement) const;
  // The channels serving a read, in the order a printer tries them.
  std::vector<const SystolicChannel*> channels_for(const std::string& reader, int access) const;
  const SystolicStream* stream_for(const std::string& statement, int access) const;
  bool direct(const std::string& array) const;
};

struct SystolicPlan {
  std::vector<SystolicArray> arrays;  // one per space-time transformed nest, in schedule order
  const SystolicArray* find(const std::string& statement) const;
};

// The systolic arrays of `schedule` (none when nothing is space-time
// transformed). `dependences` are exact for the program's original order and
// respected by `schedule`. Runs under the program's isl quota (IslError).
SystolicPlan plan_systolic(const Program& program, const isl::schedule& schedule, const Dependences& dependences);

// What the array does at fixed parameter values, for the PE-array view and
// the estimates.
struct PeFiring {
  std::string statement;
  std::vector<long> iteration;  // the statement's source iterator values
  std::vector<long> pe;         // PE coordinates
  long run = 0;                 // the iteration of the outer loops (0-based, in order)
  long step = 0;                // flattened step in its run, 0-based from the array's first step
  std::vector<int> streams;     // the streams it pops (loads) or pushes (drains): SystolicArray::streams indices
};
struct PeActivity {
  std::vector<long> pe_lower, pe_upper;  // per PE dimension
  long steps = 0;                        // flattened steps of one run (step_upper - step_lower + 1)
  long runs = 1;                         // runs of the array (iterations of the outer loops)
  std::vector<PeFiring> firings;         // every instance of the nest, by run, step, then PE
  bool truncated = false;                // more than `limit` firings (the rest left out)
};
PeActivity pe_activity(const Program& program, const SystolicArray& array,
                       const std::map<std::string, long>& parameters, std::size_t limit = 200000);

}  // namespace loopscape

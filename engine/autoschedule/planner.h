// SPDX-License-Identifier: Apache-2.0
#pragma once
// The automatic schedule as steps: isl's scheduler gives a target schedule;
// the planner expresses the way from the session's schedule to it as the
// product's own commands (shift, after, interchange, loop_reversal, skew,
// then tile and parallelize on the bands isl found permutable and
// coincident), replays them on a copy of the session (every step checked as
// if the user typed it), and checks that the result has isl's loops and
// nesting. When no command list reaches the target, the plan is one
// `reschedule` step that sets isl's schedule as it is, with the reason.
#include <optional>
#include <string>
#include <vector>

#include "autoschedule/register_block.h"
#include "commands/command.h"
#include "session/session.h"

namespace loopscape {

struct PlannedStep {
  CommandCall call;
  std::string why;          // for the script's "#" comment: what isl's schedule asks for
  std::string description;  // what the command did (its outcome's description)
};

struct AutoSchedulePlan {
  std::vector<PlannedStep> steps;
  bool fallback = false;
  std::string fallback_reason;  // why commands did not reach isl's schedule ("" unless fallback)
  std::string target;           // isl's schedule as a map, for the reader
  // The replay orders every pair of instances as isl's schedule does
  // (before tiling); false with `order_note` when that was not shown.
  bool same_order = false;
  std::string order_note;
  std::vector<std::string> notes;  // optional steps left out (a tile or parallel loop refused), with why
  // Why the plan has no step although isl's schedule differs ("" when its steps are kept).
  std::string kept_original;
};

struct AutoScheduleOptions {
  long tile_size = 32;
  bool tile = true;
  bool parallelize = true;
  // Wall-clock budget for the search (each step runs the full legality check,
  // which is slow on regions of many statements); past it, the plan falls back.
  double time_budget_seconds = 20;
  // Drop the plan when it makes a statement outside tiles walk its accesses
  // worse innermost than the original (the tuner measures instead).
  bool keep_original_when_locality_lost = true;
  // 3-deep bands get tiles of 64 where one tile's data fits in 128 KiB (the
  // tuner, which tries each size, leaves this off).
  bool fit_tiles_to_cache = true;
  // Multiply-accumulate bands (gemm, 2mm) get tiles of whole register blocks
  // and the block: rows unrolled, columns vectorized; a vector result
  // (doitgen's sum[p]) a block of one row (autoschedule/register_block.h).
  bool register_blocks = true;
  // The registers the blocks are sized for; the host's when not set.
  std::optional<VectorRegisters> vector_registers = std::nullopt;
  // The columns of each parallel strip of a nest that computes a temporary
  // where it is read (autoschedule/temporary_fusion.h). Wider strips stream
  // longer pieces of each row (blur at LARGE, 8192 x 6144 floats, 2 threads:
  // 0.0154 s in strips of 256, 0.0140 s in 1024, 0.0131 s in 4096), but an
  // image needs two strips to keep two threads busy: 1024 leaves images
  // from 2048 columns parallel, and the tuner tries 4096.
  long strip_columns = 1024;
};

// Plans from `session`'s current schedule; the session is not changed.
// Throws IslError when isl's scheduler runs past the quota.
AutoSchedulePlan plan_auto_schedule(const Session& session, const AutoScheduleOptions& options = {});

// The plan as a schedule script: a header, then each step after its "#" comment.
std::string plan_script(const AutoSchedulePlan& plan, const std::string& title);

}  // namespace loopscape

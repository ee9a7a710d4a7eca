// SPDX-License-Identifier: Apache-2.0
#pragma once
// A temporary image computed by one nest and read by the next (blur's row
// blur T, read three rows at a time by the column blur): computed inside the
// reader's loops a row ahead (compute_at), stored in the rows still read
// (storage_fold), and the fused nest run in parallel strips of columns.
// This is where Halide's autoschedulers put such a stage, per tile; the
// temporary then never goes to memory, where the two nests wrote it whole
// and read it back.
#include <set>
#include <string>
#include <vector>

#include "autoschedule/plan_work.h"

namespace loopscape::autoschedule {

// The steps for each temporary that one statement writes and one other
// statement of a 2-deep nest reads, all or none per temporary; the strips
// `strip_columns` wide; a refused step becomes a note.
void fuse_temporaries_into_readers(Work& w, long strip_columns, std::vector<std::string>& notes);

// The producers and readers of such temporaries (empty when there is none:
// the planner replays its steps for this stage only then, without the
// parallel steps on these statements, which the strips replace).
std::set<std::string> statements_of_temporaries_read_by_one_statement(const Program& program);

}  // namespace loopscape::autoschedule

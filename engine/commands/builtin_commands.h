// SPDX-License-Identifier: Apache-2.0
#pragma once
// One factory per command file (engine/commands/<name>.cpp); registry.cpp lists them.
#include <memory>

#include "commands/command.h"

namespace loopscape {

// Loop transforms, addressed by statement and loop names (Tiramisu).
std::unique_ptr<Command> make_interchange_command();
std::unique_ptr<Command> make_shift_command();
std::unique_ptr<Command> make_split_command();
std::unique_ptr<Command> make_tile_command();
std::unique_ptr<Command> make_skew_command();
std::unique_ptr<Command> make_loop_reversal_command();
std::unique_ptr<Command> make_after_command();
std::unique_ptr<Command> make_before_command();
std::unique_ptr<Command> make_then_command();
std::unique_ptr<Command> make_compute_at_command();
std::unique_ptr<Command> make_inline_command();
std::unique_ptr<Command> make_set_schedule_command();

// Tree operations on named nodes (spec 000).
std::unique_ptr<Command> make_tree_split_command();
std::unique_ptr<Command> make_tree_cat_command();
std::unique_ptr<Command> make_tree_apply_command();
std::unique_ptr<Command> make_tree_reschedule_command();
std::unique_ptr<Command> make_tree_interchange_command();
std::unique_ptr<Command> make_tree_index_set_split_command();
std::unique_ptr<Command> make_tree_tile_command();
std::unique_ptr<Command> make_tree_fuse_command();
std::unique_ptr<Command> make_tree_distribute_command();
std::unique_ptr<Command> make_tree_parallel_command();
std::unique_ptr<Command> make_tree_name_command();
std::unique_ptr<Command> make_band_name_command();  // S.name(L, NEW): statement form of name
std::unique_ptr<Command> make_tree_set_schedule_command();  // N.set_schedule(map): every statement below N

// Tags, data and communication: add their factories here.
std::unique_ptr<Command> make_parallelize_command();
std::unique_ptr<Command> make_sequential_command();
std::unique_ptr<Command> make_vectorize_command();
std::unique_ptr<Command> make_unroll_command();
std::unique_ptr<Command> make_distribute_command();
std::unique_ptr<Command> make_gpu_command();
std::unique_ptr<Command> make_tile_gpu_command();
std::unique_ptr<Command> make_gpu_auto_command();
std::unique_ptr<Command> make_pipeline_command();
std::unique_ptr<Command> make_space_time_transform_command();
std::unique_ptr<Command> make_store_in_command();
std::unique_ptr<Command> make_storage_fold_command();
std::unique_ptr<Command> make_cache_shared_at_command();
std::unique_ptr<Command> make_copy_at_command();
std::unique_ptr<Command> make_send_command();
std::unique_ptr<Command> make_receive_command();

}  // namespace loopscape

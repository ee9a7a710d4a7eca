// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/isl_scheduler.h"

#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "support/error.h"

namespace loopscape {
namespace {

// isl's scheduler options live in the context: set them for one call and put
// the user's (or the default) values back, whatever happens.
class SchedulerOptions {
 public:
  SchedulerOptions(isl_ctx* ctx, SchedulerGoal goal)
      : ctx_(ctx),
        outer_coincidence_(isl_options_get_schedule_outer_coincidence(ctx)),
        maximize_band_depth_(isl_options_get_schedule_maximize_band_depth(ctx)),
        serialize_sccs_(isl_options_get_schedule_serialize_sccs(ctx)) {
    isl_options_set_schedule_outer_coincidence(ctx, goal == SchedulerGoal::Locality ? 0 : 1);
    isl_options_set_schedule_maximize_band_depth(ctx, 1);
    isl_options_set_schedule_serialize_sccs(ctx, goal == SchedulerGoal::SeparateNests ? 1 : 0);
  }
  ~SchedulerOptions() {
    isl_options_set_schedule_outer_coincidence(ctx_, outer_coincidence_);
    isl_options_set_schedule_maximize_band_depth(ctx_, maximize_band_depth_);
    isl_options_set_schedule_serialize_sccs(ctx_, serialize_sccs_);
  }
  SchedulerOptions(const SchedulerOptions&) = delete;
  SchedulerOptions& operator=(const SchedulerOptions&) = delete;

 private:
  isl_ctx* ctx_;
  int outer_coincidence_;
  int maximize_band_depth_;
  int serialize_sccs_;
};

}  // namespace

isl::schedule compute_isl_schedule(const LoadedProgram& loaded, SchedulerGoal goal) {
  const Program& program = loaded.program;
  isl::schedule result;
  program.isl().bounded("the automatic schedule (isl scheduler)", [&] {
    SchedulerOptions options(program.isl().raw(), goal);
    isl::union_set domain = loaded.original_schedule.get_domain().intersect_params(program.context);
    const isl::union_map validity = loaded.dependences.all();
    isl_schedule_constraints* sc = isl_schedule_constraints_on_domain(domain.copy());
    sc = isl_schedule_constraints_set_context(sc, program.context.copy());
    sc = isl_schedule_constraints_set_validity(sc, validity.copy());
    sc = isl_schedule_constraints_set_coincidence(sc, validity.copy());
    sc = isl_schedule_constraints_set_proximity(sc, loaded.dependences.read_after_write.copy());
    isl_schedule* schedule = isl_schedule_constraints_compute_schedule(sc);
    if (!schedule) {
      const bool quota = isl_ctx_last_error(program.isl().raw()) == isl_error_quota;
      isl_ctx_reset_error(program.isl().raw());
      throw IslError(quota ? "the automatic schedule: isl's scheduler stopped at the isl operation quota"
                           : "the automatic schedule: isl's scheduler found no schedule",
                     quota);
    }
    result = isl::manage(schedule);
  });
  return result;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "analysis/storage_fold_check.h"

#include <isl/map.h>
#include <isl/point.h>
#include <isl/union_map.h>

#include "schedule/data_layout.h"
#include "support/point_text.h"
#include "support/text.h"

namespace loopscape {

std::vector<std::string> check_storage_folds(const Program& program, const Dependences& dependences,
                                             const isl::schedule& schedule) {
  std::vector<std::string> problems;
  const DataLayout layout = data_layout(schedule);
  if (layout.folds.empty()) return problems;
  program.isl().bounded("storage fold check", [&] {
    const isl::union_map sched = schedule.get_map();
    for (const StorageFold& f : layout.folds) {
      const Statement* s = program.find_statement(f.statement);
      if (!s) continue;
      isl::map m = storage_relation(program, schedule, f.statement);
      if (m.is_null()) continue;
      const int n = static_cast<int>(isl_map_dim(m.get(), isl_dim_out));
      if (f.dimension < 0 || f.dimension >= n) continue;
      const char* bname = isl_map_get_tuple_name(m.get(), isl_dim_out);
      const std::string buffer = bname ? bname : "";
      std::vector<std::string> a, b;
      for (int k = 0; k < n; ++k) {
        a.push_back("a" + std::to_string(k));
        b.push_back(k == f.dimension ? "a" + std::to_string(k) + " mod " + std::to_string(f.factor)
                                     : "a" + std::to_string(k));
      }
      isl::map fold(program.ctx(), "{ " + buffer + "[" + join(a) + "] -> " + buffer + "[" + join(b) + "] }");
      isl::map folded = m.apply_range(fold);
      // x -> z: same folded element, different element before folding.
      isl::map conflicts = folded.apply_range(folded.reverse()).subtract(m.apply_range(m.reverse()));
      if (conflicts.is_empty()) continue;
      isl::union_map sched_s = sched.intersect_domain(isl::union_set(s->domain));
      isl::union_map later = isl::manage(isl_union_map_lex_lt_union_map(sched_s.copy(), sched_s.copy()));
      isl::union_map overwriting = isl::union_map(conflicts).intersect(later);  // x -> z, z after x
      for (const Dependence& d : dependences.list) {
        if (d.kind != DependenceKind::ReadAfterWrite || d.source_statement != f.statement || d.relation.is_null())
          continue;
        const Statement* reader = program.find_statement(d.sink_statement);
        if (!reader) continue;
        isl::union_map sched_r = sched.intersect_domain(isl::union_set(reader->domain));
        isl::union_map before_read = isl::manage(isl_union_map_lex_lt_union_map(sched_s.copy(), sched_r.copy()));
        isl::union_map between = overwriting.apply_range(before_read);  // x -> y with some z in between
        isl::union_map bad = isl::union_map(d.relation).intersect(between);
        if (bad.is_empty()) continue;
        isl::map pair = isl::manage(isl_map_from_union_map(bad.copy()));
        isl::point p = pair.wrap().sample_point();
        const int nx = static_cast<int>(s->iterators().size());
        const int ny = static_cast<int>(reader->iterators().size());
        const std::string x = point_tuple(p, s->name, 0, nx), y = point_tuple(p, reader->name, nx, ny);
        const std::string params = point_parameters(p, program.parameters);
        problems.push_back((params.empty() ? "" : "with " + params + ", ") + "folding dimension " +
                           std::to_string(f.dimension) + " of " + buffer + " (loop " + f.loop + ") by " +
                           std::to_string(f.factor) + " lets another instance of " + s->name +
                           " overwrite the value " + x + " stores before " + y + " reads it");
        break;
      }
    }
  });
  return problems;
}

}  // namespace loopscape

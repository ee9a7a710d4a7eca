// SPDX-License-Identifier: Apache-2.0
#include "analysis/inlining.h"

#include <isl/map.h>
#include <isl/union_map.h>

#include "analysis/producers.h"
#include "schedule/data_layout.h"
#include "support/point_text.h"

namespace loopscape {
std::vector<std::string> check_inlinings(const Program& program, const isl::schedule& schedule) {
  std::vector<std::string> problems;
  const DataLayout layout = data_layout(schedule);
  if (layout.inlined.empty()) return problems;
  for (const std::string& name : layout.inlined) {
    const Statement* s = program.find_statement(name);
    if (!s) continue;
    const std::vector<ReadOfValues> reads = reads_of_values(program, *s, s->where);
    program.isl().bounded("check the inlining of " + name, [&] {
      const isl::union_map times = schedule.get_map();
      const isl::union_map times_s = times.intersect_domain(isl::union_set(s->domain));
      for (const Access& input : s->accesses) {
        if (input.kind != Access::Kind::Read || !problems.empty()) continue;
        for (const Statement& writer : program.statements) {
          for (const Access& w : writer.accesses) {
            if (w.kind != Access::Kind::Write || w.array != input.array) continue;
            const isl::union_map times_w = times.intersect_domain(isl::union_set(writer.domain));
            // s -> w: w overwrites what s reads, after s's time.
            const isl::union_map overwrites =
                isl::union_map(input.relation.intersect_domain(s->domain))
                    .apply_range(isl::union_map(w.relation.intersect_domain(writer.domain)).reverse())
                    .intersect(isl::manage(isl_union_map_lex_lt_union_map(times_s.copy(), times_w.copy())));
            for (const ReadOfValues& r : reads) {
              const isl::union_map times_r = times.intersect_domain(isl::union_set(r.reader->domain));
              const isl::union_map before_read =
                  isl::manage(isl_union_map_lex_lt_union_map(times_w.copy(), times_r.copy()));
              const isl::union_map bad =
                  isl::union_map(r.pairs.reverse()).intersect(overwrites.apply_range(before_read));
              if (bad.intersect_params(program.context).is_empty()) continue;
              const isl::map pair = isl::manage(isl_map_from_union_map(bad.copy()));
              const isl::point p = pair.wrap().sample_point();
              const int n = static_cast<int>(s->iterators().size());
              const std::string parameters = point_parameters(p, program.parameters);
              problems.push_back((parameters.empty() ? "" : "with " + parameters + ", ") + r.reader->name +
                                 " would recompute " + name + "'s value " + point_tuple(p, s->name, 0, n) + " at " +
                                 point_tuple(p, r.reader->name, n, static_cast<int>(r.reader->iterators().size())) +
                                 ", after " + writer.name + " has overwritten the " + input.array + " it reads");
              return;
            }
          }
        }
      }
    });
  }
  return problems;
}

}  // namespace loopscape

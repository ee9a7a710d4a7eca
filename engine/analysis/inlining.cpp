#include "analysis/inlining.h"

#include <isl/map.h>
#include <isl/point.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "analysis/producers.h"
#include "schedule/data_layout.h"

namespace loopscape {
namespace {

std::string tuple_at(const isl::point& p, const Statement& s, int first) {
  std::string text = s.name + "[";
  const int n = static_cast<int>(s.iterators().size());
  for (int k = 0; k < n; ++k)
    text += (k ? ", " : "") +
            std::to_string(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, first + k)).get_num_si());
  return text + "]";
}

std::string parameters_at(const Program& program, const isl::point& p) {
  std::string text;
  for (std::size_t k = 0; k < program.parameters.size(); ++k)
    text += (text.empty() ? "with " : ", ") + program.parameters[k] + " = " +
            std::to_string(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_param, static_cast<int>(k))).get_num_si());
  return text.empty() ? text : text + ", ";
}

}  // namespace

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
              problems.push_back(parameters_at(program, p) + r.reader->name + " would recompute " + name +
                                 "'s value " + tuple_at(p, *s, 0) + " at " + tuple_at(p, *r.reader, n) +
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

// SPDX-License-Identifier: Apache-2.0
#include "lessons/order_witness.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>

#include <algorithm>
#include <optional>

#include "support/point_text.h"

namespace loopscape {
namespace {

isl::union_map schedule_map(const isl::schedule& schedule) {
  return schedule.get_map().intersect_domain(schedule.domain());
}

std::vector<std::string> parameter_names(const isl::set& set) {
  std::vector<std::string> names;
  const isl_size n = isl_set_dim(set.get(), isl_dim_param);
  for (int k = 0; k < n; ++k) {
    const char* name = isl_set_get_dim_name(set.get(), isl_dim_param, k);
    names.push_back(name ? name : "p" + std::to_string(k));
  }
  return names;
}

// One pair of `pairs` written out, with the parameter values it needs.
struct WrittenPair {
  std::string first, second, parameters;
};

// The pair written out from a point of the wrapped relation `m` (its parameters fixed or not).
WrittenPair written(const isl::map& m, const isl::point& p, const isl::set& wrapped) {
  const char* in = isl_map_get_tuple_name(m.get(), isl_dim_in);
  const char* to = isl_map_get_tuple_name(m.get(), isl_dim_out);
  const int n_in = static_cast<int>(isl_map_dim(m.get(), isl_dim_in));
  const int n_out = static_cast<int>(isl_map_dim(m.get(), isl_dim_out));
  return WrittenPair{point_tuple(p, in ? in : "", 0, n_in), point_tuple(p, to ? to : "", n_in, n_out),
                     point_parameters(p, parameter_names(wrapped))};
}

// A pair of `pairs`, at the smallest parameter values that have one (a
// student reads S0[1, 2] with n = 3 more easily than isl's sample at n = 7).
std::optional<WrittenPair> some_pair(const isl::union_map& pairs) {
  std::optional<WrittenPair> out;
  pairs.foreach_map([&](const isl::map& m) {
    if (out || m.is_empty()) return;
    const isl::set wrapped = m.wrap();
    const int np = static_cast<int>(isl_set_dim(wrapped.get(), isl_dim_param));
    const int kTop = np <= 2 ? 16 : 8;
    if (np <= 3) {
      std::vector<int> at(static_cast<std::size_t>(np), 0);
      for (int total = 0; total <= kTop * np && !out; ++total) {
        // Every assignment of values 0..kTop whose sum is `total`, in order.
        std::fill(at.begin(), at.end(), 0);
        for (bool more = true; more && !out;) {
          int sum = 0;
          for (int v : at) sum += v;
          if (sum == total) {
            isl::set slice = wrapped;
            for (int k = 0; k < np; ++k)
              slice = isl::manage(isl_set_fix_si(slice.release(), isl_dim_param, k, at[static_cast<std::size_t>(k)]));
            if (!slice.is_empty()) {
              const isl::point p = slice.lexmin().sample_point();
              if (!p.is_null() && isl_point_is_void(p.get()) != isl_bool_true) out = written(m, p, wrapped);
            }
          }
          more = false;
          for (int k = 0; k < np && !more; ++k) {
            if (at[static_cast<std::size_t>(k)] < kTop) {
              ++at[static_cast<std::size_t>(k)];
              more = true;
            } else {
              at[static_cast<std::size_t>(k)] = 0;
            }
          }
        }
      }
      if (out) return;
    }
    const isl::point p = wrapped.sample_point();
    if (p.is_null() || isl_point_is_void(p.get()) == isl_bool_true) return;
    out = written(m, p, wrapped);
  });
  return out;
}

}  // namespace

isl::union_map runs_before(const isl::schedule& schedule) {
  const isl::union_map map = schedule_map(schedule);
  return isl::manage(isl_union_map_lex_lt_union_map(map.copy(), map.copy()));
}

isl::union_map runs_before(const isl::union_map& schedule_map, const isl::union_set& instances) {
  const isl::union_map map = schedule_map.intersect_domain(instances);
  return isl::manage(isl_union_map_lex_lt_union_map(map.copy(), map.copy()));
}

std::string order_difference(const Program& program, const isl::union_map& got, const isl::union_map& want,
                             const std::string& yours) {
  const isl::union_map g = got.intersect_params(program.context);
  const isl::union_map w = want.intersect_params(program.context);
  const auto with = [](const WrittenPair& p) { return p.parameters.empty() ? "" : " (with " + p.parameters + ")"; };
  if (const std::optional<WrittenPair> p = some_pair(g.subtract(w)))
    return p->first + " runs before " + p->second + " in " + yours + ", not in the expected one" + with(*p);
  if (const std::optional<WrittenPair> p = some_pair(w.subtract(g)))
    return p->first + " runs before " + p->second + " in the expected schedule, not in " + yours + with(*p);
  return "";
}

std::string some_pair_text(const Program& program, const isl::union_map& pairs, std::string* parameters) {
  const std::optional<WrittenPair> p = some_pair(pairs.intersect_params(program.context));
  if (!p) return "";
  *parameters = p->parameters;
  return p->first + " and " + p->second;
}

std::string first_step_off_course(const isl::schedule& original, const std::vector<AppliedCommand>& steps,
                                  const std::vector<AppliedCommand>& expected) {
  std::vector<isl::union_map> on_course{schedule_map(original)};
  for (const AppliedCommand& step : expected) on_course.push_back(schedule_map(step.outcome.schedule));
  isl::union_map before = runs_before(original);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const isl::union_map here = schedule_map(steps[k].outcome.schedule);
    const isl::union_map order = runs_before(steps[k].outcome.schedule);
    const bool keeps_order = order.is_equal(before);
    before = order;
    if (keeps_order && steps[k].call.command != "skew") continue;
    bool found = false;
    for (const isl::union_map& m : on_course)
      if (here.is_equal(m)) {
        found = true;
        break;
      }
    if (!found)
      return "step " + std::to_string(k + 1) + " (" + steps[k].call.script_text() +
             ") is where your schedule leaves the expected one";
  }
  return "";
}

}  // namespace loopscape

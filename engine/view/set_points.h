#pragma once
// Enumerating the integer points of an isl set at concrete parameter values:
// what the domain plot and the isl scratchpad draw.
#include <isl/cpp.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <map>
#include <string>
#include <vector>

namespace loopscape {

// Fixes the parameters of `set` to `values` and drops them. Throws
// std::invalid_argument naming `what` when a parameter the set involves has no value.
isl::set fix_parameters(isl::set set, const std::map<std::string, long>& values, const std::string& what);

// Throws std::invalid_argument ("`what` is unbounded at these parameter values").
void require_bounded(const isl::set& set, const std::string& what);

// Calls `f(values)` for every point of the (parameter-free, bounded) set, in
// isl's order, until it returns false. Returns false when stopped early.
template <typename F>
bool for_each_point(const isl::set& set, F&& f) {
  struct State {
    F* f;
    std::vector<long> values;
    unsigned dims;
    bool stopped = false;
  } state{&f, {}, static_cast<unsigned>(isl_set_dim(set.get(), isl_dim_set))};
  state.values.resize(state.dims);
  isl_set_foreach_point(
      set.get(),
      [](isl_point* p, void* user) -> isl_stat {
        auto* st = static_cast<State*>(user);
        for (unsigned k = 0; k < st->dims; ++k) {
          isl_val* v = isl_point_get_coordinate_val(p, isl_dim_set, static_cast<int>(k));
          st->values[k] = isl_val_get_num_si(v);
          isl_val_free(v);
        }
        isl_point_free(p);
        if (!(*st->f)(st->values)) {
          st->stopped = true;
          return isl_stat_error;
        }
        return isl_stat_ok;
      },
      &state);
  return !state.stopped;
}

}  // namespace loopscape

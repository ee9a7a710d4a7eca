// SPDX-License-Identifier: Apache-2.0
#include "support/set_points.h"

#include "support/error.h"
#include "support/scan_loops.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <stdexcept>
#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>

namespace loopscape {

isl::set fix_parameters(isl::set set, const std::map<std::string, long>& values, const std::string& what) {
  for (int k = static_cast<int>(isl_set_dim(set.get(), isl_dim_param)) - 1; k >= 0; --k) {
    const char* raw = isl_set_get_dim_name(set.get(), isl_dim_param, static_cast<unsigned>(k));
    const std::string name = raw ? raw : "";
    auto it = values.find(name);
    if (it != values.end()) {
      isl_val* value = isl_val_int_from_si(set.ctx().get(), it->second);
      set = isl::manage(isl_set_fix_val(set.release(), isl_dim_param, static_cast<unsigned>(k), value));
    } else if (isl_set_involves_dims(set.get(), isl_dim_param, static_cast<unsigned>(k), 1) == isl_bool_true) {
      throw std::invalid_argument("no value for parameter " + name + " (" + what + ")");
    }
    set = isl::manage(isl_set_project_out(set.release(), isl_dim_param, static_cast<unsigned>(k), 1));
  }
  return set;
}

void require_bounded(const isl::set& set, const std::string& what) {
  if (isl_set_is_bounded(set.get()) != isl_bool_true)
    throw std::invalid_argument(what + " is unbounded at these parameter values");
}

namespace {

// Up to `limit` points of `set` from isl_set_foreach_point; nullopt when it has more.
std::optional<std::vector<std::vector<long>>> few_points(const isl::set& set, std::size_t limit) {
  struct State {
    std::vector<std::vector<long>> points;
    std::size_t limit;
    unsigned dims;
  } state{{}, limit, static_cast<unsigned>(isl_set_dim(set.get(), isl_dim_set))};
  const isl_stat status = isl_set_foreach_point(
      set.get(),
      [](isl_point* p, void* user) -> isl_stat {
        auto* st = static_cast<State*>(user);
        if (st->points.size() == st->limit) {
          isl_point_free(p);
          return isl_stat_error;
        }
        std::vector<long>& values = st->points.emplace_back(st->dims);
        for (unsigned k = 0; k < st->dims; ++k) {
          isl_val* v = isl_point_get_coordinate_val(p, isl_dim_set, static_cast<int>(k));
          values[k] = isl_val_get_num_si(v);
          isl_val_free(v);
        }
        isl_point_free(p);
        return isl_stat_ok;
      },
      &state);
  if (status != isl_stat_ok) return std::nullopt;
  std::sort(state.points.begin(), state.points.end());
  return std::move(state.points);
}

// Loops that scan `set` (its parameters stay parameters of the loops): a
// flat, named copy of it, scanned by the identity schedule.
isl_ast_node* scanning_loops(const isl::set& set) {
  isl_set* flat = isl_set_set_tuple_name(isl_set_flatten(set.copy()), "P");
  isl_ctx* ctx = isl_set_get_ctx(flat);
  isl_set* context = isl_set_universe(isl_space_params(isl_set_get_space(flat)));
  isl_map* identity = isl_map_intersect_domain(isl_map_identity(isl_space_map_from_set(isl_set_get_space(flat))), flat);
  isl_ast_build* build = isl_ast_build_from_context(context);
  isl_ast_node* loops = isl_ast_build_node_from_schedule_map(build, isl_union_map_from_map(identity));
  isl_ast_build_free(build);
  if (!loops) throw IslError("the loops that scan the points", isl_ctx_last_error(ctx) == isl_error_quota);
  return loops;
}

}  // namespace

bool for_each_point(const isl::set& set, const std::function<bool(const std::vector<long>&)>& f) {
  // isl finds each point with a search of its own, quick for a few points
  // and slow for thousands; the loops that scan the set cost one AST build,
  // then nothing per point. A few points are taken from isl directly.
  constexpr std::size_t kFewPoints = 256;
  if (const auto few = few_points(set, kFewPoints)) {
    for (const std::vector<long>& point : *few)
      if (!f(point)) return false;
    return true;
  }
  const std::unique_ptr<isl_ast_node, decltype(&isl_ast_node_free)> loops(scanning_loops(set), isl_ast_node_free);
  return ScanLoops(loops.get()).run(f);
}

ParametricScan::ParametricScan(const isl::set& set) {
  const std::unique_ptr<isl_ast_node, decltype(&isl_ast_node_free)> loops(scanning_loops(set), isl_ast_node_free);
  loops_ = std::make_unique<ScanLoops>(loops.get());
}

ParametricScan::~ParametricScan() = default;

bool ParametricScan::for_each_point(const std::map<std::string, long>& values,
                                    const std::function<bool(const std::vector<long>&)>& f) {
  loops_->set_parameters(values);
  return loops_->run(f);
}

bool ParametricScan::for_each_row(const std::map<std::string, long>& values, const ScanLoops::RowFunction& row) {
  loops_->set_parameters(values);
  return loops_->run_rows(row);
}

}  // namespace loopscape

#include "view/set_points.h"

#include "support/error.h"

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

long floor_div(long a, long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// Runs the scanning loops of an isl AST: the iterators' values by id, and
// each user node's arguments (the point) to `found`.
class ScanRunner {
 public:
  explicit ScanRunner(const std::function<bool(const std::vector<long>&)>& found) : found_(found) {}

  // run() of a node it frees.
  bool run_owned(isl_ast_node* node) {
    const std::unique_ptr<isl_ast_node, decltype(&isl_ast_node_free)> owned(node, isl_ast_node_free);
    return run(node);
  }

  // False once `found` asked to stop.
  bool run(isl_ast_node* node) {
    switch (isl_ast_node_get_type(node)) {
      case isl_ast_node_for: return run_for(node);
      case isl_ast_node_if: {
        isl_ast_expr* cond = isl_ast_node_if_get_cond(node);
        const bool holds = value(cond) != 0;
        isl_ast_expr_free(cond);
        if (holds) return run_owned(isl_ast_node_if_get_then_node(node));
        if (isl_ast_node_if_has_else_node(node) == isl_bool_true) return run_owned(isl_ast_node_if_get_else_node(node));
        return true;
      }
      case isl_ast_node_block: {
        isl_ast_node_list* list = isl_ast_node_block_get_children(node);
        const isl_size n = isl_ast_node_list_n_ast_node(list);
        bool go_on = true;
        for (int k = 0; k < n && go_on; ++k) go_on = run_owned(isl_ast_node_list_get_ast_node(list, k));
        isl_ast_node_list_free(list);
        return go_on;
      }
      case isl_ast_node_mark: return run_owned(isl_ast_node_mark_get_node(node));
      case isl_ast_node_user: {
        isl_ast_expr* call = isl_ast_node_user_get_expr(node);
        const isl_size n = isl_ast_expr_op_get_n_arg(call);
        point_.resize(static_cast<std::size_t>(n > 0 ? n - 1 : 0));
        for (int k = 1; k < n; ++k) {
          isl_ast_expr* arg = isl_ast_expr_op_get_arg(call, k);
          point_[static_cast<std::size_t>(k - 1)] = value(arg);
          isl_ast_expr_free(arg);
        }
        isl_ast_expr_free(call);
        return found_(point_);
      }
      default: throw std::runtime_error("unexpected node in the loops that scan a set");
    }
  }

 private:

  bool run_for(isl_ast_node* node) {
    isl_ast_expr* iterator = isl_ast_node_for_get_iterator(node);
    isl_id* id = isl_ast_expr_id_get_id(iterator);
    isl_ast_expr_free(iterator);
    long& it = values_[id];
    isl_id_free(id);  // the AST keeps it alive: its address is the key
    isl_ast_expr* init = isl_ast_node_for_get_init(node);
    it = value(init);
    isl_ast_expr_free(init);
    const std::unique_ptr<isl_ast_node, decltype(&isl_ast_node_free)> owned_body(isl_ast_node_for_get_body(node),
                                                                                 isl_ast_node_free);
    isl_ast_node* body = owned_body.get();
    bool go_on = true;
    if (isl_ast_node_for_is_degenerate(node) == isl_bool_true) {
      go_on = run(body);
    } else {
      isl_ast_expr* cond = isl_ast_node_for_get_cond(node);
      isl_ast_expr* inc = isl_ast_node_for_get_inc(node);
      const long step = value(inc);
      for (; go_on && value(cond) != 0; it += step) go_on = run(body);
      isl_ast_expr_free(cond);
      isl_ast_expr_free(inc);
    }
    return go_on;
  }

  long value(isl_ast_expr* e) {
    switch (isl_ast_expr_get_type(e)) {
      case isl_ast_expr_int: {
        isl_val* v = isl_ast_expr_int_get_val(e);
        const long out = isl_val_get_num_si(v);
        isl_val_free(v);
        return out;
      }
      case isl_ast_expr_id: {
        isl_id* id = isl_ast_expr_id_get_id(e);
        auto found = values_.find(id);
        isl_id_free(id);
        if (found == values_.end()) throw std::runtime_error("a free name in the loops that scan a set");
        return found->second;
      }
      case isl_ast_expr_op: break;
      default: throw std::runtime_error("unexpected expression in the loops that scan a set");
    }
    const isl_size n = isl_ast_expr_op_get_n_arg(e);
    long args[3] = {0, 0, 0};
    const auto arg = [&](int k) {
      isl_ast_expr* a = isl_ast_expr_op_get_arg(e, k);
      const long v = value(a);
      isl_ast_expr_free(a);
      return v;
    };
    const isl_ast_expr_op_type type = isl_ast_expr_op_get_type(e);
    if (type == isl_ast_expr_op_and_then) return arg(0) && arg(1);
    if (type == isl_ast_expr_op_or_else) return arg(0) || arg(1);
    if (type == isl_ast_expr_op_min || type == isl_ast_expr_op_max) {
      long out = arg(0);
      for (int k = 1; k < n; ++k) out = type == isl_ast_expr_op_min ? std::min(out, arg(k)) : std::max(out, arg(k));
      return out;
    }
    if (n > 3) throw std::runtime_error("unexpected operation in the loops that scan a set");
    for (int k = 0; k < n; ++k) args[k] = arg(k);
    switch (type) {
      case isl_ast_expr_op_and: return args[0] && args[1];
      case isl_ast_expr_op_or: return args[0] || args[1];
      case isl_ast_expr_op_minus: return -args[0];
      case isl_ast_expr_op_add: return args[0] + args[1];
      case isl_ast_expr_op_sub: return args[0] - args[1];
      case isl_ast_expr_op_mul: return args[0] * args[1];
      case isl_ast_expr_op_div:
      case isl_ast_expr_op_pdiv_q: return args[0] / args[1];
      case isl_ast_expr_op_fdiv_q: return floor_div(args[0], args[1]);
      case isl_ast_expr_op_pdiv_r:
      case isl_ast_expr_op_zdiv_r: return args[0] % args[1];
      case isl_ast_expr_op_cond:
      case isl_ast_expr_op_select: return args[0] ? args[1] : args[2];
      case isl_ast_expr_op_eq: return args[0] == args[1];
      case isl_ast_expr_op_le: return args[0] <= args[1];
      case isl_ast_expr_op_lt: return args[0] < args[1];
      case isl_ast_expr_op_ge: return args[0] >= args[1];
      case isl_ast_expr_op_gt: return args[0] > args[1];
      default: throw std::runtime_error("unexpected operation in the loops that scan a set");
    }
  }

  const std::function<bool(const std::vector<long>&)>& found_;
  std::unordered_map<const isl_id*, long> values_;
  std::vector<long> point_;
};

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
  // A flat, named copy of the set, scanned by the identity schedule.
  isl_set* flat = isl_set_set_tuple_name(isl_set_flatten(set.copy()), "P");
  isl_ctx* ctx = isl_set_get_ctx(flat);
  isl_map* identity = isl_map_intersect_domain(isl_map_identity(isl_space_map_from_set(isl_set_get_space(flat))), flat);
  isl_ast_build* build = isl_ast_build_from_context(isl_set_universe(isl_space_params_alloc(ctx, 0)));
  isl_ast_node* loops = isl_ast_build_node_from_schedule_map(build, isl_union_map_from_map(identity));
  isl_ast_build_free(build);
  if (!loops)
    throw IslError("the loops that scan the points", isl_ctx_last_error(ctx) == isl_error_quota);
  ScanRunner runner(f);
  return runner.run_owned(loops);
}

}  // namespace loopscape

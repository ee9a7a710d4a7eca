// SPDX-License-Identifier: Apache-2.0
#include "analysis/distribution.h"

#include <isl/constraint.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"

namespace loopscape {

const CommunicationPoint* DistributionPlan::find_point(const std::string& call) const {
  for (const CommunicationPoint& p : points)
    if (p.call == call) return &p;
  return nullptr;
}

std::pair<long, long> rank_block(long lower, long upper, int rank, int ranks) {
  const long count = std::max(0L, upper - lower + 1);
  const long block = (count + ranks - 1) / std::max(1, ranks);
  const long lo = lower + rank * block;
  return {lo, std::min(upper, lo + block - 1)};
}

int element_size(const std::string& type) {
  if (type.find("double") != std::string::npos) return 8;
  if (type.find("long") != std::string::npos) return 8;
  if (type.find("float") != std::string::npos || type.find("int") != std::string::npos) return 4;
  if (type.find("short") != std::string::npos) return 2;
  if (type.find("char") != std::string::npos) return 1;
  return 8;
}

namespace {

// A position in the schedule tree: child indices from the root.
using Path = std::vector<int>;

isl::schedule_node at_path(const isl::schedule& schedule, const Path& path) {
  isl::schedule_node node = schedule.root();
  for (int k : path) node = node.child(k);
  return node;
}

// { [v] : lo <= v <= hi } with lo and hi parameters.
isl::set value_range(isl::ctx ctx, const std::string& lo, const std::string& hi) {
  return isl::set(ctx, "[" + lo + ", " + hi + "] -> { [v] : " + lo + " <= v <= " + hi + " }");
}

// { [c0, ..., c<d-1>] : c<k> = ls_p<k> }.
isl::set prefix_equals_parameters(isl::ctx ctx, int dims) {
  std::string params, vars, constraints;
  for (int k = 0; k < dims; ++k) {
    const std::string p = kPrefixParameter + std::to_string(k);
    params += (k ? ", " : "") + p;
    vars += (k ? ", " : "") + std::string("c") + std::to_string(k);
    constraints += (k ? " and " : "") + std::string("c") + std::to_string(k) + " = " + p;
  }
  return isl::set(ctx, "[" + params + "] -> { [" + vars + "]" + (dims ? " : " + constraints : "") + " }");
}

// The schedule as one map into a single time space (shorter times padded with
// zeros, which keeps the order: instances that differ sooner are ordered there).
isl::union_map flat_schedule(const isl::schedule& schedule) {
  const isl::union_map map = schedule.get_map();
  unsigned width = 0;
  map.foreach_map([&](isl::map m) { width = std::max(width, static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out))); });
  isl::union_map out = isl::union_map::empty(map.ctx());
  map.foreach_map([&](isl::map m) {
    const unsigned n = static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out));
    isl_map* padded = isl_map_add_dims(m.copy(), isl_dim_out, width - n);
    for (unsigned k = n; k < width; ++k) padded = isl_map_fix_si(padded, isl_dim_out, k, 0);
    padded = isl_map_reset_tuple_id(padded, isl_dim_out);
    out = out.unite(isl::union_map(isl::map(isl::manage(padded))));
  });
  return out;
}

std::vector<std::string> statement_names(const isl::union_set& domain) {
  std::vector<std::string> names;
  domain.foreach_set([&](isl::set s) {
    if (const char* n = isl_set_get_tuple_name(s.get())) names.push_back(n);
  });
  std::sort(names.begin(), names.end());
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// The anonymous space of `dims`-tuples, or the space `name`[...] when named.
isl::space tuple_space(isl::ctx ctx, unsigned dims, const std::string& name = {}) {
  isl_space* space = isl_space_set_alloc(ctx.get(), 0, dims);
  if (!name.empty()) space = isl_space_set_tuple_name(space, isl_dim_set, name.c_str());
  return isl::manage(space);
}

// A union set with a single space (or empty) as a set in `fallback` space.
isl::set single_set(const isl::union_set& u, const isl::space& fallback) {
  isl::set out = isl::set::empty(fallback);
  bool first = true;
  u.foreach_set([&](isl::set s) {
    out = first ? s : out.unite(s);
    first = false;
  });
  return out;
}

struct Candidate {
  Path path;             // the node the point goes before
  bool distributed = false;
  std::string before;
};

class Planner {
 public:
  Planner(const Program& program, const isl::schedule& schedule, const isl::union_map& flow,
          const isl::union_map& overwrites)
      : program_(program), ctx_(program.ctx()), schedule_(schedule), flow_(flow), overwrites_(overwrites) {}

  DistributionPlan run() {
    DistributionPlan plan;
    plan.schedule = schedule_;
    find_bands(schedule_.root(), {}, false, plan);
    if (plan.bands.empty()) return plan;
    prepare(plan);
    find_replicated_parts(schedule_.root(), {});
    std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& a, const Candidate& b) { return a.path < b.path; });

    std::vector<std::pair<Path, CommunicationPoint>> placed;
    for (const Candidate& c : candidates_) {
      CommunicationPoint point = exchange_at(c);
      if (!point.arrays.empty()) placed.emplace_back(c.path, std::move(point));
    }
    for (std::size_t k = 0; k < placed.size(); ++k) placed[k].second.call = "_ls_exchange" + std::to_string(k);
    // Deepest and latest first: a graft changes the paths below it only.
    isl::schedule grafted = schedule_;
    for (auto it = placed.rbegin(); it != placed.rend(); ++it) grafted = graft_before(grafted, it->first, it->second);
    for (auto& [path, point] : placed) plan.points.push_back(std::move(point));

    CommunicationPoint gather = gather_point();
    if (!gather.arrays.empty()) {
      grafted = graft_gather(grafted, gather);
      plan.points.push_back(std::move(gather));
    }
    plan.schedule = grafted;
    return plan;
  }

 private:
  void find_bands(const isl::schedule_node& node, const Path& path, bool inside, DistributionPlan& plan) {
    bool here = false;
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_band && has_tag(node, "node")) {
      const isl::union_set domain = node_domain(node);
      if (inside)
        throw InputError(SourceLocation{},
                         "nested distributed loops (" + joined(statement_names(domain)) +
                             "): the MPI target distributes one loop of each statement");
      DistributedBand band;
      band.node_name = node_name(node);
      band.depth = static_cast<int>(isl_schedule_node_get_schedule_depth(node.get()));
      band.statements = statement_names(domain);
      isl::multi_union_pw_aff partial = isl::manage(isl_schedule_node_band_get_partial_schedule(node.get()));
      band.value = isl::union_map::from(isl::multi_union_pw_aff(partial.at(0))).intersect_domain(domain);
      plan.bands.push_back(band);
      Path top = path;
      for (isl::schedule_node n = node; n.has_parent() && is_mark(n.parent()); n = n.parent()) top.pop_back();
      candidates_.push_back({top, true, band.node_name.empty() ? joined(band.statements) : band.node_name});
      here = true;
    }
    const int children = static_cast<int>(isl_schedule_node_n_children(node.get()));
    for (int k = 0; k < children; ++k) {
      Path child = path;
      child.push_back(k);
      find_bands(node.child(k), child, inside || here, plan);
    }
  }

  // Parts of sequences and sets that run on every rank after distributed parts.
  void find_replicated_parts(const isl::schedule_node& node, const Path& path) {
    const isl_schedule_node_type type = isl_schedule_node_get_type(node.get());
    const int children = static_cast<int>(isl_schedule_node_n_children(node.get()));
    if ((type == isl_schedule_node_sequence || type == isl_schedule_node_set) &&
        !node_domain(node).intersect(distributed_).is_empty()) {
      for (int k = 0; k < children; ++k) {
        const isl::union_set part = node_domain(node.child(k).child(0));  // below the filter
        if (!part.intersect(distributed_).is_empty() || part.is_empty()) continue;
        Path inside = path;
        inside.push_back(k);
        inside.push_back(0);  // the filter's child: isl grafts below the filter
        candidates_.push_back({inside, false, joined(statement_names(part))});
      }
    }
    for (int k = 0; k < children; ++k) {
      Path child = path;
      child.push_back(k);
      find_replicated_parts(node.child(k), child);
    }
  }

  void prepare(DistributionPlan& plan) {
    isl::union_map value = isl::union_map::empty(ctx_);
    for (const DistributedBand& b : plan.bands) value = value.unite(b.value);
    distributed_ = value.domain();
    replicated_ = schedule_.domain().subtract(distributed_);
    // Two ranks' blocks never overlap: pairs that only exist when they do are
    // no messages (kept out of the sets themselves, whose scans it would split).
    apart_ = isl::set(ctx_, "[" + std::string(kSenderLow) + ", " + kSenderHigh + ", " + kReceiverLow + ", " +
                                kReceiverHigh + "] -> { : " + kSenderHigh + " < " + kReceiverLow + " or " +
                                kReceiverHigh + " < " + kSenderLow + " }");
    on_sender_ = value.intersect_range(value_range(ctx_, kSenderLow, kSenderHigh)).domain();
    on_receiver_ = value.intersect_range(value_range(ctx_, kReceiverLow, kReceiverHigh)).domain();
    run_by_receiver_ = on_receiver_.unite(replicated_);
    remote_flow_ = flow_.intersect_domain(on_sender_);
    writes_ = program_.writes();
    time_ = flat_schedule(schedule_);

    const isl::set values = single_set(value.range(), tuple_space(ctx_, 1));
    plan.lower = isl::manage(isl_pw_multi_aff_get_pw_aff(values.lexmin_pw_multi_aff().release(), 0));
    plan.upper = isl::manage(isl_pw_multi_aff_get_pw_aff(values.lexmax_pw_multi_aff().release(), 0));
  }

  // The elements crossing ranks just before the part at `c`, and its call.
  CommunicationPoint exchange_at(const Candidate& c) {
    CommunicationPoint point;
    point.before = c.before;
    const isl::schedule_node node = at_path(schedule_, c.path);
    const int dims = static_cast<int>(isl_schedule_node_get_schedule_depth(node.get()));
    point.prefix_dims = dims;
    const isl::union_set part = node_domain(node);
    const isl::union_map prefix = node.get_prefix_schedule_union_map().intersect_domain(part);
    const isl::union_set here = prefix.intersect_range(prefix_equals_parameters(ctx_, dims)).domain();
    const isl::union_set readers = c.distributed ? here.intersect(on_receiver_) : here;
    isl::union_map pairs = remote_flow_.intersect_range(readers);
    if (pairs.intersect_params(apart_).is_empty()) return point;

    // Values the receiving rank has already had from the same write, read
    // before the part starts.
    const isl::set start = single_set(here.apply(time_), tuple_space(ctx_, 0)).lexmin();
    const isl::set earlier_times =
        isl::manage(isl_map_lex_lt(start.space().release())).intersect_range(start).domain();
    const isl::union_set earlier = time_.intersect_range(earlier_times).domain();
    const isl::union_set delivered = flow_.intersect_range(earlier.intersect(run_by_receiver_)).domain();
    pairs = pairs.subtract_domain(delivered);
    if (pairs.intersect_params(apart_).is_empty()) return point;
    point.readers = statement_names(pairs.range());
    point.arrays = arrays_of(writes_.intersect_domain(pairs.domain()).range());
    for (ExchangeArray& a : point.arrays) {
      const isl::union_set writers =
          writes_.intersect_range(isl::union_set(isl::set::universe(a.elements.space()))).domain();
      a.pairs = pairs.intersect_domain(writers);
    }
    return point;
  }

  CommunicationPoint gather_point() {
    CommunicationPoint point;
    point.call = "_ls_gather";
    point.gather = true;
    point.before = "the end of the region";
    const isl::union_set last = distributed_.intersect(writes_.domain()).subtract(overwrites_.domain());
    const isl::union_set delivered = flow_.intersect_range(run_by_receiver_).domain();
    isl::union_set elements = writes_.intersect_domain(last.intersect(on_sender_).subtract(delivered)).range();
    for (const Array& a : program_.arrays)
      if (a.temporary || a.declared_in_region)
        elements = elements.subtract(isl::union_set(isl::set::universe(elements_space(a))));
    point.arrays = arrays_of(elements);
    return point;
  }

  isl::space elements_space(const Array& a) const {
    return tuple_space(ctx_, static_cast<unsigned>(a.extents.size()), a.name);
  }

  std::vector<ExchangeArray> arrays_of(const isl::union_set& elements) const {
    std::vector<ExchangeArray> out;
    elements.foreach_set([&](isl::set s) {
      if (s.intersect_params(apart_).is_empty()) return;
      ExchangeArray e;
      e.array = isl_set_get_tuple_name(s.get());
      const Array* array = program_.find_array(e.array);
      e.element_type = array ? array->element_type : "double";
      e.elements = s.coalesce();
      e.pairs = isl::union_map::empty(ctx_);  // isl's C++ objects must not be null when copied
      out.push_back(std::move(e));
    });
    std::sort(out.begin(), out.end(), [](const ExchangeArray& a, const ExchangeArray& b) { return a.array < b.array; });
    return out;
  }

  static isl::union_map extension_for(const isl::set& prefixes, const std::string& call) {
    isl_map* map = isl_set_identity(prefixes.copy());
    map = isl_map_reset_tuple_id(map, isl_dim_in);
    map = isl_map_set_tuple_name(map, isl_dim_out, call.c_str());
    return isl::union_map(isl::manage(map));
  }

  isl::schedule graft_before(const isl::schedule& schedule, const Path& path, const CommunicationPoint& point) const {
    const isl::schedule_node node = at_path(schedule, path);
    const isl::union_set part = node_domain(node);
    const isl::set prefixes = single_set(node.get_prefix_schedule_union_map().intersect_domain(part).range(),
                                         tuple_space(ctx_, static_cast<unsigned>(point.prefix_dims)));
    const isl::schedule_node graft = isl::schedule_node::from_extension(extension_for(prefixes, point.call));
    return node.graft_before(graft).get_schedule();
  }

  isl::schedule graft_gather(const isl::schedule& schedule, const CommunicationPoint& point) const {
    const isl::schedule_node top = schedule.root().child(0);
    const isl::set always = isl::manage(isl_set_from_params(isl_union_set_params(schedule_.domain().release())));
    const isl::schedule_node graft = isl::schedule_node::from_extension(extension_for(always, point.call));
    return top.graft_after(graft).get_schedule();
  }

  const Program& program_;
  isl::ctx ctx_;
  isl::schedule schedule_;
  isl::union_map flow_, overwrites_;
  std::vector<Candidate> candidates_;
  isl::union_set distributed_, replicated_, on_sender_, on_receiver_, run_by_receiver_;
  isl::set apart_;
  isl::union_map remote_flow_, writes_, time_;
};

}  // namespace

DistributionPlan plan_distribution(const Program& program, const isl::schedule& schedule, const isl::union_map& flow,
                                   const isl::union_map& overwrites) {
  DistributionPlan plan;
  program.isl().bounded("plan the distributed execution", [&] { plan = Planner(program, schedule, flow, overwrites).run(); });
  return plan;
}

namespace {

isl::set fix_parameter(isl::set set, const std::string& name, long value) {
  const int pos = isl_set_find_dim_by_name(set.get(), isl_dim_param, name.c_str());
  if (pos < 0) return set;
  return isl::manage(isl_set_fix_si(set.release(), isl_dim_param, static_cast<unsigned>(pos), static_cast<int>(value)));
}

// How the elements a message carries depend on the step (the prefix
// parameters): only through `conditions` on the parameters, or (per_step)
// through constraints that also bound the elements.
struct StepConditions {
  struct Condition {
    std::map<std::string, long> coefficients;  // by parameter name
    long constant = 0;
    bool equality = false;  // = 0, else >= 0
  };
  bool per_step = false;
  std::vector<Condition> conditions;

  std::vector<bool> holding(const std::map<std::string, long>& values) const {
    std::vector<bool> out;
    for (const Condition& c : conditions) {
      long sum = c.constant;
      for (const auto& [name, coefficient] : c.coefficients) {
        const auto v = values.find(name);
        sum += coefficient * (v == values.end() ? 0 : v->second);
      }
      out.push_back(c.equality ? sum == 0 : sum >= 0);
    }
    return out;
  }
};

StepConditions step_conditions(const isl::set& elements, int prefix_dims) {
  struct State {
    StepConditions out;
    int prefix_dims;
  } state{{}, prefix_dims};
  isl_set_foreach_basic_set(
      elements.get(),
      [](isl_basic_set* bset, void* user) {
        isl_basic_set_foreach_constraint(
            bset,
            [](isl_constraint* c, void* user) {
              auto* st = static_cast<State*>(user);
              isl_space* space = isl_constraint_get_space(c);
              const isl_size n_param = isl_space_dim(space, isl_dim_param);
              bool on_step = false;
              StepConditions::Condition condition;
              for (int k = 0; k < n_param; ++k) {
                isl_val* v = isl_constraint_get_coefficient_val(c, isl_dim_param, k);
                const long coefficient = isl_val_get_num_si(v);
                isl_val_free(v);
                if (coefficient == 0) continue;
                const std::string name = isl_space_get_dim_name(space, isl_dim_param, static_cast<unsigned>(k));
                for (int p = 0; p < st->prefix_dims; ++p)
                  if (name == kPrefixParameter + std::to_string(p)) on_step = true;
                condition.coefficients[name] = coefficient;
              }
              isl_space_free(space);
              if (on_step) {
                const isl_size n_set = isl_constraint_dim(c, isl_dim_set);
                const isl_size n_div = isl_constraint_dim(c, isl_dim_div);
                if (isl_constraint_involves_dims(c, isl_dim_set, 0, static_cast<unsigned>(n_set)) != isl_bool_false ||
                    (n_div > 0 && isl_constraint_involves_dims(c, isl_dim_div, 0, static_cast<unsigned>(n_div)) !=
                                      isl_bool_false)) {
                  st->out.per_step = true;
                } else {
                  isl_val* constant = isl_constraint_get_constant_val(c);
                  condition.constant = isl_val_get_num_si(constant);
                  isl_val_free(constant);
                  condition.equality = isl_constraint_is_equality(c) == isl_bool_true;
                  st->out.conditions.push_back(std::move(condition));
                }
              }
              isl_constraint_free(c);
              return isl_stat_ok;
            },
            user);
        isl_basic_set_free(bset);
        return isl_stat_ok;
      },
      &state);
  return state.out;
}

// The instances of the grafted calls: the domains of the extension nodes.
isl::union_set calls_of(const isl::schedule& schedule) {
  isl::union_set calls = isl::union_set::empty(schedule.ctx());
  std::function<void(const isl::schedule_node&)> visit = [&](const isl::schedule_node& node) {
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_extension)
      calls = calls.unite(isl::manage(isl_schedule_node_extension_get_extension(node.get())).range());
    const int n = static_cast<int>(isl_schedule_node_n_children(node.get()));
    for (int k = 0; k < n; ++k) visit(node.child(k));
  };
  visit(schedule.root());
  return calls;
}

long count_points(const isl::set& set) {
  isl::val n = isl::manage(isl_set_count_val(set.get()));
  return n.is_null() ? 0 : n.get_num_si();
}

}  // namespace

MessageVolume message_volume(const Program& program, const DistributionPlan& plan, int ranks,
                             const std::map<std::string, long>& parameters, std::size_t max_rows) {
  MessageVolume volume;
  if (!plan.distributed() || ranks < 1) return volume;
  program.isl().bounded("count the messages", [&] {
    auto at_sizes = [&](isl::set s) {
      for (const auto& [name, value] : parameters) s = fix_parameter(s, name, value);
      return s;
    };
    auto evaluate = [&](const isl::pw_aff& f) {
      isl::set domain = at_sizes(f.domain());
      if (domain.is_empty()) return std::optional<long>();
      isl::point pt = isl::manage(isl_set_sample_point(domain.release()));
      isl::val v = isl::manage(isl_pw_aff_eval(f.copy(), pt.release()));
      return v.is_null() ? std::optional<long>() : std::optional<long>(v.get_num_si());
    };
    const std::optional<long> lower = evaluate(*plan.lower), upper = evaluate(*plan.upper);
    if (!lower || !upper) return;
    volume.lower = lower;
    volume.upper = upper;
    for (const CommunicationPoint& point : plan.points) {
      // The steps at which the point runs: its extension's domain.
      std::vector<std::vector<long>> steps;
      if (point.prefix_dims == 0) {
        steps.push_back({});
      } else {
        const unsigned dims = static_cast<unsigned>(point.prefix_dims);
        const isl::set instances = at_sizes(
            isl::manage(isl_union_set_extract_set(calls_of(plan.schedule).get(),
                                                  tuple_space(program.ctx(), dims, point.call).release())));
        instances.foreach_point([&](isl::point p) {
          std::vector<long> step;
          for (unsigned k = 0; k < dims; ++k) {
            isl::val v = isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, static_cast<int>(k)));
            step.push_back(v.get_num_si());
          }
          steps.push_back(std::move(step));
        });
      }
      // An exchange whose elements do not depend on the step (a stencil's
      // halo, the same at every time step) is counted once per pair of ranks:
      // counting it again at each of hundreds of steps took seconds.
      // Bounds on the steps make the elements' own bounds on them redundant
      // (gist). What is left of the steps is either in conditions on the
      // parameters alone (`t >= 2`: the first step sends nothing), which pick
      // one of a few counts, or tied to the elements: counted at every step.
      std::vector<StepConditions> by_step;
      std::vector<isl::set> sized;  // each array's elements at the plot's sizes
      for (const ExchangeArray& a : point.arrays) {
        sized.push_back(at_sizes(a.elements));
        isl::set elements = sized.back();
        isl_set* box = isl_set_universe(isl_space_params(isl_set_get_space(elements.get())));
        for (int k = 0; k < point.prefix_dims && !steps.empty(); ++k) {
          const int pos = isl_set_find_dim_by_name(box, isl_dim_param, (kPrefixParameter + std::to_string(k)).c_str());
          if (pos < 0) continue;
          long lo = steps.front()[static_cast<std::size_t>(k)], hi = lo;
          for (const auto& step : steps) {
            lo = std::min(lo, step[static_cast<std::size_t>(k)]);
            hi = std::max(hi, step[static_cast<std::size_t>(k)]);
          }
          box = isl_set_lower_bound_si(box, isl_dim_param, static_cast<unsigned>(pos), static_cast<int>(lo));
          box = isl_set_upper_bound_si(box, isl_dim_param, static_cast<unsigned>(pos), static_cast<int>(hi));
        }
        elements = isl::manage(isl_set_gist_params(elements.release(), box));
        by_step.push_back(step_conditions(elements, point.prefix_dims));
      }
      // (from, to, array, which conditions hold) of the arrays not counted per step
      std::map<std::tuple<int, int, std::size_t, std::vector<bool>>, long> counted;
      for (const auto& step : steps) {
        std::map<std::string, long> values = parameters;  // every parameter of the elements, for the conditions
        for (int k = 0; k < point.prefix_dims; ++k)
          values[kPrefixParameter + std::to_string(k)] = step[static_cast<std::size_t>(k)];
        for (int from = 0; from < ranks; ++from)
          for (int to = 0; to < ranks; ++to) {
            if (from == to || (point.gather && to != 0)) continue;
            const auto [slo, shi] = rank_block(*lower, *upper, from, ranks);
            const auto [dlo, dhi] = rank_block(*lower, *upper, to, ranks);
            values[kSenderLow] = slo;
            values[kSenderHigh] = shi;
            values[kReceiverLow] = dlo;
            values[kReceiverHigh] = dhi;
            MessageRow row{point.call, step, from, to, 0, 0};
            for (std::size_t index = 0; index < point.arrays.size(); ++index) {
              const ExchangeArray& a = point.arrays[index];
              const StepConditions& conditions = by_step[index];
              const auto key = std::make_tuple(from, to, index, conditions.holding(values));
              const auto known = conditions.per_step ? counted.end() : counted.find(key);
              long n = 0;
              if (known != counted.end()) {
                n = known->second;
              } else {
                isl::set s = sized[index];
                for (int k = 0; k < point.prefix_dims; ++k)
                  s = fix_parameter(s, kPrefixParameter + std::to_string(k), step[static_cast<std::size_t>(k)]);
                s = fix_parameter(fix_parameter(s, kSenderLow, slo), kSenderHigh, shi);
                s = fix_parameter(fix_parameter(s, kReceiverLow, dlo), kReceiverHigh, dhi);
                n = count_points(s);
                if (!conditions.per_step) counted[key] = n;
              }
              row.elements += n;
              row.bytes += n * element_size(a.element_type);
              if (n > 0) ++volume.messages;
            }
            if (row.elements == 0) continue;
            volume.total_elements += row.elements;
            volume.total_bytes += row.bytes;
            if (volume.rows.size() < max_rows)
              volume.rows.push_back(std::move(row));
            else
              volume.truncated = true;
          }
      }
    }
  });
  return volume;
}

}  // namespace loopscape

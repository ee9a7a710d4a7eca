// SPDX-License-Identifier: Apache-2.0
#include "analysis/systolic.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>

#include "schedule/loop_names.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"
#include "support/error.h"

namespace loopscape {

std::vector<const SystolicChannel*> SystolicArray::channels_for(const std::string& reader, int access) const {
  std::vector<const SystolicChannel*> out;
  for (const SystolicChannel& c : channels)
    if (c.reader == reader && c.read_access == access) out.push_back(&c);
  return out;
}

const SystolicStream* SystolicArray::stream_for(const std::string& statement, int access) const {
  for (const SystolicStream& s : streams)
    if (s.statement == statement && s.access == access) return &s;
  return nullptr;
}

bool SystolicArray::direct(const std::string& array) const {
  return std::find(direct_arrays.begin(), direct_arrays.end(), array) != direct_arrays.end();
}

const SystolicArray* SystolicPlan::find(const std::string& statement) const {
  for (const SystolicArray& a : arrays)
    if (std::find(a.statements.begin(), a.statements.end(), statement) != a.statements.end()) return &a;
  return nullptr;
}

namespace {

bool is_band(const isl::schedule_node& n) { return isl_schedule_node_get_type(n.get()) == isl_schedule_node_band; }

std::optional<LoopTag> find_tag(const isl::schedule_node& band, const std::string& kind) {
  for (const LoopTag& t : node_tags(band))
    if (t.kind == kind) return t;
  return std::nullopt;
}

// { [a0..a(n-1)] -> [b0..b(n-1)] : constraints } over anonymous tuples, as isl text.
isl::map tuple_relation(const isl::ctx& ctx, int n, const std::function<std::string(int)>& constraint) {
  std::string a, b, c;
  for (int k = 0; k < n; ++k) {
    a += (k ? ", " : "") + std::string("a") + std::to_string(k);
    b += (k ? ", " : "") + std::string("b") + std::to_string(k);
    const std::string one = constraint(k);
    if (!one.empty()) c += (c.empty() ? "" : " and ") + one;
  }
  return isl::map(ctx, "{ [" + a + "] -> [" + b + "]" + (c.empty() ? "" : " : " + c) + " }");
}

// The value of a constant piecewise function, or nothing.
std::optional<long> constant_of(const isl::pw_aff& f) {
  const isl::val lo = isl::manage(isl_pw_aff_min_val(f.copy()));
  const isl::val hi = isl::manage(isl_pw_aff_max_val(f.copy()));
  if (lo.is_null() || hi.is_null() || !lo.is_int() || !hi.is_int() || !lo.eq(hi)) return std::nullopt;
  return lo.get_num_si();
}

// Lower and upper bound of dimension `dim` of `values` (a set of one space).
std::pair<isl::pw_aff, isl::pw_aff> dim_range(const isl::set& values, int dim) {
  const int n = static_cast<int>(isl_set_dim(values.get(), isl_dim_set));
  isl::set one = isl::manage(isl_set_project_out(values.copy(), isl_dim_set, static_cast<unsigned>(dim + 1),
                                                 static_cast<unsigned>(n - dim - 1)));
  one = isl::manage(isl_set_project_out(one.release(), isl_dim_set, 0, static_cast<unsigned>(dim)));
  return {isl::manage(isl_set_dim_min(one.copy(), 0)), isl::manage(isl_set_dim_max(one.release(), 0))};
}

isl::set single_set(const isl::union_set& u) {
  isl::set out;
  u.foreach_set([&](isl::set s) { out = out.is_null() ? s : out.unite(s); });
  return out;
}

isl::map map_of(const isl::union_map& u, const std::string& statement) {
  isl::map out;
  u.foreach_map([&](isl::map m) {
    const char* name = isl_map_get_tuple_name(m.get(), isl_dim_in);
    if (name && statement == name) out = m;
  });
  return out;
}

// The single point of `deltas`, or nothing when it has several (or none).
std::optional<std::vector<long>> single_point(const isl::set& deltas) {
  if (deltas.is_empty() || isl_set_is_singleton(deltas.get()) != isl_bool_true) return std::nullopt;
  const isl::point p = deltas.sample_point();
  std::vector<long> out;
  const int n = static_cast<int>(isl_set_dim(deltas.get(), isl_dim_set));
  for (int k = 0; k < n; ++k)
    out.push_back(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, k)).get_num_si());
  return out;
}

std::string element_type_of(const Program& program, const std::string& array) {
  const Array* a = program.find_array(array);
  return a && !a->element_type.empty() ? a->element_type : "double";
}

constexpr long kCountLimit = 1 << 20;  // points a FIFO's depth is counted over, at most

// The source iterator a space band schedules (j for { S0[i, j, k] -> [j] }),
// else the name a command gave it, else s<position>.
std::string space_loop_name(const isl::schedule_node& band) {
  const std::vector<std::string> names = band_loop_names(band);
  if (!names.empty() && !names[0].empty()) return names[0];
  std::string found;
  const isl::union_pw_aff member =
      isl::manage(isl_schedule_node_band_get_partial_schedule(band.get())).at(0);
  const isl::pw_aff_list pieces = isl::manage(isl_union_pw_aff_get_pw_aff_list(member.get()));
  for (int p = 0; p < static_cast<int>(isl_pw_aff_list_size(pieces.get())) && found.empty(); ++p) {
    const isl::pw_aff f = isl::manage(isl_pw_aff_list_get_at(pieces.get(), p));
    if (isl_pw_aff_n_piece(f.get()) != 1) continue;
    isl_pw_aff_foreach_piece(
        f.get(),
        [](isl_set* set, isl_aff* aff, void* user) {
          isl_set_free(set);
          const int n = static_cast<int>(isl_aff_dim(aff, isl_dim_in));
          for (int d = 0; d < n; ++d) {
            const isl::val c = isl::manage(isl_aff_get_coefficient_val(aff, isl_dim_in, d));
            if (c.is_one() || c.is_negone()) {
              const char* name = isl_aff_get_dim_name(aff, isl_dim_in, static_cast<unsigned>(d));
              if (name) *static_cast<std::string*>(user) = name;
            }
          }
          isl_aff_free(aff);
          return isl_stat_ok;
        },
        &found);
  }
  return found;
}

class ArrayPlanner {
 public:
  ArrayPlanner(const Program& program, const Dependences& dependences, SystolicArray& out)
      : program_(program), dependences_(dependences), a_(out) {}

  void plan(const isl::schedule_node& time_band) {
    isl::schedule_node node = time_band;
    a_.outer_dims = static_cast<int>(isl_schedule_node_get_schedule_depth(node.get()));
    while (is_band(node) && find_tag(node, "time")) {
      const LoopTag t = *find_tag(node, "time");
      const std::string formula = t.args.empty() ? std::string() : t.args[0];
      a_.time_formulas.push_back(formula);
      a_.time_loops.push_back(formula.substr(0, formula.find('=')));
      a_.check_time = a_.check_time || std::find(t.args.begin(), t.args.end(), "check") != t.args.end();
      if (isl_schedule_node_band_n_member(node.get()) != 1) break;
      node = skip_marks(node.child(0));
    }
    while (is_band(node) && find_tag(node, "space") && isl_schedule_node_band_n_member(node.get()) == 1) {
      std::string name = space_loop_name(node);
      if (name.empty()) name = "s" + std::to_string(a_.space_loops.size());
      a_.space_loops.push_back(name);
      node = skip_marks(node.child(0));
    }
    const int nt = static_cast<int>(a_.time_loops.size());
    const int k = static_cast<int>(a_.space_loops.size());
    const int m = a_.outer_dims;
    if (nt == 0 || nt > 2 || k == 0)
      throw InputError(SourceLocation{}, "the space-time transformed nest has no time loop directly around its "
                                         "space loops (was it tiled or reordered after the transform?)");
    const isl::union_map prefix = isl::manage(isl_schedule_node_get_prefix_schedule_union_map(node.get()))
                                      .intersect_domain(isl::manage(isl_schedule_node_get_domain(node.get())));
    prefix.domain().foreach_set([&](isl::set s) { a_.statements.push_back(isl_set_get_tuple_name(s.get())); });
    std::sort(a_.statements.begin(), a_.statements.end(), [&](const std::string& x, const std::string& y) {
      return program_.statement_index(x) < program_.statement_index(y);
    });

    // The flattened clock: [outer, t1, (t2), pe] -> [outer, t1 * E2 + t2, pe].
    isl::ctx ctx = program_.ctx();
    const int width = m + nt + k;
    const isl::set values = single_set(prefix.range());
    for (int q = 0; q < nt; ++q) {
      const auto [lo, hi] = dim_range(values, m + q);
      a_.time_lower.push_back(lo);
      a_.time_upper.push_back(hi);
    }
    if (nt == 2) {
      const auto [lo, hi] = dim_range(values, m + 1);
      const std::optional<long> e2 = constant_of(hi.sub(lo).add(isl::manage(
          isl_pw_aff_val_on_domain(isl_set_params(values.copy()), isl_val_one(ctx.get())))));
      if (!e2) {
        chained_parametric_ = true;
        a_.notes.push_back("the chained projection's t2 takes a number of values that depends on the sizes: the "
                           "steps cannot be flattened, so every array stays in memory");
      }
      a_.t2_extent = e2.value_or(1);
    }
    std::string a, b;
    for (int d = 0; d < width; ++d) a += (d ? ", " : "") + std::string("a") + std::to_string(d);
    for (int d = 0; d < width; ++d) {
      if (nt == 2 && d == m + 1) continue;
      std::string v = "a" + std::to_string(d);
      if (nt == 2 && d == m) v = std::to_string(a_.t2_extent) + "*a" + std::to_string(m) + " + a" + std::to_string(m + 1);
      b += (b.empty() ? "" : ", ") + v;
    }
    const isl::map flatten(ctx, "{ [" + a + "] -> [" + b + "] }");
    a_.schedule_values = prefix;
    a_.clock = prefix.apply_range(isl::union_map(flatten));
    const isl::set clock_values = single_set(a_.clock.range());
    std::tie(a_.step_lower, a_.step_upper) = dim_range(clock_values, m);
    for (int q = 0; q < k; ++q) {
      const auto [lo, hi] = dim_range(clock_values, m + 1 + q);
      a_.pe_lower.push_back(lo);
      a_.pe_upper.push_back(hi);
    }
    for (const std::string& s : a_.statements) clocks_[s] = map_of(a_.clock, s);
    clock_width_ = m + 1 + k;

    if (!chained_parametric_) {
      flow_channels();
      reuse_channels();
    } else {
      for (const std::string& s : a_.statements)
        for (const Access& x : statement(s).accesses) mark_direct(x.array, "");
    }
    drop_direct_channels();
    streams();
  }

 private:
  const Statement& statement(const std::string& name) const { return *program_.find_statement(name); }
  bool in_nest(const std::string& s) const { return clocks_.count(s) > 0; }

  void mark_direct(const std::string& array, const std::string& why) {
    if (a_.direct(array)) return;
    a_.direct_arrays.push_back(array);
    if (!why.empty()) a_.notes.push_back(why);
  }

  // x -> y of statements s1, s2 in the same run of the array (equal outer values).
  isl::map same_run(const std::string& s1, const std::string& s2) const {
    const int m = a_.outer_dims;
    const isl::map equal =
        tuple_relation(program_.ctx(), clock_width_, [&](int d) { return d < m ? "b" + std::to_string(d) + " = a" + std::to_string(d) : std::string(); });
    return clocks_.at(s1).apply_range(equal).apply_range(clocks_.at(s2).reverse());
  }

  int register_for(const std::string& s, int access) {
    for (std::size_t r = 0; r < a_.registers.size(); ++r)
      if (a_.registers[r].statement == s && a_.registers[r].access == access) return static_cast<int>(r);
    const Access& x = statement(s).accesses.at(static_cast<std::size_t>(access));
    SystolicRegister r;
    r.statement = s;
    r.access = access;
    r.array = x.array;
    r.element_type = element_type_of(program_, x.array);
    r.name = "sr_" + x.array + "_" + s + (x.kind == Access::Kind::Read ? "_r" + std::to_string(access) : "");
    a_.registers.push_back(r);
    return static_cast<int>(a_.registers.size()) - 1;
  }

  void add_channel(SystolicChannel::Kind kind, int reg, const std::string& reader, int access,
                   const std::vector<long>& delta, const isl::set& served) {
    const int m = a_.outer_dims;
    SystolicChannel c;
    c.kind = kind;
    c.register_index = reg;
    c.reader = reader;
    c.read_access = access;
    c.delay = delta.at(static_cast<std::size_t>(m));
    c.pe_step.assign(delta.begin() + m + 1, delta.end());
    c.served = served.coalesce();
    a_.registers[static_cast<std::size_t>(reg)].depth =
        std::max(a_.registers[static_cast<std::size_t>(reg)].depth, c.delay + 1);
    a_.channels.push_back(std::move(c));
  }

  // Reads whose value a statement of the nest wrote in the same run, at one
  // distance: through the writer's register.
  void flow_channels() {
    for (const Dependence& d : dependences_.list) {
      if (d.kind != DependenceKind::ReadAfterWrite || !in_nest(d.source_statement) || !in_nest(d.sink_statement))
        continue;
      const isl::map pairs = d.relation.intersect(same_run(d.source_statement, d.sink_statement));
      if (pairs.is_empty()) continue;
      const isl::set deltas =
          pairs.apply_domain(clocks_.at(d.source_statement)).apply_range(clocks_.at(d.sink_statement)).deltas();
      const std::optional<std::vector<long>> delta = single_point(deltas);
      if (!delta) {
        mark_direct(d.array, d.sink_statement + " reads " + d.array + " from " + d.source_statement +
                                 " at varying steps or PEs: " + d.array + " stays in memory");
        continue;
      }
      add_channel(SystolicChannel::Kind::Flow, register_for(d.source_statement, d.source_access), d.sink_statement,
                  d.sink_access, *delta, pairs.range());
    }
  }

  // Reads of arrays the nest does not write that an earlier read of the same
  // element in this PE or a neighbouring one can forward.
  void reuse_channels() {
    std::set<std::string> written;
    for (const std::string& s : a_.statements)
      for (const Access& x : statement(s).accesses)
        if (x.kind == Access::Kind::Write) written.insert(x.array);
    const int m = a_.outer_dims;
    const int k = static_cast<int>(a_.space_loops.size());
    for (const std::string& s : a_.statements) {
      const Statement& st = statement(s);
      const isl::map clock = clocks_.at(s);
      for (std::size_t r = 0; r < st.accesses.size(); ++r) {
        const Access& x = st.accesses[r];
        if (x.kind != Access::Kind::Read || written.count(x.array)) continue;
        const isl::map same_element = x.relation.apply_range(x.relation.reverse());  // x -> y reading one element
        // Candidate PE steps: stay in the PE, then one PE along each dimension, either way.
        std::vector<std::vector<long>> steps{std::vector<long>(static_cast<std::size_t>(k), 0)};
        for (int q = 0; q < k; ++q)
          for (long dir : {1L, -1L}) {
            std::vector<long> v(static_cast<std::size_t>(k), 0);
            v[static_cast<std::size_t>(q)] = dir;
            steps.push_back(v);
          }
        std::optional<std::vector<long>> best;
        isl::set best_served;
        for (const std::vector<long>& step : steps) {
          const isl::map order = tuple_relation(program_.ctx(), clock_width_, [&](int d) {
            const std::string a = "a" + std::to_string(d), b = "b" + std::to_string(d);
            if (d < m) return b + " = " + a;
            if (d == m) return b + " > " + a;
            return b + " = " + a + " + " + std::to_string(step[static_cast<std::size_t>(d - m - 1)]);
          });
          const isl::map pairs = same_element.intersect(clock.apply_range(order).apply_range(clock.reverse()));
          if (pairs.is_empty()) continue;
          // For each reader y, the latest earlier read: y -> clock(x), lexmax.
          const isl::map latest = pairs.reverse().apply_range(clock).lexmax();
          const std::optional<std::vector<long>> back = single_point(latest.apply_domain(clock).deltas());
          if (!back) continue;
          std::vector<long> delta;
          for (long v : *back) delta.push_back(-v);
          if (!best || delta[static_cast<std::size_t>(m)] < (*best)[static_cast<std::size_t>(m)]) {
            best = delta;
            best_served = latest.domain();
          }
          if (std::all_of(step.begin(), step.end(), [](long v) { return v == 0; })) break;  // stays in the PE
        }
        if (best)
          add_channel(SystolicChannel::Kind::Reuse, register_for(s, static_cast<int>(r)), s, static_cast<int>(r),
                      *best, best_served);
      }
    }
  }

  void drop_direct_channels() {
    std::vector<SystolicChannel> kept;
    for (SystolicChannel& c : a_.channels)
      if (!a_.direct(a_.registers[static_cast<std::size_t>(c.register_index)].array)) kept.push_back(std::move(c));
    a_.channels = std::move(kept);
    std::vector<SystolicRegister> registers;
    std::map<int, int> renumbered;
    for (std::size_t r = 0; r < a_.registers.size(); ++r) {
      if (a_.direct(a_.registers[r].array)) continue;
      renumbered[static_cast<int>(r)] = static_cast<int>(registers.size());
      registers.push_back(a_.registers[r]);
    }
    for (SystolicChannel& c : a_.channels) c.register_index = renumbered.at(c.register_index);
    a_.registers = std::move(registers);
  }

  // The most PEs that use a stream in one step, plus one. Counted when the
  // sizes are fixed and the uses few; else bounded by the box of the PEs that use it.
  long stream_depth(const std::string& s, const isl::set& instances) const {
    const int m = a_.outer_dims;
    const isl::set used = instances.apply(clocks_.at(s));
    if (isl_set_dim(used.get(), isl_dim_param) == 0 || isl_set_involves_dims(used.get(), isl_dim_param, 0,
            static_cast<unsigned>(isl_set_dim(used.get(), isl_dim_param))) == isl_bool_false) {
      struct Count {
        int m = 0;
        long seen = 0, most = 0;
        std::map<std::vector<long>, long> per_step;
      } count;
      count.m = m;
      const isl_stat done = isl_set_foreach_point(
          used.get(),
          [](isl_point* p, void* user) {
            Count& c = *static_cast<Count*>(user);
            std::vector<long> key;
            for (int d = 0; d <= c.m; ++d) {
              isl_val* v = isl_point_get_coordinate_val(p, isl_dim_set, d);
              key.push_back(isl_val_get_num_si(v));
              isl_val_free(v);
            }
            isl_point_free(p);
            c.most = std::max(c.most, ++c.per_step[key]);
            return ++c.seen > kCountLimit ? isl_stat_error : isl_stat_ok;
          },
          &count);
      if (done == isl_stat_ok) return count.most + 1;
    }
    const isl::set pes = isl::manage(isl_set_project_out(used.copy(), isl_dim_set, 0, static_cast<unsigned>(m + 1)));
    long count = 1;
    for (int q = 0; q < clock_width_ - m - 1; ++q) {
      const auto [lo, hi] = dim_range(pes, q);
      const isl::val hi_max = isl::manage(isl_pw_aff_max_val(hi.copy()));
      const isl::val lo_min = isl::manage(isl_pw_aff_min_val(lo.copy()));
      if (hi_max.is_int() && lo_min.is_int()) count *= std::max(1L, hi_max.get_num_si() - lo_min.get_num_si() + 1);
    }
    return count + 1;
  }

  void streams() {
    for (const std::string& s : a_.statements) {
      const Statement& st = statement(s);
      const isl::set domain = st.domain;
      for (std::size_t r = 0; r < st.accesses.size(); ++r) {
        const Access& x = st.accesses[r];
        if (a_.direct(x.array)) continue;
        SystolicStream stream;
        stream.statement = s;
        stream.access = static_cast<int>(r);
        stream.array = x.array;
        stream.element_type = element_type_of(program_, x.array);
        if (x.kind == Access::Kind::Read) {
          isl::set unserved = domain;
          for (const SystolicChannel* c : a_.channels_for(s, static_cast<int>(r))) unserved = unserved.subtract(c->served);
          if (unserved.is_empty()) continue;
          stream.load = true;
          stream.name = x.array + "_" + s + "_r" + std::to_string(r) + "_in";
          stream.instances = unserved.coalesce();
        } else {
          // The last write of each element in a run: no later write of the nest, same run, overwrites it.
          isl::set killed = isl::manage(isl_set_empty(domain.get_space().release()));
          for (const Dependence& d : dependences_.list)
            if (d.kind == DependenceKind::WriteAfterWrite && d.source_statement == s &&
                d.source_access == static_cast<int>(r) && in_nest(d.sink_statement))
              killed = killed.unite(d.relation.intersect(same_run(s, d.sink_statement)).domain());
          stream.load = false;
          stream.name = x.array + "_" + s + "_out";
          stream.instances = domain.subtract(killed).coalesce();
          if (stream.instances.is_empty()) continue;
        }
        stream.depth = stream_depth(s, stream.instances);
        a_.streams.push_back(std::move(stream));
      }
    }
  }

  const Program& program_;
  const Dependences& dependences_;
  SystolicArray& a_;
  std::map<std::string, isl::map> clocks_;
  int clock_width_ = 0;
  bool chained_parametric_ = false;
};

}  // namespace

isl::map SystolicArray::values_of(const std::string& statement) const { return map_of(schedule_values, statement); }

SystolicPlan plan_systolic(const Program& program, const isl::schedule& schedule, const Dependences& dependences) {
  SystolicPlan plan;
  program.isl().bounded("plan the systolic arrays", [&] {
    std::function<void(const isl::schedule_node&)> visit = [&](const isl::schedule_node& node) {
      if (is_band(node) && find_tag(node, "time")) {
        SystolicArray array;
        ArrayPlanner(program, dependences, array).plan(node);
        plan.arrays.push_back(std::move(array));
        return;
      }
      const int n = static_cast<int>(isl_schedule_node_n_children(node.get()));
      for (int c = 0; c < n; ++c) visit(node.child(c));
    };
    visit(schedule.root());
  });
  return plan;
}

PeActivity pe_activity(const Program& program, const SystolicArray& array,
                       const std::map<std::string, long>& parameters, std::size_t limit) {
  PeActivity out;
  program.isl().bounded("list the processing elements' work", [&] {
    isl::union_map clock = array.clock;
    isl::set params = isl::manage(isl_set_universe(isl_space_params(isl_union_map_get_space(clock.get()))));
    for (const auto& [name, value] : parameters) {
      const int pos = isl_set_find_dim_by_name(params.get(), isl_dim_param, name.c_str());
      if (pos >= 0)
        params = isl::manage(isl_set_fix_si(params.release(), isl_dim_param, static_cast<unsigned>(pos),
                                            static_cast<int>(value)));
    }
    if (!program.context.is_null()) params = params.intersect_params(program.context);
    clock = clock.intersect_params(params);
    const isl::point at = params.sample_point();
    if (at.is_null() || params.is_empty()) return;
    auto value_at = [&](const isl::pw_aff& f) {
      isl::pw_aff g = f.intersect_params(params);
      const isl::val v = isl::manage(isl_pw_aff_max_val(g.release()));
      return v.is_int() ? v.get_num_si() : 0L;
    };
    const long step0 = value_at(array.step_lower);
    out.steps = value_at(array.step_upper) - step0 + 1;
    for (std::size_t q = 0; q < array.pe_lower.size(); ++q) {
      out.pe_lower.push_back(-value_at(array.pe_lower[q].neg()));
      out.pe_upper.push_back(value_at(array.pe_upper[q]));
    }
    const int m = array.outer_dims;
    std::map<std::vector<long>, long> runs;
    std::vector<std::vector<long>> outer_of;  // per firing
    clock.foreach_map([&](isl::map m_) {
      const std::string statement = isl_map_get_tuple_name(m_.get(), isl_dim_in);
      const int in = static_cast<int>(isl_map_dim(m_.get(), isl_dim_in));
      const isl::set wrapped = m_.wrap();
      wrapped.foreach_point([&](isl::point p) {
        if (out.firings.size() >= limit) {
          out.truncated = true;
          return;
        }
        const int n = static_cast<int>(isl_set_dim(wrapped.get(), isl_dim_set));
        std::vector<long> v;
        for (int d = 0; d < n; ++d)
          v.push_back(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, d)).get_num_si());
        PeFiring f;
        f.statement = statement;
        f.iteration.assign(v.begin(), v.begin() + in);
        std::vector<long> outer(v.begin() + in, v.begin() + in + m);
        runs.emplace(outer, 0);
        f.run = 0;
        f.step = v.at(static_cast<std::size_t>(in + m)) - step0;
        f.pe.assign(v.begin() + in + m + 1, v.end());
        out.firings.push_back(std::move(f));
        outer_of.push_back(std::move(outer));
      });
    });
    // Which firings use which stream.
    std::map<std::pair<std::string, std::vector<long>>, std::vector<int>> uses;
    for (std::size_t k = 0; k < array.streams.size(); ++k) {
      const SystolicStream& stream = array.streams[k];
      stream.instances.intersect_params(params).foreach_point([&](isl::point p) {
        const int n = static_cast<int>(isl_set_dim(stream.instances.get(), isl_dim_set));
        std::vector<long> v;
        for (int d = 0; d < n; ++d)
          v.push_back(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, d)).get_num_si());
        uses[{stream.statement, v}].push_back(static_cast<int>(k));
      });
    }
    for (PeFiring& f : out.firings)
      if (const auto found = uses.find({f.statement, f.iteration}); found != uses.end()) f.streams = found->second;
    long r = 0;
    for (auto& [key, index] : runs) index = r++;
    out.runs = std::max(1L, r);
    for (std::size_t f = 0; f < out.firings.size(); ++f) out.firings[f].run = runs.at(outer_of[f]);
    std::stable_sort(out.firings.begin(), out.firings.end(), [&](const PeFiring& x, const PeFiring& y) {
      if (x.run != y.run) return x.run < y.run;
      if (x.step != y.step) return x.step < y.step;
      if (x.pe != y.pe) return x.pe < y.pe;
      return program.statement_index(x.statement) < program.statement_index(y.statement);
    });
  });
  return out;
}

}  // namespace loopscape

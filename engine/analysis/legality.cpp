// SPDX-License-Identifier: Apache-2.0
#include "analysis/legality.h"

#include "analysis/private_scalars.h"

#include "support/text.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "analysis/inlining.h"
#include "analysis/reductions.h"
#include "analysis/storage_fold_check.h"
#include "schedule/data_layout.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/parallelism.h"
#include "schedule/tags.h"

namespace loopscape {

namespace {

template <typename T>
T checked(T object, const char* what) {
  if (object.is_null()) throw std::runtime_error(std::string("isl returned no result in ") + what);
  return object;
}

std::string join_longs(const std::vector<long>& values) {
  std::string s;
  for (std::size_t k = 0; k < values.size(); ++k) s += (k ? ", " : "") + std::to_string(values[k]);
  return s;
}

std::string tuple_text(const std::string& name, const std::vector<long>& values) {
  return name + "[" + join_longs(values) + "]";
}

std::string element_text(const std::string& array, const std::vector<long>& subscripts) {
  std::string s = array;
  for (long v : subscripts) s += "[" + std::to_string(v) + "]";
  return s;
}

unsigned dims(const isl::set& s) { return static_cast<unsigned>(isl_set_dim(s.get(), isl_dim_set)); }
unsigned in_dims(const isl::map& m) { return static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_in)); }
unsigned out_dims(const isl::map& m) { return static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out)); }

std::vector<long> coordinates(const isl::point& p, isl_dim_type type, unsigned first, unsigned count) {
  std::vector<long> out;
  for (unsigned k = 0; k < count; ++k) {
    isl::val v = checked(isl::manage(isl_point_get_coordinate_val(p.get(), type, int(first + k))),
                         "reading a point");
    out.push_back(v.get_num_si());
  }
  return out;
}

// A point of `s` (a single point after lexmin); null when `s` is empty.
isl::point some_point(const isl::set& s) {
  if (s.is_empty()) return {};
  isl::set pick = s;
  if (isl_set_is_bounded(pick.get()) != isl_bool_true) {
    // lexmin needs a lower bound: look inside a generous box first.
    isl::set box = isl::set::universe(pick.space());
    for (unsigned k = 0; k < dims(pick); ++k) {
      box = isl::manage(isl_set_lower_bound_si(box.release(), isl_dim_set, k, -1000000));
      box = isl::manage(isl_set_upper_bound_si(box.release(), isl_dim_set, k, 1000000));
    }
    isl::set boxed = pick.intersect(box);
    if (boxed.is_empty()) return pick.sample_point();
    pick = boxed;
  }
  return isl::manage(isl_set_lexmin(pick.copy())).sample_point();
}

// One concrete pair of `pairs` (source -> sink): parameters the pairs involve
// fixed to small values (4 first), then the lexicographically smallest pair.
struct PairSample {
  std::vector<long> source, sink;
  std::vector<std::pair<std::string, long>> parameters;
  isl::map pair;  // the single pair, parameters fixed
};

std::optional<PairSample> sample_pair(const Program& program, const isl::map& pairs_in) {
  isl::map pairs = pairs_in;
  if (!program.context.is_null()) pairs = pairs.intersect_params(program.context);
  if (pairs.is_empty()) return std::nullopt;
  isl::set wrapped = pairs.wrap();
  isl::set params = wrapped.params();
  PairSample sample;
  const int n_param = isl_set_dim(wrapped.get(), isl_dim_param);
  static const long kTry[] = {4, 5, 6, 8, 3, 10, 16, 2, 32, 64, 1, 0, 100, 128, 1000};
  std::vector<int> fixed_dims;
  for (int k = 0; k < n_param; ++k) {
    if (isl_set_involves_dims(wrapped.get(), isl_dim_param, unsigned(k), 1) != isl_bool_true) continue;
    for (long v : kTry) {
      isl::set tried = isl::manage(isl_set_fix_si(params.copy(), isl_dim_param, unsigned(k), int(v)));
      if (!tried.is_empty()) {
        params = tried;
        break;
      }
    }
    fixed_dims.push_back(k);
  }
  if (!fixed_dims.empty()) {
    // Parameters no tried value suits: any value that keeps a violation.
    isl::point p = params.sample_point();
    for (int k : fixed_dims) {
      isl::val v = checked(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_param, k)),
                           "parameter value");
      params = isl::manage(isl_set_fix_val(params.release(), isl_dim_param, unsigned(k), v.release()));
      const char* name = isl_set_get_dim_name(wrapped.get(), isl_dim_param, unsigned(k));
      isl::val again = checked(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_param, k)),
                               "parameter value");
      sample.parameters.emplace_back(name ? name : "p" + std::to_string(k), again.get_num_si());
    }
    wrapped = wrapped.intersect_params(params);
  }
  isl::point p = some_point(wrapped);
  if (p.is_null() || isl_point_is_void(p.get()) == isl_bool_true) return std::nullopt;
  const unsigned n_in = in_dims(pairs), n_out = out_dims(pairs);
  sample.source = coordinates(p, isl_dim_set, 0, n_in);
  sample.sink = coordinates(p, isl_dim_set, n_in, n_out);
  sample.pair = isl::manage(isl_set_from_point(p.copy())).unwrap();
  return sample;
}

std::string affine_term(long c, const std::string& name, bool first) {
  std::string s;
  if (c < 0) s = first ? "-" : " - ";
  else if (!first) s = " + ";
  const long a = c < 0 ? -c : c;
  if (a != 1) s += std::to_string(a) + "*";
  return s + name;
}

// "i + 1" from an affine function on a statement's iterators; "" when it has
// integer divisions or rational coefficients.
std::string affine_text(const isl::aff& aff, const std::vector<std::string>& iterators) {
  isl::val den = isl::manage(isl_aff_get_denominator_val(aff.get()));
  if (den.is_null() || !den.is_one()) return {};
  const int n_div = isl_aff_dim(aff.get(), isl_dim_div);
  for (int k = 0; k < n_div; ++k) {
    isl::val c = isl::manage(isl_aff_get_coefficient_val(aff.get(), isl_dim_div, k));
    if (c.is_null() || !c.is_zero()) return {};
  }
  std::string s;
  auto add_dims = [&](isl_dim_type type) {
    const int n = isl_aff_dim(aff.get(), type);
    for (int k = 0; k < n; ++k) {
      isl::val c = isl::manage(isl_aff_get_coefficient_val(aff.get(), type, k));
      if (c.is_null() || c.is_zero()) continue;
      std::string name;
      if (type == isl_dim_in && k < int(iterators.size())) {
        name = iterators[std::size_t(k)];
      } else {
        const char* n_ = isl_aff_get_dim_name(aff.get(), type, unsigned(k));
        name = n_ ? n_ : (type == isl_dim_in ? "i" : "p") + std::to_string(k);
      }
      s += affine_term(c.get_num_si(), name, s.empty());
    }
  };
  add_dims(isl_dim_in);
  add_dims(isl_dim_param);
  isl::val c = isl::manage(isl_aff_get_constant_val(aff.get()));
  const long v = c.get_num_si();
  if (s.empty()) return std::to_string(v);
  if (v > 0) s += " + " + std::to_string(v);
  if (v < 0) s += " - " + std::to_string(-v);
  return s;
}

const char* kind_phrase_sink(DependenceKind kind) {
  switch (kind) {
    case DependenceKind::ReadAfterWrite: return "reads";
    case DependenceKind::WriteAfterRead: return "overwrites";
    case DependenceKind::WriteAfterWrite: return "writes";
  }
  return "accesses";
}

const char* kind_phrase_source(DependenceKind kind) {
  switch (kind) {
    case DependenceKind::ReadAfterWrite: return "written by";
    case DependenceKind::WriteAfterRead: return "read by";
    case DependenceKind::WriteAfterWrite: return "after it is written by";
  }
  return "accessed by";
}

// What a witness of dependence `index` says before any pair is chosen.
DependenceWitness dependence_witness(const Dependences& dependences, int index) {
  const Dependence& d = dependences.list[std::size_t(index)];
  DependenceWitness w;
  w.dependence = index;
  w.kind = d.kind;
  w.may = d.may;
  w.reduction = d.reduction;
  w.array = d.array;
  w.source_statement = d.source_statement;
  w.sink_statement = d.sink_statement;
  return w;
}

// The witness for one pair of dependence `index` (relation instances).
DependenceWitness make_witness(const Program& program, const Dependences& dependences, int index,
                               const PairSample& sample) {
  const Dependence& d = dependences.list[std::size_t(index)];
  DependenceWitness w = dependence_witness(dependences, index);
  w.source_iteration = sample.source;
  w.sink_iteration = sample.sink;
  w.source = tuple_text(d.source_statement, sample.source);
  w.sink = tuple_text(d.sink_statement, sample.sink);
  w.parameters = sample.parameters;
  const Statement* src = program.find_statement(d.source_statement);
  const Statement* snk = program.find_statement(d.sink_statement);
  if (src && d.source_access >= 0 && d.source_access < int(src->accesses.size()))
    w.source_access = access_text(program, *src, d.source_access);
  if (snk && d.sink_access >= 0 && d.sink_access < int(snk->accesses.size()))
    w.sink_access = access_text(program, *snk, d.sink_access);
  if (w.source_access.empty() || w.sink_access.empty()) return w;
  // The element both instances touch.
  isl::set at_source = sample.pair.domain().apply(src->accesses[std::size_t(d.source_access)].relation);
  isl::set at_sink = sample.pair.range().apply(snk->accesses[std::size_t(d.sink_access)].relation);
  isl::set element = at_source.intersect(at_sink);
  if (!element.is_empty()) {
    isl::point p = element.sample_point();
    w.element = element_text(d.array, coordinates(p, isl_dim_set, 0, dims(element)));
  }
  return w;
}

std::string witness_sentence(const DependenceWitness& w) {
  const std::string what = w.element.empty() ? w.array : w.element;
  return w.sink + " " + kind_phrase_sink(w.kind) + " " + what + " " + kind_phrase_source(w.kind) + " " +
         w.source + (w.may ? " (a may dependence: it holds where the data makes it)" : "");
}

std::string with_parameters(const DependenceWitness& w) {
  const std::string p = w.parameter_text();
  return p.empty() ? std::string() : "with " + p + ", ";
}

// `umap` restricted to the instances of `domain_space` (a statement tuple), as one map.
isl::map restrict_to(const std::map<std::string, isl::union_map>& times_of, const isl::space& domain_space) {
  const char* name = isl_space_get_tuple_name(domain_space.get(), isl_dim_set);
  const auto found = times_of.find(name ? name : "");
  if (found == times_of.end()) return {};
  isl::union_map part = found->second.intersect_domain(isl::union_set(isl::set::universe(domain_space)));
  if (part.is_empty()) return {};
  if (isl_union_map_n_map(part.get()) != 1)
    throw std::runtime_error("the schedule maps one statement to several time spaces");
  return isl::manage(isl_map_from_union_map(part.copy()));
}

// Appends zero dimensions so that `m` has `n` output dimensions.
isl::map pad_range(const isl::map& m, unsigned n) {
  const unsigned have = out_dims(m);
  isl_map* r = isl_map_reset_tuple_id(m.copy(), isl_dim_out);
  if (have < n) {
    r = isl_map_add_dims(r, isl_dim_out, n - have);
    for (unsigned k = have; k < n; ++k) r = isl_map_fix_si(r, isl_dim_out, k, 0);
  }
  return checked(isl::manage(r), "padding a schedule");
}

// Schedule time of one instance (a single point set) under `times`.
std::vector<long> time_of(const isl::map& times, const isl::set& instance) {
  isl::set t = instance.apply(times);
  if (t.is_empty()) return {};
  return coordinates(t.sample_point(), isl_dim_set, 0, dims(t));
}

// A candidate's schedule, split by statement name.
using StatementTimes = std::map<std::string, isl::union_map>;

StatementTimes split_by_statement(const isl::union_map& schedule_map) {
  StatementTimes times_of;
  const isl::map_list parts = schedule_map.get_map_list();
  for (int i = 0, n = int(parts.size()); i < n; ++i) {
    const isl::map part = parts.at(i);
    const char* tuple = isl_map_get_tuple_name(part.get(), isl_dim_in);
    auto [it, added] = times_of.try_emplace(tuple ? tuple : "", isl::union_map(part));
    if (!added) it->second = it->second.unite(isl::union_map(part));
  }
  return times_of;
}

bool has_divisions(const isl::map& map) {
  return isl_map_foreach_basic_map(
             map.get(),
             [](isl_basic_map* part, void*) {
               const isl_size divisions = isl_basic_map_dim(part, isl_dim_div);
               isl_basic_map_free(part);
               return divisions == 0 ? isl_stat_ok : isl_stat_error;
             },
             nullptr) != isl_stat_ok;
}

// The time pairs of `pair` that do not run the sink after the source
// (instances paired with themselves left out). Where a time map has floor
// divisions (tiles) the pairs are looked for among the iterations: projecting
// the iterations out of tiled times builds a division per tile member, and a
// time-tiled heat-3d step spent 60 ms there (issue 24). Affine times are
// projected: the iterations go by substitution, and the comparison is made
// in the (smaller) time space, 15 ms less on a nest of 200 statements.
isl::map late_pairs(isl::map pair, const isl::map& source_times, const isl::map& sink_times, bool same_statement) {
  if (has_divisions(source_times) || has_divisions(sink_times)) {
    isl::map late = pair.intersect(isl::manage(isl_map_lex_ge_map(source_times.copy(), sink_times.copy())));
    if (same_statement) late = late.subtract(isl::manage(isl_map_identity(isl_map_get_space(late.get()))));
    return late;
  }
  if (same_statement) pair = pair.subtract(isl::manage(isl_map_identity(isl_map_get_space(pair.get()))));
  const isl::map times = pair.apply_domain(source_times).apply_range(sink_times);
  return times.intersect(isl::manage(isl_map_lex_ge(times.space().range().release())));
}

// The common case in one isl computation per statement pair: every
// dependence pair (apart from an instance with itself) keeps its sink strictly
// after its source. When this holds, the per-dependence diagnosis below has
// nothing to find; when it does not (or a statement's times span several
// spaces) that diagnosis runs.
bool respects_all(const Program& program, const Dependences& dependences, const StatementTimes& times_of,
                  const std::set<std::string>* unchanged) {
  bool respected = false;
  program.isl().bounded("legality check of all dependences", [&] {
    const isl::union_map all = dependences.all();
    if (all.is_null() || all.is_empty()) {
      respected = true;
      return;
    }
    auto single_map = [&](const char* statement) -> std::optional<isl::map> {
      const auto found = times_of.find(statement ? statement : "");
      if (found == times_of.end() || isl_union_map_n_map(found->second.get()) != 1) return std::nullopt;
      return isl::manage(isl_map_from_union_map(found->second.copy()));
    };
    const isl::map_list pairs = all.get_map_list();
    for (int i = 0, n = int(pairs.size()); i < n; ++i) {
      const isl::map pair = pairs.at(i);
      const char* source = isl_map_get_tuple_name(pair.get(), isl_dim_in);
      const char* sink = isl_map_get_tuple_name(pair.get(), isl_dim_out);
      if (unchanged && unchanged->count(source ? source : "") && unchanged->count(sink ? sink : "")) continue;
      const std::optional<isl::map> source_times = single_map(source), sink_times = single_map(sink);
      if (!source_times || !sink_times || out_dims(*source_times) != out_dims(*sink_times))
        return;  // diagnosed one by one
      isl::map late = late_pairs(pair, *source_times, *sink_times, source && sink && std::string(source) == sink);
      if (!program.context.is_null()) late = late.intersect_params(program.context);
      if (!late.is_empty()) return;
    }
    respected = true;
  });
  return respected;
}

struct TaggedBand {
  isl::schedule_node band;
  LoopTag tag;
};

isl_bool collect_tagged(isl_schedule_node* raw, void* user) {
  auto* out = static_cast<std::vector<TaggedBand>*>(user);
  isl::schedule_node node = isl::manage_copy(raw);
  if (!is_mark(node)) return isl_bool_true;
  std::optional<LoopTag> tag = LoopTag::parse(mark_id_name(node));
  if (!tag || !tag_requires_independence(tag->kind)) return isl_bool_true;
  isl::schedule_node band = skip_marks(node);
  if (isl_schedule_node_get_type(band.get()) == isl_schedule_node_band) out->push_back({band, *tag});
  return isl_bool_true;
}

// The source loop name member `member` of `band` stands for (±iterator, the
// same name for every statement reaching the band), "" when none.
std::string member_source_loop(const Program& program, const isl::schedule_node& band, int member) {
  const isl::union_pw_aff upa = band.as<isl::schedule_node_band>().partial_schedule().at(member);
  const isl::union_set reaching = node_domain(band);
  std::string name;
  for (const Statement& s : program.statements) {
    if (reaching.extract_set(s.domain.space()).is_empty()) continue;
    isl_space* space = isl_space_from_domain(s.domain.space().release());
    space = isl_space_add_dims(space, isl_dim_out, 1);
    isl::pw_aff pa = isl::manage(isl_union_pw_aff_extract_pw_aff(upa.copy(), space));
    if (pa.is_null() || isl_pw_aff_n_piece(pa.get()) == 0) return {};
    std::string found;
    const int n = int(dims(s.domain));
    for (int d = 0; d < n && d < int(s.loops.size()) && found.empty(); ++d) {
      isl::pw_aff var = isl::manage(isl_pw_aff_var_on_domain(
          isl_local_space_from_space(isl_pw_aff_get_domain_space(pa.get())), isl_dim_set, unsigned(d)));
      var = var.intersect_domain(pa.domain());
      if (isl_pw_aff_is_equal(pa.get(), var.get()) == isl_bool_true ||
          isl_pw_aff_is_equal(pa.get(), var.neg().get()) == isl_bool_true)
        found = s.loops[std::size_t(d)].iterator;
    }
    if (found.empty() || (!name.empty() && name != found)) return {};
    name = found;
  }
  return name;
}

std::string loop_phrase(const std::string& loop, const std::string& band_name, int member) {
  std::string where = "member " + std::to_string(member) + (band_name.empty() ? "" : " of " + band_name);
  return loop.empty() ? "the loop at " + where : "loop " + loop + " (" + where + ")";
}

std::string parameter_list(const std::vector<std::pair<std::string, long>>& parameters) {
  std::string s;
  for (const auto& [name, value] : parameters) s += (s.empty() ? "" : ", ") + name + " = " + std::to_string(value);
  return s;
}

// "with n = 4, S0[0, 3]": one instance of `instances` (of one statement), or "".
std::string instance_example(const Program& program, const std::string& statement,
                             const isl::union_set& instances) {
  if (instances.is_empty() || isl_union_set_n_set(instances.get()) != 1) return {};
  isl::map as_map = isl::manage(isl_map_from_domain(isl_set_from_union_set(instances.copy())));
  std::optional<PairSample> p = sample_pair(program, as_map);
  if (!p) return {};
  const std::string params = parameter_list(p->parameters);
  return (params.empty() ? "" : "with " + params + ", ") + tuple_text(statement, p->source);
}

}  // namespace

std::string DependenceWitness::parameter_text() const { return parameter_list(parameters); }

std::string LegalityReport::summary() const {
  std::string s;
  for (const Violation& v : violations) s += v.explanation + "\n";
  for (const TagViolation& t : tag_violations) s += t.explanation + "\n";
  for (const std::string& p : problems) s += p + "\n";
  return s;
}

std::string SpaceTimeCheck::summary() const {
  std::string s;
  for (const std::string& e : errors) s += e + "\n";
  for (const SpaceTimeViolation& v : violations) s += v.explanation + "\n";
  return s;
}

bool tag_requires_independence(const std::string& kind) {
  static const std::set<std::string> kinds{"parallel", "vector", "simd", "gpu_block",
                                           "gpu_thread", "gpu", "space", "node"};
  return kinds.count(kind) > 0;
}

std::string access_text(const Program& program, const Statement& statement, int access) {
  (void)program;
  const Access& a = statement.accesses.at(std::size_t(access));
  std::vector<std::string> iterators;
  for (const Loop& l : statement.loops) iterators.push_back(l.iterator);
  isl::map relation = a.relation;
  if (out_dims(relation) == 0) return a.array;
  std::string text;
  if (relation.is_single_valued()) {
    isl::pw_multi_aff pma = isl::manage(isl_pw_multi_aff_from_map(relation.copy()));
    if (!pma.is_null() && isl_pw_multi_aff_n_piece(pma.get()) == 1) {
      std::vector<isl::multi_aff> pieces;
      isl_pw_multi_aff_foreach_piece(
          pma.get(),
          [](isl_set* set, isl_multi_aff* ma, void* user) {
            static_cast<std::vector<isl::multi_aff>*>(user)->push_back(isl::manage(ma));
            isl_set_free(set);
            return isl_stat_ok;
          },
          &pieces);
      if (pieces.size() == 1) {
        text = a.array;
        for (unsigned k = 0; k < out_dims(relation); ++k) {
          const std::string sub = affine_text(isl::manage(isl_multi_aff_get_aff(pieces[0].get(), int(k))), iterators);
          if (sub.empty()) {
            text.clear();
            break;
          }
          text += "[" + sub + "]";
        }
      }
    }
  }
  return text.empty() ? to_text(relation) : text;
}

// True when no instance reaches two leaves of `schedule`, read from the
// tree: its bands map each instance to one value, so the schedule is then a
// function. Leaf domains come from the filters (no floor divisions), where
// asking isl whether a tiled schedule map is single-valued took 10 ms per
// time-tiled step (issue 24). False when the tree has nodes that add or
// expand instances, or some leaves share one: the map's own test decides.
bool leaves_are_disjoint(const isl::schedule& schedule) {
  struct Walk {
    bool plain = true;
    std::map<std::string, isl::set> seen;  // each statement's instances in the leaves so far
  } walk;
  isl_schedule_node* root = isl_schedule_get_root(schedule.get());
  isl_schedule_node_foreach_descendant_top_down(
      root,
      [](isl_schedule_node* node, void* user) -> isl_bool {
        auto* w = static_cast<Walk*>(user);
        if (!w->plain) return isl_bool_false;
        switch (isl_schedule_node_get_type(node)) {
          case isl_schedule_node_extension:
          case isl_schedule_node_expansion:
            w->plain = false;
            return isl_bool_false;
          case isl_schedule_node_leaf: {
            // By statement: most leaves run statements no other leaf runs.
            isl::manage(isl_schedule_node_get_domain(node)).foreach_set([&](isl::set instances) {
              const char* name = isl_set_get_tuple_name(instances.get());
              auto [it, first] = w->seen.try_emplace(name ? name : "", instances);
              if (first) return;
              if (!it->second.intersect(instances).is_empty()) w->plain = false;
              it->second = it->second.unite(instances);
            });
            return isl_bool_true;
          }
          default:
            return isl_bool_true;
        }
      },
      &walk);
  isl_schedule_node_free(root);
  return walk.plain;
}

// The statements whose schedule maps are equal in both.
std::set<std::string> unchanged_statements(const StatementTimes& now, const StatementTimes& before) {
  std::set<std::string> same;
  for (const auto& [name, times] : now) {
    const auto old = before.find(name);
    if (old == before.end()) continue;
    const isl::map_list a = times.get_map_list(), b = old->second.get_map_list();
    bool equal = a.size() == b.size();
    for (int k = 0, n = int(a.size()); equal && k < n; ++k)
      equal = isl_map_plain_is_equal(a.at(k).get(), b.at(k).get()) == isl_bool_true;
    // A tag can leave the same map written another way (isl rebuilds it from
    // the tree): isl's exact test then, far cheaper than the dependences.
    if (!equal) equal = times.is_equal(old->second);
    if (equal) same.insert(name);
  }
  return same;
}

LegalityReport check_schedule(const Program& program, const Dependences& dependences,
                              const isl::schedule& candidate, const LegalityReport* previous) {
  LegalityReport report;
  isl::union_map schedule_map;
  StatementTimes times_of;
  std::vector<TaggedBand> tagged;
  program.isl().bounded("legality check of the schedule", [&] {
    schedule_map = checked(isl::manage(isl_schedule_get_map(candidate.get())), "the schedule map");
    // Every instance scheduled exactly once.
    times_of = split_by_statement(schedule_map);
    const bool once_by_tree = leaves_are_disjoint(candidate);
    for (const Statement& s : program.statements) {
      isl::set domain = s.domain;
      if (!program.context.is_null()) domain = domain.intersect_params(program.context);
      const auto found = times_of.find(s.name);
      isl::union_map times = found == times_of.end()
                                 ? isl::union_map::empty(program.ctx())
                                 : found->second.intersect_domain(isl::union_set(domain));
      isl::union_set missing = isl::union_set(domain).subtract(times.domain());
      if (!missing.is_empty()) {
        const std::string example = instance_example(program, s.name, missing);
        report.problems.push_back((example.empty() ? "some instances of " + s.name : example) +
                                  " would not be scheduled by the candidate");
      }
      if (!once_by_tree && !times.is_single_valued()) {
        const std::string example =
            instance_example(program, s.name, times.subtract(times.lexmin()).domain());
        report.problems.push_back((example.empty() ? "some instances of " + s.name : example) +
                                  " would run more than once under the candidate");
      }
    }
    isl_schedule_node* root = isl_schedule_get_root(candidate.get());
    isl_schedule_node_foreach_descendant_top_down(root, collect_tagged, &tagged);
    isl_schedule_node_free(root);
  });

  std::optional<std::set<std::string>> unchanged;
  if (previous && previous->legal() && previous->statement_times && report.problems.empty())
    program.isl().bounded("statements the candidate leaves as they were",
                          [&] { unchanged = unchanged_statements(times_of, *previous->statement_times); });
  const std::set<std::string>* same = unchanged ? &*unchanged : nullptr;
  const bool all_respected = report.problems.empty() && respects_all(program, dependences, times_of, same);
  for (int index = 0; index < int(dependences.list.size()) && !all_respected; ++index) {
    const Dependence& d = dependences.list[std::size_t(index)];
    if (same && same->count(d.source_statement) && same->count(d.sink_statement)) continue;
    program.isl().bounded("legality check of " + dependence_label(d), [&] {
      if (d.relation.is_null() || d.relation.is_empty()) return;
      isl::map src_times = restrict_to(times_of, d.relation.domain().space());
      isl::map snk_times = restrict_to(times_of, d.relation.range().space());
      if (src_times.is_null() || snk_times.is_null()) return;  // reported as unscheduled above
      const unsigned n = std::max(out_dims(src_times), out_dims(snk_times));
      src_times = pad_range(src_times, n);
      snk_times = pad_range(snk_times, n);
      // Pairs whose sink would not run strictly after the source.
      isl::map late = isl::manage(isl_map_lex_ge_map(src_times.copy(), snk_times.copy()));
      isl::map bad = checked(d.relation.intersect(late), "the violated pairs");
      if (d.source_statement == d.sink_statement)
        bad = bad.subtract(isl::manage(isl_map_identity(isl_map_get_space(bad.get()))));
      bad = bad.coalesce();
      if (bad.is_empty()) return;
      Violation v;
      v.pairs = bad;
      std::optional<PairSample> sample = sample_pair(program, bad);
      if (!sample) {
        isl::map real = program.context.is_null() ? bad : bad.intersect_params(program.context);
        if (real.is_empty()) return;  // no pair violates it within the program's context
        // Violated, but no concrete pair could be picked: report it without one.
        v.witness = dependence_witness(dependences, index);
        v.explanation = "some instances of " + d.sink_statement + " would run before the instances of " +
                        d.source_statement + " they depend on (" + dependence_label(d) + ")";
        v.repair_hint = "keep the original order of the two statements";
        report.violations.push_back(std::move(v));
        return;
      }
      v.witness = make_witness(program, dependences, index, *sample);
      const std::vector<long> t_src = time_of(src_times, sample->pair.domain());
      const std::vector<long> t_snk = time_of(snk_times, sample->pair.range());
      std::size_t first_nonzero = t_src.size();
      for (std::size_t k = 0; k < t_src.size() && k < t_snk.size(); ++k) {
        v.time_distance.push_back(t_snk[k] - t_src[k]);
        if (first_nonzero == t_src.size() && t_snk[k] != t_src[k]) first_nonzero = k;
      }
      v.simultaneous = first_nonzero == t_src.size();
      v.explanation = with_parameters(v.witness) + witness_sentence(v.witness) +
                      (v.simultaneous ? ", but would run at the same time as it" : ", but would run before it") +
                      " (" + dependence_label(d) + ", schedule distance (" + join_longs(v.time_distance) + "))";
      if (v.simultaneous) {
        v.repair_hint =
            "the two instances would get the same schedule time: keep them apart in a sequence (fuse at an "
            "outer level only, or keep the statement order) so that the source runs first";
      } else {
        v.negative_dimension = static_cast<int>(first_nonzero);
        v.repair_hint = negative_distance_hint(v.negative_dimension, "");
      }
      report.violations.push_back(std::move(v));
    });
  }

  // Storage folds were exact for the schedule they were made in; a later
  // reordering can make a folded element be overwritten before it is read.
  for (std::string& p : check_storage_folds(program, dependences, candidate)) report.problems.push_back(std::move(p));
  for (std::string& p : check_inlinings(program, candidate)) report.problems.push_back(std::move(p));

  report.statement_times = std::make_shared<const StatementTimes>(std::move(times_of));
  for (const TaggedBand& t : tagged) {
    LoopDependenceCheck c = carried_by(program, dependences, t.band, 0);
    if (!c.carried) continue;
    // Threads on CPU cores (OpenMP's reduction clause), GPU loops (the cuda
    // target's atomic updates) and ranks (the mpi target's MPI_Allreduce of
    // their partial results) may run a reduction.
    const bool reduces = t.tag.kind == "parallel" || t.tag.kind == "gpu_block" || t.tag.kind == "gpu_thread" ||
                         t.tag.kind == "node";
    const ParallelPlan plan = reduces ? parallel_plan(program, dependences, t.band, c) : ParallelPlan{};
    if (plan.possible) continue;
    TagViolation v;
    v.tag = t.tag.display();
    v.band_name = c.band_name;
    v.member = 0;
    v.loop = c.loop;
    v.carried = c.dependences;
    v.explanation = "tag " + v.tag + " on " + c.explanation;
    if (!plan.why_not.empty()) v.explanation += "; it cannot run as a reduction or with private copies: " + plan.why_not;
    report.tag_violations.push_back(std::move(v));
  }
  return report;
}

ParallelPlan parallel_plan(const Program& program, const Dependences& dependences,
                           const isl::schedule_node& band_or_mark, const LoopDependenceCheck& carried) {
  ParallelPlan plan;
  if (!carried.carried || carried.dependences.empty()) return plan;
  std::set<std::string> updates, reduced, privatised;
  std::map<std::string, std::string> reader_of;  // a privatised scalar -> a statement that reads it
  for (const DependenceWitness& w : carried.dependences) {
    const Dependence& d = dependences.list.at(std::size_t(w.dependence));
    if (d.reduction) {
      updates.insert(d.source_statement);
      updates.insert(d.sink_statement);
      reduced.insert(d.array);
      continue;
    }
    // A value carried from one iteration to the next cannot be privatised.
    const Array* a = program.find_array(d.array);
    if (d.kind == DependenceKind::ReadAfterWrite || !a || !a->is_scalar()) return plan;
    if (!a->temporary) {
      plan.why_not = d.array + " is no local of the function that only the region uses (code after the region, "
                               "or a loop around it, may read it), so a private copy per thread cannot stand in "
                               "for it";
      return plan;
    }
    privatised.insert(d.array);
    if (d.kind == DependenceKind::WriteAfterRead) reader_of[d.array] = d.source_statement;
  }
  // A reduction's element that another statement reads between the updates
  // is a running total: neither partial results nor private copies hold it.
  for (const std::string& a : privatised)
    if (reduced.count(a)) {
      plan.why_not = (reader_of.count(a) ? reader_of.at(a) : std::string("a statement")) + " reads " + a +
                     " between its updates in the loop: a running total, not a reduction";
      return plan;
    }
  bool possible = true;
  program.isl().bounded("parallel plan", [&] {
    const isl::schedule_node band = skip_marks(band_or_mark);
    const isl::union_set reaching = node_domain(band);
    // Each thread keeps one private partial result per reduced element: the
    // element an update reaches must be fixed by the loops outside this one.
    const isl::union_map outer = band.prefix_schedule_union_map().intersect_domain(reaching);
    for (const std::string& name : updates) {
      const Statement* s = program.find_statement(name);
      if (!s || s->target->access_index < 0) {
        possible = false;
        return;
      }
      const isl::map write = s->accesses.at(std::size_t(s->target->access_index)).relation;
      const isl::union_map element_of_time =
          outer.intersect_domain(isl::union_set(write.domain())).reverse().apply_range(isl::union_map(write));
      if (!element_of_time.is_single_valued()) {
        possible = false;
        plan.why_not = "the updates of " + s->target->text + " by " + name +
                       " reach different elements inside the loop, so no thread can keep one partial result: "
                       "run the loop over those elements outside it";
        return;
      }
    }
    // A private copy lives only in the loop: nothing outside it may read or
    // write the scalar (no value flows in from before it or out after it),
    // and no read in it sees the value the scalar had before the region.
    const isl::set_list live_in =
        dependences.live_in.is_null() ? isl::set_list(program.ctx(), 0) : dependences.live_in.get_set_list();
    for (int k = 0, n = int(live_in.size()); k < n; ++k) {
        const isl::map access = live_in.at(k).unwrap();
        const char* array = isl_map_get_tuple_name(access.get(), isl_dim_out);
        if (array && privatised.count(array)) {
          possible = false;
          plan.why_not = std::string("a read of ") + array +
                         " sees the value it had before the region, which a private copy would not hold";
          return;
        }
      }
    // Statements outside the loop may use the scalar for values of their
    // own (analysis/private_scalars.h): each such statement runs wholly
    // outside the loop, and no value flows between the two sides, nor from
    // one run of the loop to the next (the private copies live for one run).
    std::set<std::string> inside, partly_inside;
    for (const Statement& s : program.statements) {
      const isl::set here = reaching.extract_set(s.domain.space());
      if (s.domain.intersect(here).is_empty()) continue;
      inside.insert(s.name);
      if (!s.domain.is_subset(here)) partly_inside.insert(s.name);
    }
    const isl::union_map same_run = outer.apply_range(outer.reverse());
    for (const std::string& scalar : privatised) {
      std::set<std::string> outside;
      for (const Statement& s : program.statements) {
        bool touches = false;
        for (const Access& a : s.accesses) touches = touches || a.array == scalar;
        if (!touches) continue;
        if (partly_inside.count(s.name)) {
          possible = false;
          plan.why_not = scalar + " is also used outside the loop by instances of " + s.name +
                         ", so a private copy per thread cannot stand in for it";
          return;
        }
        if (!inside.count(s.name)) outside.insert(s.name);
      }
      if (const Dependence* d = flow_across(dependences, scalar, inside, outside)) {
        possible = false;
        plan.why_not = scalar + (inside.count(d->source_statement)
                                     ? " written in the loop (by " + d->source_statement + ") is read after it (by " +
                                           d->sink_statement + ")"
                                     : " is read in the loop (by " + d->sink_statement + ") where " +
                                           d->source_statement + " wrote it before the loop") +
                       ", so a private copy per thread cannot stand in for it";
        return;
      }
      for (const Dependence& d : dependences.list) {
        if (d.kind != DependenceKind::ReadAfterWrite || d.array != scalar || !inside.count(d.source_statement))
          continue;
        if (isl::union_map(d.relation).intersect_domain(reaching).intersect_range(reaching).subtract(same_run).is_empty())
          continue;
        possible = false;
        plan.why_not = scalar + " written in one run of the loop (by " + d.source_statement +
                       ") is read in a later run (by " + d.sink_statement +
                       "), so a private copy per thread cannot stand in for it";
        return;
      }
    }
  });
  if (!possible) return plan;
  plan.possible = true;
  plan.reductions.assign(reduced.begin(), reduced.end());
  plan.private_scalars.assign(privatised.begin(), privatised.end());
  return plan;
}

LoopDependenceCheck carried_by(const Program& program, const Dependences& dependences,
                               const isl::schedule_node& band_or_mark, int member) {
  LoopDependenceCheck result;
  result.member = member;
  program.isl().bounded("carried-dependence check", [&] {
    isl::schedule_node band = skip_marks(band_or_mark);
    if (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band)
      throw std::invalid_argument("carried_by: the node is a " + node_type_name(band) + ", not a band");
    isl::multi_union_pw_aff partial = band.as<isl::schedule_node_band>().partial_schedule();
    const int n_member = int(partial.size());
    if (member < 0 || member >= n_member)
      throw std::invalid_argument("carried_by: the band has " + std::to_string(n_member) + " members, not " +
                                  std::to_string(member + 1));
    result.band_name = node_name(band);
    result.loop = member_source_loop(program, band, member);
    const isl::union_map all = dependences.all();
    // The boolean answer is shared with schedule/parallelism.h.
    const bool carried = !all.is_null() && member_carries_dependence(band, member, all);
    if (!carried) return;
    result.carried = true;

    // Schedule down to the member: prefix, earlier members, then the member last.
    const isl::union_set reaching = node_domain(band);
    isl::union_map times = band.prefix_schedule_union_map();
    for (int k = 0; k <= member; ++k)
      times = isl::manage(isl_union_map_flat_range_product(
          times.release(), isl_union_map_from_union_pw_aff(partial.at(k).release())));
    times = times.intersect_domain(reaching);
    const StatementTimes times_of = split_by_statement(times);

    for (int index = 0; index < int(dependences.list.size()); ++index) {
      const Dependence& d = dependences.list[std::size_t(index)];
      if (d.relation.is_null()) continue;
      isl::map relation = d.relation.intersect_domain(reaching.extract_set(d.relation.domain().space()))
                              .intersect_range(reaching.extract_set(d.relation.range().space()));
      if (relation.is_empty()) continue;
      isl::map src_times = restrict_to(times_of, relation.domain().space());
      isl::map snk_times = restrict_to(times_of, relation.range().space());
      if (src_times.is_null() || snk_times.is_null()) continue;
      const unsigned n = out_dims(src_times);
      if (out_dims(snk_times) != n || n == 0) continue;
      src_times = pad_range(src_times, n);
      snk_times = pad_range(snk_times, n);
      // Same outer time, different member value.
      isl::space time_space = isl::manage(isl_map_get_space(src_times.get())).range();
      isl::map differ = isl::manage(isl_map_lex_lt(time_space.copy()))
                            .unite(isl::manage(isl_map_lex_gt(time_space.copy())));
      for (unsigned k = 0; k + 1 < n; ++k)
        differ = isl::manage(isl_map_equate(differ.release(), isl_dim_in, int(k), isl_dim_out, int(k)));
      isl::map pairs = relation.intersect(src_times.apply_range(differ).apply_range(snk_times.reverse()));
      std::optional<PairSample> sample = sample_pair(program, pairs);
      if (!sample) continue;
      DependenceWitness w = make_witness(program, dependences, index, *sample);
      const std::vector<long> t_src = time_of(src_times, sample->pair.domain());
      const std::vector<long> t_snk = time_of(snk_times, sample->pair.range());
      result.distances.push_back(t_snk.empty() || t_src.empty() ? 0 : t_snk.back() - t_src.back());
      result.dependences.push_back(std::move(w));
    }
    // A dependence that is no reduction's explains best why the loop cannot
    // run in parallel (the reduction ones alone would let it run as one).
    std::vector<std::size_t> order(result.dependences.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_partition(order.begin(), order.end(), [&](std::size_t k) {
      return !dependences.list.at(std::size_t(result.dependences[k].dependence)).reduction;
    });
    std::vector<DependenceWitness> witnesses;
    std::vector<long> distances;
    for (std::size_t k : order) {
      witnesses.push_back(std::move(result.dependences[k]));
      distances.push_back(result.distances[k]);
    }
    result.dependences = std::move(witnesses);
    result.distances = std::move(distances);
    const std::string loop = loop_phrase(result.loop, result.band_name, member);
    if (result.dependences.empty()) {
      result.explanation = loop + " carries a dependence";
      return;
    }
    const DependenceWitness& w = result.dependences.front();
    result.explanation = loop + " carries " + dependence_label(dependences.list[std::size_t(w.dependence)]) +
                         ": " + with_parameters(w) + witness_sentence(w) + " in another iteration of it";
    if (result.dependences.size() > 1)
      result.explanation += " (and " + std::to_string(result.dependences.size() - 1) + " more dependence" +
                            (result.dependences.size() > 2 ? "s" : "") + ")";
  });
  return result;
}

std::vector<long> t2s_vector(const std::vector<std::string>& loop_order,
                             const std::vector<std::string>& space_loops,
                             const std::vector<long>& space_coefficients) {
  std::vector<long> t(loop_order.size(), 0);
  std::size_t innermost_non_space = loop_order.size();
  for (std::size_t p = 0; p < loop_order.size(); ++p) {
    const auto it = std::find(space_loops.begin(), space_loops.end(), loop_order[p]);
    if (it == space_loops.end()) {
      innermost_non_space = p;
      continue;
    }
    const std::size_t k = std::size_t(it - space_loops.begin());
    if (k < space_coefficients.size()) t[p] = space_coefficients[k];
  }
  if (innermost_non_space < loop_order.size()) t[innermost_non_space] = 1;
  return t;
}

SpaceTimeCheck check_space_time(const Program& program, const Dependences& dependences,
                                const SpaceTimeRequest& request) {
  SpaceTimeCheck check;
  const Statement* statement = program.find_statement(request.statement);
  if (!statement) {
    check.errors.push_back("no statement named " + request.statement);
    return check;
  }
  const std::vector<std::string> source = statement->iterators();
  const std::size_t n = source.size();
  check.loop_order = request.loop_order.empty() ? source : request.loop_order;
  {
    std::vector<std::string> a = check.loop_order, b = source;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) {
      check.errors.push_back("the loop order must list the loops of " + statement->name + " once each");
      return check;
    }
  }
  // perm[p]: source index of the loop at position p.
  std::vector<std::size_t> perm;
  for (const std::string& l : check.loop_order)
    perm.push_back(std::size_t(std::find(source.begin(), source.end(), l) - source.begin()));
  auto is_space = [&](const std::string& l) {
    return std::find(request.space_loops.begin(), request.space_loops.end(), l) != request.space_loops.end();
  };
  std::set<std::string> seen;
  for (const std::string& l : request.space_loops) {
    if (std::find(source.begin(), source.end(), l) == source.end())
      check.errors.push_back(statement->name + " has no loop " + l);
    else if (!seen.insert(l).second)
      check.errors.push_back("space loop " + l + " is listed twice");
  }
  if (request.space_loops.empty()) check.errors.push_back("no space loop given");
  if (!check.errors.empty()) return check;
  const std::size_t k = seen.size();
  // Space loops must be the innermost k loops: no other loop after the first space loop.
  for (std::size_t p = 0; p < n; ++p) {
    if (is_space(check.loop_order[p])) continue;
    std::size_t outer_space = n, inner_space = n;
    for (std::size_t q = 0; q < n; ++q)
      if (is_space(check.loop_order[q])) {
        if (q < p) outer_space = q;
        if (q > p && inner_space == n) inner_space = q;
      }
    if (outer_space == n) continue;  // every space loop is inside it
    if (inner_space != n)
      check.errors.push_back("loop " + check.loop_order[p] + " lies between space loops " +
                             check.loop_order[outer_space] + " and " + check.loop_order[inner_space] +
                             ": space loops must be contiguous (reorder the loops first)");
    else
      check.errors.push_back("loop " + check.loop_order[p] + " lies inside space loop " +
                             check.loop_order[outer_space] + ": space loops must be the innermost loops "
                             "(reorder the loops first)");
  }
  if (!check.errors.empty()) return check;
  const bool has_time = n > k;
  const std::size_t time_pos = has_time ? n - k - 1 : 0;
  if (has_time) check.time_loop = check.loop_order[time_pos];
  check.time_vector = request.time_vector;
  if (check.time_vector.empty()) {
    if (!has_time) {
      check.errors.push_back("every loop is a space loop: a scheduling vector is needed");
      return check;
    }
    check.time_vector.assign(n, 0);
    check.time_vector[time_pos] = 1;
  }
  if (check.time_vector.size() != n) {
    check.errors.push_back("the scheduling vector has " + std::to_string(check.time_vector.size()) +
                           " entries; " + statement->name + " has " + std::to_string(n) + " loops");
    return check;
  }
  if (has_time && check.time_vector[time_pos] == 0)
    check.errors.push_back("the scheduling vector gives the time loop " + check.time_loop +
                           " the coefficient 0: iterations of one processing element would share a time step");
  if (dims(statement->domain) != n) check.errors.push_back(statement->name + "'s domain does not match its loops");
  // The nest: statements sharing the transformed loops must have exactly these loops.
  const int first_loop_id = statement->loops[has_time ? perm[time_pos] : perm[0]].id;
  std::set<std::string> nest(request.nest.begin(), request.nest.end());
  for (const Statement& s : program.statements) {
    if (!request.nest.empty()) break;
    bool shares = false;
    for (const Loop& l : s.loops) shares = shares || l.id == first_loop_id;
    if (!shares) continue;
    bool same = s.loops.size() == n;
    for (std::size_t q = 0; same && q < n; ++q) same = s.loops[q].id == statement->loops[q].id;
    if (!same)
      check.errors.push_back(s.name + " shares loop " + statement->loops[has_time ? perm[time_pos] : perm[0]].iterator +
                             " with " + statement->name + " but not all of its loops: the nest is not perfect");
    else
      nest.insert(s.name);
  }
  if (!check.errors.empty()) return check;

  // Distance conditions, on d = sink - source (source loop order), written for isl.
  auto var = [&](char which, std::size_t p) { return which + std::to_string(perm[p]); };
  auto compare = [&](std::size_t p, const char* op) { return var('y', p) + " " + op + " " + var('x', p); };
  std::string t_dot;  // T . (y - x)
  for (std::size_t p = 0; p < n; ++p) {
    const long c = check.time_vector[p];
    if (c == 0) continue;
    const std::string a = std::to_string(c < 0 ? -c : c);
    t_dot += (c > 0 ? " + " : " - ") + a + "*" + var('y', p) + (c > 0 ? " - " : " + ") + a + "*" + var('x', p);
  }
  t_dot = "0" + t_dot;
  const std::size_t n_outer = has_time ? time_pos : 0;
  std::vector<std::string> disjuncts;
  std::string outer_zero;
  for (std::size_t q = 0; q < n_outer; ++q) {
    // Carried backwards by an outer (sequential) loop.
    disjuncts.push_back(outer_zero + compare(q, "<"));
    outer_zero += compare(q, "=") + " and ";
  }
  for (std::size_t p = n_outer; p < n; ++p) {
    disjuncts.push_back(outer_zero + compare(p, ">") + " and " + t_dot + " <= 0");
    disjuncts.push_back(outer_zero + compare(p, "<") + " and " + t_dot + " <= 0");
  }
  std::string xs, ys;
  for (std::size_t q = 0; q < n; ++q) {
    xs += (q ? ", x" : "x") + std::to_string(q);
    ys += (q ? ", y" : "y") + std::to_string(q);
  }
  std::string condition;
  for (const std::string& c : disjuncts) condition += (condition.empty() ? "(" : " or (") + c + ")";

  for (int index = 0; index < int(dependences.list.size()); ++index) {
    const Dependence& d = dependences.list[std::size_t(index)];
    if (!nest.count(d.source_statement) || !nest.count(d.sink_statement) || d.relation.is_null()) continue;
    program.isl().bounded("space-time check of " + dependence_label(d), [&] {
      const std::string text = "{ " + d.source_statement + "[" + xs + "] -> " + d.sink_statement + "[" + ys +
                               "] : " + condition + " }";
      isl::map bad_distance(program.ctx(), text);
      isl::map pairs = d.relation.intersect(bad_distance);
      if (pairs.is_empty()) return;
      std::optional<PairSample> sample = sample_pair(program, pairs);
      if (!sample) return;
      SpaceTimeViolation v;
      v.witness = make_witness(program, dependences, index, *sample);
      long dot = 0;
      std::string dot_text;
      std::size_t backwards = n;  // outer loop that carries the pair backwards
      for (std::size_t p = 0; p < n; ++p) {
        const long dp = sample->sink[perm[p]] - sample->source[perm[p]];
        v.distance.push_back(dp);
        dot += check.time_vector[p] * dp;
        if (check.time_vector[p] != 0)
          dot_text += (dot_text.empty() ? "" : " + ") + std::to_string(check.time_vector[p]) + "*" +
                      (dp < 0 ? "(" + std::to_string(dp) + ")" : std::to_string(dp));
      }
      for (std::size_t p = 0; p < n_outer && v.distance[p] <= 0; ++p)
        if (v.distance[p] < 0) {
          backwards = p;
          break;
        }
      v.time_distance = dot;
      v.uniform = d.distance.has_value() && d.common_loops == n;
      std::string over;
      for (std::size_t p = 0; p < n; ++p) over += (p ? ", " : "") + check.loop_order[p];
      v.explanation = with_parameters(v.witness) + witness_sentence(v.witness) + " (" + dependence_label(d) +
                      "): distance (" + join_longs(v.distance) + ") over (" + over + ")";
      if (backwards < n)
        v.explanation += " is carried backwards by the outer loop " + check.loop_order[backwards];
      else
        v.explanation += " gives T . d = " + (dot_text.empty() ? "0" : dot_text) + " = " + std::to_string(dot) +
                         " <= 0: the sink would not run after the source";
      check.violations.push_back(std::move(v));
    });
  }
  return check;
}

std::string negative_distance_hint(int dimension, const std::string& refused_command) {
  const std::string head =
      "the dependence distance becomes negative at schedule dimension " + std::to_string(dimension) + ": ";
  if (refused_command == "skew")
    return head + "keep the loop as it was, or skew by a factor large enough that every distance component "
                  "there stays non-negative (the dependences list their distances)";
  return head + "keep the original loop order or direction there, or skew the loop by an outer one (e.g. j + t) "
                "so that every distance component is non-negative before interchanging or tiling";
}

}  // namespace loopscape

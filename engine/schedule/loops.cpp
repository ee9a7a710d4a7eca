// SPDX-License-Identifier: Apache-2.0
#include "schedule/loops.h"

#include <isl/aff.h>
#include <isl/point.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "schedule/node_names.h"

namespace loopscape {

isl::union_set node_domain(const isl::schedule_node& node) {
  return isl::manage(isl_schedule_node_get_domain(node.get()));
}

// Whether some instance of `s` reaches `node` (isl's domain at the node).
static bool reaches(const isl::schedule_node& node, const Statement& s) {
  // Nothing "reaches" the domain node itself: every instance starts there.
  if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_domain) return true;
  isl::union_set dom = node_domain(node);
  isl::set part = isl::manage(isl_union_set_extract_set(dom.copy(), s.domain.space().release()));
  return !part.is_empty();
}

namespace {

// Visits top-down the nodes that instances of one statement reach; `visit`
// says whether to go below the node. The statement's instances are carried
// down and cut by each filter, looked up by the statement's space: asking isl
// for the domain at every node intersects every filter's whole union set,
// and made a walk over a nest of hundreds of statements cubic in their number.
class StatementWalk {
 public:
  StatementWalk(const Statement& s, std::function<bool(const isl::schedule_node&)> visit)
      : statement_(s), space_(s.domain.space()), visit_(std::move(visit)) {}

  // `part`: the statement's instances reaching `node`'s parent; none below an
  // extension or expansion, where instances change and isl is asked instead.
  void walk(const isl::schedule_node& node, std::optional<isl::set> part) {
    switch (isl_schedule_node_get_type(node.get())) {
      case isl_schedule_node_domain:
        part = extract(isl_schedule_node_domain_get_domain(node.get()));
        break;
      case isl_schedule_node_filter:
        if (part) {
          part = part->intersect(extract(isl_schedule_node_filter_get_filter(node.get())));
          if (part->is_empty()) return;
        } else if (!reaches(node, statement_)) {
          return;
        }
        break;
      case isl_schedule_node_extension:
      case isl_schedule_node_expansion:
        part.reset();
        break;
      default:
        if (!part && !reaches(node, statement_)) return;
        break;
    }
    if (!visit_(node)) return;
    for (int k = 0, n = isl_schedule_node_n_children(node.get()); k < n; ++k) walk(node.child(k), part);
  }

 private:
  isl::set extract(isl_union_set* instances) const {
    return isl::manage(isl_union_set_extract_set(instances, space_.copy()));
  }
  const Statement& statement_;
  isl::space space_;
  std::function<bool(const isl::schedule_node&)> visit_;
};

}  // namespace

std::optional<SignedIterator> signed_iterator(const isl::pw_aff& pa) {
  if (pa.is_null() || isl_pw_aff_n_piece(pa.get()) != 1) return std::nullopt;
  std::optional<SignedIterator> found;
  isl_pw_aff_foreach_piece(
      pa.get(),
      [](isl_set* set, isl_aff* aff, void* user) -> isl_stat {
        isl_set_free(set);
        auto is_zero = [](isl_val* v) {
          const bool zero = isl_val_is_zero(v) == isl_bool_true;
          isl_val_free(v);
          return zero;
        };
        isl_val* denominator = isl_aff_get_denominator_val(aff);
        bool plain = isl_aff_dim(aff, isl_dim_div) == 0 && isl_val_is_one(denominator) == isl_bool_true;
        isl_val_free(denominator);
        SignedIterator at;
        at.offset = !is_zero(isl_aff_get_constant_val(aff));
        for (int k = 0, n = isl_aff_dim(aff, isl_dim_param); k < n; ++k)
          at.offset = at.offset || !is_zero(isl_aff_get_coefficient_val(aff, isl_dim_param, k));
        for (int k = 0, n = isl_aff_dim(aff, isl_dim_in); plain && k < n; ++k) {
          isl_val* c = isl_aff_get_coefficient_val(aff, isl_dim_in, k);
          const bool one = isl_val_is_one(c) == isl_bool_true, minus_one = isl_val_is_negone(c) == isl_bool_true;
          if (!is_zero(c)) {
            if (at.index >= 0 || !(one || minus_one)) plain = false;
            at.index = k;
            at.negated = minus_one;
          }
        }
        if (plain && at.index >= 0) *static_cast<std::optional<SignedIterator>*>(user) = at;
        isl_aff_free(aff);
        return isl_stat_ok;
      },
      &found);
  return found;
}

namespace {

// member_iterator_index for the member's partial schedule `upa`.
int iterator_index_of(const isl::union_pw_aff& upa, const Statement& s, bool* reversed) {
  isl::space space = s.domain.space();
  isl_space* pa_space = isl_space_add_dims(isl_space_from_domain(space.copy()), isl_dim_out, 1);
  isl::pw_aff pa = isl::manage(isl_union_pw_aff_extract_pw_aff(upa.copy(), pa_space));
  if (pa.is_null() || isl_pw_aff_n_piece(pa.get()) != 1) return -1;
  // Written as ± one iterator (no constant, no division): read off the
  // coefficients. isl's comparison below is for the other forms, and took
  // most of the plot's walk over a band of 200 statements.
  if (const std::optional<SignedIterator> plain = signed_iterator(pa); plain && !plain->offset) {
    if (reversed) *reversed = plain->negated;
    return plain->index;
  }
  isl::set where = pa.domain();
  auto same = [&](const isl::aff& a) {
    isl::pw_aff other = isl::pw_aff(a).intersect_domain(where);
    return isl_pw_aff_is_equal(pa.get(), other.get()) == isl_bool_true;
  };
  const int n = static_cast<int>(s.domain.tuple_dim());
  // Points of the domain refute most iterators at once: isl's exact
  // comparison (slow on the floor divisions of tiles) runs only where the
  // member's value at each is ± the iterator's. The first point isl samples
  // is often at the domain's start, where a tile loop floor(i / 125) and i
  // are both 0; a point far along the iterator tells them apart (a
  // register-blocked correlation spent 5 ms a step comparing).
  struct Sample {
    long value;
    std::vector<long> coordinates;
  };
  std::vector<Sample> samples;
  auto add_sample = [&](isl_point* point) {
    if (point && isl_point_is_void(point) == isl_bool_false) {
      isl_val* v = isl_pw_aff_eval(pa.copy(), isl_point_copy(point));
      if (v && isl_val_is_int(v) == isl_bool_true) {
        Sample sample{isl_val_get_num_si(v), {}};
        for (int d = 0; d < n; ++d) {
          isl_val* c = isl_point_get_coordinate_val(point, isl_dim_set, d);
          sample.coordinates.push_back(isl_val_get_num_si(c));
          isl_val_free(c);
        }
        samples.push_back(std::move(sample));
      }
      isl_val_free(v);
    }
    isl_point_free(point);
  };
  add_sample(isl_set_sample_point(where.copy()));
  std::vector<bool> far_tried(static_cast<std::size_t>(n), false);
  auto refuted = [&](int d, long sign) {
    for (const Sample& sample : samples)
      if (sample.value != sign * sample.coordinates[static_cast<std::size_t>(d)]) return true;
    return false;
  };
  auto may_be = [&](int d, long sign) {
    if (refuted(d, sign)) return false;
    if (far_tried[static_cast<std::size_t>(d)]) return true;
    far_tried[static_cast<std::size_t>(d)] = true;
    const auto at = static_cast<unsigned>(d);
    for (bool upward : {true, false}) {
      isl_set* far = upward ? isl_set_lower_bound_si(where.copy(), isl_dim_set, at, 1000)
                            : isl_set_upper_bound_si(where.copy(), isl_dim_set, at, -1000);
      const std::size_t before = samples.size();
      add_sample(isl_set_sample_point(far));
      if (samples.size() > before) break;
    }
    return !refuted(d, sign);
  };
  for (int d = 0; d < n; ++d) {
    isl::aff var = isl::manage(isl_aff_var_on_domain(isl_local_space_from_space(space.copy()),
                                                     isl_dim_set, static_cast<unsigned>(d)));
    if (may_be(d, 1) && same(var)) {
      if (reversed) *reversed = false;
      return d;
    }
    if (may_be(d, -1) && same(var.neg())) {
      if (reversed) *reversed = true;
      return d;
    }
  }
  return -1;
}

// The band's partial schedule for `member`; null when `band_node` is no band or has no such member.
isl::union_pw_aff member_schedule(const isl::schedule_node& band_node, int member) {
  isl::schedule_node band = skip_marks(band_node);
  if (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band) return {};
  isl::multi_union_pw_aff mupa = band.as<isl::schedule_node_band>().partial_schedule();
  if (member < 0 || member >= static_cast<int>(mupa.size())) return {};
  return mupa.at(member);
}

}  // namespace

int member_iterator_index(const Program& program, const isl::schedule_node& band_node, int member,
                          const Statement& s, bool* reversed) {
  const isl::union_pw_aff upa = member_schedule(band_node, member);
  return upa.is_null() ? -1 : iterator_index_of(upa, s, reversed);
}

// The band's partial schedule is taken once, and only the statements that
// reach the band are looked at (a fused band of 200 statements took 10 ms a
// member when each statement's index asked for the whole band again).
std::string member_loop_name(const Program& program, const isl::schedule_node& band, int member) {
  const isl::union_pw_aff upa = member_schedule(band, member);
  if (upa.is_null()) return {};
  std::set<std::string> reaching_statements;
  node_domain(band).foreach_set([&](isl::set set) {
    const char* tuple = isl_set_get_tuple_name(set.get());
    if (tuple && !set.is_empty()) reaching_statements.insert(tuple);
  });
  std::string name;
  for (const Statement& s : program.statements) {
    if (!reaching_statements.count(s.name)) continue;
    const int d = iterator_index_of(upa, s, nullptr);
    if (d < 0 || d >= static_cast<int>(s.loops.size())) return {};
    const std::string& it = s.loops[d].iterator;
    if (!name.empty() && name != it) return {};
    name = it;
  }
  return name;
}

std::vector<LoopRef> loops_of_statement(const Program& program, const isl::schedule& schedule,
                                        const std::string& statement) {
  std::vector<LoopRef> out;
  const Statement* s = program.find_statement(statement);
  if (!s) return out;
  program.isl().bounded("find the loops of " + statement, [&] {
    StatementWalk(*s, [&](const isl::schedule_node& n) {
      if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_band) {
        const int m = static_cast<int>(n.as<isl::schedule_node_band>().n_member());
        for (int k = 0; k < m; ++k) out.push_back(LoopRef{n, k, node_name(n), false});
      }
      return true;
    }).walk(schedule.root(), std::nullopt);
  });
  return out;
}

std::optional<LoopRef> find_loop(const Program& program, const isl::schedule& schedule,
                                 const std::string& statement, const std::string& loop) {
  const Statement* s = program.find_statement(statement);
  if (!s) return std::nullopt;
  int index = -1;
  for (std::size_t d = 0; d < s->loops.size(); ++d)
    if (s->loops[d].iterator == loop) index = static_cast<int>(d);
  if (index < 0) return std::nullopt;
  std::optional<LoopRef> found;
  program.isl().bounded("find loop " + loop + " of " + statement, [&] {
    StatementWalk(*s, [&](const isl::schedule_node& n) {
      if (found) return false;
      if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_band) {
        const int m = static_cast<int>(n.as<isl::schedule_node_band>().n_member());
        for (int k = 0; k < m && !found; ++k) {
          bool rev = false;
          if (member_iterator_index(program, n, k, *s, &rev) == index)
            found = LoopRef{n, k, node_name(n), rev};
        }
      }
      return !found;
    }).walk(schedule.root(), std::nullopt);
  });
  return found;
}

}  // namespace loopscape

#include "schedule/loops.h"

#include <isl/aff.h>
#include <isl/point.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <optional>
#include <vector>

#include "schedule/node_names.h"

namespace loopscape {

isl::union_set node_domain(const isl::schedule_node& node) {
  return isl::manage(isl_schedule_node_get_domain(node.get()));
}

// The statement's instances reaching `node`: its domain cut by the filters
// on the path, looked up by the statement's space. isl_schedule_node_get_domain
// intersects every filter's whole union set instead, which made a walk over a
// nest of hundreds of statements cubic in their number.
static isl::set statement_domain_at(const isl::schedule_node& node, const isl::space& space) {
  std::vector<isl::schedule_node> path{node};
  while (path.back().has_parent()) path.push_back(path.back().parent());
  std::optional<isl::set> part;
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    isl_union_set* cut = nullptr;
    switch (isl_schedule_node_get_type(it->get())) {
      case isl_schedule_node_domain: cut = isl_schedule_node_domain_get_domain(it->get()); break;
      case isl_schedule_node_filter: cut = isl_schedule_node_filter_get_filter(it->get()); break;
      case isl_schedule_node_extension:
      case isl_schedule_node_expansion: {
        // Instances enter or change shape here: ask isl for the whole domain.
        isl::union_set dom = node_domain(node);
        return isl::manage(isl_union_set_extract_set(dom.copy(), space.copy()));
      }
      default: continue;
    }
    isl::set here = isl::manage(isl_union_set_extract_set(cut, space.copy()));
    part = part ? part->intersect(here) : here;
  }
  return part ? *part : isl::set::empty(space);
}

static bool reaches(const isl::schedule_node& node, const Statement& s) {
  // Nothing "reaches" the domain node itself: every instance starts there.
  if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_domain) return true;
  return !statement_domain_at(node, s.domain.space()).is_empty();
}

int member_iterator_index(const Program& program, const isl::schedule_node& band_node, int member,
                          const Statement& s, bool* reversed) {
  isl::schedule_node band = skip_marks(band_node);
  if (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band) return -1;
  isl::multi_union_pw_aff mupa = band.as<isl::schedule_node_band>().partial_schedule();
  if (member < 0 || member >= static_cast<int>(mupa.size())) return -1;
  isl::union_pw_aff upa = mupa.at(member);
  isl::space space = s.domain.space();
  isl_space* pa_space = isl_space_add_dims(isl_space_from_domain(space.copy()), isl_dim_out, 1);
  isl::pw_aff pa = isl::manage(isl_union_pw_aff_extract_pw_aff(upa.copy(), pa_space));
  if (pa.is_null() || isl_pw_aff_n_piece(pa.get()) != 1) return -1;
  isl::set where = pa.domain();
  auto same = [&](const isl::aff& a) {
    isl::pw_aff other = isl::pw_aff(a).intersect_domain(where);
    return isl_pw_aff_is_equal(pa.get(), other.get()) == isl_bool_true;
  };
  const int n = static_cast<int>(s.domain.tuple_dim());
  // One point of the domain refutes most iterators at once: isl's exact
  // comparison (slow on the floor divisions of tiles) runs only where the
  // member's value there is ± the iterator's.
  std::optional<long> value_at_sample;
  std::vector<long> sample_coordinates;
  if (isl_point* sample = isl_set_sample_point(where.copy()); sample && isl_point_is_void(sample) == isl_bool_false) {
    isl_val* v = isl_pw_aff_eval(pa.copy(), isl_point_copy(sample));
    if (v && isl_val_is_int(v) == isl_bool_true) value_at_sample = isl_val_get_num_si(v);
    isl_val_free(v);
    for (int d = 0; d < n; ++d) {
      isl_val* c = isl_point_get_coordinate_val(sample, isl_dim_set, d);
      sample_coordinates.push_back(isl_val_get_num_si(c));
      isl_val_free(c);
    }
    isl_point_free(sample);
  } else {
    isl_point_free(sample);
  }
  auto may_be = [&](int d, long sign) {
    return !value_at_sample || *value_at_sample == sign * sample_coordinates[static_cast<std::size_t>(d)];
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

std::string member_loop_name(const Program& program, const isl::schedule_node& band, int member) {
  std::string name;
  for (const Statement& s : program.statements) {
    if (!reaches(band, s)) continue;
    const int d = member_iterator_index(program, band, member, s);
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
    schedule.root().foreach_descendant_top_down([&](isl::schedule_node n) {
      if (!reaches(n, *s)) return false;
      if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_band) {
        const int m = static_cast<int>(n.as<isl::schedule_node_band>().n_member());
        for (int k = 0; k < m; ++k) out.push_back(LoopRef{n, k, node_name(n), false});
      }
      return true;
    });
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
    schedule.root().foreach_descendant_top_down([&](isl::schedule_node n) {
      if (found || !reaches(n, *s)) return false;
      if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_band) {
        const int m = static_cast<int>(n.as<isl::schedule_node_band>().n_member());
        for (int k = 0; k < m && !found; ++k) {
          bool rev = false;
          if (member_iterator_index(program, n, k, *s, &rev) == index)
            found = LoopRef{n, k, node_name(n), rev};
        }
      }
      return !found;
    });
  });
  return found;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "analysis/work_count.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include <cctype>

#include "support/integer_expression.h"
#include "support/set_points.h"

namespace loopscape {

namespace {

bool floating(const std::string& type) {
  return type.find("double") != std::string::npos || type.find("float") != std::string::npos;
}

int count_flops(const Expr& e) {
  int n = 0;
  for (const ExprPtr& a : e.args) n += count_flops(*a);
  const bool arithmetic = e.text == "+" || e.text == "-" || e.text == "*" || e.text == "/";
  if (e.kind == ExprKind::Binary && arithmetic && floating(e.type)) ++n;
  if (e.kind == ExprKind::Call && floating(e.type)) ++n;
  return n;
}


std::string shape(const Array& a, const std::vector<long>& extents) {
  std::string s = a.name;
  for (long e : extents) s += "[" + std::to_string(e) + "]";
  return s;
}

}  // namespace

double RegionWork::instances() const {
  double n = 0;
  for (const StatementWork& s : statements) n += s.instances;
  return n;
}

double RegionWork::flops() const {
  double n = 0;
  for (const StatementWork& s : statements) n += s.instances * s.flops_per_instance;
  return n;
}

int flops_per_instance(const Statement& s) {
  int n = s.value ? count_flops(*s.value) : 0;
  const bool compound = s.assign_op.size() == 2 && std::string("+-*/").find(s.assign_op[0]) != std::string::npos;
  if (compound && s.target && floating(s.target->type)) ++n;
  return n;
}

RegionWork region_work(const Program& program, const std::map<std::string, long>& parameters) {
  RegionWork work;
  program.isl().bounded("count the instances", [&] {
    for (const Statement& s : program.statements) {
      isl::set domain;
      try {
        domain = fix_parameters(s.domain, parameters, "the domain of " + s.name);
      } catch (const std::invalid_argument& e) {
        throw InputError(s.where, e.what());
      }
      isl_val* count = isl_set_count_val(domain.get());
      const double instances = isl_val_get_d(count);
      isl_val_free(count);
      work.statements.push_back({s.name, instances, flops_per_instance(s)});
    }
  });
  return work;
}

std::vector<long> array_extents(const Array& array, const std::map<std::string, long>& parameters) {
  std::vector<long> out;
  for (const std::string& e : array.extents) {
    const std::optional<long> v = evaluate_integer_expression(e, parameters);
    if (!v)
      throw InputError(array.declared_at, "the extent '" + e + "' of " + array.name +
                                              " is no integer expression of the parameters");
    out.push_back(*v);
  }
  return out;
}

void check_accesses_in_bounds(const Program& program, const std::map<std::string, long>& parameters) {
  program.isl().bounded("check the accesses' bounds", [&] {
    for (const Statement& s : program.statements) {
      for (const Access& access : s.accesses) {
        const Array* array = program.find_array(access.array);
        if (!array || array->is_scalar()) continue;
        const std::vector<long> extents = array_extents(*array, parameters);
        isl::set domain;
        try {
          domain = fix_parameters(s.domain, parameters, "the domain of " + s.name);
        } catch (const std::invalid_argument& e) {
          throw InputError(s.where, e.what());
        }
        isl::map relation = access.relation;
        isl::set touched = fix_parameters(relation.wrap(), parameters, "an access of " + s.name).unwrap().intersect_domain(domain).range();
        const isl_size dims = isl_set_dim(touched.get(), isl_dim_set);
        if (dims != static_cast<isl_size>(extents.size())) continue;  // a linearised access: the C compiler's business
        isl::set inside = isl::manage(isl_set_universe(touched.get_space().release()));
        for (isl_size k = 0; k < dims; ++k) {
          inside = isl::manage(isl_set_lower_bound_si(inside.release(), isl_dim_set, static_cast<unsigned>(k), 0));
          inside = isl::manage(isl_set_upper_bound_si(inside.release(), isl_dim_set, static_cast<unsigned>(k),
                                                      static_cast<int>(extents[static_cast<std::size_t>(k)] - 1)));
        }
        const isl::set outside = touched.subtract(inside);
        if (outside.is_empty()) continue;
        const isl::point p = outside.sample_point();
        std::string at = access.array;
        for (isl_size k = 0; k < dims; ++k) {
          isl_val* v = isl_point_get_coordinate_val(p.get(), isl_dim_set, static_cast<int>(k));
          at += "[" + std::to_string(isl_val_get_num_si(v)) + "]";
          isl_val_free(v);
        }
        std::string values;
        for (const auto& [name, value] : parameters) values += (values.empty() ? "" : ", ") + name + " = " + std::to_string(value);
        throw InputError(access.where, s.name + (access.kind == Access::Kind::Write ? " writes " : " reads ") + at +
                                           ", outside " + shape(*array, extents) + " at " + values +
                                           ": choose smaller parameter values");
      }
    }
  });
}

}  // namespace loopscape

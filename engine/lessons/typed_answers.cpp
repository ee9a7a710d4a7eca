// SPDX-License-Identifier: Apache-2.0
#include "lessons/typed_answers.h"

#include <isl/map.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "lessons/count_formula.h"
#include "lessons/order_witness.h"
#include "plot/domain_points.h"
#include "plot/plot_parameters.h"
#include "support/isl_text.h"
#include "support/set_points.h"
#include "support/text.h"

namespace loopscape {
namespace {

std::string values_text(const std::map<std::string, long>& values, const std::vector<std::string>& only) {
  std::vector<std::string> parts;
  for (const std::string& p : only)
    if (const auto v = values.find(p); v != values.end()) parts.push_back(p + " = " + std::to_string(v->second));
  return join(parts);
}

// "S0[1, 2]" from what the student wrote ("S0[1,2]", "S0(1, 2)", "[1, 2]" for a lone statement).
std::vector<std::string> typed_instances(const Program& program, const std::string& typed) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < typed.size();) {
    const char open = typed[k];
    if (open != '[' && open != '(') {
      ++k;
      continue;
    }
    std::size_t name_begin = k;
    while (name_begin > 0 && (std::isalnum(static_cast<unsigned char>(typed[name_begin - 1])) || typed[name_begin - 1] == '_'))
      --name_begin;
    std::string name = typed.substr(name_begin, k - name_begin);
    const std::size_t close = typed.find(open == '[' ? ']' : ')', k);
    if (close == std::string::npos) throw std::invalid_argument("an instance is not closed: " + typed.substr(name_begin));
    std::vector<std::string> coordinates;
    std::string inside = typed.substr(k + 1, close - k - 1), number;
    for (char c : inside + ",") {
      if (c == ',') {
        if (number.empty() || number == "-")
          throw std::invalid_argument("write each instance with numbers: S0[1, 2], not " + typed.substr(name_begin, close - name_begin + 1));
        coordinates.push_back(number);
        number.clear();
      } else if (std::isdigit(static_cast<unsigned char>(c)) || (c == '-' && number.empty())) {
        number += c;
      } else if (!std::isspace(static_cast<unsigned char>(c))) {
        throw std::invalid_argument("write each instance with numbers: S0[1, 2], not " +
                                    typed.substr(name_begin, close - name_begin + 1));
      }
    }
    if (name.empty()) {
      if (program.statements.size() != 1) throw std::invalid_argument("name the statement of each instance: S0[1, 2]");
      name = program.statements[0].name;
    }
    out.push_back(name + "[" + join(coordinates) + "]");
    k = close + 1;
  }
  return out;
}

std::vector<std::string> order_at(const Session& session, const std::map<std::string, long>& values, std::size_t count) {
  PlotRequest request;
  request.parameters = values;
  const PlotData data = build_plot_data(session.program(), session.dependences(), session.schedule(), request);
  std::vector<std::string> out;
  for (std::size_t k = 0; k < data.points.size() && out.size() < count; ++k) out.push_back(data.point_label(k));
  return out;
}

std::string points_text(long n) { return std::to_string(n) + (n == 1 ? " point" : " points"); }

std::string ordinal(std::size_t n) {
  static const char* const words[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"};
  return n >= 1 && n <= 10 ? words[n - 1] : "number " + std::to_string(n);
}

}  // namespace

std::map<std::string, long> exercise_parameter_values(const Program& program, const isl::schedule& schedule,
                                                      const std::map<std::string, long>& given) {
  std::map<std::string, long> values = given;
  bool complete = true;
  for (const std::string& p : program.parameters) complete = complete && values.count(p);
  if (!complete)
    for (const auto& [name, value] : choose_plot_parameters(program, schedule).values) values.emplace(name, value);
  return values;
}

std::string first_instances(const Session& session, const std::map<std::string, long>& values, std::size_t count) {
  return join(order_at(session, values, count));
}

CheckFinding check_prediction(const Session& session, const std::map<std::string, long>& values,
                                              std::size_t count, const std::string& typed) {
  std::vector<std::string> got;
  try {
    got = typed_instances(session.program(), typed);
  } catch (const std::invalid_argument& e) {
    // "write each instance ..." and "name the statement ..." are about the form; a missing bracket is not.
    const std::string why = e.what();
    return {false, why, why.rfind("write each instance", 0) == 0 || why.rfind("name the statement", 0) == 0};
  }
  if (got.empty())
    return {false,
            "list the first " + std::to_string(count) + " instances in the answer box, as S0[0, 0], S0[0, 1], ... "
            "(or click them on the plot in order)",
            true};
  const std::vector<std::string> all = order_at(session, values, std::numeric_limits<std::size_t>::max());
  const std::vector<std::string> want(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(count, all.size())));
  const std::string at = values_text(values, session.program().parameters);
  const std::string with = at.empty() ? "" : " (with " + at + ")";
  for (const std::string& instance : got) {
    if (std::find(all.begin(), all.end(), instance) != all.end()) continue;
    const std::string name = instance.substr(0, instance.find('['));
    if (!session.program().find_statement(name)) {
      std::vector<std::string> names;
      for (const Statement& s : session.program().statements) names.push_back(s.name);
      return {false, "there is no statement " + name + " (the kernel's: " + join(names) + ")"};
    }
    return {false, instance + " is not an instance of " + name + with + ": it is outside the domain"};
  }
  for (std::size_t k = 0; k < std::min(got.size(), want.size()); ++k)
    if (got[k] != want[k])
      return {false, "your " + ordinal(k + 1) + " instance is " + got[k] + ", but " + want[k] + " runs " + ordinal(k + 1) +
                         (k ? ", right after " + want[k - 1] : "") + with};
  if (got.size() < want.size())
    return {false, (got.size() == 1 ? std::string("the first one is right") : "the first " + std::to_string(got.size()) +
                                                                                   " are right") +
                       "; list " + std::to_string(want.size()) + " instances"};
  if (got.size() > want.size())
    return {false, "list " + std::to_string(want.size()) + " instances, not " + std::to_string(got.size())};
  return {true, ""};
}

CheckFinding check_count(const Program& program, const Statement& statement,
                                         const std::map<std::string, long>& values, const std::string& typed,
                                         bool formula_only) {
  std::string text = typed;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  text.erase(0, std::min(text.size(), text.find_first_not_of(" \t\r\n")));
  if (text.empty()) return {false, "type your count (a number, or a formula such as n * n) in the answer box", true};
  const auto points_at = [&](const std::map<std::string, long>& at) {
    long n = 0;
    for_each_point(fix_parameters(statement.domain.intersect_params(program.context), at, statement.name + "'s domain"),
                   [&](const std::vector<long>&) {
                     ++n;
                     return true;
                   });
    return n;
  };
  // A number, or an expression without names (3 * 5): the count at the exercise's values.
  std::string no_name;
  const std::optional<Rational> constant =
      text.find('{') == std::string::npos ? rational_value(text, {}, &no_name) : std::nullopt;
  if (constant && formula_only)
    return {false, "write the count as a formula in the parameters, such as n * n, not a number", true};
  if (constant && constant->second != 1)
    return {false, "a count is a whole number, not " + rational_text(*constant)};
  if (constant) {
    const long number = constant->first;
    const long want = points_at(values);
    if (number == want) return {true, ""};
    return {false, "at " + values_text(values, program.parameters) + " " + statement.name + "'s domain has " +
                       points_text(want) + ", not " + std::to_string(number)};
  }
  // A formula in the parameters, compared with the points counted at many
  // values: as a student writes it (n * (n + 1) / 2, exact rational
  // arithmetic), bare or in isl's braces; with conditions (`: n >= 1`) isl reads it.
  std::string expression = text;
  if (const auto open = text.find('{'); open != std::string::npos) {
    const auto close = text.rfind('}');
    expression = close == std::string::npos || close < open ? "" : text.substr(open + 1, close - open - 1);
  }
  std::function<std::optional<Rational>(const std::map<std::string, long>&)> formula_at;
  std::string unknown;
  std::unique_ptr<isl_pw_qpolynomial, decltype(&isl_pw_qpolynomial_free)> isl_formula(nullptr, &isl_pw_qpolynomial_free);
  if (expression.find(':') == std::string::npos) {
    formula_at = [&](const std::map<std::string, long>& at) { return rational_value(expression, at, &unknown); };
    std::map<std::string, long> ones;
    for (const std::string& p : program.parameters) ones[p] = 7;
    std::size_t column = 0;
    if (!rational_value(expression, ones, &unknown, &column) && unknown.empty())
      return {false,
              "your count is neither a number nor a formula (at column " + std::to_string(column) +
                  "): write a number such as 21, or a formula such as n * (n + 1) / 2 or (n^2 + n) / 2",
              true};
  } else {
    isl_formula.reset(isl_pw_qpolynomial_read_from_str(program.ctx().get(), text.c_str()));
    if (!isl_formula)
      return {false,
              "your count is neither a number nor a formula isl reads: write 28, or [n] -> { n * n : n >= 0 } "
              "(isl wants fractions as coefficients: 1/2 * n * (n + 1))",
              true};
    isl_space* space = isl_pw_qpolynomial_get_domain_space(isl_formula.get());
    const bool has_tuple = isl_space_dim(space, isl_dim_set) != 0;
    isl_space_free(space);
    if (has_tuple) return {false, "write the count in the parameters only, with no tuple: [n] -> { n * (n + 1) / 2 }"};
    formula_at = [&](const std::map<std::string, long>& at) -> std::optional<Rational> {
      isl_space* sp = isl_pw_qpolynomial_get_domain_space(isl_formula.get());
      isl_point* point = isl_point_zero(isl_space_copy(sp));
      const isl_size n = isl_space_dim(sp, isl_dim_param);
      for (int k = 0; k < n; ++k) {
        const char* name = isl_space_get_dim_name(sp, isl_dim_param, k);
        const auto v = at.find(name ? name : "");
        if (v == at.end()) {
          unknown = name ? name : "?";
          isl_point_free(point);
          isl_space_free(sp);
          return std::nullopt;
        }
        point = isl_point_set_coordinate_val(point, isl_dim_param, k, isl_val_int_from_si(program.ctx().get(), v->second));
      }
      isl_space_free(sp);
      const isl::val value = isl::manage(isl_pw_qpolynomial_eval(isl_pw_qpolynomial_copy(isl_formula.get()), point));
      if (value.is_null() || !value.is_rat()) return std::nullopt;
      return Rational{value.get_num_si(), value.get_den_si()};
    };
  }
  // Every parameter from 0 up, as many values as keep the grid under ~800 points.
  const std::size_t np = program.parameters.size();
  long top = 12;
  while (np > 1 && top > 2 && std::pow(static_cast<double>(top + 1), static_cast<double>(np)) > 800) --top;
  std::vector<long> at(np, 0);
  for (bool more = true; more;) {
    std::map<std::string, long> named;
    for (std::size_t k = 0; k < np; ++k) named[program.parameters[k]] = at[k];
    if (!fix_parameters(program.context, named, "the kernel's context").is_empty()) {
      const std::optional<Rational> value = formula_at(named);
      if (!unknown.empty())
        return {false, "your formula names " + unknown + ", which is not a parameter of the kernel (" +
                           join(program.parameters) + ")"};
      const long want = points_at(named);
      if (!value || value->second != 1 || value->first != want)
        return {false, "at " + values_text(named, program.parameters) + " your formula gives " +
                           (value ? rational_text(*value) : std::string("nothing (a division by zero?)")) + ", but " +
                           statement.name + "'s domain has " + points_text(want)};
    }
    more = false;
    for (std::size_t k = 0; k < np && !more; ++k) {
      if (at[k] < top) {
        ++at[k];
        more = true;
      } else {
        at[k] = 0;
      }
    }
  }
  return {true, ""};
}

CheckFinding check_schedule_map(const Program& program, const isl::schedule& expected,
                                                const std::string& typed) {
  if (typed.find_first_not_of(" \t\n") == std::string::npos)
    return {false, "type your schedule (an isl map such as [n] -> { S0[i, j] -> [j, i] }) in the answer box", true};
  IslObject got;
  try {
    got = read_isl_object(program.ctx(), typed, {"", 1, 1});
  } catch (const InputError& e) {
    return {false,
            "your schedule is not an isl map (at column " + std::to_string(e.where().column) + ": " + e.message() +
                "): write it as [params] -> { S0[i, j] -> [t0, t1, ...] }",
            true};
  }
  if (!got.map) return {false, "a schedule is a map from instances to times ({ S0[i, j] -> [j, i] }), not a set"};
  const isl::union_set instances = expected.domain().intersect_params(program.context);
  const isl::union_map map = got.map->intersect_params(program.context).intersect_domain(instances);
  const isl::union_set missing = instances.subtract(map.domain());
  // isl reads i / 4 as a fraction, an integer only where 4 divides i.
  const std::string fraction = typed.find('/') != std::string::npos && typed.find("floor") == std::string::npos
                                   ? " (isl reads i / 4 as a fraction, whole only for some i: write floor(i / 4))"
                                   : "";
  if (!missing.is_empty())
    return {false, "your schedule gives no time to " + to_text(missing.sample_point()) +
                       ": it must map every instance of the domain" + fraction};
  if (!map.is_single_valued())
    return {false, "your schedule gives some instance two times: each instance runs once" + fraction};
  // Two instances at one time run in no order: say so rather than "in another order".
  const isl::union_map same_time =
      map.apply_range(map.reverse()).subtract(isl::union_map(isl::union_set(instances).identity()));
  std::string parameters;
  if (const std::string both = some_pair_text(program, same_time, &parameters); !both.empty())
    return {false, "your schedule gives " + both + " the same time" +
                       (parameters.empty() ? "" : " (with " + parameters + ")") +
                       ": a schedule must order every pair of instances"};
  const std::string differs = order_difference(program, runs_before(map, instances), runs_before(expected));
  if (!differs.empty()) return {false, differs};
  return {true, ""};
}

}  // namespace loopscape

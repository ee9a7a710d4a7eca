// SPDX-License-Identifier: Apache-2.0
#include "plot/affine_eval.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/val.h>

#include <memory>

#include "support/floor_division.h"

namespace loopscape {

namespace {

// v * scale as an integer that fits a long, else nullopt. Takes `v`.
std::optional<long> scaled(isl_val* v, isl_val* scale) {
  v = isl_val_mul(v, isl_val_copy(scale));
  std::optional<long> out;
  if (isl_val_is_int(v) == isl_bool_true) {
    isl_val* bound = isl_val_int_from_si(isl_val_get_ctx(v), 1L << 40);
    isl_val* magnitude = isl_val_abs(isl_val_copy(v));
    if (isl_val_lt(magnitude, bound) == isl_bool_true) out = isl_val_get_num_si(v);
    isl_val_free(magnitude);
    isl_val_free(bound);
  }
  isl_val_free(v);
  return out;
}

}  // namespace

std::optional<AffineEvaluator::Form> AffineEvaluator::form_of(isl_aff* aff,
                                                              const std::map<std::string, long>& parameters) {
  Form f;
  isl_val* denominator = isl_aff_get_denominator_val(aff);
  const std::unique_ptr<isl_val, decltype(&isl_val_free)> owned(denominator, isl_val_free);
  const std::optional<long> den = scaled(isl_val_one(isl_aff_get_ctx(aff)), denominator);
  const std::optional<long> constant = scaled(isl_aff_get_constant_val(aff), denominator);
  if (!den || !constant) return std::nullopt;
  f.denominator = *den;
  f.constant = *constant;
  const isl_size n_param = isl_aff_dim(aff, isl_dim_param);
  for (int k = 0; k < n_param; ++k) {
    const std::optional<long> c = scaled(isl_aff_get_coefficient_val(aff, isl_dim_param, k), denominator);
    if (!c) return std::nullopt;
    if (*c == 0) continue;
    const char* name = isl_aff_get_dim_name(aff, isl_dim_param, static_cast<unsigned>(k));
    const auto value = name ? parameters.find(name) : parameters.end();
    if (value == parameters.end()) return std::nullopt;
    f.constant += *c * value->second;
  }
  const isl_size n_in = isl_aff_dim(aff, isl_dim_in);
  for (int k = 0; k < n_in; ++k) {
    const std::optional<long> c = scaled(isl_aff_get_coefficient_val(aff, isl_dim_in, k), denominator);
    if (!c) return std::nullopt;
    f.in.push_back(*c);
  }
  const isl_size n_div = isl_aff_dim(aff, isl_dim_div);
  for (int k = 0; k < n_div; ++k) {
    const std::optional<long> c = scaled(isl_aff_get_coefficient_val(aff, isl_dim_div, k), denominator);
    if (!c) return std::nullopt;
    f.divs.push_back(*c);
  }
  return f;
}

std::optional<AffineEvaluator> AffineEvaluator::of(const isl::pw_aff& value, const isl::set& domain,
                                                   const std::map<std::string, long>& parameters) {
  isl_pw_aff* on_domain = isl_pw_aff_coalesce(isl_pw_aff_intersect_domain(value.copy(), domain.copy()));
  const std::unique_ptr<isl_pw_aff, decltype(&isl_pw_aff_free)> owned(on_domain, isl_pw_aff_free);
  if (isl_pw_aff_n_piece(on_domain) != 1) return std::nullopt;
  isl_set* covered = isl_pw_aff_domain(isl_pw_aff_copy(on_domain));
  const bool covers = isl_set_is_subset(domain.get(), covered) == isl_bool_true;
  isl_set_free(covered);
  if (!covers) return std::nullopt;
  isl_aff* aff = nullptr;
  isl_pw_aff_foreach_piece(
      on_domain,
      [](isl_set* set, isl_aff* piece, void* user) {
        isl_set_free(set);
        *static_cast<isl_aff**>(user) = piece;
        return isl_stat_ok;
      },
      &aff);
  const std::unique_ptr<isl_aff, decltype(&isl_aff_free)> owned_aff(aff, isl_aff_free);
  if (!aff) return std::nullopt;
  return of(aff, parameters);
}

std::optional<AffineEvaluator> AffineEvaluator::of(isl_aff* aff, const std::map<std::string, long>& parameters) {
  AffineEvaluator e;
  const std::optional<Form> f = form_of(aff, parameters);
  if (!f || f->denominator != 1) return std::nullopt;
  e.value_ = *f;
  for (std::size_t k = 0; k < f->divs.size(); ++k) {
    isl_aff* div = isl_aff_get_div(aff, static_cast<int>(k));
    const std::optional<Form> d = div ? form_of(div, parameters) : std::nullopt;
    const bool earlier_only = d && d->divs.size() == f->divs.size() && [&] {
      for (std::size_t j = k; j < d->divs.size(); ++j)
        if (d->divs[j] != 0) return false;
      return true;
    }();
    isl_aff_free(div);
    if (!earlier_only || d->denominator <= 0) return std::nullopt;
    e.divs_.push_back(*d);
  }
  return e;
}

long AffineEvaluator::numerator(const Form& f, std::span<const long> point, std::span<const long> divs) {
  long n = f.constant;
  for (std::size_t k = 0; k < f.in.size() && k < point.size(); ++k) n += f.in[k] * point[k];
  for (std::size_t k = 0; k < f.divs.size() && k < divs.size(); ++k) n += f.divs[k] * divs[k];
  return n;
}

long AffineEvaluator::operator()(std::span<const long> point) const {
  long divs[16];
  std::vector<long> more;
  std::span<long> values(divs, divs_.size());
  if (divs_.size() > 16) {
    more.resize(divs_.size());
    values = more;
  }
  for (std::size_t k = 0; k < divs_.size(); ++k)
    values[k] = floor_div(numerator(divs_[k], point, std::span<const long>(values.data(), k)), divs_[k].denominator);
  return numerator(value_, point, values);
}

std::optional<AffineConditions> AffineConditions::of(const isl::set& set,
                                                     const std::map<std::string, long>& parameters) {
  struct State {
    AffineConditions out;
    const std::map<std::string, long>& parameters;
    bool ok = true;
  } state{{}, parameters};
  isl_set_foreach_basic_set(
      set.get(),
      [](isl_basic_set* bset, void* user) {
        auto* st = static_cast<State*>(user);
        if (isl_basic_set_dim(bset, isl_dim_div) > 0) st->ok = false;
        std::vector<Constraint>& part = st->out.parts_.emplace_back();
        struct Context {
          State* state;
          std::vector<Constraint>* part;
        } context{st, &part};
        if (st->ok)
          isl_basic_set_foreach_constraint(
              bset,
              [](isl_constraint* c, void* user) {
                auto* cx = static_cast<Context*>(user);
                Constraint k;
                isl_val* constant = isl_constraint_get_constant_val(c);
                k.constant = isl_val_get_num_si(constant);
                isl_val_free(constant);
                const isl_size n_param = isl_constraint_dim(c, isl_dim_param);
                for (int p = 0; p < n_param; ++p) {
                  isl_val* v = isl_constraint_get_coefficient_val(c, isl_dim_param, p);
                  const long coefficient = isl_val_get_num_si(v);
                  isl_val_free(v);
                  if (coefficient == 0) continue;
                  const char* name = isl_constraint_get_dim_name(c, isl_dim_param, static_cast<unsigned>(p));
                  const auto value = name ? cx->state->parameters.find(name) : cx->state->parameters.end();
                  if (value == cx->state->parameters.end()) cx->state->ok = false;
                  else k.constant += coefficient * value->second;
                }
                const isl_size n_set = isl_constraint_dim(c, isl_dim_set);
                for (int d = 0; d < n_set; ++d) {
                  isl_val* v = isl_constraint_get_coefficient_val(c, isl_dim_set, d);
                  k.in.push_back(isl_val_get_num_si(v));
                  isl_val_free(v);
                }
                k.equality = isl_constraint_is_equality(c) == isl_bool_true;
                cx->part->push_back(std::move(k));
                isl_constraint_free(c);
                return isl_stat_ok;
              },
              &context);
        isl_basic_set_free(bset);
        return isl_stat_ok;
      },
      &state);
  if (!state.ok) return std::nullopt;
  return std::move(state.out);
}

bool AffineConditions::contains(std::span<const long> point) const {
  for (const std::vector<Constraint>& part : parts_) {
    bool inside = true;
    for (const Constraint& c : part) {
      long sum = c.constant;
      for (std::size_t d = 0; d < c.in.size() && d < point.size(); ++d) sum += c.in[d] * point[d];
      if (c.equality ? sum != 0 : sum < 0) {
        inside = false;
        break;
      }
    }
    if (inside) return true;
  }
  return false;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// A schedule dimension of one statement evaluated at integer points without
// isl: the one affine piece (with floor divisions) that covers the statement's
// domain, its parameters fixed. The plot computes every point's time vector
// this way instead of scanning the product of domain and time with loops isl
// builds (that build cost hundreds of ms on tiled schedules).
#include <isl/aff.h>
#include <isl/cpp.h>

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace loopscape {

class AffineEvaluator {
 public:
  // Nullopt when `value` has more than one piece on `domain`, does not cover
  // it, or takes a non-integer form (a denominator outside a floor division).
  static std::optional<AffineEvaluator> of(const isl::pw_aff& value, const isl::set& domain,
                                           const std::map<std::string, long>& parameters);
  // One affine expression (not taken); nullopt for a non-integer form or a
  // parameter without a value.
  static std::optional<AffineEvaluator> of(isl_aff* aff, const std::map<std::string, long>& parameters);

  long operator()(std::span<const long> point) const;

 private:
  // (constant + in . point + divs . floor divisions) / denominator
  struct Form {
    long constant = 0;
    std::vector<long> in;
    std::vector<long> divs;
    long denominator = 1;
  };
  static std::optional<Form> form_of(isl_aff* aff, const std::map<std::string, long>& parameters);
  static long numerator(const Form& f, std::span<const long> point, std::span<const long> divs);

  std::vector<Form> divs_;  // in the order isl numbers them: each may use the earlier ones
  Form value_;
};

// The constraints of a set without existential variables, checked at
// integer points without isl: what tells which piece of a dependence
// relation an instance falls in.
class AffineConditions {
 public:
  // Nullopt when some part of `set` has existential variables or a parameter has no value.
  static std::optional<AffineConditions> of(const isl::set& set, const std::map<std::string, long>& parameters);

  bool contains(std::span<const long> point) const;

 private:
  struct Constraint {
    long constant = 0;
    std::vector<long> in;
    bool equality = false;  // = 0, else >= 0
  };
  std::vector<std::vector<Constraint>> parts_;  // a union of conjunctions
};

}  // namespace loopscape

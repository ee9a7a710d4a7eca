#pragma once
// A schedule dimension of one statement evaluated at integer points without
// isl: the one affine piece (with floor divisions) that covers the statement's
// domain, its parameters fixed. The plot computes every point's time vector
// this way instead of scanning the product of domain and time with loops isl
// builds (that build cost hundreds of ms on tiled schedules).
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

}  // namespace loopscape

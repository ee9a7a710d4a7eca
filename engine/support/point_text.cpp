// SPDX-License-Identifier: Apache-2.0
#include "support/point_text.h"

#include <isl/point.h>
#include <isl/val.h>

namespace loopscape {
namespace {

long coordinate(const isl::point& point, isl_dim_type type, int position) {
  return isl::manage(isl_point_get_coordinate_val(point.get(), type, position)).get_num_si();
}

}  // namespace

std::string point_tuple(const isl::point& point, const std::string& name, int first, int count) {
  std::string text = name + "[";
  for (int k = 0; k < count; ++k) text += (k ? ", " : "") + std::to_string(coordinate(point, isl_dim_set, first + k));
  return text + "]";
}

std::string point_parameters(const isl::point& point, const std::vector<std::string>& parameters) {
  std::string text;
  for (std::size_t k = 0; k < parameters.size(); ++k)
    text += (text.empty() ? "" : ", ") + parameters[k] + " = " +
            std::to_string(coordinate(point, isl_dim_param, static_cast<int>(k)));
  return text;
}

}  // namespace loopscape

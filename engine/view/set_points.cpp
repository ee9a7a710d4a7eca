#include "view/set_points.h"

#include <isl/set.h>
#include <isl/val.h>

#include <stdexcept>

namespace loopscape {

isl::set fix_parameters(isl::set set, const std::map<std::string, long>& values, const std::string& what) {
  for (int k = static_cast<int>(isl_set_dim(set.get(), isl_dim_param)) - 1; k >= 0; --k) {
    const char* raw = isl_set_get_dim_name(set.get(), isl_dim_param, static_cast<unsigned>(k));
    const std::string name = raw ? raw : "";
    auto it = values.find(name);
    if (it != values.end()) {
      isl_val* value = isl_val_int_from_si(set.ctx().get(), it->second);
      set = isl::manage(isl_set_fix_val(set.release(), isl_dim_param, static_cast<unsigned>(k), value));
    } else if (isl_set_involves_dims(set.get(), isl_dim_param, static_cast<unsigned>(k), 1) == isl_bool_true) {
      throw std::invalid_argument("no value for parameter " + name + " (" + what + ")");
    }
    set = isl::manage(isl_set_project_out(set.release(), isl_dim_param, static_cast<unsigned>(k), 1));
  }
  return set;
}

void require_bounded(const isl::set& set, const std::string& what) {
  if (isl_set_is_bounded(set.get()) != isl_bool_true)
    throw std::invalid_argument(what + " is unbounded at these parameter values");
}

}  // namespace loopscape

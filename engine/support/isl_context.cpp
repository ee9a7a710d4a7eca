// SPDX-License-Identifier: Apache-2.0
#include "support/isl_context.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/version.h>

#include "support/error.h"

namespace loopscape {

IslContext::IslContext(unsigned long max_operations)
    : raw_(isl_ctx_alloc()), max_operations_(max_operations) {
  isl_options_set_on_error(raw_, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(raw_, max_operations_);
}

IslContext::~IslContext() { isl_ctx_free(raw_); }

void IslContext::set_max_operations(unsigned long n) {
  max_operations_ = n;
  isl_ctx_set_max_operations(raw_, n);
}

void IslContext::bounded(const std::string& what, const std::function<void()>& work) const {
  isl_ctx_reset_operations(raw_);
  isl_ctx_reset_error(raw_);
  try {
    work();
  } catch (const isl::exception& e) {
    const bool quota = dynamic_cast<const isl::exception_quota*>(&e) != nullptr ||
                       isl_ctx_last_error(raw_) == isl_error_quota;
    isl_ctx_reset_error(raw_);
    isl_ctx_reset_operations(raw_);
    if (quota)
      throw IslError(what + ": stopped at the isl operation quota (" +
                         std::to_string(max_operations_) + " operations)",
                     true);
    throw IslError(what + ": isl failed: " + (e.what() ? std::string(e.what()) : "unknown error"),
                   false);
  }
  const bool quota = isl_ctx_last_error(raw_) == isl_error_quota;
  isl_ctx_reset_operations(raw_);
  if (quota) {
    isl_ctx_reset_error(raw_);
    throw IslError(what + ": stopped at the isl operation quota", true);
  }
}

std::string isl_version_string() { return isl_version(); }

void check_isl_version() {
  const std::string v = isl_version();
  if (v.rfind("isl-0.25", 0) != 0)
    throw IslError("isl calls bind to '" + v +
                       "', not libisl 0.25: the executable must list libisl first "
                       "(see loopscape_bind_isl_first in CMake)",
                   false);
}

}  // namespace loopscape

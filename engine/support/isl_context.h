// SPDX-License-Identifier: Apache-2.0
#pragma once
// One isl context per Program, with an operation quota so no isl call can run away.
#include <isl/cpp.h>

#include <functional>
#include <memory>
#include <string>

namespace loopscape {

class IslContext {
 public:
  static constexpr unsigned long kDefaultMaxOperations = 20'000'000;

  explicit IslContext(unsigned long max_operations = kDefaultMaxOperations);
  ~IslContext();
  IslContext(const IslContext&) = delete;
  IslContext& operator=(const IslContext&) = delete;

  isl::ctx ctx() const { return isl::ctx(raw_); }
  isl_ctx* raw() const { return raw_; }

  void set_max_operations(unsigned long n);
  unsigned long max_operations() const { return max_operations_; }

  // Runs `work` with a fresh operation budget; an isl failure or quota overrun
  // becomes an IslError naming `what`, and the context is left usable.
  void bounded(const std::string& what, const std::function<void()>& work) const;

 private:
  isl_ctx* raw_;
  unsigned long max_operations_;
};

// Fails loudly when isl calls bind to a copy other than libisl 0.25 (see engine notes §7).
void check_isl_version();
std::string isl_version_string();

}  // namespace loopscape

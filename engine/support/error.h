// SPDX-License-Identifier: Apache-2.0
#pragma once
// Errors the engine reports to its users: every one carries where it was found.
#include <stdexcept>
#include <string>

namespace loopscape {

struct SourceLocation {
  std::string file;
  unsigned line = 0;    // 1-based; 0 when unknown
  unsigned column = 0;  // 1-based; 0 when unknown

  bool known() const { return line != 0; }
  // "file:line:column" (or as much of it as is known).
  std::string str() const;
};

// A problem with the user's input (unsupported C, bad option, malformed script).
class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, const std::string& what);
  const SourceLocation& where() const { return where_; }
  // The message alone, without the location prefix.
  const std::string& message() const { return message_; }

 private:
  SourceLocation where_;
  std::string message_;
};

// isl ran past its operation quota or failed internally.
class IslError : public std::runtime_error {
 public:
  IslError(const std::string& what, bool quota_exceeded);
  bool quota_exceeded() const { return quota_exceeded_; }

 private:
  bool quota_exceeded_;
};

}  // namespace loopscape

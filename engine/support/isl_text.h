// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading a set or a map the user typed in isl notation, with the line and
// column of a syntax error. isl reports the position of a syntax error only on
// standard error, so the reader captures that stream while isl parses.
#include <isl/cpp.h>

#include <optional>
#include <sstream>
#include <string>

#include "support/error.h"

namespace loopscape {

// What a text in isl notation is: a (union) set or a (union) map.
struct IslObject {
  std::optional<isl::union_set> set;
  std::optional<isl::union_map> map;

  bool is_set() const { return set.has_value(); }
  // The set as the domain of a map from it (a set) or the map itself.
  isl::union_map as_map() const;
  std::string str() const;
};

// Any isl object in isl notation.
template <typename T>
std::string isl_string(const T& object) {
  std::ostringstream out;
  out << object;
  return out.str();
}

// The same object in the same words whatever the order isl keeps its
// statements in (it prints a union in hash-table order, which changes when a
// schedule is rebuilt): one piece per statement, sorted. For keys of caches.
std::string sorted_isl_string(const isl::union_pw_aff& object);
std::string sorted_isl_string(const isl::union_set& object);

// Reads `text`. `where` is the position of the text's first character; a
// syntax error throws InputError at the position isl names, with isl's words
// and the token it got ("unknown identifier 'n'").
IslObject read_isl_object(isl::ctx ctx, const std::string& text, const SourceLocation& where);

}  // namespace loopscape

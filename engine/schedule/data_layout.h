// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer III (data mapping) kept IN the schedule tree, so it survives later
// commands, undo/replay and text round trips like names and tags do.
//
// Each directive is a tag mark (schedule/tags.h syntax) placed directly above
// the leaf of its statement (below any name mark of the leaf), and names the
// statement first, since a leaf may hold several statements:
//   "@store_in(S0,B,i,j + 1)"     S0[i, j] stores its value in B[i][j + 1]
//   "@storage_fold(S0,i,2,0)"     dimension 0 of S0's buffer (indexed by loop i) is folded modulo 2
// Loop AST conversion ignores tags above statements, and the tree printer
// shows them on the statement's line. Printers read the directives with
// data_layout(). Loop-level data requests (cache_shared_at, send, receive)
// are ordinary loop tags on the loop where they happen (see their commands).
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

struct StorageMapping {
  std::string statement;
  std::string buffer;
  std::vector<std::string> indices;  // affine expressions of the statement's iterators and parameters
};

struct StorageFold {
  std::string statement;
  std::string loop;   // the source loop whose buffer dimension is folded
  long factor = 1;
  int dimension = 0;  // the buffer dimension
};

struct DataLayout {
  std::vector<StorageMapping> mappings;
  std::vector<StorageFold> folds;
  std::vector<std::string> inlined;  // statements whose value replaces the reads of it
  const StorageMapping* mapping_of(const std::string& statement) const;
};

inline constexpr const char* kStoreInTag = "store_in";
inline constexpr const char* kStorageFoldTag = "storage_fold";
inline constexpr const char* kInlineTag = "inline";  // "@inline(S0)": S0 is inlined into its readers

// Every directive in the tree, in pre-order.
DataLayout data_layout(const isl::schedule& schedule);

// Records `mapping`, replacing an earlier mapping of the same statement.
// Throws std::invalid_argument when the statement has no leaf in the tree.
isl::schedule set_storage_mapping(const isl::schedule& schedule, const StorageMapping& mapping);
// Records `fold` (replacing a fold of the same statement and dimension).
isl::schedule add_storage_fold(const isl::schedule& schedule, const StorageFold& fold);
// Records that `statement` is inlined (it stays in the schedule, for the
// legality of later commands; code generation drops it).
isl::schedule add_inlining(const isl::schedule& schedule, const std::string& statement);

// Where `statement` stores its value: the recorded mapping, else its write
// access (the first one); a map S[...] -> B[...]. Null map when it writes nothing.
isl::map storage_relation(const Program& program, const isl::schedule& schedule, const std::string& statement);
// The buffer name of storage_relation ("" when none).
std::string storage_buffer(const Program& program, const isl::schedule& schedule, const std::string& statement);
// The same, from a layout already read off the schedule.
std::string storage_buffer(const Program& program, const DataLayout& layout, const std::string& statement);

}  // namespace loopscape

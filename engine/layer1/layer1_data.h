// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a Tiramisu function (api/tiramisu.h) holds before it becomes a Program.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/tiramisu.h"

namespace loopscape::tiramisu::detail {

enum class NodeKind { Int, Float, Var, Constant, Access, Unary, Binary, Select, Cast, Call };

struct Node {
  NodeKind kind = NodeKind::Int;
  std::string text;  // literal as C writes it, name, operator or function
  primitive_t type = p_none;
  std::vector<std::shared_ptr<const Node>> args;
  const ComputationData* target = nullptr;  // Access: the computation or input read
  where at;                                 // Access: where the user wrote it
};
using NodePtr = std::shared_ptr<const Node>;

struct BufferData {
  std::string name;
  std::vector<expr> sizes;
  primitive_t type = p_none;
  argument_t argument = a_temporary;
  FunctionData* owner = nullptr;
  where at;
  int order = 0;  // among the function's declarations
};

struct Iterator {
  std::string name;
  expr lower, upper;  // undefined for dimensions of a domain given as an isl set
  where at;
};

// A loop reversed in the original program (computation::loop_reversal
// before the first schedule command): by name, or by depth when `level` >= 0.
struct Reversal {
  std::string iterator;
  int level = -1;
  where at;
};

struct ComputationData {
  std::string name;
  std::vector<Iterator> iterators;
  std::string domain_text;  // the isl set as given (empty: the iterators' ranges)
  where domain_at;
  expr value;               // undefined for inputs (and until set_expression)
  primitive_t type = p_none;
  bool is_input = false;
  bool scheduled = true;    // false: Tiramisu's schedule_this_computation = false (not a statement)
  std::shared_ptr<BufferData> storage;  // null: its own buffer, made when the program is built
  std::vector<expr> store_indices;      // empty: its iterators, or the buffer's first element when `stored_as_scalar`
  bool stored_as_scalar = false;        // store_in(&b, {})
  std::string access_map;               // set_access's isl map (the indices come from it)
  where store_at;
  FunctionData* owner = nullptr;
  where at;
  int order = 0;  // among the function's declarations
  std::vector<Reversal> reversals;
  // Names given to its loops by loop_reversal(v, reversed): reversed -> v.
  std::map<std::string, std::string> aliases;
};

// `next` runs after `previous`, sharing its loops down to `level` ("" for root).
struct Ordering {
  const ComputationData* previous = nullptr;
  const ComputationData* next = nullptr;
  std::string level;
  int depth_level = -2;  // >= -1: the level as Tiramisu's loop depth (-1: root), `level` unused
  where at;
};

struct FunctionData {
  std::string name;
  where at;
  std::vector<std::string> constants;
  std::map<std::string, long> constant_values;  // constants with a value: no parameters
  std::vector<std::string> context;  // isl sets constraining the constants
  std::vector<where> context_at;
  std::vector<std::shared_ptr<ComputationData>> computations;  // declaration order
  std::vector<std::shared_ptr<BufferData>> buffers;
  std::vector<Ordering> orderings;
  std::map<std::string, std::unique_ptr<computation>> handles;  // what get_computation_by_name points to
  std::vector<std::shared_ptr<BufferData>> arguments;  // set_arguments / codegen: Tiramisu's argument order
  bool arguments_set = false;
  access_meaning reads = access_meaning::values;
  bool defers_schedule = false;
  std::vector<CommandCall> deferred;  // schedule_timing::deferred: applied when the session is made
  std::unique_ptr<Session> session;  // set when Layer I is frozen
  function* handle = nullptr;
  int declarations = 0;  // buffers and computations declared so far
  long number = 0;       // among the program's definitions (api/publish.h)
  // False when a host language built on Layer I (lappy) publishes the
  // program itself, with what it adds.
  bool publishes = true;
  // The comment that opens the C rendering ("" for a Tiramisu function's
  // own); host languages built on Layer I (lappy) say what they describe.
  std::string rendering_note;

  bool frozen() const { return session != nullptr; }
};

// Makes `f` the current function (nullptr: none) and returns the one that was:
// a library that builds a function on the user's behalf (lappy) restores it.
function* exchange_current(function* f);
// Throws InputError at `at` ("file:line:column: message").
[[noreturn]] void fail(const where& at, const std::string& message);
// The C type name of a primitive type ("float", "unsigned char").
std::string c_type(primitive_t t);
// The type of `a op b` under C's usual arithmetic conversions.
primitive_t arithmetic_result(primitive_t a, primitive_t b);
bool is_floating(primitive_t t);
// As Tiramisu prints an expression: "1.5f * img(i, j, c)".
std::string to_str(const Node& n);
bool is_integer(primitive_t t);

}  // namespace loopscape::tiramisu::detail

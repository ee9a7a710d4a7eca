// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a command takes, as data: each way of calling it (a syntax) lists its
// parameters with a kind, a meaning and what a form proposes. The form in the
// window builds its fields from it, `loopscape-cli commands` prints it, and
// every call is checked against it (argument count, integers and sizes)
// before the command runs.
#include <cstddef>
#include <string>
#include <vector>

#include "support/error.h"

namespace loopscape {

struct CommandCall;

enum class ParameterKind {
  Loop,        // a loop of the target statement, by name (i, j0); some accept `root`
  NewLoop,     // a name for a loop the command creates
  Size,        // a positive integer (a tile size, a factor)
  Integer,     // any integer (a shift, a skew coefficient, a position)
  Statement,   // another statement of the program
  Node,        // a named schedule-tree node
  NewNode,     // a name the command gives a node
  Array,       // an array (buffer) of the program
  IslMap,      // isl map text: { S[i, j] -> [i, j] }
  IslSet,      // isl set text: { [t, i] : t < 4 }
  List,        // a braced list: {i, j} or {1, 0}
  Expression,  // an affine expression of loops and parameters
  Flag,        // one of a few words (CheckTime, NoCheckTime)
};

// "loop", "size", "isl map": how help and forms call a kind.
std::string kind_name(ParameterKind kind);

struct CommandParameter {
  std::string name;      // as in the signature: "L1"
  ParameterKind kind;
  std::string what;      // a noun phrase for help and messages: "the tile size of L1"
  std::string proposal;  // what a form proposes ("32"); "" for none
  bool repeats = false;  // several of it: written C1, C2, ...
  int at_least = 1;      // how many a repeated parameter needs
};

// One way to call a command: its required parameters, then optional ones
// given all together or not at all.
struct CommandSyntax {
  std::vector<CommandParameter> required;
  std::vector<CommandParameter> optional;

  // "tile(L1, L2, S1, S2 [, L1o, L2o, L1i, L2i])"
  std::string text(const std::string& command) const;
  // Whether a repeated parameter makes the count open (the command checks the rest).
  bool variadic() const;
  bool accepts(std::size_t argument_count) const;
};

// Parameter constructors, so a command's list reads like its signature.
CommandParameter loop_parameter(std::string name, std::string what);
CommandParameter new_loop_parameter(std::string name, std::string what);
CommandParameter size_parameter(std::string name, std::string what, std::string proposal = "");
CommandParameter integer_parameter(std::string name, std::string what, std::string proposal = "");
CommandParameter parameter(ParameterKind kind, std::string name, std::string what);
CommandParameter repeated(CommandParameter p, int at_least = 1);

// "tile(...) or tile(...)": every syntax of a command.
std::string signature_text(const std::string& command, const std::vector<CommandSyntax>& syntaxes);

// Checks `call` against `syntaxes`: an accepted argument count (else
// InputError naming every syntax), and for a fixed-count syntax each Size and
// Integer argument parses as one (InputError at the argument, naming it with
// the call's own loops and node: "the tile size of j", not "of L2").
void check_arguments(const CommandCall& call, const std::vector<CommandSyntax>& syntaxes);

}  // namespace loopscape

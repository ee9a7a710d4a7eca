// SPDX-License-Identifier: Apache-2.0
#pragma once
// A lazy array as a program: its instructions (as lappy lists them), its
// loop domain as a set expression, and the Tiramisu Layer I function
// (api/tiramisu.h) that builds the engine's model of it.
#include <memory>
#include <string>
#include <vector>

#include "api/lappy.h"
#include "lappy/lappy_data.h"
#include "lappy/set_expression.h"

namespace loopscape::lappy::detail {

// One instruction as the spec writes it: "<> k[j] = j  {id=k}".
struct Instruction {
  std::string id;    // its statement's name
  std::string text;  // "<> k[j] = j"
  bool temporary = false;
  std::vector<std::string> deps;
};

// One loop nest: the instructions over its inames (one AND of the domain).
struct Group {
  std::vector<std::string> loops;   // its own inames, outermost first
  std::vector<std::string> inames;  // with the reduction inames inside it
  std::vector<Instruction> instructions;
};

struct ProgramData {
  std::string name;    // the C function
  std::string output;  // the array it writes
  where at;
  std::vector<std::string> parameters;
  std::vector<Group> groups;  // in the order they run
  SetExpr domain;
  std::unique_ptr<tiramisu::function> function;
  std::unique_ptr<Session> session;
  long number = 0;  // among the program's definitions (api/publish.h)
};

// Lowers `root` into a program writing `output`. Throws InputError at the
// user's line for what cannot be lowered.
std::unique_ptr<ProgramData> lower(const ArrayPtr& root, const std::string& output, const where& at);

// The instruction listing of a program, as the spec prints it.
std::string instruction_listing(const ProgramData& p);

}  // namespace loopscape::lappy::detail

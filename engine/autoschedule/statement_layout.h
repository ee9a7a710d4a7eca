// SPDX-License-Identifier: Apache-2.0
#pragma once
// A statement's place in a schedule tree, as the automatic schedule compares
// two trees: its loops (the band members on its path that vary with its
// iterators) as integer affine rows, the bands it passes, and the order of
// the statements' leaves.
#include <stdexcept>
#include <string>
#include <vector>

#include "commands/schedule_edit.h"
#include "model/program.h"

namespace loopscape {

// A schedule the planner cannot express as commands; the message says why.
class NotExpressible : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// c . iterators + constant, over one statement's iterators.
struct AffineRow {
  std::vector<long> coefficients;
  long constant = 0;
  bool operator==(const AffineRow& other) const = default;
};

struct LayoutLoop {
  std::string name;  // the name commands address it by ("" when it has none)
  AffineRow row;
  EditPath band;
  int member = 0;
};

struct StatementLayout {
  const Statement* statement = nullptr;
  // Outermost first; members constant for the statement, or repeating an
  // outer loop of it, left out (they order nothing more).
  std::vector<LayoutLoop> loops;
  std::vector<EditPath> bands;    // every band on the statement's path, outermost first
};

// Throws NotExpressible when a member is not one affine function of the
// iterators with integer coefficients (parametric offsets, floors, pieces).
StatementLayout statement_layout(const Program& program, const EditNode& root, const Statement& statement);

// The statements in the order their leaves appear (depth first, children in order).
std::vector<std::string> leaf_order(const Program& program, const EditNode& root);

// How many of a's loops lie in bands b passes too (the loops they share).
int shared_depth(const StatementLayout& a, const StatementLayout& b);

// "2t + i + 1" over the statement's iterators.
std::string row_text(const Statement& statement, const AffineRow& row);

}  // namespace loopscape

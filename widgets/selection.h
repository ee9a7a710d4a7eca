// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the user picked in one view, to highlight in all the others: statements,
// optionally one of their loops, optionally a schedule-tree node.
#include <QStringList>

namespace loopscape {

struct Selection {
  QStringList statements;  // "S0", "S1"
  QString loop;            // a loop of those statements ("j", "j0"), "" for whole statements
  int tree_node = -1;      // index into Snapshot::tree, -1 when not picked in the tree

  bool isEmpty() const { return statements.isEmpty() && loop.isEmpty() && tree_node < 0; }
  bool operator==(const Selection&) const = default;
};

}  // namespace loopscape

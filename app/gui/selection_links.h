// SPDX-License-Identifier: Apache-2.0
#pragma once
// The views linked by one selection: a statement or loop picked in the source,
// the plot, the tree, the dependences, the code or the PE array is highlighted
// in all the others (design/UI.md, "select in one, highlight in the others").
#include <QObject>
#include <functional>
#include <memory>

#include "selection.h"

namespace loopscape {

struct Snapshot;
class DomainPlot;
class WindowDocks;

class SelectionLinks : public QObject {
  Q_OBJECT

 public:
  using SnapshotSource = std::function<const std::shared_ptr<const Snapshot>&()>;
  SelectionLinks(QObject* parent, WindowDocks* docks, DomainPlot* plot, SnapshotSource snapshot);

  const Selection& selection() const { return selection_; }
  // Shows `selection` in every view but `origin` (the one it came from; null: all).
  void broadcast(const Selection& selection, QObject* origin = nullptr);
  // A new file: nothing selected.
  void clear() { selection_ = {}; }

 private:
  void selectSourceLine(int line);

  WindowDocks* docks_;
  DomainPlot* plot_;
  SnapshotSource snapshot_;
  Selection selection_;
};

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// The dependences of the program: a table (kind, source, sink, array,
// relation, distance, carried level) and a graph of statements laid out by
// Graphviz (read-after-write solid, write-after-read dashed, write-after-write
// dotted). Picking a row or a statement selects it.
#include <QTabWidget>
#include <memory>

#include "selection.h"
#include "snapshot/snapshot.h"

class QTableWidget;
class QGraphicsView;

namespace loopscape {

class DependenceView : public QTabWidget {
  Q_OBJECT

 public:
  explicit DependenceView(QWidget* parent = nullptr);

  void setSnapshot(std::shared_ptr<const Snapshot> snapshot);
  void setSelection(const Selection& selection);

  QTableWidget* table() const { return table_; }
  QGraphicsView* graph() const { return graph_; }
  // Rows whose source or sink is selected.
  QList<int> highlightedRows() const;

 Q_SIGNALS:
  void selectionChanged(const loopscape::Selection& selection);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void fillTable();
  void fitColumns();
  void buildGraph();
  // Lays the graph out when its tab shows (Graphviz takes a while on hundreds
  // of statements; the table comes first).
  void buildGraphIfShown();
  void applyHighlight();

  std::shared_ptr<const Snapshot> snapshot_;
  Selection selection_;
  QTableWidget* table_;
  QGraphicsView* graph_;
  bool updating_ = false;
  bool graph_stale_ = false;  // the snapshot changed while the graph tab was hidden
};

}  // namespace loopscape

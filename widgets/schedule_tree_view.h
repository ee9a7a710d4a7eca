// SPDX-License-Identifier: Apache-2.0
#pragma once
// The schedule tree drawn as a graph laid out by Graphviz: domain, band,
// sequence, set, filter and leaf nodes with their partial schedules, names,
// tag badges and statement colours. Nodes with children collapse on their
// toggle; a click selects, a right-click asks for commands.
#include <QGraphicsView>
#include <QSet>
#include <memory>

#include "selection.h"
#include "snapshot/snapshot.h"

namespace loopscape {

class BoxItem;

class ScheduleTreeView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit ScheduleTreeView(QWidget* parent = nullptr);

  void setSnapshot(std::shared_ptr<const Snapshot> snapshot);
  void setSelection(const Selection& selection);

  // Index of nodes drawn (collapsed subtrees excluded) and of the highlighted ones.
  QList<int> visibleNodes() const;
  QList<int> highlightedNodes() const;
  // A node's box centre in viewport coordinates (tests click there).
  QPoint nodePosition(int node) const;
  void setCollapsed(int node, bool collapsed);
  bool isCollapsed(int node) const;

  // Scales the drawing down (not below 55%) so the tree fits the view's width.
  void fitWidth();
  // The window's presentation zoom (1: none; the font is already scaled):
  // fitting then shrinks less, so zoomed text stays larger on screen and the
  // tree scrolls instead.
  void setPresentationZoom(double factor);

  // The selection a click on `node` makes.
  Selection selectionForNode(int node) const;

 Q_SIGNALS:
  void selectionChanged(const loopscape::Selection& selection);
  void contextMenuRequested(int node, const QPoint& global_position);

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void rebuild();
  void applyHighlight();
  int nodeAt(const QPoint& position, bool* on_toggle = nullptr) const;
  QString collapseKey(int node) const;

  std::shared_ptr<const Snapshot> snapshot_;
  Selection selection_;
  QSet<QString> collapsed_;
  QHash<int, BoxItem*> items_;
  bool fitted_ = false;
  double presentation_zoom_ = 1.0;
};

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Graph layout by Graphviz (libgvc, "dot"): the views give node sizes and
// edges, Graphviz places them; the views draw. Coordinates are in pixels with
// y pointing down.
#include <QHash>
#include <QList>
#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <QString>

namespace loopscape {

struct LayoutNode {
  QString id;    // [A-Za-z0-9_]+
  QSizeF size;   // pixels
};

struct LayoutEdge {
  QString tail;
  QString head;
};

struct GraphLayout {
  bool ok = false;
  QString error;
  QSizeF size;
  QHash<QString, QRectF> nodes;
  QList<QPainterPath> edges;        // in the order of the given edges
  QList<QPointF> edge_heads;        // where each edge ends (for its arrowhead)
  QList<QPointF> edge_before_head;  // the spline point before the end (arrow direction)
};

struct LayoutOptions {
  bool left_to_right = false;
  double node_separation = 18;  // pixels
  double rank_separation = 28;
};

// Lays out with Graphviz's dot; not thread-safe across calls (call from the GUI thread).
GraphLayout layoutGraph(const QList<LayoutNode>& nodes, const QList<LayoutEdge>& edges,
                        const LayoutOptions& options = {});

}  // namespace loopscape

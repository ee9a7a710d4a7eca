// SPDX-License-Identifier: Apache-2.0
#include "tree_layout.h"

#include <algorithm>
#include <functional>

namespace loopscape {

GraphLayout layoutTree(const QList<LayoutNode>& nodes, const QList<LayoutEdge>& edges, const LayoutOptions& options) {
  GraphLayout layout;
  QHash<QString, int> index;
  for (int k = 0; k < nodes.size(); ++k) index.insert(nodes[k].id, k);
  QList<QList<int>> children(nodes.size());
  QList<int> parent(nodes.size(), -1);
  for (const LayoutEdge& e : edges) {
    const int tail = index.value(e.tail, -1), head = index.value(e.head, -1);
    if (tail < 0 || head < 0 || parent[head] >= 0) {
      layout.error = QStringLiteral("the graph is not a tree");
      return layout;
    }
    parent[head] = tail;
    children[tail].append(head);
  }

  // Depth of each node, and the height of each depth's row.
  QList<int> depth(nodes.size(), 0);
  QList<double> row_height;
  QList<int> roots;
  qsizetype reached = 0;
  std::function<void(int, int)> measure_depth = [&](int n, int d) {
    ++reached;
    depth[n] = d;
    if (row_height.size() <= d) row_height.append(0);
    row_height[d] = std::max(row_height[d], nodes[n].size.height());
    for (int c : children[n]) measure_depth(c, d + 1);
  };
  for (int k = 0; k < nodes.size(); ++k)
    if (parent[k] < 0) {
      roots.append(k);
      measure_depth(k, 0);
    }
  if (reached != nodes.size()) {  // a cycle no root leads to
    layout.error = QStringLiteral("the graph is not a tree");
    return layout;
  }
  QList<double> row_top(row_height.size(), 0);
  for (int d = 1; d < row_height.size(); ++d)
    row_top[d] = row_top[d - 1] + row_height[d - 1] + options.rank_separation;

  // Width of each subtree: its children side by side, or its own box.
  QList<double> width(nodes.size(), 0);
  std::function<double(int)> measure_width = [&](int n) {
    double sum = 0;
    for (int c : children[n]) sum += measure_width(c);
    if (!children[n].isEmpty()) sum += options.node_separation * double(children[n].size() - 1);
    return width[n] = std::max(sum, nodes[n].size.width());
  };
  std::function<void(int, double)> place = [&](int n, double left) {
    const QSizeF size = nodes[n].size;
    const double top = row_top[depth[n]] + (row_height[depth[n]] - size.height()) / 2;
    layout.nodes.insert(nodes[n].id, QRectF(left + (width[n] - size.width()) / 2, top, size.width(), size.height()));
    double used = 0;
    for (int c : children[n]) used += width[c];
    if (!children[n].isEmpty()) used += options.node_separation * double(children[n].size() - 1);
    double x = left + (width[n] - used) / 2;
    for (int c : children[n]) {
      place(c, x);
      x += width[c] + options.node_separation;
    }
  };
  double left = 0;
  for (int r : roots) {
    measure_width(r);
    place(r, left);
    left += width[r] + options.node_separation;
  }
  layout.size = QSizeF(std::max(0.0, left - options.node_separation),
                       row_height.isEmpty() ? 0 : row_top.last() + row_height.last());

  for (const LayoutEdge& e : edges) {
    const QRectF from = layout.nodes.value(e.tail), to = layout.nodes.value(e.head);
    const QPointF start(from.center().x(), from.bottom()), end(to.center().x(), to.top());
    QPainterPath path(start);
    path.lineTo(end);
    layout.edges.append(path);
    layout.edge_heads.append(end);
    layout.edge_before_head.append(start);
  }
  layout.ok = true;
  return layout;
}

}  // namespace loopscape

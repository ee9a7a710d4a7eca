// SPDX-License-Identifier: Apache-2.0
#include "graph_layout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <QStringList>
#include <QTextStream>

namespace loopscape {

namespace {

constexpr double kPointsPerInch = 72.0;

GVC_t* context() {
  static GVC_t* gvc = gvContext();
  return gvc;
}

QString dotText(const QList<LayoutNode>& nodes, const QList<LayoutEdge>& edges, const LayoutOptions& options) {
  QString dot;
  QTextStream out(&dot);
  out << "digraph G {\n";
  out << "  graph [rankdir=" << (options.left_to_right ? "LR" : "TB")
      << ", nodesep=" << options.node_separation / kPointsPerInch
      << ", ranksep=" << options.rank_separation / kPointsPerInch << "];\n";
  out << "  node [shape=box, fixedsize=true, label=\"\"];\n";
  out << "  edge [arrowhead=none];\n";
  for (const LayoutNode& n : nodes)
    out << "  " << n.id << " [width=" << n.size.width() / kPointsPerInch
        << ", height=" << n.size.height() / kPointsPerInch << "];\n";
  for (const LayoutEdge& e : edges) out << "  " << e.tail << " -> " << e.head << ";\n";
  out << "}\n";
  return dot;
}

// Reads Graphviz's "plain" output: inches, y up.
void readPlain(const QString& plain, const QList<LayoutEdge>& edges, GraphLayout& layout) {
  double height = 0;
  QList<QList<QPointF>> edge_points;
  QList<QPair<QString, QString>> edge_ends;
  const QStringList lines = plain.split(QLatin1Char('\n'));
  auto y = [&](double v) { return (height - v) * kPointsPerInch; };
  for (const QString& line : lines) {
    const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (f.isEmpty()) continue;
    if (f[0] == QLatin1String("graph") && f.size() >= 4) {
      height = f[3].toDouble();
      layout.size = QSizeF(f[2].toDouble() * kPointsPerInch, height * kPointsPerInch);
    } else if (f[0] == QLatin1String("node") && f.size() >= 6) {
      const double w = f[4].toDouble() * kPointsPerInch, h = f[5].toDouble() * kPointsPerInch;
      const double cx = f[2].toDouble() * kPointsPerInch, cy = y(f[3].toDouble());
      layout.nodes.insert(f[1], QRectF(cx - w / 2, cy - h / 2, w, h));
    } else if (f[0] == QLatin1String("edge") && f.size() >= 4) {
      const int n = f[3].toInt();
      QList<QPointF> points;
      for (int k = 0; k < n && 5 + 2 * k < f.size(); ++k)
        points.append(QPointF(f[4 + 2 * k].toDouble() * kPointsPerInch, y(f[5 + 2 * k].toDouble())));
      edge_points.append(points);
      edge_ends.append({f[1], f[2]});
    }
  }
  // Match the printed edges to the given ones in order (dot keeps input order per pair).
  QList<bool> used(edge_points.size(), false);
  for (const LayoutEdge& e : edges) {
    int found = -1;
    for (int k = 0; k < edge_points.size(); ++k)
      if (!used[k] && edge_ends[k].first == e.tail && edge_ends[k].second == e.head) {
        found = k;
        break;
      }
    QPainterPath path;
    QPointF head, before;
    if (found >= 0 && !edge_points[found].isEmpty()) {
      used[found] = true;
      const QList<QPointF>& p = edge_points[found];
      path.moveTo(p[0]);
      int k = 1;
      for (; k + 2 < p.size(); k += 3) path.cubicTo(p[k], p[k + 1], p[k + 2]);
      for (; k < p.size(); ++k) path.lineTo(p[k]);
      head = p.last();
      before = p.size() >= 2 ? p[p.size() - 2] : p.last();
    }
    layout.edges.append(path);
    layout.edge_heads.append(head);
    layout.edge_before_head.append(before);
  }
}

}  // namespace

GraphLayout layoutGraph(const QList<LayoutNode>& nodes, const QList<LayoutEdge>& edges,
                        const LayoutOptions& options) {
  GraphLayout layout;
  if (nodes.isEmpty()) {
    layout.ok = true;
    return layout;
  }
  const QByteArray dot = dotText(nodes, edges, options).toUtf8();
  // The same graph comes back on undo, redo and steps that change no box:
  // the last layouts are kept (the GUI thread alone calls this).
  static QHash<QByteArray, GraphLayout> recent;
  constexpr qsizetype kRecentLayouts = 16;
  if (const auto known = recent.constFind(dot); known != recent.constEnd()) return *known;
  if (recent.size() >= kRecentLayouts) recent.clear();
  Agraph_t* graph = agmemread(dot.constData());
  if (!graph) {
    layout.error = QStringLiteral("Graphviz could not read the graph");
    return layout;
  }
  GVC_t* gvc = context();
  if (gvLayout(gvc, graph, "dot") != 0) {
    agclose(graph);
    layout.error = QStringLiteral("Graphviz layout failed");
    return layout;
  }
  char* data = nullptr;
  unsigned int length = 0;
  if (gvRenderData(gvc, graph, "plain", &data, &length) == 0 && data) {
    readPlain(QString::fromUtf8(data, static_cast<qsizetype>(length)), edges, layout);
    layout.ok = true;
    recent.insert(dot, layout);
  } else {
    layout.error = QStringLiteral("Graphviz could not render the layout");
  }
  if (data) gvFreeRenderData(data);
  gvFreeLayout(gvc, graph);
  agclose(graph);
  return layout;
}

}  // namespace loopscape

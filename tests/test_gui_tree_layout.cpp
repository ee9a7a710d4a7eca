// SPDX-License-Identifier: Apache-2.0
// The schedule tree's own layout for large trees (widgets/tree_layout.h):
// rows by depth, no two boxes overlapping, each parent centred over its
// children, straight edges from parent to child; a graph that is no tree is
// refused, not drawn wrong.
#include <QtTest>

#include "tree_layout.h"

using namespace loopscape;

namespace {

QString id(int k) { return QStringLiteral("n%1").arg(k); }

// A domain, a band and a sequence of `statements` filters, each with a leaf:
// the shape of a nest of many statements.
void manyStatementTree(int statements, QList<LayoutNode>& nodes, QList<LayoutEdge>& edges) {
  nodes = {{id(0), QSizeF(120, 30)}, {id(1), QSizeF(90, 400)}, {id(2), QSizeF(60, 20)}};
  edges = {{id(0), id(1)}, {id(1), id(2)}};
  for (int s = 0; s < statements; ++s) {
    const int filter = 3 + 2 * s, leaf = filter + 1;
    nodes << LayoutNode{id(filter), QSizeF(40 + s % 3 * 10, 24)} << LayoutNode{id(leaf), QSizeF(20, 12)};
    edges << LayoutEdge{id(2), id(filter)} << LayoutEdge{id(filter), id(leaf)};
  }
}

}  // namespace

class TestTreeLayout : public QObject {
  Q_OBJECT

 private slots:
  void rowsWithoutOverlapParentsCentred() {
    QList<LayoutNode> nodes;
    QList<LayoutEdge> edges;
    manyStatementTree(200, nodes, edges);
    LayoutOptions options;
    options.rank_separation = 22;
    const GraphLayout layout = layoutTree(nodes, edges, options);
    QVERIFY2(layout.ok, qPrintable(layout.error));
    QCOMPARE(layout.nodes.size(), nodes.size());
    QCOMPARE(layout.edges.size(), edges.size());
    for (const LayoutNode& n : nodes) QCOMPARE(layout.nodes.value(n.id).size(), n.size);
    // Every child lies below its parent, by at least the rank separation.
    for (const LayoutEdge& e : edges)
      QVERIFY(layout.nodes.value(e.head).top() >= layout.nodes.value(e.tail).bottom() + options.rank_separation - 1e-9);
    // The sequence's 200 filters share one row, side by side, in order.
    double right = -1e9;
    for (int s = 0; s < 200; ++s) {
      const QRectF filter = layout.nodes.value(id(3 + 2 * s));
      QCOMPARE(filter.center().y(), layout.nodes.value(id(3)).center().y());
      QVERIFY(filter.left() >= right + options.node_separation - 1e-9);
      right = filter.right();
    }
    // No two boxes overlap.
    const QList<QRectF> boxes = layout.nodes.values();
    for (int a = 0; a < boxes.size(); ++a)
      for (int b = a + 1; b < boxes.size(); ++b) QVERIFY(!boxes[a].intersects(boxes[b]));
    // The sequence sits centred over its first and last filter.
    const double span_centre = (layout.nodes.value(id(3)).left() + layout.nodes.value(id(3 + 2 * 199)).right()) / 2;
    QCOMPARE(layout.nodes.value(id(2)).center().x(), span_centre);
    // Edges run from the parent's bottom centre to the child's top centre.
    const QRectF band = layout.nodes.value(id(1)), sequence = layout.nodes.value(id(2));
    QCOMPARE(layout.edge_heads[1], QPointF(sequence.center().x(), sequence.top()));
    QCOMPARE(layout.edge_before_head[1], QPointF(band.center().x(), band.bottom()));
    QVERIFY(layout.size.width() >= right - layout.nodes.value(id(3)).left());
  }

  void aWideParentKeepsItsChildrenUnderIt() {
    const QList<LayoutNode> nodes{{id(0), QSizeF(300, 20)}, {id(1), QSizeF(20, 20)}, {id(2), QSizeF(20, 20)}};
    const QList<LayoutEdge> edges{{id(0), id(1)}, {id(0), id(2)}};
    const GraphLayout layout = layoutTree(nodes, edges);
    QVERIFY(layout.ok);
    const QRectF parent = layout.nodes.value(id(0));
    for (int k = 1; k <= 2; ++k) {
      QVERIFY(layout.nodes.value(id(k)).left() >= parent.left());
      QVERIFY(layout.nodes.value(id(k)).right() <= parent.right());
    }
  }

  void aGraphThatIsNoTreeIsRefused() {
    const QList<LayoutNode> nodes{{id(0), QSizeF(20, 20)}, {id(1), QSizeF(20, 20)}, {id(2), QSizeF(20, 20)}};
    const GraphLayout twoParents = layoutTree(nodes, {{id(0), id(2)}, {id(1), id(2)}});
    QVERIFY(!twoParents.ok);
    QVERIFY(twoParents.error.contains(QStringLiteral("not a tree")));
    QVERIFY(!layoutTree(nodes, {{id(0), id(9)}}).ok);
    QVERIFY(!layoutTree(nodes, {{id(1), id(2)}, {id(2), id(1)}}).ok);
  }
};

QTEST_APPLESS_MAIN(TestTreeLayout)
#include "test_gui_tree_layout.moc"

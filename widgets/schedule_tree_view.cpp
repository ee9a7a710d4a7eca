// SPDX-License-Identifier: Apache-2.0
#include "schedule_tree_view.h"

#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QScrollBar>

#include "graph_items.h"
#include "graph_layout.h"
#include "tree_layout.h"
#include "statement_colors.h"

namespace loopscape {

namespace {

QString kindGlyph(const std::string& kind) {
  if (kind == "band") return QStringLiteral("band");
  if (kind == "sequence") return QStringLiteral("sequence \u2192");
  if (kind == "set") return QStringLiteral("set \u2225");
  if (kind == "leaf") return QString();
  return QString::fromStdString(kind);
}

QStringList toQt(const std::vector<std::string>& list) {
  QStringList out;
  for (const auto& s : list) out << QString::fromStdString(s);
  return out;
}

// "{ S0[i, j] -> [i, j]; S1[i, j] -> [j, i] }" -> one line per statement.
QStringList splitPieces(const std::string& text) {
  QString t = QString::fromStdString(text).trimmed();
  if (t.startsWith(QLatin1Char('{')) && t.endsWith(QLatin1Char('}'))) t = t.mid(1, t.size() - 2).trimmed();
  QStringList pieces;
  int depth = 0, start = 0;
  for (int k = 0; k < t.size(); ++k) {
    const QChar c = t[k];
    if (c == QLatin1Char('[') || c == QLatin1Char('(') || c == QLatin1Char('{')) ++depth;
    if (c == QLatin1Char(']') || c == QLatin1Char(')') || c == QLatin1Char('}')) --depth;
    if (c == QLatin1Char(';') && depth == 0) {
      pieces << t.mid(start, k - start).trimmed();
      start = k + 1;
    }
  }
  const QString last = t.mid(start).trimmed();
  if (!last.isEmpty()) pieces << last;
  return pieces;
}

int pieceStatement(const Snapshot& snap, const QString& piece) {
  const int bracket = int(piece.indexOf(QLatin1Char('[')));
  return snap.statementIndex(piece.left(bracket < 0 ? 0 : bracket).trimmed().toStdString());
}

BoxContent contentFor(const Snapshot& snap, int index, bool collapsed, int hidden) {
  const TreeNodeInfo& node = snap.tree[static_cast<std::size_t>(index)];
  BoxContent c;
  c.title = kindGlyph(node.kind);
  c.name = QString::fromStdString(node.name);
  for (const std::string& tag : node.tags) {
    c.badges << tagBadge(QString::fromStdString(tag));
    c.badge_tips << QString::fromStdString(tag);
  }
  c.collapsible = !node.children.empty();
  c.collapsed = collapsed;
  c.hidden = hidden;
  const QStringList statements = toQt(node.statements);
  QString tip = QStringLiteral("<b>%1</b> %2").arg(QString::fromStdString(node.kind), c.name);
  if (node.kind == "band") {
    QStringList members;
    for (std::size_t m = 0; m < node.members.size(); ++m) {
      QString name = node.members[m].empty() ? QStringLiteral("#%1").arg(m) : QString::fromStdString(node.members[m]);
      if (m < node.coincident.size() && node.coincident[m]) name += QStringLiteral("\u2225");
      members << name;
    }
    c.title = QStringLiteral("band [%1]").arg(members.join(QStringLiteral(", ")));
    for (const QString& piece : splitPieces(node.text))
      c.lines << BoxLine{piece, statementColor(pieceStatement(snap, piece)), true};
    c.fill = QColor(0xF3, 0xF8, 0xFC);
    c.border = QColor(0x7F, 0xA8, 0xC9);
    if (node.permutable) tip += QStringLiteral(" (permutable)");
  } else if (node.kind == "leaf") {
    for (const QString& s : statements) {
      const int k = snap.statementIndex(s.toStdString());
      c.title = c.title.isEmpty() ? s : c.title + QStringLiteral(", ") + s;
      if (k >= 0) {
        QString text = QString::fromStdString(snap.statements[static_cast<std::size_t>(k)].source_text);
        if (text.size() > 34) text = text.left(32) + QStringLiteral("\u2026");
        c.lines << BoxLine{text, QColor(), true};
      }
    }
    const int first = statements.isEmpty() ? -1 : snap.statementIndex(statements.first().toStdString());
    c.fill = statementTint(first, 45);
    c.border = statementColor(first);
    c.title_color = QColor(0x10, 0x10, 0x10);
  } else if (node.kind == "filter") {
    for (const QString& piece : splitPieces(node.text))
      c.lines << BoxLine{piece.section(QLatin1Char(':'), 0, 0).trimmed(), statementColor(pieceStatement(snap, piece)), true};
    c.fill = QColor(0xFB, 0xFB, 0xF7);
  } else if (node.kind == "domain") {
    c.title = QStringLiteral("domain");
    if (!snap.parameters.empty())
      c.lines << BoxLine{QStringLiteral("parameters: ") + toQt(snap.parameters).join(QStringLiteral(", ")), QColor(), false};
    c.lines << BoxLine{statements.join(QStringLiteral(", ")), QColor(), true};
    // A domain a host language describes as more than an isl set (lappy's
    // set-expression tree): shown as it describes it.
    for (int k = 0; k < int(snap.statements.size()); ++k) {
      const QString name = QString::fromStdString(snap.statements[static_cast<std::size_t>(k)].name);
      const QString description = QString::fromStdString(snap.statements[static_cast<std::size_t>(k)].domain_description);
      if (description.isEmpty()) continue;
      const QStringList lines = description.split(QLatin1Char('\n'));
      constexpr int kShownLines = 8;
      for (int l = 0; l < lines.size() && l < kShownLines; ++l)
        c.lines << BoxLine{(l == 0 ? name + QStringLiteral(": ") : QStringLiteral("  ")) + lines[l], statementColor(k), true};
      if (lines.size() > kShownLines) c.lines << BoxLine{QStringLiteral("  \u2026"), QColor(), false};
      tip += QStringLiteral("<br><b>%1</b>: <pre>%2</pre>").arg(name, description.toHtmlEscaped());
    }
    c.fill = QColor(0xF4, 0xF4, 0xF4);
  } else {
    for (const QString& s : statements) c.lines << BoxLine{s, statementColor(snap.statementIndex(s.toStdString())), true};
    c.fill = QColor(0xFF, 0xFF, 0xFF);
  }
  if (collapsed) c.lines << BoxLine{QObject::tr("\u2026 %n node(s) hidden", "", hidden), QColor(), false};
  if (!node.text.empty()) tip += QStringLiteral("<br><tt>%1</tt>").arg(QString::fromStdString(node.text).toHtmlEscaped());
  if (!node.tags.empty()) tip += QStringLiteral("<br>tags: ") + toQt(node.tags).join(QStringLiteral(", "));
  c.tooltip = tip;
  return c;
}

int countDescendants(const Snapshot& snap, int index) {
  int n = 0;
  for (int child : snap.tree[static_cast<std::size_t>(index)].children) n += 1 + countDescendants(snap, child);
  return n;
}

}  // namespace

ScheduleTreeView::ScheduleTreeView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  setRenderHint(QPainter::Antialiasing);
  setRenderHint(QPainter::TextAntialiasing);
  setBackgroundBrush(QColor(0xFD, 0xFD, 0xFD));
  setAlignment(Qt::AlignLeft | Qt::AlignTop);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setToolTip(QString());
}

void ScheduleTreeView::setSnapshot(std::shared_ptr<const Snapshot> snapshot) {
  snapshot_ = std::move(snapshot);
  rebuild();
}

void ScheduleTreeView::setSelection(const Selection& selection) {
  selection_ = selection;
  applyHighlight();
}

QString ScheduleTreeView::collapseKey(int node) const {
  const TreeNodeInfo& info = snapshot_->tree[static_cast<std::size_t>(node)];
  return info.name.empty() ? QStringLiteral("#%1").arg(node) : QString::fromStdString(info.name);
}

bool ScheduleTreeView::isCollapsed(int node) const {
  return snapshot_ && node >= 0 && node < int(snapshot_->tree.size()) && collapsed_.contains(collapseKey(node));
}

void ScheduleTreeView::setCollapsed(int node, bool collapsed) {
  if (!snapshot_ || node < 0 || node >= int(snapshot_->tree.size())) return;
  if (collapsed)
    collapsed_.insert(collapseKey(node));
  else
    collapsed_.remove(collapseKey(node));
  rebuild();
}

QList<int> ScheduleTreeView::visibleNodes() const {
  QList<int> out = items_.keys();
  std::sort(out.begin(), out.end());
  return out;
}

QList<int> ScheduleTreeView::highlightedNodes() const {
  QList<int> out;
  for (auto it = items_.begin(); it != items_.end(); ++it)
    if (it.value()->highlighted()) out << it.key();
  std::sort(out.begin(), out.end());
  return out;
}

QPoint ScheduleTreeView::nodePosition(int node) const {
  BoxItem* item = items_.value(node);
  if (!item) return {};
  return mapFromScene(item->sceneBoundingRect().center());
}

void ScheduleTreeView::rebuild() {
  scene()->clear();
  items_.clear();
  if (!snapshot_ || snapshot_->tree.empty()) return;
  const Snapshot& snap = *snapshot_;
  QList<int> order;
  QList<int> stack{0};
  while (!stack.isEmpty()) {
    const int n = stack.takeLast();
    order << n;
    if (collapsed_.contains(collapseKey(n))) continue;
    const auto& children = snap.tree[static_cast<std::size_t>(n)].children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack << *it;
  }
  QList<LayoutNode> nodes;
  QList<LayoutEdge> edges;
  QHash<int, BoxContent> contents;
  for (int n : order) {
    const bool collapsed = collapsed_.contains(collapseKey(n));
    BoxContent c = contentFor(snap, n, collapsed, collapsed ? countDescendants(snap, n) : 0);
    nodes << LayoutNode{QStringLiteral("n%1").arg(n), BoxItem::measure(c, font())};
    contents.insert(n, c);
    const int parent = snap.tree[static_cast<std::size_t>(n)].parent;
    if (parent >= 0) edges << LayoutEdge{QStringLiteral("n%1").arg(parent), QStringLiteral("n%1").arg(n)};
  }
  LayoutOptions options;
  options.rank_separation = 22;
  // Dot's layout of a tree of hundreds of nodes costs a noticeable pause at
  // every step; past this size the tree is laid out here.
  constexpr int kLargestDotTree = 150;
  const GraphLayout layout =
      nodes.size() > kLargestDotTree ? layoutTree(nodes, edges, options) : layoutGraph(nodes, edges, options);
  for (int n : order) {
    auto* item = new BoxItem(contents.value(n), font(), n);
    const QRectF r = layout.nodes.value(QStringLiteral("n%1").arg(n));
    item->setPos(r.topLeft());
    item->setBoxSize(r.size());
    scene()->addItem(item);
    items_.insert(n, item);
  }
  for (int k = 0; k < edges.size() && k < layout.edges.size(); ++k)
    scene()->addItem(new EdgeItem(layout.edges[k], layout.edge_heads[k], layout.edge_before_head[k],
                                  QColor(0x90, 0x90, 0x90), Qt::SolidLine, 1.3, true));
  scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-12, -12, 12, 12));
  applyHighlight();
  fitWidth();
}

void ScheduleTreeView::fitWidth() {
  constexpr double kSmallestFit = 0.55;
  const QRectF rect = scene()->sceneRect();
  // Fitted to the width left beside a vertical scroll bar whether or not one shows:
  // fitting the viewport itself lets the bar's coming and going change the scale,
  // which brings the bar back, forever.
  const int available = width() - 2 * frameWidth() - verticalScrollBar()->sizeHint().width();
  if (rect.isEmpty() || available < 50) return;
  const double smallest = std::clamp(kSmallestFit * presentation_zoom_, kSmallestFit, 1.0);
  const double scale = std::clamp(available / rect.width(), smallest, 1.0);
  setTransform(QTransform::fromScale(scale, scale));
  centerOn(rect.center().x(), rect.top() + viewport()->height() / (2 * scale));
}

Selection ScheduleTreeView::selectionForNode(int node) const {
  Selection s;
  if (!snapshot_ || node < 0 || node >= int(snapshot_->tree.size())) return s;
  const TreeNodeInfo& info = snapshot_->tree[static_cast<std::size_t>(node)];
  s.statements = toQt(info.statements);
  s.tree_node = node;
  if (info.kind == "band" && !info.members.empty()) s.loop = QString::fromStdString(info.members[0]);
  return s;
}

void ScheduleTreeView::applyHighlight() {
  if (!snapshot_) return;
  const Snapshot& snap = *snapshot_;
  for (auto it = items_.begin(); it != items_.end(); ++it) {
    const TreeNodeInfo& info = snap.tree[static_cast<std::size_t>(it.key())];
    bool on = false;
    if (selection_.tree_node >= 0) {
      on = it.key() == selection_.tree_node;
    } else if (!selection_.statements.isEmpty()) {
      const QStringList mine = toQt(info.statements);
      bool shares = false;
      for (const QString& s : selection_.statements) shares = shares || mine.contains(s);
      if (!selection_.loop.isEmpty()) {
        on = shares && info.kind == "band" &&
             std::find(info.members.begin(), info.members.end(), selection_.loop.toStdString()) != info.members.end();
      } else {
        on = (info.kind == "leaf") && shares;
      }
    }
    int colour_index = -1;
    if (!selection_.statements.isEmpty()) colour_index = snap.statementIndex(selection_.statements.first().toStdString());
    it.value()->setHighlighted(on, selection_.statements.size() == 1 ? statementColor(colour_index).darker(115) : QColor());
  }
}

int ScheduleTreeView::nodeAt(const QPoint& position, bool* on_toggle) const {
  for (QGraphicsItem* item : items(position)) {
    if (auto* box = dynamic_cast<BoxItem*>(item)) {
      if (on_toggle) *on_toggle = box->toggleRect().contains(box->mapFromScene(mapToScene(position)));
      return box->key();
    }
  }
  return -1;
}

void ScheduleTreeView::mousePressEvent(QMouseEvent* event) {
  bool toggle = false;
  const int node = nodeAt(event->position().toPoint(), &toggle);
  if (node < 0 || event->button() != Qt::LeftButton) {
    QGraphicsView::mousePressEvent(event);
    return;
  }
  if (toggle) {
    setCollapsed(node, !isCollapsed(node));
    return;
  }
  selection_ = selectionForNode(node);
  applyHighlight();
  Q_EMIT selectionChanged(selection_);
}

void ScheduleTreeView::contextMenuEvent(QContextMenuEvent* event) {
  const int node = nodeAt(event->pos());
  if (node < 0) return;
  selection_ = selectionForNode(node);
  applyHighlight();
  Q_EMIT selectionChanged(selection_);
  Q_EMIT contextMenuRequested(node, event->globalPos());
}

void ScheduleTreeView::changeEvent(QEvent* event) {
  QGraphicsView::changeEvent(event);
  if (event->type() == QEvent::FontChange) rebuild();
}

void ScheduleTreeView::setPresentationZoom(double factor) {
  presentation_zoom_ = factor;
  fitWidth();
}

void ScheduleTreeView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  fitWidth();
}

}  // namespace loopscape

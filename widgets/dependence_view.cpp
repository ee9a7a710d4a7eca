// SPDX-License-Identifier: Apache-2.0
#include "dependence_view.h"

#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHeaderView>
#include <QMouseEvent>
#include <QTableWidget>
#include <QTimer>

#include "graph_items.h"
#include "graph_layout.h"
#include "statement_colors.h"

namespace loopscape {

namespace {

enum Column { kKind, kSource, kSink, kArray, kDistance, kCarried, kRelation, kColumns };

Qt::PenStyle kindStyle(const std::string& kind) {
  if (kind == "WAR") return Qt::DashLine;
  if (kind == "WAW") return Qt::DotLine;
  return Qt::SolidLine;
}

QString kindLong(const std::string& kind) {
  if (kind == "RAW") return QObject::tr("read after write (flow)");
  if (kind == "WAR") return QObject::tr("write after read (anti)");
  if (kind == "WAW") return QObject::tr("write after write (output)");
  return QString::fromStdString(kind);
}

// A graph view whose clicks on statement boxes select them.
class StatementGraph : public QGraphicsView {
 public:
  std::function<void(const QString&)> on_pick;

 protected:
  void mousePressEvent(QMouseEvent* event) override {
    for (QGraphicsItem* item : items(event->position().toPoint()))
      if (auto* box = dynamic_cast<BoxItem*>(item)) {
        if (on_pick) on_pick(box->content().title);
        return;
      }
    QGraphicsView::mousePressEvent(event);
  }
};

}  // namespace

DependenceView::DependenceView(QWidget* parent) : QTabWidget(parent) {
  setDocumentMode(true);
  table_ = new QTableWidget(0, kColumns, this);
  table_->setObjectName(QStringLiteral("dependenceTable"));
  table_->setHorizontalHeaderLabels({tr("Kind"), tr("Source"), tr("Sink"), tr("Array"), tr("Distance"),
                                     tr("Carried"), tr("Relation")});
  table_->horizontalHeaderItem(kCarried)->setToolTip(tr("Loop depth that carries the dependence in the original "
                                                        "schedule (0: loop-independent)"));
  table_->verticalHeader()->setVisible(false);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  addTab(table_, tr("Table"));

  auto* graph = new StatementGraph;
  graph_ = graph;
  graph_->setObjectName(QStringLiteral("dependenceGraph"));
  graph_->setScene(new QGraphicsScene(graph_));
  graph_->setRenderHint(QPainter::Antialiasing);
  graph_->setBackgroundBrush(QColor(0xFD, 0xFD, 0xFD));
  graph->on_pick = [this](const QString& statement) {
    selection_ = Selection{{statement}, {}, -1};
    applyHighlight();
    Q_EMIT selectionChanged(selection_);
  };
  addTab(graph_, tr("Graph"));
  connect(this, &QTabWidget::currentChanged, this, &DependenceView::buildGraphIfShown);

  connect(table_, &QTableWidget::itemSelectionChanged, this, [this] {
    if (updating_ || !snapshot_) return;
    const auto rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty()) return;
    const DependenceInfo& d = snapshot_->dependences[static_cast<std::size_t>(rows.first().row())];
    Selection s;
    s.statements << QString::fromStdString(d.source);
    if (d.sink != d.source) s.statements << QString::fromStdString(d.sink);
    selection_ = s;
    Q_EMIT selectionChanged(s);
  });
}

void DependenceView::setSnapshot(std::shared_ptr<const Snapshot> snapshot) {
  // The dependences are the program's: a step of the same program keeps the
  // table and the graph (refilling 400 rows took 14 ms a step).
  const bool same = snapshot_ && snapshot && snapshot_->statements == snapshot->statements &&
                    snapshot_->dependences == snapshot->dependences;
  snapshot_ = std::move(snapshot);
  if (!same) {
    fillTable();
    graph_stale_ = true;
    buildGraphIfShown();
  }
  applyHighlight();
}

void DependenceView::setSelection(const Selection& selection) {
  selection_ = selection;
  applyHighlight();
}

void DependenceView::fillTable() {
  updating_ = true;
  table_->clearContents();
  const int rows = snapshot_ ? int(snapshot_->dependences.size()) : 0;
  table_->setRowCount(rows);
  for (int r = 0; r < rows; ++r) {
    const DependenceInfo& d = snapshot_->dependences[static_cast<std::size_t>(r)];
    auto set = [&](int column, const QString& text, const QString& tip = {}) {
      auto* item = new QTableWidgetItem(text);
      item->setToolTip(tip.isEmpty() ? text : tip);
      table_->setItem(r, column, item);
      return item;
    };
    QString kind = QString::fromStdString(d.kind);
    QString kindTip = kindLong(d.kind);
    if (d.may) {
      kind = tr("may %1").arg(kind);
      kindTip = tr("%1, only where the conditions on data around the statements hold").arg(kindTip);
    }
    if (d.reduction) {
      kind = tr("%1 (reduction)").arg(kind);
      kindTip = tr("%1, between updates of one reduction: a loop that carries only such dependences may run in "
                   "parallel as a reduction (floating-point results may then differ in their last bits)")
                    .arg(kindTip);
    }
    set(kKind, kind, kindTip);
    auto* source = set(kSource, QString::fromStdString(d.source_access.empty() ? d.source : d.source + "  " + d.source_access));
    source->setForeground(statementColor(snapshot_->statementIndex(d.source)).darker(130));
    auto* sink = set(kSink, QString::fromStdString(d.sink_access.empty() ? d.sink : d.sink + "  " + d.sink_access));
    sink->setForeground(statementColor(snapshot_->statementIndex(d.sink)).darker(130));
    set(kArray, QString::fromStdString(d.array));
    set(kDistance, d.distance.empty() ? tr("non-uniform") : QString::fromStdString(d.distance));
    set(kCarried, d.carried_level == 0 ? tr("0 (independent)") : QString::number(d.carried_level));
    set(kRelation, QString::fromStdString(d.relation));
  }
  fitColumns();
  updating_ = false;
}

void DependenceView::fitColumns() {
  table_->resizeColumnsToContents();
  for (int c = 0; c < kRelation; ++c) table_->setColumnWidth(c, std::min(table_->columnWidth(c) + 8, 220));
}

void DependenceView::buildGraphIfShown() {
  if (!graph_stale_ || currentWidget() != graph_) return;
  graph_stale_ = false;
  buildGraph();
  applyHighlight();
}

void DependenceView::buildGraph() {
  QGraphicsScene* scene = graph_->scene();
  scene->clear();
  if (!snapshot_) return;
  const Snapshot& snap = *snapshot_;
  QList<LayoutNode> nodes;
  QList<LayoutEdge> edges;
  QList<BoxContent> contents;
  for (std::size_t k = 0; k < snap.statements.size(); ++k) {
    BoxContent c;
    c.title = QString::fromStdString(snap.statements[k].name);
    c.lines << BoxLine{QString::fromStdString(snap.statements[k].source_text), QColor(), true};
    c.fill = statementTint(int(k), 45);
    c.border = statementColor(int(k));
    c.tooltip = QString::fromStdString(snap.statements[k].source_text);
    contents << c;
    nodes << LayoutNode{QStringLiteral("s%1").arg(k), BoxItem::measure(c, font())};
  }
  for (const DependenceInfo& d : snap.dependences)
    edges << LayoutEdge{QStringLiteral("s%1").arg(snap.statementIndex(d.source)),
                        QStringLiteral("s%1").arg(snap.statementIndex(d.sink))};
  LayoutOptions options;
  options.node_separation = 30;
  options.rank_separation = 40;
  const GraphLayout layout = layoutGraph(nodes, edges, options);
  for (int k = 0; k < contents.size(); ++k) {
    auto* item = new BoxItem(contents[k], font(), k);
    const QRectF r = layout.nodes.value(QStringLiteral("s%1").arg(k));
    item->setPos(r.topLeft());
    item->setBoxSize(r.size());
    scene->addItem(item);
  }
  for (int k = 0; k < edges.size() && k < layout.edges.size(); ++k) {
    const DependenceInfo& d = snap.dependences[static_cast<std::size_t>(k)];
    auto* edge = new EdgeItem(layout.edges[k], layout.edge_heads[k], layout.edge_before_head[k],
                              QColor(0x50, 0x50, 0x50), kindStyle(d.kind), 1.6, true);
    edge->setToolTip(QStringLiteral("%1%2 %3 \u2192 %4 on %5 %6%7")
                         .arg(d.may ? tr("may ") : QString(), QString::fromStdString(d.kind), QString::fromStdString(d.source),
                              QString::fromStdString(d.sink), QString::fromStdString(d.array),
                              QString::fromStdString(d.distance), d.reduction ? tr(" (reduction)") : QString()));
    scene->addItem(edge);
  }
  // A legend: line style per kind.
  const double y0 = scene->itemsBoundingRect().bottom() + 18;
  double x = scene->itemsBoundingRect().left();
  for (const char* kind : {"RAW", "WAR", "WAW"}) {
    auto* line = scene->addLine(x, y0, x + 26, y0, QPen(QColor(0x50, 0x50, 0x50), 1.6, kindStyle(kind)));
    line->setToolTip(kindLong(kind));
    auto* text = scene->addSimpleText(QString::fromLatin1(kind), font());
    text->setPos(x + 30, y0 - text->boundingRect().height() / 2);
    x += 30 + text->boundingRect().width() + 16;
  }
  scene->setSceneRect(scene->itemsBoundingRect().adjusted(-12, -12, 12, 12));
}

QList<int> DependenceView::highlightedRows() const {
  QList<int> rows;
  if (!snapshot_ || selection_.statements.isEmpty()) return rows;
  for (std::size_t r = 0; r < snapshot_->dependences.size(); ++r) {
    const DependenceInfo& d = snapshot_->dependences[r];
    if (selection_.statements.contains(QString::fromStdString(d.source)) ||
        selection_.statements.contains(QString::fromStdString(d.sink)))
      rows << int(r);
  }
  return rows;
}

void DependenceView::applyHighlight() {
  const QList<int> rows = highlightedRows();
  for (int r = 0; r < table_->rowCount(); ++r) {
    const bool on = rows.contains(r);
    for (int c = 0; c < table_->columnCount(); ++c)
      if (QTableWidgetItem* item = table_->item(r, c)) {
        QFont f = item->font();
        f.setBold(on);
        item->setFont(f);
        item->setBackground(on ? QBrush(QColor(0x00, 0x72, 0xB2, 28)) : QBrush());
      }
  }
  for (QGraphicsItem* item : graph_->scene()->items())
    if (auto* box = dynamic_cast<BoxItem*>(item))
      box->setHighlighted(selection_.statements.contains(box->content().title),
                          statementColor(box->key()).darker(120));
}

void DependenceView::changeEvent(QEvent* event) {
  QTabWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange && snapshot_) {
    graph_stale_ = true;
    buildGraphIfShown();
    applyHighlight();
    // The zoom sets the table's own font after this one: fit it once both are set.
    QTimer::singleShot(0, this, &DependenceView::fitColumns);
  }
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "selection_links.h"
#include "qt_text.h"

#include "code_view.h"
#include "dependence_view.h"
#include "domain_plot.h"
#include "pe_array_view.h"
#include "schedule_tree_view.h"
#include "snapshot/snapshot.h"
#include "source_view.h"
#include "statement_colors.h"
#include "window_docks.h"

namespace loopscape {


SelectionLinks::SelectionLinks(QObject* parent, WindowDocks* docks, DomainPlot* plot, SnapshotSource snapshot)
    : QObject(parent), docks_(docks), plot_(plot), snapshot_(std::move(snapshot)) {
  connect(plot_, &DomainPlot::pointSelected, this,
          [this](const QString& statement, const QList<qint64>&) { broadcast(Selection{{statement}, {}, -1}, plot_); });
  connect(docks_->source, &SourceView::lineClicked, this, &SelectionLinks::selectSourceLine);
  connect(docks_->tree, &ScheduleTreeView::selectionChanged, this,
          [this](const Selection& s) { broadcast(s, docks_->tree); });
  connect(docks_->dependences, &DependenceView::selectionChanged, this,
          [this](const Selection& s) { broadcast(s, docks_->dependences); });
  connect(docks_->code, &CodeView::selectionChanged, this, [this](const Selection& s) { broadcast(s, docks_->code); });
  connect(docks_->pe_array, &PeArrayView::peSelected, this,
          [this](const QStringList& statements, const std::vector<std::uint32_t>& points) {
            Selection s;
            s.statements = statements;
            broadcast(s, docks_->pe_array);
            plot_->highlightPointIndices(points);
          });
}

void SelectionLinks::broadcast(const Selection& selection, QObject* origin) {
  selection_ = selection;
  if (origin != docks_->tree) {
    Selection for_tree = selection;
    if (origin != nullptr) for_tree.tree_node = -1;
    docks_->tree->setSelection(for_tree);
  }
  if (origin != docks_->dependences) docks_->dependences->setSelection(selection);
  if (origin != docks_->code) docks_->code->setSelection(selection);
  if (origin != plot_) {
    if (selection.statements.isEmpty())
      plot_->clearHighlight();
    else
      plot_->highlightStatement(selection.statements.first());
  }
  QList<SourceView::LineMark> lines;
  if (const std::shared_ptr<const Snapshot>& snapshot = snapshot_()) {
    for (const QString& name : selection.statements) {
      const int k = snapshot->statementIndex(name.toStdString());
      if (k < 0) continue;
      const StatementInfo& s = snapshot->statements[static_cast<std::size_t>(k)];
      const QColor colour = statementColor(k);
      if (!selection.loop.isEmpty()) {
        for (std::size_t d = 0; d < s.loops.size(); ++d)
          if (qs(s.loops[d]) == selection.loop && d < s.loop_lines.size() && s.loop_lines[d] > 0)
            lines << SourceView::LineMark{int(s.loop_lines[d]), colour};
      }
      if (s.line > 0) lines << SourceView::LineMark{int(s.line), colour};
    }
  }
  docks_->source->setHighlightedLines(lines);
}

// A click on a statement's line selects it; on a loop's line, that loop of
// every statement inside it.
void SelectionLinks::selectSourceLine(int line) {
  const std::shared_ptr<const Snapshot>& snapshot = snapshot_();
  if (!snapshot) return;
  Selection s;
  for (const StatementInfo& st : snapshot->statements) {
    if (int(st.line) == line) s.statements << qs(st.name);
    for (std::size_t d = 0; d < st.loop_lines.size(); ++d)
      if (int(st.loop_lines[d]) == line) {
        s.statements << qs(st.name);
        s.loop = qs(st.loops[d]);
      }
  }
  s.statements.removeDuplicates();
  broadcast(s, docks_->source);
}

}  // namespace loopscape

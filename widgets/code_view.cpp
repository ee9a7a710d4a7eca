// SPDX-License-Identifier: Apache-2.0
#include "code_view.h"

#include <QCheckBox>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTextBlock>
#include <QVBoxLayout>

#include "c_highlighter.h"
#include "codegen/registry/registry.h"
#include "directives/omp_directives.h"
#include "statement_colors.h"

namespace loopscape {

namespace {

const QColor kAdded(0xD9, 0xF2, 0xE6);
const QColor kRemoved(0xFB, 0xE3, 0xD6);

QString tabTitle(const QString& target) {
  if (target == QLatin1String(kOmpDirectivesCode)) return QStringLiteral("OpenMP 6.0");
  const Target* known = find_target(target.toStdString());
  return known ? QString::fromStdString(known->display_name()) : target;
}

QStringList splitLines(const std::string& text) {
  QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
  return lines;
}

}  // namespace

QList<QPair<int, int>> lineDiff(const QStringList& before, const QStringList& after) {
  const int n = int(before.size()), m = int(after.size());
  std::vector<std::vector<int>> lcs(static_cast<std::size_t>(n + 1), std::vector<int>(static_cast<std::size_t>(m + 1), 0));
  for (int i = n - 1; i >= 0; --i)
    for (int j = m - 1; j >= 0; --j)
      lcs[i][j] = before[i] == after[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  QList<QPair<int, int>> out;
  int i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] == after[j]) {
      out.append({0, j});
      ++i;
      ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.append({1, j++});
    } else {
      out.append({-1, i++});
    }
  }
  return out;
}

CodeEditor::CodeEditor(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  new CHighlighter(document());
}

void CodeEditor::mouseReleaseEvent(QMouseEvent* event) {
  QPlainTextEdit::mouseReleaseEvent(event);
  if (event->button() == Qt::LeftButton && !textCursor().hasSelection())
    Q_EMIT lineClicked(cursorForPosition(event->position().toPoint()).blockNumber());
}

void CodeEditor::contextMenuEvent(QContextMenuEvent* event) {
  Q_EMIT lineContextMenu(cursorForPosition(event->pos()).blockNumber(), event->globalPos());
}

CodeView::CodeView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  tabs_ = new QTabWidget;
  tabs_->setDocumentMode(true);
  diff_ = new QCheckBox(tr("diff vs previous step"));
  diff_->setObjectName(QStringLiteral("codeDiffToggle"));
  diff_->setToolTip(tr("Show what the selected step changed in the code: added lines green, removed lines red"));
  tabs_->setCornerWidget(diff_, Qt::TopRightCorner);
  layout->addWidget(tabs_);
  connect(diff_, &QCheckBox::toggled, this, [this] {
    for (const QString& t : editors_.keys()) fill(t);
  });
  connect(tabs_, &QTabWidget::currentChanged, this, [this] { Q_EMIT currentTargetChanged(currentTarget()); });
}

const CodeInfo* CodeView::info(const QString& target) const {
  return snapshot_ ? snapshot_->findCode(target.toStdString()) : nullptr;
}

void CodeView::setSnapshot(std::shared_ptr<const Snapshot> snapshot, std::shared_ptr<const Snapshot> previous) {
  snapshot_ = std::move(snapshot);
  previous_ = std::move(previous);
  rebuildTabs();
  for (const QString& t : editors_.keys()) fill(t);
}

void CodeView::updateCode(std::shared_ptr<const Snapshot> snapshot) {
  const std::shared_ptr<const Snapshot> before = std::move(snapshot_);
  snapshot_ = std::move(snapshot);
  rebuildTabs();
  for (const QString& t : editors_.keys()) {
    const CodeInfo* was = before ? before->findCode(t.toStdString()) : nullptr;
    const CodeInfo* now = info(t);
    if (!was || !now || was->pending != now->pending) fill(t);
  }
}

void CodeView::rebuildTabs() {
  QStringList wanted;
  if (snapshot_)
    for (const CodeInfo& c : snapshot_->code) wanted << QString::fromStdString(c.target);
  if (wanted == targets()) return;
  const QString current = pending_target_.isEmpty() ? currentTarget() : pending_target_;
  pending_target_.clear();
  while (tabs_->count() > 0) {
    QWidget* w = tabs_->widget(0);
    tabs_->removeTab(0);
    w->deleteLater();
  }
  editors_.clear();
  for (const QString& target : wanted) {
    auto* editor = new CodeEditor;
    editor->setObjectName(QStringLiteral("code_") + target);
    editor->setFont(font());
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(font().pointSizeF());
    editor->setFont(mono);
    editors_.insert(target, editor);
    const int index = tabs_->addTab(editor, tabTitle(target));
    if (const CodeInfo* c = info(target)) tabs_->setTabToolTip(index, QString::fromStdString(c->description));
    connect(editor, &CodeEditor::lineClicked, this, [this, target, editor](int display_line) {
      const int line = display_line < editor->line_map.size() ? editor->line_map[display_line] : -1;
      const Selection s = selectionForLine(target, line);
      if (s.isEmpty()) return;
      setSelection(s);
      Q_EMIT selectionChanged(s);
    });
    connect(editor, &CodeEditor::lineContextMenu, this, [this, target, editor](int display_line, const QPoint& at) {
      const int line = display_line < editor->line_map.size() ? editor->line_map[display_line] : -1;
      const Selection s = selectionForLine(target, line);
      if (s.isEmpty()) return;
      setSelection(s);
      Q_EMIT selectionChanged(s);
      Q_EMIT loopContextMenuRequested(s, at);
    });
  }
  if (!current.isEmpty()) setCurrentTarget(current);
}

QStringList CodeView::targets() const {
  QStringList out;
  for (int k = 0; k < tabs_->count(); ++k) out << tabs_->widget(k)->objectName().mid(5);
  return out;
}

QString CodeView::currentTarget() const {
  QWidget* w = tabs_->currentWidget();
  return w ? w->objectName().mid(5) : QString();
}

void CodeView::setCurrentTarget(const QString& target) {
  if (CodeEditor* e = editors_.value(target))
    tabs_->setCurrentWidget(e);
  else
    pending_target_ = target;  // its tab comes with the first code shown
}

CodeEditor* CodeView::editor(const QString& target) const { return editors_.value(target); }

QString CodeView::code(const QString& target) const {
  const CodeInfo* c = info(target);
  return c ? QString::fromStdString(c->text) : QString();
}

void CodeView::setDiffEnabled(bool on) { diff_->setChecked(on); }
bool CodeView::diffEnabled() const { return diff_->isChecked(); }

void CodeView::fill(const QString& target) {
  CodeEditor* editor = editors_.value(target);
  const CodeInfo* c = info(target);
  if (!editor || !c) return;
  const int scroll = editor->verticalScrollBar()->value();
  QStringList after = c->pending ? QStringList{tr("/* generating the %1 code\u2026 */").arg(tabTitle(target))}
                     : c->error.empty() ? splitLines(c->text)
                                        : QStringList{tr("/* %1 */").arg(QString::fromStdString(c->error))};
  editor->line_map.clear();
  QList<QTextEdit::ExtraSelection> marks;
  const CodeInfo* before = previous_ ? previous_->findCode(target.toStdString()) : nullptr;
  if (c->pending || (before && before->pending)) before = nullptr;  // nothing to compare yet
  if (diff_->isChecked() && before) {
    const QStringList old = splitLines(before->text);
    QStringList shown;
    for (const auto& [op, index] : lineDiff(old, after)) {
      if (op < 0) {
        shown << old[index];
        editor->line_map << -1;
      } else {
        shown << after[index];
        editor->line_map << (op == 0 ? index : index);
      }
    }
    editor->setPlainText(shown.join(QLatin1Char('\n')));
    int k = 0;
    for (const auto& entry : lineDiff(old, after)) {
      if (entry.first != 0) {
        QTextEdit::ExtraSelection sel;
        sel.format.setBackground(entry.first > 0 ? kAdded : kRemoved);
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        if (entry.first < 0) sel.format.setFontStrikeOut(true);
        sel.cursor = QTextCursor(editor->document()->findBlockByNumber(k));
        marks << sel;
      }
      ++k;
    }
  } else {
    editor->setPlainText(after.join(QLatin1Char('\n')));
    for (int k = 0; k < after.size(); ++k) editor->line_map << k;
  }
  editor->setProperty("diffMarks", QVariant::fromValue(marks.size()));
  editor->setExtraSelections(marks);
  editor->verticalScrollBar()->setValue(scroll);
  applyHighlight(target);
}

Selection CodeView::selectionForLine(const QString& target, int line) const {
  Selection s;
  const CodeInfo* c = info(target);
  if (!c || line < 0) return s;
  for (const CodeLoop& loop : c->loops)
    if (loop.line == line) {
      for (const auto& st : loop.statements) s.statements << QString::fromStdString(st);
      s.loop = QString::fromStdString(loop.iterator);
      return s;
    }
  if (line < int(c->line_statement.size()) && !c->line_statement[static_cast<std::size_t>(line)].empty())
    s.statements << QString::fromStdString(c->line_statement[static_cast<std::size_t>(line)]);
  return s;
}

QList<int> CodeView::highlightedLines(const QString& target) const {
  QList<int> lines;
  const CodeInfo* c = info(target);
  if (!c || selection_.statements.isEmpty()) return lines;
  if (!selection_.loop.isEmpty()) {
    for (const CodeLoop& loop : c->loops) {
      bool shares = false;
      for (const auto& st : loop.statements) shares = shares || selection_.statements.contains(QString::fromStdString(st));
      if (shares && QString::fromStdString(loop.iterator) == selection_.loop) lines << loop.line;
    }
  }
  for (int k = 0; k < int(c->line_statement.size()); ++k)
    if (selection_.statements.contains(QString::fromStdString(c->line_statement[static_cast<std::size_t>(k)])))
      lines << k;
  std::sort(lines.begin(), lines.end());
  return lines;
}

void CodeView::applyHighlight(const QString& target) {
  CodeEditor* editor = editors_.value(target);
  if (!editor || !snapshot_) return;
  QList<QTextEdit::ExtraSelection> marks;
  for (const QTextEdit::ExtraSelection& s : editor->extraSelections())
    if (!s.format.hasProperty(QTextFormat::UserProperty)) marks << s;
  const QList<int> lines = highlightedLines(target);
  const CodeInfo* c = info(target);
  for (int display = 0; display < editor->line_map.size(); ++display) {
    const int line = editor->line_map[display];
    if (line < 0 || !lines.contains(line)) continue;
    QString statement = line < int(c->line_statement.size()) ? QString::fromStdString(c->line_statement[static_cast<std::size_t>(line)]) : QString();
    if (statement.isEmpty() && !selection_.statements.isEmpty()) statement = selection_.statements.first();
    const int index = snapshot_->statementIndex(statement.toStdString());
    QTextEdit::ExtraSelection sel;
    sel.format.setBackground(statementTint(index, 70));
    sel.format.setProperty(QTextFormat::FullWidthSelection, true);
    sel.format.setProperty(QTextFormat::UserProperty, true);
    sel.cursor = QTextCursor(editor->document()->findBlockByNumber(display));
    marks << sel;
  }
  editor->setExtraSelections(marks);
  if (!lines.isEmpty() && target == currentTarget()) {
    const int display = int(editor->line_map.indexOf(lines.first()));
    if (display >= 0) {
      const QTextBlock block = editor->document()->findBlockByNumber(display);
      QTextCursor cursor(block);
      editor->setTextCursor(cursor);
      editor->ensureCursorVisible();
    }
  }
}

void CodeView::setSelection(const Selection& selection) {
  selection_ = selection;
  for (const QString& t : editors_.keys()) applyHighlight(t);
}

}  // namespace loopscape

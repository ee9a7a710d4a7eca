// SPDX-License-Identifier: Apache-2.0
#pragma once
// Generated code, one tab per target of codegen's registry, C-highlighted.
// The selected statement's lines and loop headers are tinted in the
// statement's colour; "diff vs previous step" shows what the last command
// changed. A click on a line selects its statement or loop; a right-click on
// a loop asks for the commands that apply to it.
#include <QPlainTextEdit>
#include <QWidget>
#include <memory>

#include "selection.h"
#include "snapshot/snapshot.h"

class QCheckBox;
class QTabWidget;

namespace loopscape {

class CodeEditor : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit CodeEditor(QWidget* parent = nullptr);
  // Display line -> line of the code (-1: a removed line in a diff).
  QList<int> line_map;

 Q_SIGNALS:
  void lineClicked(int display_line);
  void lineContextMenu(int display_line, const QPoint& global_position);

 protected:
  void mouseReleaseEvent(QMouseEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
};

class CodeView : public QWidget {
  Q_OBJECT

 public:
  explicit CodeView(QWidget* parent = nullptr);

  // `previous`: the snapshot of the step before (for the diff), may be null.
  void setSnapshot(std::shared_ptr<const Snapshot> snapshot, std::shared_ptr<const Snapshot> previous = {});
  // The same step with more of its code generated: fills the tabs whose code
  // arrived, keeps the rest (and the scroll positions) as they are.
  void updateCode(std::shared_ptr<const Snapshot> snapshot);
  void setSelection(const Selection& selection);

  QStringList targets() const;
  QString currentTarget() const;
  void setCurrentTarget(const QString& target);
  CodeEditor* editor(const QString& target) const;
  // The code as generated (not the diff) for `target`.
  QString code(const QString& target) const;
  // Lines (0-based, of the generated code) highlighted for the selection.
  QList<int> highlightedLines(const QString& target) const;

  void setDiffEnabled(bool on);
  bool diffEnabled() const;

  // The selection a click on code line `line` (0-based) of `target` makes.
  Selection selectionForLine(const QString& target, int line) const;

 Q_SIGNALS:
  void selectionChanged(const loopscape::Selection& selection);
  // Right-click on a loop header: the loop, the statements in its body.
  void loopContextMenuRequested(const loopscape::Selection& loop, const QPoint& global_position);
  void currentTargetChanged(const QString& target);

 private:
  void rebuildTabs();
  void fill(const QString& target);
  void applyHighlight(const QString& target);
  const CodeInfo* info(const QString& target) const;

  std::shared_ptr<const Snapshot> snapshot_;
  std::shared_ptr<const Snapshot> previous_;
  Selection selection_;
  QTabWidget* tabs_;
  QCheckBox* diff_;
  QHash<QString, CodeEditor*> editors_;
  QString pending_target_;  // asked for before its tab existed
};

// Lines of `after` against `before` (longest common subsequence): each entry is
// {-1 removed | 0 kept | +1 added, index into before (removed/kept) or after (added)}.
QList<QPair<int, int>> lineDiff(const QStringList& before, const QStringList& after);

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// The session's commands as a script, one line per step (0: the original
// schedule). Picking a step shows that step's schedule, plot and code.
// The other lines of work (variants: kept when a command follows an undo)
// branch off below the last step they share with it; picking one asks to
// compare it with the current line.
#include <QListWidget>

namespace loopscape {

class HistoryView : public QListWidget {
  Q_OBJECT

 public:
  explicit HistoryView(QWidget* parent = nullptr);

  // `lines[k]` is command k+1 as a script line; `current` the step shown.
  void setHistory(const QStringList& lines, int current, const QStringList& redo = {},
                  const QList<QStringList>& variants = {}, const QList<int>& shared = {});
  int variantCount() const { return variants_; }
  // The row that shows variant `variant` (0-based), or -1.
  int rowOfVariant(int variant) const;
  QStringList scriptLines() const { return lines_; }
  int currentStep() const { return current_; }
  void setCurrentStep(int step);

 Q_SIGNALS:
  void stepSelected(int step);
  void variantSelected(int variant);

 private:
  QStringList lines_;
  int current_ = 0;
  int variants_ = 0;
  bool updating_ = false;
};

}  // namespace loopscape

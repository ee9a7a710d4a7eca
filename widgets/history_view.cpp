// SPDX-License-Identifier: Apache-2.0
#include "history_view.h"

#include <QFontDatabase>

#include <algorithm>

namespace loopscape {

namespace {

constexpr int kStepRole = Qt::UserRole;           // the step a row shows (0: the original), or -1
constexpr int kVariantRole = Qt::UserRole + 1;     // k + 1 for variant k's row, else 0

}  // namespace

HistoryView::HistoryView(QWidget* parent) : QListWidget(parent) {
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setAlternatingRowColors(true);
  setToolTip(tr("The session as a schedule script; pick a step to see its schedule and code. "
                "Other lines of work branch off below the step they share"));
  connect(this, &QListWidget::currentRowChanged, this, [this](int row) {
    const QListWidgetItem* at = item(row);
    if (updating_ || !at) return;
    const int step = at->data(kStepRole).toInt();
    if (step < 0 || step > lines_.size()) return;
    current_ = step;
    Q_EMIT stepSelected(step);
  });
  // A variant is picked by a click (it never becomes the current row: that
  // stays the step shown).
  connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    const int variant = item->data(kVariantRole).toInt() - 1;
    if (variant < 0) return;
    setCurrentStep(current_);
    Q_EMIT variantSelected(variant);
  });
}

void HistoryView::setHistory(const QStringList& lines, int current, const QStringList& redo,
                             const QList<QStringList>& variants, const QList<int>& shared) {
  updating_ = true;
  lines_ = lines;
  clear();
  // The current line, then its undone steps: row r holds step r.
  const auto add_row = [this](const QString& text, int step) {
    auto* row = new QListWidgetItem(text);
    row->setData(kStepRole, step);
    row->setData(kVariantRole, 0);
    addItem(row);
    return row;
  };
  add_row(tr("   original schedule"), 0)->setForeground(QColor(0x60, 0x60, 0x60));
  for (int k = 0; k < lines.size(); ++k) add_row(QStringLiteral("%1  %2").arg(k + 1, 2).arg(lines[k]), k + 1);
  for (const QString& r : redo) {
    QListWidgetItem* row = add_row(QStringLiteral(" \u21B7  %1").arg(r), -1);
    row->setForeground(QColor(0xA0, 0xA0, 0xA0));
    row->setFlags(Qt::NoItemFlags);
    row->setToolTip(tr("Undone; Redo (Ctrl+Shift+Z) applies it again"));
  }
  // Each variant branches off below the last step it shares (drawn with
  // ├─ and └─), so the History reads as the tree of the lines of work.
  variants_ = static_cast<int>(variants.size());
  const int line_rows = int(lines.size() + redo.size());
  QList<int> branch_point(variants.size());
  for (int k = 0; k < variants.size(); ++k)
    branch_point[k] = std::clamp(shared.value(k), 0, std::min(int(variants[k].size()), line_rows));
  for (int at = line_rows; at >= 0; --at) {
    QList<int> here;
    for (int k = 0; k < variants.size(); ++k)
      if (branch_point[k] == at) here.push_back(k);
    for (int n = int(here.size()) - 1; n >= 0; --n) {
      const int k = here[n];
      const int from = branch_point[k];
      const QString first = from < variants[k].size() ? variants[k][from] : QString();
      auto* branch = new QListWidgetItem(QStringLiteral("    %1\u2500 %2: after step %3, %4%5")
                                             .arg(n + 1 == here.size() ? QStringLiteral("\u2514") : QStringLiteral("\u251C"))
                                             .arg(k + 1)
                                             .arg(from)
                                             .arg(first)
                                             .arg(variants[k].size() - from > 1
                                                      ? tr(" \u2026 (%n more)", nullptr, int(variants[k].size() - from - 1))
                                                      : QString()));
      branch->setData(kStepRole, -1);
      branch->setData(kVariantRole, k + 1);
      branch->setForeground(QColor(0x1F, 0x5F, 0xA0));
      branch->setToolTip(tr("Variant %1 (click to compare it with the current line):\n%2")
                             .arg(k + 1)
                             .arg(variants[k].join(QLatin1Char('\n'))));
      insertItem(at + 1, branch);
    }
  }
  setCurrentStep(current);
  updating_ = false;
}

int HistoryView::rowOfVariant(int variant) const {
  for (int row = 0; row < count(); ++row)
    if (item(row)->data(kVariantRole).toInt() == variant + 1) return row;
  return -1;
}

void HistoryView::setCurrentStep(int step) {
  const bool was_updating = updating_;
  updating_ = true;
  current_ = std::clamp(step, 0, int(lines_.size()));
  for (int row = 0; row < count(); ++row)
    if (item(row)->data(kStepRole).toInt() == current_) {
      setCurrentRow(row);
      break;
    }
  updating_ = was_updating;
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "history_view.h"

#include <QFontDatabase>

namespace loopscape {

HistoryView::HistoryView(QWidget* parent) : QListWidget(parent) {
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setAlternatingRowColors(true);
  setToolTip(tr("The session as a schedule script; pick a step to see its schedule and code"));
  connect(this, &QListWidget::currentRowChanged, this, [this](int row) {
    if (updating_ || row < 0 || row > lines_.size()) return;
    current_ = row;
    Q_EMIT stepSelected(row);
  });
  // A variant is picked by a click (it never becomes the current row: that
  // stays the step shown).
  connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    const int variant = item->data(Qt::UserRole).toInt() - 1;
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
  auto* original = new QListWidgetItem(tr("   original schedule"));
  original->setForeground(QColor(0x60, 0x60, 0x60));
  addItem(original);
  for (int k = 0; k < lines.size(); ++k) addItem(QStringLiteral("%1  %2").arg(k + 1, 2).arg(lines[k]));
  for (const QString& r : redo) {
    auto* item = new QListWidgetItem(QStringLiteral(" \u21B7  %1").arg(r));
    item->setForeground(QColor(0xA0, 0xA0, 0xA0));
    item->setFlags(Qt::NoItemFlags);
    item->setToolTip(tr("Undone; Redo (Ctrl+Shift+Z) applies it again"));
    addItem(item);
  }
  variants_ = static_cast<int>(variants.size());
  if (!variants.isEmpty()) {
    auto* header = new QListWidgetItem(tr("Variants (click one to compare it with these steps):"));
    header->setFlags(Qt::NoItemFlags);
    header->setForeground(QColor(0x60, 0x60, 0x60));
    addItem(header);
  }
  for (int k = 0; k < variants.size(); ++k) {
    const int from = std::clamp(shared.value(k), 0, int(variants[k].size()));
    const QString first = from < variants[k].size() ? variants[k][from] : QString();
    auto* item = new QListWidgetItem(QStringLiteral(" \u21B3 %1: after step %2, %3%4")
                                         .arg(k + 1)
                                         .arg(from)
                                         .arg(first)
                                         .arg(variants[k].size() - from > 1
                                                  ? tr(" \u2026 (%n more)", nullptr, int(variants[k].size() - from - 1))
                                                  : QString()));
    item->setData(Qt::UserRole, k + 1);
    item->setForeground(QColor(0x1F, 0x5F, 0xA0));
    item->setToolTip(variants[k].join(QLatin1Char('\n')));
    addItem(item);
  }
  current_ = std::clamp(current, 0, int(lines.size()));
  setCurrentRow(current_);
  updating_ = false;
}

void HistoryView::setCurrentStep(int step) {
  updating_ = true;
  current_ = std::clamp(step, 0, int(lines_.size()));
  setCurrentRow(current_);
  updating_ = false;
}

}  // namespace loopscape

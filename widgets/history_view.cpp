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
}

void HistoryView::setHistory(const QStringList& lines, int current, const QStringList& redo) {
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

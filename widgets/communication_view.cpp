// SPDX-License-Identifier: Apache-2.0
#include "communication_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace loopscape {

namespace {

QString step_text(const MessageRow& row) {
  if (row.point == "_ls_gather") return QObject::tr("end (gather)");
  QStringList values;
  for (long v : row.step) values << QString::number(v);
  return values.isEmpty() ? QStringLiteral("-") : values.join(QStringLiteral(", "));
}

QString point_text(const std::string& call) {
  const std::string prefix = "_ls_exchange";
  if (call.rfind(prefix, 0) == 0) return QObject::tr("exchange %1").arg(QString::fromStdString(call.substr(prefix.size())));
  return QObject::tr("gather");
}

}  // namespace

CommunicationView::CommunicationView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Ranks:")));
  ranks_ = new QSpinBox;
  ranks_->setObjectName(QStringLiteral("rankCount"));
  ranks_->setRange(1, 64);
  ranks_->setValue(4);
  ranks_->setToolTip(tr("Number of MPI ranks the distributed loops are split over"));
  top->addWidget(ranks_);
  top->addStretch(1);
  layout->addLayout(top);
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("communicationSummary"));
  summary_->setWordWrap(true);
  layout->addWidget(summary_);
  table_ = new QTableWidget(0, 6);
  table_->setObjectName(QStringLiteral("communicationTable"));
  table_->setHorizontalHeaderLabels(
      {tr("Point"), tr("Step"), tr("From rank"), tr("To rank"), tr("Elements"), tr("Bytes")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(table_, 1);
  connect(ranks_, &QSpinBox::valueChanged, this, &CommunicationView::ranksChanged);
  setSnapshot(nullptr);
}

int CommunicationView::ranks() const { return ranks_->value(); }

void CommunicationView::setSnapshot(std::shared_ptr<const Snapshot> snapshot) {
  table_->setRowCount(0);
  if (!snapshot || (!snapshot->messages && snapshot->messages_error.empty())) {
    summary_->setText(tr("Nothing is distributed: right-click a loop and choose distribute to run it in blocks "
                         "over MPI ranks (the MPI tab of the code shows the program)."));
    return;
  }
  if (!snapshot->messages) {
    summary_->setText(tr("The messages could not be counted: %1").arg(QString::fromStdString(snapshot->messages_error)));
    return;
  }
  const MessageVolume& v = *snapshot->messages;
  QStringList blocks;
  for (std::size_t r = 0; r < snapshot->rank_blocks.size(); ++r) {
    const auto [lo, hi] = snapshot->rank_blocks[r];
    blocks << (lo <= hi ? tr("rank %1: %2..%3").arg(r).arg(lo).arg(hi) : tr("rank %1: none").arg(r));
  }
  summary_->setText(tr("%1 messages, %2 elements, %3 bytes in all, at the plot's sizes. Distributed values: %4.")
                        .arg(v.messages)
                        .arg(v.total_elements)
                        .arg(v.total_bytes)
                        .arg(blocks.join(QStringLiteral("; "))) +
                    (v.truncated ? tr(" (the table shows the first %1 rows)").arg(v.rows.size()) : QString()));
  table_->setRowCount(static_cast<int>(v.rows.size()));
  for (int r = 0; r < static_cast<int>(v.rows.size()); ++r) {
    const MessageRow& row = v.rows[static_cast<std::size_t>(r)];
    const QStringList cells{point_text(row.point), step_text(row),          QString::number(row.from),
                            QString::number(row.to),  QString::number(row.elements), QString::number(row.bytes)};
    for (int c = 0; c < cells.size(); ++c) table_->setItem(r, c, new QTableWidgetItem(cells[c]));
  }
  table_->resizeColumnsToContents();
}

}  // namespace loopscape

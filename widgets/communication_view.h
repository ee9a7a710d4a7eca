// SPDX-License-Identifier: Apache-2.0
#pragma once
// The messages of a distributed schedule (the mpi target) at the plot's
// sizes: a rank-count spin box, the block of distributed loop values each
// rank runs, and a table of the exchanges (point, step, from rank, to rank,
// elements, bytes) with the total volume.
#include <QWidget>
#include <memory>

#include "snapshot/snapshot.h"

class QLabel;
class QSpinBox;
class QTableWidget;

namespace loopscape {

class CommunicationView : public QWidget {
  Q_OBJECT

 public:
  explicit CommunicationView(QWidget* parent = nullptr);

  void setSnapshot(std::shared_ptr<const Snapshot> snapshot);
  int ranks() const;
  QSpinBox* rankSpinBox() const { return ranks_; }
  QTableWidget* table() const { return table_; }
  QLabel* summary() const { return summary_; }

 Q_SIGNALS:
  void ranksChanged(int ranks);

 private:
  QSpinBox* ranks_;
  QLabel* summary_;
  QTableWidget* table_;
};

}  // namespace loopscape

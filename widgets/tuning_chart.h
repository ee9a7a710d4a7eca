// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Run dock's scatter plot of a tuning: one point per measured candidate,
// its speed-up over the original schedule against its number of steps; the
// original is the dashed line at 1x, the kept candidate is filled, the
// selected one ringed. Clicking a point selects its candidate.
#include <QWidget>

#include "tuning_outcome.h"

namespace loopscape {

class TuningChart : public QWidget {
  Q_OBJECT

 public:
  explicit TuningChart(QWidget* parent = nullptr);
  void setOutcome(const TuningOutcome& outcome);
  void setSelected(int candidate);
  // The centre of candidate `k`'s point, for tests; null point when not drawn.
  QPointF pointOf(int candidate) const;

 Q_SIGNALS:
  void candidateClicked(int candidate);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  bool event(QEvent* event) override;

 private:
  QRectF plotArea() const;
  double topSpeedup() const;
  // A script's knobs were tuned (every candidate has the same steps).
  bool byCombination() const { return !outcome_.script_path.isEmpty(); }
  int maxSteps() const;
  int candidateAt(const QPointF& position) const;

  TuningOutcome outcome_;
  int selected_ = -1;
};

}  // namespace loopscape

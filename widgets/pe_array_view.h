// SPDX-License-Identifier: Apache-2.0
#pragma once
// The PE-array view of a space-time transformed nest (analysis/systolic.h):
// the grid of processing elements, the loaders on its left and the drainers
// on its right, and a clock. At each step the PEs that work light up in
// their statement's colour, the values that move between neighbours travel
// as arrows along the channels, and the loaders and drainers show which PEs
// they feed or empty. Play, step and a slider drive the clock; clicking a PE
// selects its iterations (in the domain plot) and its statements (in the code).
#include <QWidget>
#include <memory>
#include <vector>

#include "snapshot/snapshot.h"

class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace loopscape {

class PeArrayCanvas;

class PeArrayView : public QWidget {
  Q_OBJECT

 public:
  explicit PeArrayView(QWidget* parent = nullptr);

  void setSnapshot(std::shared_ptr<const Snapshot> snapshot);

  bool hasArray() const;
  int stepCount() const;  // runs x steps of one run
  int step() const { return step_; }
  void setStep(int step);
  void play();
  void pause();
  bool isPlaying() const;
  // The PEs that work at the current step (their coordinates), in grid order.
  std::vector<std::vector<long>> activePes() const;
  QString statusText() const;
  QString message() const;  // shown instead of the grid ("" when there is one)
  // Where a PE is drawn, in this widget's coordinates (for clicks and tests).
  QPoint peCenter(const std::vector<long>& pe) const;
  void selectPe(const std::vector<long>& pe);  // emits peSelected
  const std::vector<long>& selectedPe() const { return selected_; }
  QSlider* slider() const { return slider_; }

 Q_SIGNALS:
  // The plot points (PlotData::points indices) and statements a clicked PE runs.
  void peSelected(const QStringList& statements, const std::vector<std::uint32_t>& points);
  void stepChanged(int step);

 private:
  friend class PeArrayCanvas;
  const SystolicArray* array() const;
  void rebuild();
  void updateStatus();

  std::shared_ptr<const Snapshot> snapshot_;
  std::vector<std::vector<int>> firings_at_;  // global step -> firing indices
  int step_ = 0;
  std::vector<long> selected_;
  QToolButton* play_;
  QToolButton* back_;
  QToolButton* forward_;
  QSlider* slider_;
  QLabel* status_;
  QLabel* message_;
  PeArrayCanvas* canvas_;
  QTimer* timer_;
};

}  // namespace loopscape

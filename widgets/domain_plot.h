// SPDX-License-Identifier: Apache-2.0
#pragma once
// The domain plot: statement instances as points (one colour per statement),
// two chosen iterator dimensions with slice sliders for the others, dependence
// arrows by kind (RAW solid, WAR dashed, WAW dotted), tiles outlined, violated
// pairs thick red with source and sink ringed, hover tooltips, selection and
// linked highlighting, a right-click that asks for commands, pan and zoom, the
// execution-order animation (the schedule's steps, one point at a time, or the
// wavefronts the dependences allow, with the steps of each side by side and
// the schedule's step hyperplanes drawn) and one slider per parameter. It shows a PlotData the engine computed (the window
// recomputes it off the GUI thread when parametersChanged is emitted); it never
// calls isl. Painting is PlotRenderer's (widgets/plot_renderer.h).
#include <QList>
#include <QMap>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "plot_renderer.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace loopscape {

class DomainPlotCanvas;

class DomainPlot : public QWidget {
  Q_OBJECT

 public:
  explicit DomainPlot(QWidget* parent = nullptr);
  ~DomainPlot() override;

  // Shows `data` (nullptr: empty). Keeps the axes, slices and animation step
  // where they still apply; parameter sliders follow data->parameters.
  // `point_ranks`: the rank of each point of a distributed schedule (-1: every
  // rank), shown as colours when "Ranks" is on; empty when nothing is distributed.
  // `groups_are_pes`: the groups are the processing elements of a
  // space-time transform rather than MPI ranks (the switch then reads "PEs").
  void setPlotData(std::shared_ptr<const PlotData> data, std::vector<int> point_ranks = {}, bool groups_are_pes = false);
  const PlotData* plotData() const { return renderer_.data(); }

  // Slider range of a parameter (default 1 .. max(32, 2 x value)).
  void setParameterRange(const QString& name, qint64 minimum, qint64 maximum);
  QMap<QString, qint64> parameterValues() const;

  // Axes and slices by iterator name; false when the name is unknown.
  bool setAxes(const QString& x, const QString& y);
  QString xAxis() const;
  QString yAxis() const;
  QStringList sliceDimensions() const;
  bool setSlice(const QString& dimension, qint64 value);
  qint64 slice(const QString& dimension) const;

  // Animation.
  int animationLength() const { return renderer_.animationLength(); }
  int animationStep() const { return renderer_.animationStep(); }  // -1: not animating
  bool isPlaying() const;
  void setAnimationMode(PlotRenderer::AnimationMode mode);
  PlotRenderer::AnimationMode animationMode() const { return renderer_.animationMode(); }
  void setSpeed(double steps_per_second);
  double speed() const { return speed_; }
  // Statement and coordinates of the points lit at the current step.
  std::vector<std::uint32_t> currentPoints() const { return renderer_.currentPoints(); }

  void setShowArrows(bool on);
  void setShowTiles(bool on);
  void setShowRanks(bool on);
  void setShowNumbers(bool on);
  // Off: the plot says how many points and steps nowhere (a counting exercise).
  void setShowCounts(bool on);
  void setShowHyperplanes(bool on);
  void setPresentationZoom(double factor);  // scales every text of the plot
  double presentationZoom() const { return renderer_.fontScale(); }

  // Position of a point in canvas() coordinates, when shown.
  std::optional<QPointF> pointPosition(std::size_t point) const;
  std::optional<QPointF> pointPosition(const QString& statement, const QList<qint64>& coordinates) const;
  QWidget* canvas() const;
  PlotRenderer& renderer() { return renderer_; }
  const PlotRenderer& renderer() const { return renderer_; }
  std::int64_t selectedPoint() const { return renderer_.selectedPoint(); }
  // The hover text of a point: "S1[3, 5]", its time and step, the dependences touching it.
  QString pointDescription(std::size_t point) const;
  // Statements with points shown under the current axes and slices, in program order.
  QStringList shownStatements() const;

  // The plot alone (canvas only) at `size`, as painted.
  QImage renderPlot(const QSize& size) const;

 public Q_SLOTS:
  void play();
  void pause();
  void stepForward();
  void stepBackward();
  void resetAnimation();  // back to "every point shown"
  void setAnimationStep(int step);
  void highlightStatement(const QString& name);  // "" clears
  void highlightPoints(const QString& statement, const QList<QList<qint64>>& coordinates);
  void highlightPointIndices(const std::vector<std::uint32_t>& points);
  void clearHighlight();
  bool selectPoint(const QString& statement, const QList<qint64>& coordinates);  // no signal
  void fitToView();
  void zoomBy(double factor);

 Q_SIGNALS:
  void pointSelected(const QString& statement, const QList<qint64>& coordinates);
  void pointHovered(const QString& statement, const QList<qint64>& coordinates);  // "" when none
  // A right-click: on a point (selected first, pointSelected emitted), or on
  // empty space with `statement` "" (the window offers the commands that apply).
  void contextMenuRequested(const QString& statement, const QList<qint64>& coordinates, const QPoint& global_position);
  void parametersChanged(const QMap<QString, qint64>& values);
  void animationStepChanged(int step);
  void axesChanged(const QString& x, const QString& y);

 private:
  friend class DomainPlotCanvas;
  void rebuildAxisControls();
  void rebuildSliceControls();
  void rebuildParameterControls();
  void updateAnimationLabel();
  void axisComboChanged();
  void canvasClicked(std::int64_t point);
  void canvasHovered(std::int64_t point);
  void canvasContextMenu(const QPointF& position, const QPoint& global_position);
  void emitParameters();
  void refresh();

  PlotRenderer renderer_;
  DomainPlotCanvas* canvas_ = nullptr;
  QComboBox* x_combo_ = nullptr;
  QComboBox* y_combo_ = nullptr;
  QHBoxLayout* slice_layout_ = nullptr;
  QWidget* slice_box_ = nullptr;
  QCheckBox* arrows_check_ = nullptr;
  QCheckBox* tiles_check_ = nullptr;
  QCheckBox* ranks_check_ = nullptr;
  QCheckBox* numbers_check_ = nullptr;
  QCheckBox* hyperplanes_check_ = nullptr;
  QToolButton* play_button_ = nullptr;
  QToolButton* back_button_ = nullptr;
  QToolButton* forward_button_ = nullptr;
  QToolButton* reset_button_ = nullptr;
  QComboBox* mode_combo_ = nullptr;
  QSlider* speed_slider_ = nullptr;
  QLabel* step_label_ = nullptr;
  QWidget* parameter_box_ = nullptr;
  QHBoxLayout* parameter_layout_ = nullptr;
  QTimer* timer_ = nullptr;
  QTimer* parameter_timer_ = nullptr;
  double speed_ = 4.0;
  bool updating_ = false;
  QStringList parameter_names_;
  QMap<QString, QPair<qint64, qint64>> parameter_ranges_;
  QList<QSlider*> parameter_sliders_;
  QList<QSlider*> slice_sliders_;
  QList<int> slice_dims_;
  bool groups_are_pes_ = false;
};

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// Paints a PlotData (engine/plot/domain_points.h) into any QPainter: the state
// of the domain plot (axes, slices, view transform, animation, highlights)
// without widgets, so the plot can render offscreen (tests, benchmark,
// screenshots). Points are drawn from positions precomputed when the axes or
// slices change; nothing is allocated per point at paint time beyond batches.
//
// Placement: the plot's dimensions are the iterator names of all statements
// (first appearance order). A statement is shown when it has both axis
// iterators and its point matches the slice value of every other dimension it
// has; dimensions it lacks do not filter it (S0[i, j] shows on every slice of
// k). When several statements are shown, each is shifted a fraction of a unit
// along the diagonal so instances at the same coordinates stay distinct.
#include <QColor>
#include <QFont>
#include <QImage>
#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "plot/domain_points.h"
#include "plot/step_lines.h"

class QPainter;

namespace loopscape {

class PlotRenderer {
 public:
  // Steps: the schedule's parallel steps; Sequential: one point at a time;
  // Wavefronts: the dependence levels (every point that could run at once).
  enum class AnimationMode { Steps, Sequential, Wavefronts };

  PlotRenderer();

  // Keeps axes (by name), slices (clamped) and the animation step when possible.
  void setData(std::shared_ptr<const PlotData> data);
  const PlotData* data() const { return data_.get(); }
  const std::shared_ptr<const PlotData>& sharedData() const { return data_; }

  // Dimensions: the iterator names of every statement, in first-appearance order.
  const QStringList& dimensions() const { return dims_; }
  int xAxis() const { return x_axis_; }
  int yAxis() const { return y_axis_; }
  void setAxes(int x, int y);  // indices into dimensions(); equal indices are refused
  // Dimensions other than the axes, each sliced at one value.
  std::vector<int> sliceDimensions() const;
  long sliceValue(int dim) const;
  void setSliceValue(int dim, long value);
  // Smallest and largest value of a dimension over all points (0, 0 when none).
  std::pair<long, long> dimensionRange(int dim) const;

  // View: data -> screen is x' = origin.x + x * scaleX, y' = origin.y - y * scaleY.
  void setViewport(const QSizeF& size);
  QSizeF viewport() const { return viewport_; }
  QRectF plotRect() const;  // the area inside the axes
  // Unit squares (scaleX == scaleY) unless the shown points are long and thin
  // next to the plot area: then each axis is fitted on its own (see .cpp).
  void fitToView();
  void zoomAt(const QPointF& screen, double factor);
  void panBy(const QPointF& delta);
  double scaleX() const { return scale_x_; }
  double scaleY() const { return scale_y_; }
  double scale() const { return std::min(scale_x_, scale_y_); }  // pixels per unit along the denser axis
  QPointF toScreen(const QPointF& data) const;
  QPointF toData(const QPointF& screen) const;

  // Animation: -1 shows every point as is; s in [0, animationLength()) lights
  // step s (point s in Sequential mode, level s in Wavefronts mode), dims
  // earlier ones and fades later ones.
  void setAnimationMode(AnimationMode mode);
  AnimationMode animationMode() const { return mode_; }
  int animationLength() const;
  void setAnimationStep(int step);
  int animationStep() const { return anim_step_; }
  // Points lit at the current step (indices into data()->points).
  std::vector<std::uint32_t> currentPoints() const;

  void setHighlightedStatement(int statement);  // -1: none; others are dimmed
  int highlightedStatement() const { return highlight_statement_; }
  void setHighlightedPoints(std::vector<std::uint32_t> points);
  const std::vector<std::uint32_t>& highlightedPoints() const { return highlighted_; }
  void setSelectedPoint(std::int64_t point);  // -1: none
  std::int64_t selectedPoint() const { return selected_; }
  void setHoveredPoint(std::int64_t point);
  std::int64_t hoveredPoint() const { return hovered_; }

  // Distributed schedules: the rank of each point (-1: every rank runs it);
  // with showRanks, points take their rank's colour and arrows between ranks
  // are drawn as messages.
  void setPointRanks(std::vector<int> ranks) { point_ranks_ = std::move(ranks); }
  const std::vector<int>& pointRanks() const { return point_ranks_; }
  void setShowRanks(bool on) { show_ranks_ = on; }
  // The legend's name for the groups: ranks (MPI) or PEs (space-time transform).
  void setGroupsArePes(bool pes) { groups_are_pes_ = pes; }
  bool showRanks() const { return show_ranks_ && point_ranks_.size() == (data_ ? data_->points.size() : 0); }
  static QColor rankColor(int rank);  // -1: every rank
  static QColor messageColor() { return QColor(0xB0, 0x3A, 0x8C); }
  static QColor mayColor() { return QColor(0x4A, 0x6F, 0xA5, 200); }

  void setShowArrows(bool on) { show_arrows_ = on; }
  void setShowTiles(bool on) { show_tiles_ = on; }
  void setShowNumbers(bool on) { show_numbers_ = on; }
  // Off: no count of points or steps anywhere (a counting exercise's answer).
  void setShowCounts(bool on) { show_counts_ = on; }
  bool showCounts() const { return show_counts_; }
  // The schedule's step hyperplanes (plot/step_lines.h) on the shown slice.
  // While the Steps or Wavefronts animation runs: every step's line, faint,
  // and strong the lines whose shown points are exactly lit (the current
  // step; in Wavefronts mode, a schedule step that is the current wavefront).
  // Not animating: faintly, and only where some line is oblique (after a
  // skew, not the grid's own rows and columns).
  void setShowHyperplanes(bool on) { show_hyperplanes_ = on; }
  bool showHyperplanes() const { return show_hyperplanes_; }
  const std::vector<StepLine>& stepLines() const { return step_lines_; }
  // The lines painted now, given the mode, step and switch (indices into stepLines()).
  std::vector<std::size_t> paintedStepLines() const;
  std::vector<std::size_t> currentStepLines() const;
  // "schedule: 32 steps", "dependences allow: 14 steps" (painted in the plot's corner).
  QStringList stepCountRows() const;
  // "2i + j = 7" in the plot's axis names.
  QString lineEquation(const StepLine& line) const;
  void setShowLegend(bool on) { show_legend_ = on; }
  bool showArrows() const { return show_arrows_; }
  bool showTiles() const { return show_tiles_; }
  bool showNumbers() const { return show_numbers_; }
  void setFontScale(double factor);
  double fontScale() const { return font_scale_; }
  void setBaseFont(const QFont& font) { base_font_ = font; }
  // The labels' font (ticks, axis names, legend), `relative` to the tick size.
  QFont font(double relative = 1.0) const;

  // Shown points (indices), after axes and slices.
  const std::vector<std::uint32_t>& visiblePoints() const { return visible_; }
  bool isVisible(std::size_t point) const;
  // Screen position of a shown point; nullopt when hidden by the slices.
  std::optional<QPointF> pointPosition(std::size_t point) const;
  // The shown point nearest `screen` within `radius` pixels (or the point's radius), or -1.
  std::int64_t pointAt(const QPointF& screen, double radius = 6.0) const;
  double pointRadius() const;

  static QColor colorOf(int program_index);
  static QColor violationColor() { return QColor(0xD0, 0x10, 0x2C); }

  void paint(QPainter& painter) const;

 private:
  void rebuildDimensions();
  void recomputeVisible();
  void computeTileHulls();
  void paintAxes(QPainter& p, const QRectF& area) const;
  void paintTiles(QPainter& p) const;
  void paintArrows(QPainter& p, const QRectF& area) const;
  void paintHyperplanes(QPainter& p) const;
  void paintHyperplaneLabel(QPainter& p, const QRectF& area) const;
  void paintPoints(QPainter& p, const QRectF& area) const;
  void paintSquares(QPainter& p, const std::vector<std::vector<QPointF>>& batches, int states, double r) const;
  // Points are batched by colour group: their statement, or their rank (+1) in rank view.
  std::size_t colourGroups() const;
  std::size_t colourGroupOf(std::uint32_t point) const;
  QColor groupColor(std::size_t group) const;
  void paintOverlays(QPainter& p, const QRectF& area) const;
  void paintLegend(QPainter& p, const QRectF& area) const;
  void paintStepCounts(QPainter& p, const QRectF& area) const;
  int animIndex(std::size_t point) const;

  std::shared_ptr<const PlotData> data_;
  QStringList dims_;
  std::vector<std::vector<int>> stmt_dim_pos_;  // per statement: position of each plot dim in its iterators (-1)
  std::vector<std::pair<long, long>> dim_range_;
  std::vector<long> slice_;
  int x_axis_ = -1;
  int y_axis_ = -1;

  std::vector<std::uint32_t> visible_;
  std::vector<QPointF> pos_;     // data-space position per point (NaN when hidden)
  std::unordered_map<std::int64_t, std::vector<std::uint32_t>> grid_;  // rounded data cell -> shown points
  std::vector<QPolygonF> tile_hulls_;                                // data space
  std::vector<StepLine> step_lines_;                                 // data space, shown slice
  std::vector<std::int32_t> line_of_visible_;                        // per visible_ entry: its line, -1
  std::vector<QLineF> line_segments_;                                // per step line, data space, as drawn
  std::vector<int> tile_hull_index_;
  std::vector<int> tile_checker_;  // 0 or 1 per hull
  QRectF data_bounds_;

  QSizeF viewport_{640, 480};
  QPointF origin_{40, 440};
  double scale_x_ = 20;
  double scale_y_ = 20;
  bool fitted_ = false;

  AnimationMode mode_ = AnimationMode::Steps;
  int anim_step_ = -1;
  int highlight_statement_ = -1;
  std::vector<std::uint32_t> highlighted_;
  std::int64_t selected_ = -1;
  std::int64_t hovered_ = -1;
  bool show_arrows_ = true;
  bool show_tiles_ = true;
  bool show_ranks_ = true;
  bool groups_are_pes_ = false;
  std::vector<int> point_ranks_;
  bool show_numbers_ = false;
  bool show_counts_ = true;
  bool show_hyperplanes_ = true;
  bool show_legend_ = true;
  double font_scale_ = 1.0;
  QFont base_font_;
  mutable QImage layer_;  // points drawn as squares, reused between frames
};

}  // namespace loopscape

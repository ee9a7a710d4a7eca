// SPDX-License-Identifier: Apache-2.0
#include "domain_plot.h"

#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace loopscape {

// The painted area: forwards input to the plot and paints through its renderer.
class DomainPlotCanvas : public QWidget {
 public:
  explicit DomainPlotCanvas(DomainPlot* owner) : QWidget(owner), owner_(owner) {
    setObjectName(QStringLiteral("domainPlotCanvas"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(240, 180);
    setAttribute(Qt::WA_OpaquePaintEvent);
  }

  QSize sizeHint() const override { return QSize(640, 480); }

 protected:
  void paintEvent(QPaintEvent*) override {
    PlotRenderer& r = owner_->renderer_;
    r.setViewport(QSizeF(size()));
    QPainter p(this);
    r.paint(p);
  }

  void resizeEvent(QResizeEvent* e) override {
    owner_->renderer_.setViewport(QSizeF(size()));
    QWidget::resizeEvent(e);
  }

  void wheelEvent(QWheelEvent* e) override {
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0) return;
    owner_->renderer_.zoomAt(e->position(), std::pow(1.2, steps));
    update();
    e->accept();
  }

  void mousePressEvent(QMouseEvent* e) override {
    if (e->button() == Qt::LeftButton) {
      press_ = e->position();
      last_ = e->position();
      dragging_ = false;
    }
    setFocus(Qt::MouseFocusReason);
  }

  void mouseMoveEvent(QMouseEvent* e) override {
    if (e->buttons() & Qt::LeftButton) {
      if (!dragging_ && (e->position() - press_).manhattanLength() > 4) {
        dragging_ = true;
        setCursor(Qt::ClosedHandCursor);
      }
      if (dragging_) {
        owner_->renderer_.panBy(e->position() - last_);
        last_ = e->position();
        update();
        return;
      }
    }
    const std::int64_t hit = owner_->renderer_.pointAt(e->position());
    if (hit != owner_->renderer_.hoveredPoint()) owner_->canvasHovered(hit);
  }

  void mouseReleaseEvent(QMouseEvent* e) override {
    if (e->button() != Qt::LeftButton) return;
    if (dragging_) {
      dragging_ = false;
      unsetCursor();
      return;
    }
    owner_->canvasClicked(owner_->renderer_.pointAt(e->position()));
  }

  void mouseDoubleClickEvent(QMouseEvent* e) override {
    if (e->button() == Qt::LeftButton && owner_->renderer_.pointAt(e->position()) < 0) owner_->fitToView();
  }

  void contextMenuEvent(QContextMenuEvent* e) override {
    // The menu key acts on the selected point, not on wherever the mouse is.
    const PlotRenderer& r = owner_->renderer_;
    std::optional<QPointF> at;
    if (e->reason() == QContextMenuEvent::Keyboard && r.selectedPoint() >= 0)
      at = r.pointPosition(static_cast<std::size_t>(r.selectedPoint()));
    if (at)
      owner_->canvasContextMenu(*at, mapToGlobal(at->toPoint()));
    else
      owner_->canvasContextMenu(QPointF(e->pos()), e->globalPos());
    e->accept();
  }

  void leaveEvent(QEvent*) override {
    if (owner_->renderer_.hoveredPoint() >= 0) owner_->canvasHovered(-1);
  }

  void keyPressEvent(QKeyEvent* e) override {
    switch (e->key()) {
      case Qt::Key_Space:
        owner_->isPlaying() ? owner_->pause() : owner_->play();
        break;
      case Qt::Key_Right:
        owner_->stepForward();
        break;
      case Qt::Key_Left:
        owner_->stepBackward();
        break;
      case Qt::Key_Escape:
        owner_->resetAnimation();
        break;
      case Qt::Key_Plus:
      case Qt::Key_Equal:
        owner_->zoomBy(1.25);
        break;
      case Qt::Key_Minus:
        owner_->zoomBy(0.8);
        break;
      case Qt::Key_0:
      case Qt::Key_Home:
        owner_->fitToView();
        break;
      default:
        QWidget::keyPressEvent(e);
    }
  }

  bool event(QEvent* e) override {
    if (e->type() == QEvent::ToolTip) {
      auto* help = static_cast<QHelpEvent*>(e);
      const std::int64_t hit = owner_->renderer_.pointAt(help->pos());
      if (hit >= 0)
        QToolTip::showText(help->globalPos(), owner_->pointDescription(static_cast<std::size_t>(hit)), this);
      else
        QToolTip::hideText();
      return true;
    }
    return QWidget::event(e);
  }

 private:
  DomainPlot* owner_;
  QPointF press_;
  QPointF last_;
  bool dragging_ = false;
};

namespace {

QToolButton* toolButton(QStyle::StandardPixmap icon, const QString& tip, QWidget* parent) {
  auto* b = new QToolButton(parent);
  b->setIcon(parent->style()->standardIcon(icon));
  b->setToolTip(tip);
  b->setAutoRaise(true);
  return b;
}

QList<qint64> toList(std::span<const long> values) {
  QList<qint64> out;
  for (long v : values) out << static_cast<qint64>(v);
  return out;
}

std::vector<long> fromList(const QList<qint64>& values) {
  std::vector<long> out;
  for (qint64 v : values) out.push_back(static_cast<long>(v));
  return out;
}

// "1 step", "12 steps".
QString counted(int n, const QString& one, const QString& many) {
  return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

QString joined(std::span<const long> values) {
  QStringList parts;
  for (long v : values) parts << QString::number(v);
  return parts.join(QStringLiteral(", "));
}

}  // namespace

DomainPlot::DomainPlot(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("domainPlot"));
  renderer_.setBaseFont(font());

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);

  // Axes, slices, layers.
  auto* top = new QHBoxLayout;
  top->setSpacing(6);
  top->addWidget(new QLabel(tr("dims:"), this));
  x_combo_ = new QComboBox(this);
  x_combo_->setObjectName(QStringLiteral("xAxisCombo"));
  x_combo_->setToolTip(tr("Horizontal axis"));
  y_combo_ = new QComboBox(this);
  y_combo_->setObjectName(QStringLiteral("yAxisCombo"));
  y_combo_->setToolTip(tr("Vertical axis"));
  top->addWidget(x_combo_);
  top->addWidget(new QLabel(QStringLiteral("\u00d7"), this));
  top->addWidget(y_combo_);
  slice_box_ = new QWidget(this);
  slice_layout_ = new QHBoxLayout(slice_box_);
  slice_layout_->setContentsMargins(8, 0, 0, 0);
  slice_layout_->setSpacing(6);
  top->addWidget(slice_box_);
  top->addStretch(1);
  arrows_check_ = new QCheckBox(tr("Arrows"), this);
  arrows_check_->setObjectName(QStringLiteral("arrowsCheck"));
  arrows_check_->setChecked(true);
  tiles_check_ = new QCheckBox(tr("Tiles"), this);
  tiles_check_->setObjectName(QStringLiteral("tilesCheck"));
  tiles_check_->setChecked(true);
  ranks_check_ = new QCheckBox(tr("Ranks"), this);
  ranks_check_->setObjectName(QStringLiteral("ranksCheck"));
  ranks_check_->setToolTip(tr("Colour the points by the MPI rank that runs them; arrows between ranks are messages"));
  ranks_check_->setChecked(true);
  ranks_check_->setVisible(false);
  numbers_check_ = new QCheckBox(tr("Numbers"), this);
  numbers_check_->setObjectName(QStringLiteral("numbersCheck"));
  numbers_check_->setToolTip(tr("Number the points by execution step"));
  top->addWidget(arrows_check_);
  top->addWidget(tiles_check_);
  top->addWidget(ranks_check_);
  hyperplanes_check_ = new QCheckBox(tr("Hyperplanes"), this);
  hyperplanes_check_->setObjectName(QStringLiteral("hyperplanesCheck"));
  hyperplanes_check_->setToolTip(tr("Draw the lines of points that run in the same step of the schedule: after a "
                                    "skew, the wavefronts"));
  hyperplanes_check_->setChecked(true);
  hyperplanes_check_->setVisible(false);
  top->addWidget(numbers_check_);
  top->addWidget(hyperplanes_check_);
  layout->addLayout(top);

  canvas_ = new DomainPlotCanvas(this);
  layout->addWidget(canvas_, 1);

  // Animation and parameters.
  auto* bottom = new QHBoxLayout;
  bottom->setSpacing(4);
  play_button_ = toolButton(QStyle::SP_MediaPlay, tr("Play the execution order (Space)"), this);
  play_button_->setObjectName(QStringLiteral("playButton"));
  back_button_ = toolButton(QStyle::SP_MediaSeekBackward, tr("Previous step (Left)"), this);
  forward_button_ = toolButton(QStyle::SP_MediaSeekForward, tr("Next step (Right)"), this);
  forward_button_->setObjectName(QStringLiteral("stepButton"));
  reset_button_ = toolButton(QStyle::SP_MediaStop, tr("Show every point (Esc)"), this);
  bottom->addWidget(play_button_);
  bottom->addWidget(back_button_);
  bottom->addWidget(forward_button_);
  bottom->addWidget(reset_button_);
  mode_combo_ = new QComboBox(this);
  mode_combo_->setObjectName(QStringLiteral("animationModeCombo"));
  mode_combo_->addItem(tr("Steps (schedule)"), static_cast<int>(PlotRenderer::AnimationMode::Steps));
  mode_combo_->addItem(tr("Wavefronts (dependences)"), static_cast<int>(PlotRenderer::AnimationMode::Wavefronts));
  mode_combo_->addItem(tr("One at a time"), static_cast<int>(PlotRenderer::AnimationMode::Sequential));
  mode_combo_->setToolTip(tr("Steps (schedule): the points the schedule runs together light together.\n"
                             "Wavefronts (dependences): step k lights every point whose longest chain of "
                             "dependences has k links, the most parallel order any schedule could reach.\n"
                             "One at a time: the schedule's sequential order."));
  bottom->addWidget(mode_combo_);
  bottom->addWidget(new QLabel(tr("speed"), this));
  speed_slider_ = new QSlider(Qt::Horizontal, this);
  speed_slider_->setObjectName(QStringLiteral("speedSlider"));
  speed_slider_->setRange(1, 60);
  speed_slider_->setValue(4);
  speed_slider_->setMaximumWidth(110);
  speed_slider_->setToolTip(tr("Steps per second"));
  bottom->addWidget(speed_slider_);
  step_label_ = new QLabel(this);
  step_label_->setObjectName(QStringLiteral("stepLabel"));
  step_label_->setMinimumWidth(140);
  bottom->addWidget(step_label_);
  bottom->addStretch(1);
  parameter_box_ = new QWidget(this);
  parameter_layout_ = new QHBoxLayout(parameter_box_);
  parameter_layout_->setContentsMargins(0, 0, 0, 0);
  parameter_layout_->setSpacing(6);
  bottom->addWidget(parameter_box_);
  layout->addLayout(bottom);

  timer_ = new QTimer(this);
  connect(timer_, &QTimer::timeout, this, [this] {
    if (renderer_.animationStep() >= renderer_.animationLength() - 1) {
      pause();
      return;
    }
    stepForward();
  });
  parameter_timer_ = new QTimer(this);
  parameter_timer_->setSingleShot(true);
  parameter_timer_->setInterval(180);
  connect(parameter_timer_, &QTimer::timeout, this, &DomainPlot::emitParameters);

  connect(x_combo_, &QComboBox::currentIndexChanged, this, [this] { axisComboChanged(); });
  connect(y_combo_, &QComboBox::currentIndexChanged, this, [this] { axisComboChanged(); });
  connect(arrows_check_, &QCheckBox::toggled, this, &DomainPlot::setShowArrows);
  connect(tiles_check_, &QCheckBox::toggled, this, &DomainPlot::setShowTiles);
  connect(ranks_check_, &QCheckBox::toggled, this, &DomainPlot::setShowRanks);
  connect(numbers_check_, &QCheckBox::toggled, this, &DomainPlot::setShowNumbers);
  connect(hyperplanes_check_, &QCheckBox::toggled, this, &DomainPlot::setShowHyperplanes);
  connect(play_button_, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
  connect(back_button_, &QToolButton::clicked, this, &DomainPlot::stepBackward);
  connect(forward_button_, &QToolButton::clicked, this, &DomainPlot::stepForward);
  connect(reset_button_, &QToolButton::clicked, this, &DomainPlot::resetAnimation);
  connect(mode_combo_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (!updating_) setAnimationMode(static_cast<PlotRenderer::AnimationMode>(mode_combo_->itemData(index).toInt()));
  });
  connect(speed_slider_, &QSlider::valueChanged, this, [this](int v) { setSpeed(v); });

  rebuildAxisControls();
  updateAnimationLabel();
}

DomainPlot::~DomainPlot() = default;

void DomainPlot::setPlotData(std::shared_ptr<const PlotData> data, std::vector<int> point_ranks, bool groups_are_pes) {
  ranks_check_->setVisible(!point_ranks.empty());
  ranks_check_->setText(groups_are_pes ? tr("PEs") : tr("Ranks"));
  // A scratchpad value has no schedule and no dependences: its one order is the lexicographic one.
  const bool lexicographic = data && data->lexicographic_order;
  mode_combo_->setItemText(0, lexicographic ? tr("Lexicographic order") : tr("Steps (schedule)"));
  mode_combo_->setVisible(!lexicographic);
  if (lexicographic && renderer_.animationMode() != PlotRenderer::AnimationMode::Steps)
    setAnimationMode(PlotRenderer::AnimationMode::Steps);
  renderer_.setGroupsArePes(groups_are_pes);
  // Ranks are few and the point of a distributed schedule; PEs are many, so they wait for the switch.
  if (groups_are_pes != groups_are_pes_) {
    groups_are_pes_ = groups_are_pes;
    setShowRanks(!groups_are_pes);
  }
  ranks_check_->setToolTip(groups_are_pes
                               ? tr("Colour the points by the processing element that runs them (space-time "
                                    "transform); arrows between PEs are values moving through the array")
                               : tr("Colour the points by the MPI rank that runs them; arrows between ranks are "
                                    "messages"));
  renderer_.setPointRanks(std::move(point_ranks));
  renderer_.setData(std::move(data));
  rebuildAxisControls();
  rebuildSliceControls();
  rebuildParameterControls();
  updateAnimationLabel();
  refresh();
}

// The hyperplane switch shows only where the schedule's steps are lines on
// these axes (as the ranks switch only for distributed schedules): the top
// bar stays as narrow as before for every plot without them.
void DomainPlot::refresh() {
  hyperplanes_check_->setVisible(!renderer_.stepLines().empty());
  canvas_->update();
}

void DomainPlot::rebuildAxisControls() {
  updating_ = true;
  const QStringList dims = renderer_.dimensions();
  x_combo_->clear();
  y_combo_->clear();
  x_combo_->addItems(dims);
  y_combo_->addItems(dims);
  x_combo_->setCurrentIndex(renderer_.xAxis());
  y_combo_->setCurrentIndex(renderer_.yAxis());
  x_combo_->setEnabled(dims.size() > 1);
  y_combo_->setEnabled(dims.size() > 1);
  updating_ = false;
}

void DomainPlot::rebuildSliceControls() {
  const std::vector<int> dims = renderer_.sliceDimensions();
  if (QList<int>(dims.begin(), dims.end()) != slice_dims_) {
    qDeleteAll(slice_box_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    slice_sliders_.clear();
    slice_dims_ = QList<int>(dims.begin(), dims.end());
    for (int d : dims) {
      const QString name = renderer_.dimensions()[d];
      auto* label = new QLabel(QStringLiteral("%1 =").arg(name), slice_box_);
      auto* slider = new QSlider(Qt::Horizontal, slice_box_);
      slider->setObjectName(QStringLiteral("slice_%1").arg(name));
      slider->setMinimumWidth(90);
      slider->setMaximumWidth(160);
      slider->setToolTip(tr("Slice: show the points with %1 at this value").arg(name));
      auto* value = new QLabel(slice_box_);
      value->setObjectName(QStringLiteral("sliceValue_%1").arg(name));
      value->setMinimumWidth(QFontMetrics(value->font()).horizontalAdvance(QStringLiteral("0000")));
      slice_layout_->addWidget(label);
      slice_layout_->addWidget(slider);
      slice_layout_->addWidget(value);
      connect(slider, &QSlider::valueChanged, this, [this, d, value](int v) {
        value->setText(QString::number(v));
        if (updating_) return;
        renderer_.setSliceValue(d, v);
        refresh();
      });
      slice_sliders_ << slider;
    }
  }
  updating_ = true;
  for (int k = 0; k < slice_dims_.size(); ++k) {
    const int d = slice_dims_[k];
    auto [lo, hi] = renderer_.dimensionRange(d);
    slice_sliders_[k]->setRange(static_cast<int>(lo), static_cast<int>(hi));
    slice_sliders_[k]->setValue(static_cast<int>(renderer_.sliceValue(d)));
    slice_sliders_[k]->setEnabled(lo < hi);
    if (auto* value = slice_box_->findChild<QLabel*>(QStringLiteral("sliceValue_%1").arg(renderer_.dimensions()[d])))
      value->setText(QString::number(renderer_.sliceValue(d)));
  }
  updating_ = false;
  slice_box_->setVisible(!slice_dims_.isEmpty());
}

void DomainPlot::rebuildParameterControls() {
  const PlotData* data = renderer_.data();
  QStringList names;
  if (data)
    for (const auto& [name, value] : data->parameters) names << QString::fromStdString(name);
  if (names != parameter_names_) {
    qDeleteAll(parameter_box_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    parameter_sliders_.clear();
    parameter_names_ = names;
    for (const QString& name : names) {
      auto* label = new QLabel(name, parameter_box_);
      QFont f = label->font();
      f.setItalic(true);
      label->setFont(f);
      auto* slider = new QSlider(Qt::Horizontal, parameter_box_);
      slider->setObjectName(QStringLiteral("parameter_%1").arg(name));
      slider->setMinimumWidth(80);
      slider->setMaximumWidth(140);
      slider->setToolTip(tr("Parameter %1: the plot is recomputed at the new value").arg(name));
      auto* value = new QLabel(parameter_box_);
      value->setObjectName(QStringLiteral("parameterValue_%1").arg(name));
      value->setMinimumWidth(QFontMetrics(value->font()).horizontalAdvance(QStringLiteral("0000")));
      parameter_layout_->addWidget(label);
      parameter_layout_->addWidget(slider);
      parameter_layout_->addWidget(value);
      connect(slider, &QSlider::valueChanged, this, [this, value](int v) {
        value->setText(QString::number(v));
        if (!updating_) parameter_timer_->start();
      });
      parameter_sliders_ << slider;
    }
  }
  updating_ = true;
  if (data)
    for (int k = 0; k < parameter_sliders_.size(); ++k) {
      const qint64 v = data->parameters[static_cast<std::size_t>(k)].second;
      auto range = parameter_ranges_.value(parameter_names_[k],
                                           QPair<qint64, qint64>(1, std::max<qint64>(32, 2 * v)));
      QSlider* s = parameter_sliders_[k];
      s->setRange(static_cast<int>(std::min(range.first, v)), static_cast<int>(std::max(range.second, v)));
      if (!s->isSliderDown()) s->setValue(static_cast<int>(v));
      if (auto* value = parameter_box_->findChild<QLabel*>(QStringLiteral("parameterValue_%1").arg(parameter_names_[k])))
        value->setText(QString::number(s->value()));
    }
  updating_ = false;
}

void DomainPlot::setParameterRange(const QString& name, qint64 minimum, qint64 maximum) {
  parameter_ranges_[name] = qMakePair(minimum, maximum);
  rebuildParameterControls();
}

QMap<QString, qint64> DomainPlot::parameterValues() const {
  QMap<QString, qint64> out;
  for (int k = 0; k < parameter_sliders_.size(); ++k) out[parameter_names_[k]] = parameter_sliders_[k]->value();
  return out;
}

void DomainPlot::emitParameters() { Q_EMIT parametersChanged(parameterValues()); }

void DomainPlot::axisComboChanged() {
  if (updating_) return;
  int x = x_combo_->currentIndex(), y = y_combo_->currentIndex();
  if (x < 0 || y < 0) return;
  if (x == y) {
    // Swap: the other combo takes the axis that was given up.
    const bool x_changed = x != renderer_.xAxis();
    if (x_changed)
      y = renderer_.xAxis();
    else
      x = renderer_.yAxis();
  }
  renderer_.setAxes(x, y);
  rebuildAxisControls();
  rebuildSliceControls();
  refresh();
  Q_EMIT axesChanged(xAxis(), yAxis());
}

bool DomainPlot::setAxes(const QString& x, const QString& y) {
  const int xi = static_cast<int>(renderer_.dimensions().indexOf(x));
  const int yi = static_cast<int>(renderer_.dimensions().indexOf(y));
  if (xi < 0 || yi < 0 || xi == yi) return false;
  renderer_.setAxes(xi, yi);
  rebuildAxisControls();
  rebuildSliceControls();
  refresh();
  Q_EMIT axesChanged(xAxis(), yAxis());
  return true;
}

QString DomainPlot::xAxis() const {
  return renderer_.xAxis() >= 0 && renderer_.xAxis() < renderer_.dimensions().size()
             ? renderer_.dimensions()[renderer_.xAxis()]
             : QString();
}

QString DomainPlot::yAxis() const {
  return renderer_.yAxis() >= 0 && renderer_.yAxis() < renderer_.dimensions().size()
             ? renderer_.dimensions()[renderer_.yAxis()]
             : QString();
}

QStringList DomainPlot::sliceDimensions() const {
  QStringList out;
  for (int d : renderer_.sliceDimensions()) out << renderer_.dimensions()[d];
  return out;
}

bool DomainPlot::setSlice(const QString& dimension, qint64 value) {
  const int d = static_cast<int>(renderer_.dimensions().indexOf(dimension));
  if (d < 0 || d == renderer_.xAxis() || d == renderer_.yAxis()) return false;
  renderer_.setSliceValue(d, static_cast<long>(value));
  rebuildSliceControls();
  refresh();
  return true;
}

qint64 DomainPlot::slice(const QString& dimension) const {
  return renderer_.sliceValue(static_cast<int>(renderer_.dimensions().indexOf(dimension)));
}

bool DomainPlot::isPlaying() const { return timer_->isActive(); }

void DomainPlot::play() {
  if (renderer_.animationLength() == 0) return;
  if (renderer_.animationStep() < 0 || renderer_.animationStep() >= renderer_.animationLength() - 1)
    setAnimationStep(0);
  timer_->start(static_cast<int>(std::max(5.0, 1000.0 / speed_)));
  play_button_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  play_button_->setToolTip(tr("Pause (Space)"));
}

void DomainPlot::pause() {
  timer_->stop();
  play_button_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  play_button_->setToolTip(tr("Play the execution order (Space)"));
}

void DomainPlot::stepForward() { setAnimationStep(std::min(renderer_.animationStep() + 1, renderer_.animationLength() - 1)); }

void DomainPlot::stepBackward() { setAnimationStep(std::max(renderer_.animationStep() - 1, 0)); }

void DomainPlot::resetAnimation() {
  pause();
  setAnimationStep(-1);
}

void DomainPlot::setAnimationStep(int step) {
  const int before = renderer_.animationStep();
  renderer_.setAnimationStep(step);
  updateAnimationLabel();
  refresh();
  if (renderer_.animationStep() != before) Q_EMIT animationStepChanged(renderer_.animationStep());
}

void DomainPlot::setAnimationMode(PlotRenderer::AnimationMode mode) {
  renderer_.setAnimationMode(mode);
  updating_ = true;
  mode_combo_->setCurrentIndex(mode_combo_->findData(static_cast<int>(mode)));
  updating_ = false;
  updateAnimationLabel();
  refresh();
}

void DomainPlot::setSpeed(double steps_per_second) {
  speed_ = std::clamp(steps_per_second, 0.25, 200.0);
  if (timer_->isActive()) timer_->setInterval(static_cast<int>(std::max(5.0, 1000.0 / speed_)));
  if (speed_slider_->value() != static_cast<int>(std::lround(speed_))) {
    const QSignalBlocker block(speed_slider_);
    speed_slider_->setValue(static_cast<int>(std::lround(speed_)));
  }
}

// The label says where the animation is; the plot's corner compares the
// schedule's steps with the dependences' (PlotRenderer::stepCountRows), and
// so does the label's tooltip: the bar under the plot is too narrow for both.
void DomainPlot::updateAnimationLabel() {
  const int len = renderer_.animationLength();
  const int step = renderer_.animationStep();
  const PlotRenderer::AnimationMode mode = renderer_.animationMode();
  const QString dot = QStringLiteral(" \u00b7 ");
  if (!renderer_.showCounts()) {
    step_label_->setToolTip({});
    step_label_->setText(step < 0 ? QString() : tr("step %1").arg(step + 1));
    const bool any = len > 0;
    play_button_->setEnabled(any);
    back_button_->setEnabled(any);
    forward_button_->setEnabled(any);
    return;
  }
  const QString lit_points = counted(static_cast<int>(renderer_.currentPoints().size()), tr("point"), tr("points"));
  step_label_->setToolTip(renderer_.stepCountRows().join(dot));
  if (mode == PlotRenderer::AnimationMode::Steps) {
    step_label_->setText(step < 0 ? counted(len, tr("step"), tr("steps"))
                                  : tr("step %1 / %2").arg(step + 1).arg(len) + dot + lit_points);
  } else if (mode == PlotRenderer::AnimationMode::Wavefronts) {
    step_label_->setText(step < 0 ? counted(len, tr("wavefront"), tr("wavefronts"))
                                  : tr("wavefront %1 / %2").arg(step + 1).arg(len) + dot + lit_points);
  } else if (step < 0) {
    step_label_->setText(counted(len, tr("point"), tr("points")));
  } else {
    const PlotData* d = renderer_.data();
    step_label_->setText(tr("%1 / %2 \u00b7 %3")
                             .arg(step + 1)
                             .arg(len)
                             .arg(d ? QString::fromStdString(d->point_label(static_cast<std::size_t>(step))) : QString()));
  }
  const bool any = len > 0;
  play_button_->setEnabled(any);
  back_button_->setEnabled(any);
  forward_button_->setEnabled(any);
}

void DomainPlot::setShowArrows(bool on) {
  renderer_.setShowArrows(on);
  if (arrows_check_->isChecked() != on) arrows_check_->setChecked(on);
  refresh();
}

void DomainPlot::setShowTiles(bool on) {
  renderer_.setShowTiles(on);
  if (tiles_check_->isChecked() != on) tiles_check_->setChecked(on);
  refresh();
}

void DomainPlot::setShowRanks(bool on) {
  renderer_.setShowRanks(on);
  if (ranks_check_->isChecked() != on) ranks_check_->setChecked(on);
  refresh();
}

void DomainPlot::setShowHyperplanes(bool on) {
  renderer_.setShowHyperplanes(on);
  if (hyperplanes_check_->isChecked() != on) hyperplanes_check_->setChecked(on);
  refresh();
}

void DomainPlot::setShowCounts(bool on) {
  renderer_.setShowCounts(on);
  updateAnimationLabel();
  refresh();
}

void DomainPlot::setShowNumbers(bool on) {
  renderer_.setShowNumbers(on);
  if (numbers_check_->isChecked() != on) numbers_check_->setChecked(on);
  refresh();
}

void DomainPlot::setPresentationZoom(double factor) {
  renderer_.setFontScale(factor);
  refresh();
}

void DomainPlot::highlightStatement(const QString& name) {
  const PlotData* d = renderer_.data();
  renderer_.setHighlightedStatement(d && !name.isEmpty() ? d->statement_index(name.toStdString()) : -1);
  refresh();
}

void DomainPlot::highlightPoints(const QString& statement, const QList<QList<qint64>>& coordinates) {
  std::vector<std::uint32_t> points;
  if (const PlotData* d = renderer_.data())
    for (const QList<qint64>& c : coordinates)
      if (auto p = d->find_point(statement.toStdString(), fromList(c))) points.push_back(static_cast<std::uint32_t>(*p));
  highlightPointIndices(points);
}

void DomainPlot::highlightPointIndices(const std::vector<std::uint32_t>& points) {
  renderer_.setHighlightedPoints(points);
  refresh();
}

void DomainPlot::clearHighlight() {
  renderer_.setHighlightedStatement(-1);
  renderer_.setHighlightedPoints({});
  refresh();
}

bool DomainPlot::selectPoint(const QString& statement, const QList<qint64>& coordinates) {
  const PlotData* d = renderer_.data();
  std::optional<std::size_t> p;
  if (d) p = d->find_point(statement.toStdString(), fromList(coordinates));
  renderer_.setSelectedPoint(p ? static_cast<std::int64_t>(*p) : -1);
  refresh();
  return p.has_value();
}

void DomainPlot::fitToView() {
  renderer_.fitToView();
  refresh();
}

void DomainPlot::zoomBy(double factor) {
  renderer_.zoomAt(renderer_.plotRect().center(), factor);
  refresh();
}

void DomainPlot::canvasClicked(std::int64_t point) {
  renderer_.setSelectedPoint(point);
  refresh();
  const PlotData* d = renderer_.data();
  if (point < 0 || !d) return;
  const std::size_t p = static_cast<std::size_t>(point);
  Q_EMIT pointSelected(QString::fromStdString(d->statement_name(p)), toList(d->coords(p)));
}

void DomainPlot::canvasContextMenu(const QPointF& position, const QPoint& global_position) {
  const std::int64_t point = renderer_.pointAt(position);
  const PlotData* d = renderer_.data();
  if (point < 0 || !d) {
    Q_EMIT contextMenuRequested(QString(), {}, global_position);
    return;
  }
  // The menu acts on what it names: the point becomes the selection first.
  canvasClicked(point);
  const std::size_t p = static_cast<std::size_t>(point);
  Q_EMIT contextMenuRequested(QString::fromStdString(d->statement_name(p)), toList(d->coords(p)), global_position);
}

QStringList DomainPlot::shownStatements() const {
  const PlotData* d = renderer_.data();
  if (!d) return {};
  std::vector<bool> shown(d->statements.size(), false);
  for (std::uint32_t p : renderer_.visiblePoints()) shown[static_cast<std::size_t>(d->points[p].statement)] = true;
  QStringList out;
  for (std::size_t s = 0; s < shown.size(); ++s)
    if (shown[s]) out << QString::fromStdString(d->statements[s].name);
  return out;
}

void DomainPlot::canvasHovered(std::int64_t point) {
  renderer_.setHoveredPoint(point);
  refresh();
  const PlotData* d = renderer_.data();
  if (point < 0 || !d) {
    Q_EMIT pointHovered(QString(), {});
    return;
  }
  const std::size_t p = static_cast<std::size_t>(point);
  Q_EMIT pointHovered(QString::fromStdString(d->statement_name(p)), toList(d->coords(p)));
}

QString DomainPlot::pointDescription(std::size_t point) const {
  const PlotData* d = renderer_.data();
  if (!d || point >= d->points.size()) return {};
  QString html = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(d->point_label(point)).toHtmlEscaped());
  html += tr("<br>time [%1] \u00b7 step %2 of %3 \u00b7 #%4")
              .arg(joined(d->time(point)))
              .arg(d->points[point].step + 1)
              .arg(d->step_count())
              .arg(point + 1);
  html += tr("<br>wavefront %1 of %2: the earliest step the dependences allow%3")
              .arg(d->points[point].level + 1)
              .arg(d->level_count())
              .arg(d->levels_complete ? QString() : tr(" (from the arrows found)"));
  if (const std::string gpu = d->gpu_position(point); !gpu.empty())
    html += tr("<br>on the GPU: %1").arg(QString::fromStdString(gpu));
  else if (d->points[point].tile >= 0)
    html += tr("<br>tile [%1]").arg(joined(d->tiles[static_cast<std::size_t>(d->points[point].tile)].key));
  const std::vector<std::size_t> arrows = d->arrows_touching(point);
  int shown = 0;
  for (std::size_t a : arrows) {
    if (shown == 8) {
      html += tr("<br>\u2026 and %1 more").arg(arrows.size() - 8);
      break;
    }
    const PlotArrow& arrow = d->arrows[a];
    const bool out = arrow.source == point;
    const std::size_t other = out ? arrow.sink : arrow.source;
    QString label = arrow.dependence >= 0 && static_cast<std::size_t>(arrow.dependence) < d->dependence_labels.size()
                        ? QString::fromStdString(d->dependence_labels[static_cast<std::size_t>(arrow.dependence)])
                        : QString::fromStdString(short_name(arrow.kind));
    QString line = QStringLiteral("%1 %2 %3").arg(label.toHtmlEscaped(), out ? QStringLiteral("\u2192") : QStringLiteral("\u2190"),
                                                    QString::fromStdString(d->point_label(other)));
    if (arrow.violated) line = QStringLiteral("<span style='color:#d0102c'>%1 (violated)</span>").arg(line);
    html += QStringLiteral("<br>") + line;
    ++shown;
  }
  return html;
}

std::optional<QPointF> DomainPlot::pointPosition(std::size_t point) const {
  return renderer_.pointPosition(point);
}

std::optional<QPointF> DomainPlot::pointPosition(const QString& statement, const QList<qint64>& coordinates) const {
  const PlotData* d = renderer_.data();
  if (!d) return std::nullopt;
  auto p = d->find_point(statement.toStdString(), fromList(coordinates));
  if (!p) return std::nullopt;
  return renderer_.pointPosition(*p);
}

QWidget* DomainPlot::canvas() const { return canvas_; }

QImage DomainPlot::renderPlot(const QSize& size) const {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  PlotRenderer copy = renderer_;
  copy.setViewport(QSizeF(size));
  QPainter p(&image);
  copy.paint(p);
  return image;
}

}  // namespace loopscape

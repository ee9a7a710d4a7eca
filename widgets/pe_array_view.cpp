// SPDX-License-Identifier: Apache-2.0
#include "pe_array_view.h"
#include "qt_text.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "statement_colors.h"

namespace loopscape {
namespace {


// A colour per array (in the order the array's registers and streams name
// them), distinct from the statements' blue fills.
QColor arrayColor(const SystolicArray& array, const std::string& name) {
  static const QColor palette[] = {QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                   QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x6A, 0x3D, 0x9A)};
  std::vector<std::string> order;
  for (const SystolicRegister& r : array.registers)
    if (std::find(order.begin(), order.end(), r.array) == order.end()) order.push_back(r.array);
  for (const SystolicStream& st : array.streams)
    if (std::find(order.begin(), order.end(), st.array) == order.end()) order.push_back(st.array);
  const auto at = std::find(order.begin(), order.end(), name);
  return palette[static_cast<std::size_t>(at - order.begin()) % (sizeof palette / sizeof palette[0])];
}

struct Geometry {
  int rows = 1, cols = 1;
  double cell = 20, left = 0, top = 0;
  QRectF cellRect(int row, int col) const {
    return QRectF(left + col * cell + cell * 0.1, top + row * cell + cell * 0.1, cell * 0.8, cell * 0.8);
  }
};

}  // namespace

class PeArrayCanvas : public QWidget {
 public:
  explicit PeArrayCanvas(PeArrayView* view) : QWidget(view), view_(view) { setMinimumSize(240, 160); }

  Geometry geometry() const {
    Geometry g;
    const Snapshot* snap = view_->snapshot_.get();
    if (!snap || !snap->pe_activity) return g;
    const PeActivity& a = *snap->pe_activity;
    if (!a.pe_lower.empty()) {
      if (a.pe_lower.size() == 1) {
        g.cols = static_cast<int>(a.pe_upper[0] - a.pe_lower[0] + 1);
      } else {
        g.rows = static_cast<int>(a.pe_upper[0] - a.pe_lower[0] + 1);
        g.cols = static_cast<int>(a.pe_upper[1] - a.pe_lower[1] + 1);
      }
    }
    const double side = std::min(110.0, width() * 0.16);  // loaders on the left, drainers on the right
    g.cell = std::clamp(std::min((width() - 2 * side) / std::max(1, g.cols), (height() - 70.0) / std::max(1, g.rows)),
                        4.0, 56.0);
    g.left = side + ((width() - 2 * side) - g.cell * g.cols) / 2;
    g.top = 28 + ((height() - 70.0) - g.cell * g.rows) / 2;
    return g;
  }

  std::pair<int, int> cellOf(const std::vector<long>& pe) const {
    const PeActivity& a = *view_->snapshot_->pe_activity;
    if (pe.empty() || a.pe_lower.empty()) return {0, 0};
    if (pe.size() == 1) return {0, static_cast<int>(pe[0] - a.pe_lower[0])};
    return {static_cast<int>(pe[0] - a.pe_lower[0]), static_cast<int>(pe[1] - a.pe_lower[1])};
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), Qt::white);
    const SystolicArray* array = view_->array();
    if (!array) return;
    const Snapshot& snap = *view_->snapshot_;
    const PeActivity& activity = *snap.pe_activity;
    const Geometry g = geometry();
    const int step = view_->step_;
    const std::vector<int> none;
    const std::vector<int>& firing_now =
        step >= 0 && step < static_cast<int>(view_->firings_at_.size()) ? view_->firings_at_[step] : none;

    // Title: the clock.
    QFont title = font();
    title.setBold(true);
    p.setFont(title);
    p.setPen(QColor(0x33, 0x33, 0x33));
    QString pes;
    for (const std::string& l : array->space_loops) pes += (pes.isEmpty() ? "" : ", ") + qs(l);
    QString clock;
    for (const std::string& f : array->time_formulas) clock += (clock.isEmpty() ? "" : ", then ") + qs(f);
    p.drawText(QRectF(8, 4, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter,
               tr("PE (%1) \u00b7 clock %2").arg(pes, clock));
    p.setFont(font());

    // The grid: idle PEs grey, working ones in their statement's colour.
    std::map<std::pair<int, int>, const PeFiring*> working;
    for (int f : firing_now) {
      const PeFiring& firing = activity.firings[static_cast<std::size_t>(f)];
      working.emplace(cellOf(firing.pe), &firing);
    }
    const std::pair<int, int> selected = view_->selected_.empty() ? std::make_pair(-1, -1) : cellOf(view_->selected_);
    for (int r = 0; r < g.rows; ++r)
      for (int c = 0; c < g.cols; ++c) {
        const QRectF box = g.cellRect(r, c);
        const auto at = working.find({r, c});
        QColor fill(0xEC, 0xEF, 0xF2);
        if (at != working.end()) fill = statementColor(snap.statementIndex(at->second->statement));
        p.setBrush(fill);
        p.setPen(QPen(std::make_pair(r, c) == selected ? QColor(0x11, 0x11, 0x11) : QColor(0xB8, 0xBE, 0xC6),
                      std::make_pair(r, c) == selected ? 2.5 : 1.0));
        p.drawRoundedRect(box, g.cell * 0.12, g.cell * 0.12);
      }

    // Values moving between neighbours at this step: reader working now, producer `delay` steps ago.
    auto fired = [&](const std::vector<long>& pe, long global) {
      if (global < 0 || global >= static_cast<long>(view_->firings_at_.size())) return false;
      for (int f : view_->firings_at_[static_cast<std::size_t>(global)])
        if (activity.firings[static_cast<std::size_t>(f)].pe == pe) return true;
      return false;
    };
    for (const SystolicChannel& ch : array->channels) {
      const SystolicRegister& reg = array->registers[static_cast<std::size_t>(ch.register_index)];
      const QColor colour = arrayColor(*array, reg.array);
      const bool local = std::all_of(ch.pe_step.begin(), ch.pe_step.end(), [](long v) { return v == 0; });
      for (const auto& [cell, firing] : working) {
        if (firing->statement != ch.reader) continue;
        std::vector<long> from = firing->pe;
        for (std::size_t q = 0; q < from.size() && q < ch.pe_step.size(); ++q) from[q] -= ch.pe_step[q];
        if (!fired(from, step - ch.delay)) continue;
        const QRectF to_box = g.cellRect(cell.first, cell.second);
        if (local) {
          p.setPen(Qt::NoPen);
          p.setBrush(colour);
          p.drawEllipse(QPointF(to_box.right() - to_box.width() * 0.2, to_box.top() + to_box.height() * 0.2),
                        std::max(1.5, g.cell * 0.07), std::max(1.5, g.cell * 0.07));
          continue;
        }
        const auto [fr, fc] = cellOf(from);
        const QPointF a = g.cellRect(fr, fc).center(), b = to_box.center();
        drawArrow(p, a + (b - a) * 0.25, a + (b - a) * 0.75, colour, std::max(1.2, g.cell * 0.06));
      }
    }

    // Loaders (left) and drainers (right): how many PEs they serve now, and a
    // bar in the stream's colour on each of those PEs (left edge: loads, right: drains).
    std::vector<int> loads, drains;
    for (std::size_t k = 0; k < array->streams.size(); ++k) (array->streams[k].load ? loads : drains).push_back(static_cast<int>(k));
    auto stage = [&](const std::vector<int>& streams, bool left) {
      const double side = std::min(110.0, width() * 0.16);
      for (std::size_t k = 0; k < streams.size(); ++k) {
        const SystolicStream& st = array->streams[static_cast<std::size_t>(streams[k])];
        const double h = 30, gap = 8;
        const double total = streams.size() * h + (streams.size() - 1) * gap;
        const QRectF box(left ? 6 : width() - side + 4, height() / 2.0 - total / 2 + k * (h + gap), side - 10, h);
        const QColor colour = arrayColor(*array, st.array);
        int serving = 0;
        for (const auto& [cell, firing] : working) {
          if (std::find(firing->streams.begin(), firing->streams.end(), streams[k]) == firing->streams.end()) continue;
          ++serving;
          const QRectF pe = g.cellRect(cell.first, cell.second);
          const double w = std::max(2.0, pe.width() * 0.14);
          const double slot = static_cast<double>(k) / static_cast<double>(streams.size());
          const QRectF bar(left ? pe.left() : pe.right() - w, pe.top() + pe.height() * slot, w,
                           pe.height() / static_cast<double>(streams.size()));
          p.setPen(Qt::NoPen);
          p.setBrush(colour);
          p.drawRect(bar);
        }
        p.setBrush(serving ? colour.lighter(165) : QColor(0xF7, 0xF7, 0xF7));
        p.setPen(QPen(colour, serving ? 2 : 1));
        p.drawRoundedRect(box, 5, 5);
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.drawText(box, Qt::AlignCenter,
                   (left ? tr("load %1\n%2 now") : tr("drain %1\n%2 now"))
                       .arg(qs(st.array), serving == 1 ? tr("1 PE") : tr("%1 PEs").arg(serving)));
      }
    };
    stage(loads, true);
    stage(drains, false);

    // Axis names: the grid's rows and columns are the space loops.
    p.setPen(QColor(0x66, 0x66, 0x66));
    if (array->space_loops.size() >= 2) {
      p.drawText(QRectF(g.left, g.top - 16, g.cell * g.cols, 14), Qt::AlignCenter,
                 qs(array->space_loops[1]) + QStringLiteral(" \u2192"));
      p.save();
      p.translate(g.left - 18, g.top + g.cell * g.rows / 2);
      p.rotate(90);
      p.drawText(QRectF(-60, -14, 120, 14), Qt::AlignCenter, qs(array->space_loops[0]) + QStringLiteral(" \u2192"));
      p.restore();
    } else if (!array->space_loops.empty()) {
      p.drawText(QRectF(g.left, g.top + g.cell + 2, g.cell * g.cols, 14), Qt::AlignCenter,
                 qs(array->space_loops[0]) + QStringLiteral(" \u2192"));
    }

    // Legend: the channels.
    QString legend;
    for (const SystolicChannel& ch : array->channels) {
      const SystolicRegister& reg = array->registers[static_cast<std::size_t>(ch.register_index)];
      QString where = tr("stays in the PE");
      for (std::size_t q = 0; q < ch.pe_step.size() && q < array->space_loops.size(); ++q)
        if (ch.pe_step[q] != 0) where = tr("along %1%2").arg(ch.pe_step[q] > 0 ? "+" : "-", qs(array->space_loops[q]));
      legend += (legend.isEmpty() ? "" : "   ") + tr("%1 %2, %3 step%4").arg(qs(reg.array), where).arg(ch.delay).arg(ch.delay == 1 ? "" : "s");
    }
    p.setPen(QColor(0x55, 0x55, 0x55));
    p.drawText(QRectF(8, height() - 24, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter, legend);
  }

  void mousePressEvent(QMouseEvent* event) override {
    const SystolicArray* array = view_->array();
    if (!array) return;
    const Geometry g = geometry();
    const PeActivity& a = *view_->snapshot_->pe_activity;
    for (int r = 0; r < g.rows; ++r)
      for (int c = 0; c < g.cols; ++c)
        if (g.cellRect(r, c).contains(event->position())) {
          std::vector<long> pe;
          if (a.pe_lower.size() == 1) {
            pe = {a.pe_lower[0] + c};
          } else if (a.pe_lower.size() >= 2) {
            pe = {a.pe_lower[0] + r, a.pe_lower[1] + c};
          }
          view_->selectPe(pe);
          return;
        }
  }

 private:
  static void drawArrow(QPainter& p, QPointF from, QPointF to, const QColor& colour, double width) {
    p.setPen(QPen(colour, width, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(from, to);
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6) return;
    const QPointF u = d / length, n(-u.y(), u.x());
    const double head = std::max(4.0, width * 3);
    QPainterPath tip;
    tip.moveTo(to);
    tip.lineTo(to - u * head + n * head * 0.5);
    tip.lineTo(to - u * head - n * head * 0.5);
    tip.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawPath(tip);
  }

  PeArrayView* view_;
};

PeArrayView::PeArrayView(QWidget* parent) : QWidget(parent) {
  auto* controls = new QHBoxLayout;
  play_ = new QToolButton;
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  play_->setToolTip(tr("Play the clock"));
  back_ = new QToolButton;
  back_->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
  back_->setToolTip(tr("One step back"));
  forward_ = new QToolButton;
  forward_->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
  forward_->setToolTip(tr("One step forward"));
  slider_ = new QSlider(Qt::Horizontal);
  slider_->setObjectName(QStringLiteral("peStepSlider"));
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("peStatus"));
  status_->setMinimumWidth(status_->fontMetrics().horizontalAdvance(tr("step 888 of 888 \u00b7 8888 PEs active")));
  for (QWidget* w : std::initializer_list<QWidget*>{play_, back_, forward_, slider_, status_}) controls->addWidget(w);
  controls->setStretchFactor(slider_, 1);
  message_ = new QLabel(tr("No space-time transform in this schedule: apply space_time_transform to a perfect nest "
                           "to see its processing elements here."));
  message_->setWordWrap(true);
  message_->setAlignment(Qt::AlignCenter);
  canvas_ = new PeArrayCanvas(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(controls);
  layout->addWidget(message_);
  layout->addWidget(canvas_, 1);
  timer_ = new QTimer(this);
  timer_->setInterval(400);
  connect(timer_, &QTimer::timeout, this, [this] {
    if (step_ + 1 >= stepCount())
      pause();
    else
      setStep(step_ + 1);
  });
  connect(play_, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
  connect(back_, &QToolButton::clicked, this, [this] { setStep(step_ - 1); });
  connect(forward_, &QToolButton::clicked, this, [this] { setStep(step_ + 1); });
  connect(slider_, &QSlider::valueChanged, this, [this](int v) { setStep(v); });
  rebuild();
}

const SystolicArray* PeArrayView::array() const {
  if (!snapshot_ || !snapshot_->systolic || snapshot_->systolic->arrays.empty() || !snapshot_->pe_activity) return nullptr;
  return &snapshot_->systolic->arrays.front();
}

bool PeArrayView::hasArray() const { return array() != nullptr; }

void PeArrayView::setSnapshot(std::shared_ptr<const Snapshot> snapshot) {
  snapshot_ = std::move(snapshot);
  rebuild();
}

void PeArrayView::rebuild() {
  firings_at_.clear();
  if (const SystolicArray* a = array(); a) {
    const PeActivity& activity = *snapshot_->pe_activity;
    firings_at_.resize(static_cast<std::size_t>(std::max(1L, activity.runs * activity.steps)));
    for (std::size_t f = 0; f < activity.firings.size(); ++f) {
      const long global = activity.firings[f].run * activity.steps + activity.firings[f].step;
      if (global >= 0 && global < static_cast<long>(firings_at_.size())) firings_at_[static_cast<std::size_t>(global)].push_back(static_cast<int>(f));
    }
  }
  const bool shown = hasArray();
  QString why = tr("No space-time transform in this schedule: apply space_time_transform to a perfect nest to see "
                   "its processing elements here.");
  if (snapshot_ && !snapshot_->systolic_error.empty()) why = tr("The PE array cannot be shown: %1").arg(qs(snapshot_->systolic_error));
  message_->setText(why);
  message_->setVisible(!shown);
  canvas_->setVisible(shown);
  for (QWidget* w : std::initializer_list<QWidget*>{play_, back_, forward_, slider_}) w->setEnabled(shown);
  slider_->blockSignals(true);
  slider_->setRange(0, std::max(0, stepCount() - 1));
  slider_->blockSignals(false);
  if (step_ >= stepCount()) step_ = 0;
  selected_.clear();
  setStep(step_);
}

int PeArrayView::stepCount() const { return hasArray() ? static_cast<int>(firings_at_.size()) : 0; }

void PeArrayView::setStep(int step) {
  step_ = std::clamp(step, 0, std::max(0, stepCount() - 1));
  slider_->blockSignals(true);
  slider_->setValue(step_);
  slider_->blockSignals(false);
  updateStatus();
  canvas_->update();
  Q_EMIT stepChanged(step_);
}

void PeArrayView::play() {
  if (!hasArray()) return;
  if (step_ + 1 >= stepCount()) setStep(0);
  timer_->start();
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
}

void PeArrayView::pause() {
  timer_->stop();
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
}

bool PeArrayView::isPlaying() const { return timer_->isActive(); }

std::vector<std::vector<long>> PeArrayView::activePes() const {
  std::vector<std::vector<long>> out;
  if (!hasArray() || step_ >= static_cast<int>(firings_at_.size())) return out;
  for (int f : firings_at_[static_cast<std::size_t>(step_)]) {
    const std::vector<long>& pe = snapshot_->pe_activity->firings[static_cast<std::size_t>(f)].pe;
    if (std::find(out.begin(), out.end(), pe) == out.end()) out.push_back(pe);
  }
  std::sort(out.begin(), out.end());
  return out;
}

QString PeArrayView::statusText() const { return status_->text(); }
QString PeArrayView::message() const { return message_->isHidden() ? QString() : message_->text(); }

void PeArrayView::updateStatus() {
  if (!hasArray()) {
    status_->clear();
    return;
  }
  const PeActivity& a = *snapshot_->pe_activity;
  const long steps = std::max(1L, a.steps);
  const std::size_t active = activePes().size();
  QString text = tr("step %1 of %2 \u00b7 %3 active")
                     .arg(step_ % steps + 1)
                     .arg(steps)
                     .arg(active == 1 ? tr("1 PE") : tr("%1 PEs").arg(active));
  if (a.runs > 1) text += tr(" \u00b7 run %1 of %2").arg(step_ / steps + 1).arg(a.runs);
  status_->setText(text);
}

QPoint PeArrayView::peCenter(const std::vector<long>& pe) const {
  if (!hasArray()) return {};
  const Geometry g = canvas_->geometry();
  const auto [r, c] = canvas_->cellOf(pe);
  return canvas_->mapTo(this, g.cellRect(r, c).center().toPoint());
}

void PeArrayView::selectPe(const std::vector<long>& pe) {
  selected_ = pe;
  canvas_->update();
  if (!hasArray()) return;
  QStringList statements;
  std::vector<std::uint32_t> points;
  const std::vector<int>& of_point = snapshot_->point_firing;
  for (std::size_t k = 0; k < of_point.size(); ++k) {
    if (of_point[k] < 0) continue;
    const PeFiring& f = snapshot_->pe_activity->firings[static_cast<std::size_t>(of_point[k])];
    if (f.pe != pe) continue;
    points.push_back(static_cast<std::uint32_t>(k));
    if (!statements.contains(qs(f.statement))) statements << qs(f.statement);
  }
  Q_EMIT peSelected(statements, points);
}

}  // namespace loopscape

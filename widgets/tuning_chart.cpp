// SPDX-License-Identifier: Apache-2.0
#include "tuning_chart.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <vector>

namespace loopscape {

namespace {
constexpr double kPointRadius = 5;
}

TuningChart::TuningChart(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("tuningChart"));
  setMinimumHeight(60);
  setMouseTracking(false);
}

void TuningChart::setOutcome(const TuningOutcome& outcome) {
  outcome_ = outcome;
  selected_ = outcome.best;
  update();
}

void TuningChart::setSelected(int candidate) {
  selected_ = candidate;
  update();
}

QRectF TuningChart::plotArea() const {
  const QFontMetrics fm(font());
  return QRectF(rect()).adjusted(fm.horizontalAdvance(QStringLiteral("00.0x")) + 8, fm.height() + 8, -12,
                                 -2 * fm.height() - 6);
}

double TuningChart::topSpeedup() const {
  double top = 1.25;
  for (const TuningCandidateOutcome& c : outcome_.candidates)
    if (c.measured()) top = std::max(top, outcome_.original_seconds / c.seconds * 1.1);
  return top;
}

int TuningChart::maxSteps() const {
  int most = 1;
  for (const TuningCandidateOutcome& c : outcome_.candidates) most = std::max(most, static_cast<int>(c.steps.size()));
  return most;
}

QPointF TuningChart::pointOf(int k) const {
  if (k < 0 || k >= outcome_.candidates.size() || !outcome_.candidates[k].measured() || outcome_.original_seconds <= 0)
    return {};
  const QRectF area = plotArea();
  const TuningCandidateOutcome& c = outcome_.candidates[k];
  // A script's knob combinations all have its steps: they are spread in their order instead.
  const double along = byCombination() ? (outcome_.candidates.size() > 1 ? double(k) / (outcome_.candidates.size() - 1) : 0.0)
                                       : double(c.steps.size()) / maxSteps();
  const double x = area.left() + area.width() * (0.05 + 0.75 * along);
  const double y = area.bottom() - area.height() * (outcome_.original_seconds / c.seconds) / topSpeedup();
  return {x, y};
}

int TuningChart::candidateAt(const QPointF& position) const {
  int nearest = -1;
  double best = 3 * kPointRadius;
  for (int k = 0; k < outcome_.candidates.size(); ++k) {
    const QPointF p = pointOf(k);
    if (p.isNull()) continue;
    const double d = QLineF(p, position).length();
    if (d < best) {
      best = d;
      nearest = k;
    }
  }
  return nearest;
}

void TuningChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), palette().base());
  const QFontMetrics fm(font());
  const QRectF area = plotArea();
  p.setPen(palette().color(QPalette::PlaceholderText));
  p.drawText(QRectF(area.left(), 2, area.width(), fm.height()), Qt::AlignLeft,
             byCombination() ? tr("Knobs: speed-up over the original, by combination of values")
                             : tr("Tuning: speed-up over the original against steps"));
  if (outcome_.original_seconds <= 0) {
    p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, tr("Press Tune to measure the automatic schedule's candidates"));
    return;
  }
  p.setPen(palette().color(QPalette::Mid));
  p.drawLine(area.bottomLeft(), area.bottomRight());
  p.drawLine(area.bottomLeft(), area.topLeft());
  const double top = topSpeedup();
  const double one = area.bottom() - area.height() / top;
  p.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
  p.drawLine(QPointF(area.left(), one), QPointF(area.right(), one));
  p.setPen(palette().color(QPalette::Text));
  p.drawText(QRectF(0, one - fm.height() / 2.0, area.left() - 4, fm.height()), Qt::AlignRight, QStringLiteral("1x"));
  p.drawText(QRectF(0, area.top() - fm.height() / 2.0, area.left() - 4, fm.height()), Qt::AlignRight,
             QStringLiteral("%1x").arg(top, 0, 'f', 1));
  if (!byCombination()) {
    const int most = maxSteps();
    for (int s : {0, most}) {
      const double x = area.left() + area.width() * (0.05 + 0.75 * s / most);
      p.drawText(QRectF(x - 20, area.bottom() + 2, 40, fm.height()), Qt::AlignCenter, QString::number(s));
    }
  }
  p.drawText(QRectF(area.left(), area.bottom() + fm.height() + 2, area.width(), fm.height()), Qt::AlignCenter,
             byCombination() ? tr("combinations, in the script's order") : tr("steps"));
  std::vector<QRectF> labels;
  for (int k = 0; k < outcome_.candidates.size(); ++k) {
    const QPointF c = pointOf(k);
    if (c.isNull()) continue;
    const bool faster = outcome_.candidates[k].seconds < outcome_.original_seconds;
    const QColor colour = faster ? QColor(0x2E, 0x9E, 0x4F) : QColor(0xC6, 0x28, 0x28);
    p.setPen(QPen(colour, 2));
    p.setBrush(k == outcome_.best ? QBrush(colour) : QBrush(Qt::NoBrush));
    p.drawEllipse(c, kPointRadius, kPointRadius);
    // Points of equal step counts sit on one vertical: their labels step aside.
    QRectF label(c.x() + kPointRadius + 3, c.y() - fm.height() / 2.0,
                 fm.horizontalAdvance(outcome_.candidates[k].short_label) + 2, fm.height());
    while (std::any_of(labels.begin(), labels.end(), [&](const QRectF& r) { return r.intersects(label); }))
      label.translate(0, fm.height());
    labels.push_back(label);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(label, Qt::AlignLeft | Qt::AlignVCenter, outcome_.candidates[k].short_label);
    if (k == selected_) {
      p.setPen(QPen(palette().color(QPalette::Highlight), 2));
      p.setBrush(Qt::NoBrush);
      p.drawEllipse(c, kPointRadius + 4, kPointRadius + 4);
    }
  }
}

void TuningChart::mousePressEvent(QMouseEvent* event) {
  const int k = candidateAt(event->position());
  if (k >= 0) {
    setSelected(k);
    Q_EMIT candidateClicked(k);
  }
}

bool TuningChart::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    const int k = candidateAt(help->pos());
    if (k < 0) {
      QToolTip::hideText();
      return true;
    }
    const TuningCandidateOutcome& c = outcome_.candidates[k];
    QToolTip::showText(help->globalPos(),
                       tr("%1\n%2 ms, %3x the original, %n step(s)", nullptr, static_cast<int>(c.steps.size()))
                           .arg(c.label)
                           .arg(c.seconds * 1e3, 0, 'f', 2)
                           .arg(outcome_.original_seconds / c.seconds, 0, 'f', 2),
                       this);
    return true;
  }
  return QWidget::event(e);
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#include "graph_items.h"

#include <QCursor>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPainter>
#include <QtMath>

namespace loopscape {

namespace {

constexpr double kPad = 7;
constexpr double kMaxTextWidth = 330;
constexpr double kDot = 8;
constexpr double kToggle = 14;

QFont monoFont(const QFont& base) {
  QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mono.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() * 0.92 : 9);
  return mono;
}

QFont boldFont(const QFont& base) {
  QFont bold = base;
  bold.setBold(true);
  return bold;
}

double badgeWidth(const QFontMetricsF& fm, const QString& badge) { return fm.horizontalAdvance(badge) + 10; }

}  // namespace

QString tagBadge(const QString& tag) {
  const int open = int(tag.indexOf(QLatin1Char('(')));
  const QString kind = open < 0 ? tag : tag.left(open);
  const QString arg = open < 0 ? QString() : tag.mid(open + 1).chopped(1);
  if (kind == QLatin1String("parallel")) return QStringLiteral("\u2225 parallel");
  if (kind == QLatin1String("vector") || kind == QLatin1String("simd"))
    return QStringLiteral("\u21F6 %1").arg(arg.isEmpty() ? kind : arg);
  if (kind == QLatin1String("unroll")) return QStringLiteral("\u27F3 %1").arg(arg);
  if (kind == QLatin1String("gpu_block")) return QStringLiteral("GPU b%1").arg(arg.isEmpty() ? QString() : QLatin1Char(' ') + arg);
  if (kind == QLatin1String("gpu_thread")) return QStringLiteral("GPU t%1").arg(arg.isEmpty() ? QString() : QLatin1Char(' ') + arg);
  if (kind.startsWith(QLatin1String("gpu"))) return QStringLiteral("GPU");
  if (kind == QLatin1String("node") || kind == QLatin1String("mpi")) return QStringLiteral("MPI");
  if (kind == QLatin1String("pipeline") || kind == QLatin1String("fpga")) return QStringLiteral("FPGA");
  if (kind.startsWith(QLatin1String("space"))) return QStringLiteral("ST");
  return tag;
}

BoxItem::BoxItem(BoxContent content, const QFont& font, int key)
    : content_(std::move(content)), font_(font), mono_(monoFont(font)), key_(key) {
  size_ = measure(content_, font_);
  setToolTip(content_.tooltip);
  setAcceptHoverEvents(true);
  setCursor(Qt::PointingHandCursor);
}

QSizeF BoxItem::measure(const BoxContent& content, const QFont& font) {
  const QFontMetricsF fm(font), bold(boldFont(font)), mono(monoFont(font));
  double width = bold.horizontalAdvance(content.title) + 6 + bold.horizontalAdvance(content.name);
  if (content.collapsible) width += kToggle + 6;
  double badges = 0;
  for (const QString& b : content.badges) badges += badgeWidth(fm, b) + 4;
  if (!content.badges.isEmpty()) width += badges + 6;
  double height = bold.height();
  for (const BoxLine& line : content.lines) {
    const QFontMetricsF& m = line.monospace ? mono : fm;
    width = std::max(width, std::min(kMaxTextWidth, m.horizontalAdvance(line.text)) + (line.dot.isValid() ? kDot + 5 : 0));
    height += m.height() + 1;
  }
  return QSizeF(std::ceil(width + 2 * kPad + 4), std::ceil(height + 2 * kPad - 2));
}

QRectF BoxItem::boundingRect() const { return QRectF(QPointF(-3, -3), size_ + QSizeF(6, 6)); }

void BoxItem::setBoxSize(const QSizeF& size) {
  prepareGeometryChange();
  size_ = size;
}

void BoxItem::setHighlighted(bool on, const QColor& color) {
  highlighted_ = on;
  highlight_color_ = color;
  update();
}

QRectF BoxItem::toggleRect() const {
  if (!content_.collapsible) return {};
  return QRectF(size_.width() - kPad - kToggle, kPad - 1, kToggle, kToggle);
}

void BoxItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing);
  const QRectF box(QPointF(0, 0), size_);
  QPen border(highlighted_ ? (highlight_color_.isValid() ? highlight_color_ : QColor(0x00, 0x72, 0xB2))
                           : content_.border,
              highlighted_ ? 3 : 1.2);
  painter->setPen(border);
  painter->setBrush(content_.fill);
  painter->drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);

  const QFont bold = boldFont(font_);
  const QFontMetricsF fb(bold), fm(font_), mono(mono_);
  double x = kPad, y = kPad - 1;
  painter->setFont(font_);
  painter->setPen(content_.title_color);
  painter->drawText(QPointF(x, y + fb.ascent()), content_.title);
  x += fm.horizontalAdvance(content_.title) + 6;
  if (!content_.name.isEmpty()) {
    painter->setFont(bold);
    painter->setPen(QColor(0x20, 0x20, 0x20));
    painter->drawText(QPointF(x, y + fb.ascent()), content_.name);
    x += fb.horizontalAdvance(content_.name) + 6;
  }
  painter->setFont(font_);
  for (const QString& badge : content_.badges) {
    const double w = badgeWidth(fm, badge);
    const QRectF r(x, y, w, fb.height());
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0x00, 0x72, 0xB2));
    painter->drawRoundedRect(r, 4, 4);
    painter->setPen(Qt::white);
    painter->drawText(r, Qt::AlignCenter, badge);
    x += w + 4;
  }
  if (content_.collapsible) {
    const QRectF t = toggleRect();
    painter->setPen(QColor(0x70, 0x70, 0x70));
    painter->setBrush(QColor(0xF0, 0xF0, 0xF0));
    painter->drawRoundedRect(t, 3, 3);
    painter->drawText(t, Qt::AlignCenter, content_.collapsed ? QStringLiteral("+") : QStringLiteral("\u2212"));
  }
  y += fb.height();
  for (const BoxLine& line : content_.lines) {
    const QFontMetricsF& m = line.monospace ? mono : fm;
    double lx = kPad;
    if (line.dot.isValid()) {
      painter->setPen(Qt::NoPen);
      painter->setBrush(line.dot);
      painter->drawEllipse(QRectF(lx, y + (m.height() - kDot) / 2 + 1, kDot, kDot));
      lx += kDot + 5;
    }
    painter->setFont(line.monospace ? mono_ : font_);
    painter->setPen(QColor(0x30, 0x30, 0x30));
    const QString text = m.elidedText(line.text, Qt::ElideMiddle, size_.width() - lx - kPad);
    painter->drawText(QPointF(lx, y + m.ascent() + 1), text);
    y += m.height() + 1;
  }
}

EdgeItem::EdgeItem(const QPainterPath& path, const QPointF& head, const QPointF& before, const QColor& color,
                   Qt::PenStyle style, double width, bool arrow)
    : QGraphicsPathItem(path), color_(color) {
  QPen pen(color, width, style, Qt::RoundCap);
  setPen(pen);
  setZValue(-1);
  if (arrow && head != before) {
    const QPointF d = head - before;
    const double len = std::hypot(d.x(), d.y());
    const QPointF u = d / len, n(-u.y(), u.x());
    const double size = 7 + width;
    arrow_ << head << head - u * size + n * size * 0.45 << head - u * size - n * size * 0.45;
  }
}

QRectF EdgeItem::boundingRect() const { return QGraphicsPathItem::boundingRect().united(arrow_.boundingRect()); }

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) {
  painter->setRenderHint(QPainter::Antialiasing);
  QGraphicsPathItem::paint(painter, option, widget);
  if (!arrow_.isEmpty()) {
    painter->setPen(Qt::NoPen);
    painter->setBrush(color_);
    painter->drawPolygon(arrow_);
  }
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// A box in a laid-out graph (schedule tree, dependence graph): a title, a name,
// lines of text with a coloured dot each, badges, an optional collapse toggle.
#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QPainterPath>
#include <QString>
#include <QStringList>

namespace loopscape {

struct BoxLine {
  QString text;
  QColor dot;  // invalid: no dot
  bool monospace = true;
};

struct BoxContent {
  QString title;   // "band", "S0"
  QString name;    // node name, drawn bold after the title
  QList<BoxLine> lines;
  QStringList badges;
  QStringList badge_tips;
  QColor fill = Qt::white;
  QColor border = QColor(0xB0, 0xB0, 0xB0);
  QColor title_color = QColor(0x40, 0x40, 0x40);
  bool collapsible = false;
  bool collapsed = false;
  int hidden = 0;  // nodes hidden under a collapsed node
  QString tooltip;
};

class BoxItem : public QGraphicsItem {
 public:
  BoxItem(BoxContent content, const QFont& font, int key);

  // The size the content needs with `font` (before layout).
  static QSizeF measure(const BoxContent& content, const QFont& font);

  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  void setBoxSize(const QSizeF& size);
  int key() const { return key_; }
  void setHighlighted(bool on, const QColor& color = QColor());
  bool highlighted() const { return highlighted_; }
  // The collapse toggle in item coordinates (empty when not collapsible).
  QRectF toggleRect() const;
  const BoxContent& content() const { return content_; }
  const QFont& font() const { return font_; }

 private:
  BoxContent content_;
  QFont font_;
  QFont mono_;
  QSizeF size_;
  int key_;
  bool highlighted_ = false;
  QColor highlight_color_;
};

// An edge with an arrowhead at its end; `style` Qt::SolidLine / DashLine / DotLine.
class EdgeItem : public QGraphicsPathItem {
 public:
  EdgeItem(const QPainterPath& path, const QPointF& head, const QPointF& before, const QColor& color,
           Qt::PenStyle style, double width, bool arrow);
  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  QPolygonF arrow_;
  QColor color_;
};

// Badge text for a tag's display form: "parallel" -> "∥", "vector(8)" -> "⇶ 8", ...
QString tagBadge(const QString& tag);

}  // namespace loopscape

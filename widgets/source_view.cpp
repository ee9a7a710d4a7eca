#include "source_view.h"

#include <QFontDatabase>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>

#include "c_highlighter.h"

namespace loopscape {

namespace {

constexpr int kGutterPadding = 6;

const QColor kRegionTint(0xE6, 0xF2, 0xFA);  // light sky blue
const QColor kGutterBackground(0xF4, 0xF4, 0xF4);
const QColor kGutterText(0x9A, 0x9A, 0x9A);
const QColor kGutterRegionText(0x00, 0x72, 0xB2);  // Okabe-Ito blue

}  // namespace

// The line-number strip at the left edge; SourceView paints it.
class SourceView::Gutter : public QWidget {
 public:
  explicit Gutter(SourceView* view) : QWidget(view), view_(view) {}
  QSize sizeHint() const override { return {view_->gutterWidth(), 0}; }

 protected:
  void paintEvent(QPaintEvent* event) override { view_->paintGutter(event); }

 private:
  SourceView* view_;
};

SourceView::SourceView(QWidget* parent)
    : QPlainTextEdit(parent), gutter_(new Gutter(this)), highlighter_(new CHighlighter(document())) {
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this](int) { updateGutterWidth(); });
  connect(this, &QPlainTextEdit::updateRequest, this, &SourceView::updateGutter);
  updateGutterWidth();
}

void SourceView::setSource(const QString& text) {
  region_first_ = region_last_ = 0;
  setPlainText(text);
  applyRegionTint();
}

void SourceView::setRegion(int first_line, int last_line) {
  if (first_line < 1 || last_line < first_line) first_line = last_line = 0;
  region_first_ = first_line;
  region_last_ = last_line;
  applyRegionTint();
  gutter_->update();
}

void SourceView::revealLine(int line) {
  const int visible_lines = qMax(1, viewport()->height() / qMax(1, fontMetrics().height()));
  verticalScrollBar()->setValue(qMax(0, line - 1 - visible_lines / 4));
}

int SourceView::gutterWidth() const {
  int digits = QString::number(qMax(1, blockCount())).size();
  return 2 * kGutterPadding + fontMetrics().horizontalAdvance(QLatin1Char('9')) * qMax(3, digits);
}

void SourceView::resizeEvent(QResizeEvent* event) {
  QPlainTextEdit::resizeEvent(event);
  QRect area = contentsRect();
  gutter_->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
}

void SourceView::changeEvent(QEvent* event) {
  QPlainTextEdit::changeEvent(event);
  if (event->type() == QEvent::FontChange) updateGutterWidth();
}

void SourceView::updateGutterWidth() {
  setViewportMargins(gutterWidth(), 0, 0, 0);
  QRect area = contentsRect();
  gutter_->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
}

void SourceView::updateGutter(const QRect& rect, int dy) {
  if (dy != 0)
    gutter_->scroll(0, dy);
  else
    gutter_->update(0, rect.y(), gutter_->width(), rect.height());
  if (rect.contains(viewport()->rect())) updateGutterWidth();
}

// Paints one number per visible block, coloured where the block is in the region.
void SourceView::paintGutter(QPaintEvent* event) {
  QPainter painter(gutter_);
  painter.fillRect(event->rect(), kGutterBackground);
  painter.setFont(font());
  QTextBlock block = firstVisibleBlock();
  int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
  const int line_height = fontMetrics().height();
  while (block.isValid() && top <= event->rect().bottom()) {
    const int bottom = top + qRound(blockBoundingRect(block).height());
    if (block.isVisible() && bottom >= event->rect().top()) {
      const int line = block.blockNumber() + 1;
      const bool in_region = line >= region_first_ && line <= region_last_ && region_first_ > 0;
      if (in_region) painter.fillRect(0, top, gutter_->width(), bottom - top, kRegionTint);
      painter.setPen(in_region ? kGutterRegionText : kGutterText);
      painter.drawText(0, top, gutter_->width() - kGutterPadding, line_height, Qt::AlignRight,
                       QString::number(line));
    }
    block = block.next();
    top = bottom;
  }
}

// Tints the region's lines across the full width of the view.
void SourceView::applyRegionTint() {
  QList<QTextEdit::ExtraSelection> selections;
  if (region_first_ > 0) {
    for (int line = region_first_; line <= region_last_; ++line) {
      QTextBlock block = document()->findBlockByNumber(line - 1);
      if (!block.isValid()) break;
      QTextEdit::ExtraSelection selection;
      selection.format.setBackground(kRegionTint);
      selection.format.setProperty(QTextFormat::FullWidthSelection, true);
      selection.cursor = QTextCursor(block);
      selections.append(selection);
    }
  }
  setExtraSelections(selections);
}

}  // namespace loopscape

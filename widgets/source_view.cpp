// SPDX-License-Identifier: Apache-2.0
#include "source_view.h"

#include <QFontDatabase>
#include <QPainter>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
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
  statement_marks_.clear();
  highlighted_.clear();
  errors_.clear();
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

void SourceView::setStatementMarks(const QList<LineMark>& marks) {
  statement_marks_ = marks;
  applyRegionTint();
}

void SourceView::setHighlightedLines(const QList<LineMark>& marks) {
  highlighted_ = marks;
  applyRegionTint();
  if (!marks.isEmpty()) {
    const int first = marks.first().line;
    const int top = firstVisibleBlock().blockNumber() + 1;
    const int visible = qMax(1, viewport()->height() / qMax(1, fontMetrics().height()));
    if (first < top || first >= top + visible) revealLine(first);
  }
}

QList<int> SourceView::highlightedLines() const {
  QList<int> lines;
  for (const LineMark& m : highlighted_) lines << m.line;
  return lines;
}

void SourceView::setErrors(const QList<ErrorMark>& errors) {
  errors_ = errors;
  applyRegionTint();
  if (!errors.isEmpty()) revealLine(errors.first().line);
}

// The cursor range an error underlines: from its column to the end of the word there.
static QTextCursor errorCursor(QTextDocument* document, const SourceView::ErrorMark& error) {
  QTextBlock block = document->findBlockByNumber(error.line - 1);
  if (!block.isValid()) return {};
  QTextCursor cursor(block);
  const QString text = block.text();
  int start = error.column > 0 ? qMin(error.column - 1, int(text.size())) : 0;
  if (error.column <= 0) {
    while (start < text.size() && text[start].isSpace()) ++start;
  }
  int end = start;
  while (end < text.size() && (text[end].isLetterOrNumber() || text[end] == QLatin1Char('_'))) ++end;
  if (end == start) end = error.column > 0 ? qMin(start + 1, int(text.size())) : int(text.size());
  if (end == start && start > 0) --start;
  cursor.setPosition(block.position() + start);
  cursor.setPosition(block.position() + end, QTextCursor::KeepAnchor);
  return cursor;
}

QString SourceView::errorAt(const QPoint& position) const {
  const QTextCursor at = cursorForPosition(position);
  for (const ErrorMark& e : errors_) {
    if (at.blockNumber() + 1 != e.line) continue;
    const QTextCursor range = errorCursor(document(), e);
    if (range.isNull()) continue;
    if (at.position() >= range.selectionStart() - 1 && at.position() <= range.selectionEnd() + 1) return e.message;
  }
  return {};
}

bool SourceView::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString message = errorAt(help->pos());
    if (message.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), message, viewport());
    return true;
  }
  return QPlainTextEdit::viewportEvent(event);
}

void SourceView::mouseReleaseEvent(QMouseEvent* event) {
  QPlainTextEdit::mouseReleaseEvent(event);
  if (event->button() == Qt::LeftButton && !textCursor().hasSelection())
    Q_EMIT lineClicked(cursorForPosition(event->position().toPoint()).blockNumber() + 1);
}

// Tints the region's lines across the full width of the view, then statement
// lines, the selection and the error underlines over it.
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
  auto tint = [&](const LineMark& mark, int alpha) {
    QTextBlock block = document()->findBlockByNumber(mark.line - 1);
    if (!block.isValid()) return;
    QTextEdit::ExtraSelection selection;
    QColor c = mark.color;
    c.setAlpha(alpha);
    selection.format.setBackground(c);
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    selection.cursor = QTextCursor(block);
    selections.append(selection);
  };
  for (const LineMark& mark : statement_marks_) tint(mark, 40);
  for (const LineMark& mark : highlighted_) tint(mark, 110);
  for (const ErrorMark& error : errors_) {
    QTextEdit::ExtraSelection selection;
    selection.cursor = errorCursor(document(), error);
    if (selection.cursor.isNull()) continue;
    selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    selection.format.setUnderlineColor(QColor(0xD5, 0x5E, 0x00));
    selection.format.setBackground(QColor(0xD5, 0x5E, 0x00, 30));
    selection.format.setToolTip(error.message);
    selections.append(selection);
  }
  setExtraSelections(selections);
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
#pragma once
// A read-only C source view: line numbers in a gutter, C syntax colours, a
// tint over the lines of the scop region, each statement tinted in its colour,
// the selection highlighted and front-end errors underlined (message on hover).
#include <QColor>
#include <QPlainTextEdit>

namespace loopscape {

class CHighlighter;

class SourceView : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit SourceView(QWidget* parent = nullptr);

  // Replaces the shown text; clears the region tint.
  void setSource(const QString& text);

  // Tints lines first..last (1-based, inclusive); an empty range clears it.
  void setRegion(int first_line, int last_line);
  int regionFirstLine() const { return region_first_; }
  int regionLastLine() const { return region_last_; }

  // Scrolls so that `line` (1-based) shows in the upper quarter of the view.
  void revealLine(int line);

  int gutterWidth() const;

  struct LineMark {
    int line = 0;  // 1-based
    QColor color;
  };
  struct ErrorMark {
    int line = 0;    // 1-based
    int column = 0;  // 1-based; 0: the whole line
    QString message;
  };
  // Statement lines, tinted lightly in their statement's colour.
  void setStatementMarks(const QList<LineMark>& marks);
  // Lines of the current selection, tinted strongly.
  void setHighlightedLines(const QList<LineMark>& marks);
  QList<int> highlightedLines() const;
  // Errors, underlined from their column to the end of the word; clears with {}.
  void setErrors(const QList<ErrorMark>& errors);
  const QList<ErrorMark>& errors() const { return errors_; }
  // The message of the error under `position` (viewport coordinates), or "".
  QString errorAt(const QPoint& position) const;

 Q_SIGNALS:
  void lineClicked(int line);  // 1-based

 protected:
  bool viewportEvent(QEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  class Gutter;
  friend class Gutter;

  void paintGutter(QPaintEvent* event);
  void updateGutterWidth();
  void updateGutter(const QRect& rect, int dy);
  void applyRegionTint();

  Gutter* gutter_;
  CHighlighter* highlighter_;
  int region_first_ = 0;
  int region_last_ = 0;
  QList<LineMark> statement_marks_;
  QList<LineMark> highlighted_;
  QList<ErrorMark> errors_;
};

}  // namespace loopscape

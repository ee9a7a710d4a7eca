#pragma once
// A read-only C source view: line numbers in a gutter, C syntax colours, and a
// tint over the lines of the scop region.
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

 protected:
  void resizeEvent(QResizeEvent* event) override;
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
};

}  // namespace loopscape

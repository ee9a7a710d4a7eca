// SPDX-License-Identifier: Apache-2.0
#pragma once
// The isl scratchpad: sets and maps typed in isl notation (with iscc-like
// operators, scratchpad/isl_calculator.h), evaluated as one types, and the
// statement under the cursor drawn at once in a domain plot with a slider per
// parameter. Errors are underlined at their column. The widget never calls
// isl: it asks (evaluationRequested) and shows what comes back (showOutcome).
#include <QMap>
#include <QWidget>

#include "scratchpad_outcome.h"

class QLabel;
class QPlainTextEdit;
class QTextBrowser;
class QTimer;

namespace loopscape {

class DomainPlot;

class ScratchpadView : public QWidget {
  Q_OBJECT

 public:
  explicit ScratchpadView(QWidget* parent = nullptr);

  QString text() const;
  void setText(const QString& text);
  // Adds `text` as new lines at the end and puts the cursor on them.
  void appendStatement(const QString& comment, const QString& text);
  QPlainTextEdit* editor() const { return editor_; }
  DomainPlot* plot() const { return plot_; }
  QString resultsText() const;  // the results pane as plain text
  const ScratchpadOutcome& outcome() const { return outcome_; }
  void setPresentationZoom(double factor);

  // Asks for an evaluation now (normally 250 ms after the last keystroke).
  void evaluateNow();

 public Q_SLOTS:
  void showOutcome(const loopscape::ScratchpadOutcome& outcome);

 Q_SIGNALS:
  void evaluationRequested(const QString& text, int cursor_line, const QMap<QString, qint64>& parameters);

 private:
  int cursorLine() const;
  void underlineError();
  void renderResults();

  QPlainTextEdit* editor_;
  QTextBrowser* results_;
  QLabel* plot_caption_;
  DomainPlot* plot_;
  QTimer* debounce_;
  ScratchpadOutcome outcome_;
  QMap<QString, qint64> parameters_;
  int last_cursor_line_ = 0;
};

}  // namespace loopscape

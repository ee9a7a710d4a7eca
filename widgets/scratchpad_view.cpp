// SPDX-License-Identifier: Apache-2.0
#include "scratchpad_view.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include "domain_plot.h"

namespace loopscape {

namespace {

const char* kWelcome =
    "# isl scratchpad: sets and maps in isl notation; the statement under the cursor is drawn.\n"
    "# Operators: A * B, A + B, A - B, M(A) or A . M, M . N, M^-1, domain M, range M, deltas M,\n"
    "# lexmin A, lexmax A, sample A, project_out(A, j), A << B (lexicographically before).\n"
    "T := [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }\n"
    "M := { S[i, j] -> S[i + 1, j + 1] }\n"
    "T * M(T)\n";

QString escaped(const QString& s) { return s.toHtmlEscaped(); }

}  // namespace

ScratchpadView::ScratchpadView(QWidget* parent) : QWidget(parent) {
  editor_ = new QPlainTextEdit;
  editor_->setObjectName(QStringLiteral("scratchpadEditor"));
  editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
  editor_->setTabChangesFocus(true);
  editor_->setPlaceholderText(tr("A := [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }"));
  editor_->setPlainText(QString::fromUtf8(kWelcome));
  results_ = new QTextBrowser;
  results_->setObjectName(QStringLiteral("scratchpadResults"));
  results_->setOpenLinks(false);
  plot_caption_ = new QLabel;
  plot_caption_->setObjectName(QStringLiteral("scratchpadCaption"));
  plot_caption_->setWordWrap(true);
  plot_ = new DomainPlot;
  plot_->setObjectName(QStringLiteral("scratchpadPlot"));

  auto* plot_box = new QWidget;
  auto* plot_layout = new QVBoxLayout(plot_box);
  plot_layout->setContentsMargins(0, 0, 0, 0);
  plot_layout->addWidget(plot_caption_);
  plot_layout->addWidget(plot_, 1);
  // Text and values side by side: the plot below keeps the height a docked pane lacks.
  auto* text_row = new QSplitter(Qt::Horizontal);
  text_row->addWidget(editor_);
  text_row->addWidget(results_);
  text_row->setStretchFactor(0, 1);
  text_row->setStretchFactor(1, 1);
  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(text_row);
  splitter->addWidget(plot_box);
  splitter->setStretchFactor(0, 2);
  splitter->setStretchFactor(1, 5);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(splitter);

  debounce_ = new QTimer(this);
  debounce_->setSingleShot(true);
  debounce_->setInterval(250);
  connect(debounce_, &QTimer::timeout, this, &ScratchpadView::evaluateNow);
  connect(editor_, &QPlainTextEdit::textChanged, debounce_, qOverload<>(&QTimer::start));
  connect(editor_, &QPlainTextEdit::cursorPositionChanged, this, [this] {
    if (cursorLine() != last_cursor_line_) debounce_->start();
  });
  connect(plot_, &DomainPlot::parametersChanged, this, [this](const QMap<QString, qint64>& values) {
    for (auto it = values.begin(); it != values.end(); ++it) parameters_[it.key()] = it.value();
    evaluateNow();
  });
  QTimer::singleShot(0, this, &ScratchpadView::evaluateNow);
}

QString ScratchpadView::text() const { return editor_->toPlainText(); }

void ScratchpadView::setText(const QString& text) { editor_->setPlainText(text); }

void ScratchpadView::appendStatement(const QString& comment, const QString& text) {
  QString all = editor_->toPlainText();
  if (!all.isEmpty() && !all.endsWith(QLatin1Char('\n'))) all += QLatin1Char('\n');
  if (!comment.isEmpty()) all += QStringLiteral("# ") + comment + QLatin1Char('\n');
  all += text.trimmed() + QLatin1Char('\n');
  editor_->setPlainText(all);
  QTextCursor cursor(editor_->document()->findBlockByNumber(editor_->document()->blockCount() - 2));
  editor_->setTextCursor(cursor);
  evaluateNow();
}

int ScratchpadView::cursorLine() const { return editor_->textCursor().blockNumber() + 1; }

void ScratchpadView::evaluateNow() {
  debounce_->stop();
  last_cursor_line_ = cursorLine();
  Q_EMIT evaluationRequested(editor_->toPlainText(), last_cursor_line_, parameters_);
}

void ScratchpadView::showOutcome(const ScratchpadOutcome& outcome) {
  outcome_ = outcome;
  if (outcome.plot)
    for (const auto& [name, value] : outcome.plot->parameters)
      if (!parameters_.contains(QString::fromStdString(name))) parameters_[QString::fromStdString(name)] = value;
  plot_->setPlotData(outcome.plot);
  const ScratchpadLineValue* plotted = nullptr;
  for (const ScratchpadLineValue& v : outcome.values)
    if (v.line == outcome.plotted_line) plotted = &v;
  if (!outcome.plot_error.isEmpty()) {
    plot_caption_->setText(tr("Not drawn: %1").arg(outcome.plot_error));
  } else if (plotted) {
    const QString what = plotted->name.isEmpty() ? plotted->source : plotted->name;
    plot_caption_->setText(outcome.plot && !outcome.plot->arrows.empty()
                               ? tr("Drawn: %1 (line %2), each pair as an arrow").arg(what).arg(plotted->line)
                               : tr("Drawn: %1 (line %2)").arg(what).arg(plotted->line));
  } else {
    plot_caption_->setText(tr("Put the cursor on a statement to draw it."));
  }
  renderResults();
  underlineError();
}

void ScratchpadView::renderResults() {
  QString html;
  for (const ScratchpadLineValue& v : outcome_.values) {
    const bool drawn = v.line == outcome_.plotted_line;
    html += QStringLiteral("<p style='margin:2px'>%1<span style='color:gray'>%2</span> <b>%3</b>%4<br/><tt>%5</tt></p>")
                .arg(drawn ? QStringLiteral("\u25B6 ") : QString())
                .arg(tr("line %1").arg(v.line))
                .arg(escaped(v.name.isEmpty() ? v.source : v.name))
                .arg(v.set ? tr(" (set)") : tr(" (map)"))
                .arg(escaped(v.value));
  }
  if (!outcome_.error.isEmpty())
    html += QStringLiteral("<p style='margin:2px;color:#b00020'><b>%1</b> %2</p>")
                .arg(tr("line %1, column %2:").arg(outcome_.error_line).arg(outcome_.error_column))
                .arg(escaped(outcome_.error));
  results_->setHtml(html);
}

QString ScratchpadView::resultsText() const { return results_->toPlainText(); }

void ScratchpadView::underlineError() {
  QList<QTextEdit::ExtraSelection> selections;
  if (!outcome_.error.isEmpty() && outcome_.error_line > 0) {
    const QTextBlock block = editor_->document()->findBlockByNumber(outcome_.error_line - 1);
    if (block.isValid()) {
      QTextEdit::ExtraSelection s;
      s.cursor = QTextCursor(block);
      const int column = std::clamp(outcome_.error_column - 1, 0, std::max(0, block.length() - 2));
      s.cursor.setPosition(block.position() + column);
      s.cursor.movePosition(QTextCursor::NextCharacter, QTextCursor::KeepAnchor);
      if (!s.cursor.hasSelection()) s.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
      s.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
      s.format.setUnderlineColor(QColor(0xb0, 0x00, 0x20));
      s.format.setBackground(QColor(0xff, 0xe0, 0xe0));
      s.format.setToolTip(outcome_.error);
      selections << s;
    }
  }
  editor_->setExtraSelections(selections);
}

void ScratchpadView::setPresentationZoom(double factor) { plot_->setPresentationZoom(factor); }

}  // namespace loopscape

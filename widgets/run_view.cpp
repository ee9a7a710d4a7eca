// SPDX-License-Identifier: Apache-2.0
#include "run_view.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "runner/jit_run.h"
#include "tuning_chart.h"

namespace loopscape {

// One bar per history step: its GFLOP/s; green when faster than the step
// before it that was measured, red when slower, grey when not measured yet,
// hatched red when its results differ from the original's. The current step
// is outlined.
class RunChart : public QWidget {
 public:
  explicit RunChart(QWidget* parent = nullptr) : QWidget(parent) {
    setMinimumHeight(90);
    setObjectName(QStringLiteral("runChart"));
  }

  void set(const QStringList& steps, const QMap<int, RunOutcome>* measured, int current) {
    steps_ = steps;
    measured_ = measured;
    current_ = current;
    update();
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const int n = static_cast<int>(steps_.size());
    if (n == 0) return;
    double top = 0;
    for (int s = 0; s < n; ++s)
      if (const RunOutcome* o = at(s); o && o->measured()) top = std::max(top, o->gflops());
    const QFontMetrics fm(font());
    const QRectF area =
        QRectF(rect()).adjusted(fm.horizontalAdvance(QStringLiteral("000.0")) + 6, fm.height() + 8, -6, -fm.height() - 6);
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(area.bottomLeft(), area.bottomRight());
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRectF(area.left(), 2, area.width(), fm.height()), Qt::AlignLeft, tr("GFLOP/s by history step"));
    if (top > 0) {
      p.setPen(palette().color(QPalette::Text));
      p.drawText(QRectF(0, area.top() - fm.height() / 2.0, area.left() - 4, fm.height()), Qt::AlignRight,
                 QString::number(top, 'f', top < 10 ? 2 : 1));
      p.drawText(QRectF(0, area.bottom() - fm.height(), area.left() - 4, fm.height()), Qt::AlignRight,
                 QStringLiteral("0"));
    }
    const double slot = area.width() / n;
    double previous = 0;
    for (int s = 0; s < n; ++s) {
      const RunOutcome* o = at(s);
      const QRectF column(area.left() + s * slot + slot * 0.15, area.top(), slot * 0.7, area.height());
      QRectF bar = column;
      QColor colour(0xC8, 0xC8, 0xC8);
      Qt::BrushStyle style = Qt::SolidPattern;
      if (o && o->measured() && top > 0) {
        const double g = o->gflops();
        bar.setTop(column.bottom() - column.height() * g / top);
        colour = previous == 0 || g >= previous * 0.98 ? QColor(0x2E, 0x9E, 0x4F) : QColor(0xC6, 0x28, 0x28);
        if (!o->difference.isEmpty()) {
          colour = QColor(0xC6, 0x28, 0x28);
          style = Qt::BDiagPattern;
        }
        previous = g;
      } else {
        bar.setTop(column.bottom() - 3);
      }
      p.setPen(Qt::NoPen);
      p.setBrush(QBrush(colour, style));
      p.drawRect(bar);
      if (s == current_) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(column.adjusted(-2, -2, 2, 2));
      }
      p.setPen(palette().color(QPalette::Text));
      p.drawText(QRectF(column.left() - 10, area.bottom() + 2, column.width() + 20, fm.height()), Qt::AlignCenter,
                 QString::number(s));
    }
  }

  bool event(QEvent* e) override {
    if (e->type() == QEvent::ToolTip && !steps_.isEmpty()) {
      auto* help = static_cast<QHelpEvent*>(e);
      const int s = std::clamp(static_cast<int>(help->pos().x() * steps_.size() / std::max(width(), 1)), 0,
                               static_cast<int>(steps_.size()) - 1);
      const RunOutcome* o = at(s);
      QString text = tr("step %1: %2").arg(s).arg(steps_[s]);
      if (o && o->measured())
        text += tr("\n%1 ms, %2 GFLOP/s, %3x the original").arg(o->seconds * 1e3, 0, 'f', 2).arg(o->gflops(), 0, 'f', 2).arg(o->speedup(), 0, 'f', 2);
      else
        text += tr("\nnot measured at these parameter values");
      QToolTip::showText(help->globalPos(), text, this);
      return true;
    }
    return QWidget::event(e);
  }

 private:
  const RunOutcome* at(int step) const {
    if (!measured_) return nullptr;
    auto it = measured_->find(step);
    return it == measured_->end() ? nullptr : &it.value();
  }

  QStringList steps_;
  const QMap<int, RunOutcome>* measured_ = nullptr;
  int current_ = 0;
};

RunView::RunView(QWidget* parent) : QWidget(parent) {
  run_ = new QPushButton(tr("Run"));
  run_->setObjectName(QStringLiteral("runButton"));
  run_->setToolTip(tr("Compile the current step with Halide's LLVM back-end, run it and the original, compare (Ctrl+R)"));
  run_->setShortcut(QKeySequence(QStringLiteral("Ctrl+R")));
  run_every_step_ = new QPushButton(tr("Run every step"));
  run_every_step_->setObjectName(QStringLiteral("runEveryStep"));
  run_every_step_->setToolTip(
      tr("Measure every step of the history not yet measured at these values, one after the other, so the chart "
         "shows what each click did"));
  cancel_ = new QPushButton(tr("Cancel"));
  cancel_->setObjectName(QStringLiteral("runCancel"));
  cancel_->setEnabled(false);
  auto_ = new QCheckBox(tr("Run after each command"));
  auto_->setObjectName(QStringLiteral("runAfterEachCommand"));
  auto_->setChecked(true);
  auto_->setToolTip(tr("While this dock is visible, every step the session shows is measured"));
  repetitions_ = new QSpinBox;
  repetitions_->setRange(1, 50);
  repetitions_->setValue(3);
  repetitions_->setPrefix(tr("runs: "));
  repetitions_->setToolTip(tr("Runs of each schedule; the median is shown"));
  parameter_box_ = new QWidget;
  parameter_row_ = new QHBoxLayout(parameter_box_);
  parameter_row_->setContentsMargins(0, 0, 0, 0);
  parameter_row_->addStretch(1);
  status_ = new QLabel(tr("Not run yet: press Run."));
  status_->setObjectName(QStringLiteral("runStatus"));
  summary_ = new QTextBrowser;
  summary_->setObjectName(QStringLiteral("runSummary"));
  chart_ = new RunChart;
  tune_ = new QPushButton(tr("Tune"));
  tune_->setObjectName(QStringLiteral("runTune"));
  tune_->setToolTip(
      tr("Measure the automatic schedule's candidates (the schedule as it is, isl's schedule untiled and tiled at "
         "16, 32, 64) at these values, each against the original; keep the fastest, or the original when none "
         "beats it"));
  tune_knobs_ = new QPushButton(tr("Knobs\u2026"));
  tune_knobs_->setObjectName(QStringLiteral("runTuneKnobs"));
  tune_knobs_->setToolTip(
      tr("Measure every combination of a script's knobs (arguments written tune(16, 32, 64)), its steps applied on "
         "top of the session's, at these values; the fastest values are written back into the script, first in "
         "each list"));
  tune_progress_ = new QProgressBar;
  tune_progress_->setObjectName(QStringLiteral("runTuneProgress"));
  tune_progress_->setVisible(false);
  tuning_chart_ = new TuningChart;
  candidates_ = new QListWidget;
  candidates_->setObjectName(QStringLiteral("runTuneCandidates"));
  candidates_->setMinimumHeight(36);
  apply_candidate_ = new QPushButton(tr("Apply candidate"));
  apply_candidate_->setObjectName(QStringLiteral("runTuneApply"));
  apply_candidate_->setToolTip(tr("Add the selected candidate's steps to the history (each one an undo step)"));
  apply_candidate_->setEnabled(false);
  auto* tuning_page = new QWidget;
  auto* tuning_layout = new QVBoxLayout(tuning_page);
  tuning_layout->setContentsMargins(0, 0, 0, 0);
  tuning_layout->addWidget(tuning_chart_, 3);
  tuning_layout->addWidget(candidates_, 2);
  tuning_layout->addWidget(apply_candidate_);
  charts_ = new QTabWidget;
  charts_->setObjectName(QStringLiteral("runCharts"));
  charts_->addTab(chart_, tr("Steps"));
  charts_->addTab(tuning_page, tr("Tuning"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(run_);
  buttons->addWidget(run_every_step_);
  buttons->addWidget(tune_);
  buttons->addWidget(tune_knobs_);
  buttons->addWidget(cancel_);
  buttons->addWidget(repetitions_);
  buttons->addWidget(auto_);
  buttons->addStretch(1);
  auto* left = new QVBoxLayout;
  left->addLayout(buttons);
  left->addWidget(parameter_box_);
  left->addWidget(status_);
  left->addWidget(tune_progress_);
  left->addWidget(summary_, 1);
  auto* layout = new QHBoxLayout(this);
  layout->addLayout(left, 3);
  layout->addWidget(charts_, 2);

  connect(run_, &QPushButton::clicked, this, &RunView::requestRun);
  connect(run_every_step_, &QPushButton::clicked, this, &RunView::requestRunEveryStep);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    queued_steps_.clear();
    status_->setText(tr("Cancelling after the current run\u2026"));
    Q_EMIT cancelRequested();
  });
  connect(tune_, &QPushButton::clicked, this, &RunView::requestTune);
  connect(tune_knobs_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Tune the knobs of a script"), QString(),
                                                      tr("Schedule scripts (*.ls);;All files (*)"));
    if (!path.isEmpty()) requestKnobTuning(path);
  });
  connect(tuning_chart_, &TuningChart::candidateClicked, this, &RunView::selectCandidate);
  connect(candidates_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && row != selected_candidate_) selectCandidate(row);
  });
  connect(apply_candidate_, &QPushButton::clicked, this, [this] {
    if (selected_candidate_ < 0 || selected_candidate_ >= tuning_.candidates.size()) return;
    const TuningCandidateOutcome& c = tuning_.candidates[selected_candidate_];
    Q_EMIT applyCandidateRequested(c.steps, c.label);
  });
  render();
}

void RunView::setSteps(const QStringList& labels, int current) {
  steps_ = labels;
  current_ = current;
  if (!running_)
    status_->setText(measurement(current) ? tr("Step %1: measured.").arg(current)
                                          : tr("Step %1: not measured yet at these values: press Run.").arg(current));
  render();
}

void RunView::clear() {
  queued_steps_.clear();
  measurements_.clear();
  parameter_fields_.clear();
  while (parameter_row_->count() > 1) {
    QLayoutItem* item = parameter_row_->takeAt(0);
    delete item->widget();
    delete item;
  }
  status_->setText(tr("Not run yet: press Run."));
  render();
}

bool RunView::runsAfterEachCommand() const { return auto_->isChecked(); }
void RunView::setRunsAfterEachCommand(bool on) { auto_->setChecked(on); }
int RunView::repetitions() const { return repetitions_->value(); }

QMap<QString, qint64> RunView::parameters() const {
  QMap<QString, qint64> values;
  for (auto it = parameter_fields_.begin(); it != parameter_fields_.end(); ++it) values[it.key()] = it.value()->value();
  return values;
}

QString RunView::parameterKey() const {
  QString key;
  const QMap<QString, qint64> values = parameters();
  for (auto it = values.begin(); it != values.end(); ++it) key += QStringLiteral("%1=%2 ").arg(it.key()).arg(it.value());
  return key;
}

const RunOutcome* RunView::measurement(int step) const {
  auto per = measurements_.find(parameterKey());
  if (per == measurements_.end()) return nullptr;
  auto it = per->find(step);
  return it == per->end() ? nullptr : &it.value();
}

void RunView::requestRun() { startRun(current_); }

void RunView::requestRunEveryStep() {
  queued_steps_.clear();
  for (int step = 0; step < std::max<int>(static_cast<int>(steps_.size()), 1); ++step)
    if (!measurement(step) && !(running_ && step == running_step_)) queued_steps_.append(step);
  if (running_) return;  // the queue goes on when the run in flight ends
  if (queued_steps_.isEmpty()) {
    status_->setText(tr("Every step is measured at these values."));
    return;
  }
  startRun(queued_steps_.takeFirst());
}

void RunView::setBusy(bool busy) {
  run_->setEnabled(!busy);
  // Run every step queues behind a run in flight, not behind a tuning.
  run_every_step_->setEnabled(!tuning_running_);
  tune_->setEnabled(!busy);
  tune_knobs_->setEnabled(!busy);
  cancel_->setEnabled(busy);
}

void RunView::startRun(int step) {
  if (tuning_running_) return;  // one measurement at a time: Tune first
  running_ = true;
  running_step_ = step;
  setBusy(true);
  status_->setText(queued_steps_.isEmpty()
                       ? tr("Compiling and running step %1\u2026").arg(step)
                       : tr("Compiling and running step %1 (%n more to go)\u2026", nullptr,
                            static_cast<int>(queued_steps_.size()))
                             .arg(step));
  Q_EMIT runRequested(step, parameters(), repetitions_->value());
}

void RunView::setParameterFields(const QList<QPair<QString, qint64>>& values) {
  for (const auto& [name, value] : values) {
    QSpinBox* field = parameter_fields_.value(name);
    if (!field) {
      field = new QSpinBox;
      field->setRange(1, 1'000'000'000);
      field->setObjectName(QStringLiteral("runParameter_") + name);
      field->setToolTip(tr("Value of %1 for the runs (accesses out of bounds are refused)").arg(name));
      auto* label = new QLabel(name + QStringLiteral(" ="));
      label->setBuddy(field);
      parameter_row_->insertWidget(parameter_row_->count() - 1, label);
      parameter_row_->insertWidget(parameter_row_->count() - 1, field);
      parameter_fields_.insert(name, field);
    }
    QSignalBlocker block(field);
    field->setValue(static_cast<int>(std::min<qint64>(value, 1'000'000'000)));
  }
}

void RunView::showOutcome(const RunOutcome& outcome) {
  running_ = false;
  setBusy(false);
  if (outcome.cancelled || !outcome.error.isEmpty()) queued_steps_.clear();
  if (outcome.cancelled) {
    status_->setText(tr("Cancelled."));
    return;
  }
  if (!outcome.error.isEmpty()) {
    status_->setText(tr("Not run: %1").arg(outcome.error));
    return;
  }
  setParameterFields(outcome.parameters);
  measurements_[parameterKey()][outcome.step] = outcome;
  status_->setText(outcome.difference.isEmpty()
                       ? tr("Step %1 measured: results equal to the original's.").arg(outcome.step)
                       : tr("Step %1 computes something else: %2").arg(outcome.step).arg(outcome.difference));
  render();
  while (!queued_steps_.isEmpty() && queued_steps_.front() >= std::max<int>(static_cast<int>(steps_.size()), 1))
    queued_steps_.removeFirst();  // the history became shorter meanwhile
  if (!queued_steps_.isEmpty()) startRun(queued_steps_.takeFirst());
}

void RunView::requestTune() {
  if (beginTuning(tr("Tuning: planning the candidates (isl)\u2026")))
    Q_EMIT tuneRequested(parameters(), repetitions_->value());
}

QString RunView::statusText() const { return status_->text(); }

void RunView::requestKnobTuning(const QString& path) {
  if (beginTuning(tr("Tuning the knobs of %1: checking each value (isl)\u2026").arg(QFileInfo(path).fileName())))
    Q_EMIT tuneKnobsRequested(path, parameters(), repetitions_->value());
}

bool RunView::beginTuning(const QString& status) {
  if (running_ || tuning_running_) return false;
  tuning_running_ = true;
  setBusy(true);
  charts_->setCurrentIndex(1);
  tune_progress_->setRange(0, 0);
  tune_progress_->setVisible(true);
  status_->setText(status);
  return true;
}

void RunView::showTuningProgress(const QString& what, int done, int total) {
  if (!tuning_running_) return;
  tune_progress_->setRange(0, total);
  tune_progress_->setValue(done);
  status_->setText(tr("Tuning: running %1 of %2: %3\u2026").arg(done + 1).arg(total).arg(what));
}

void RunView::showTuningOutcome(const TuningOutcome& outcome) {
  tuning_running_ = false;
  setBusy(false);
  tune_progress_->setVisible(false);
  if (!outcome.error.isEmpty()) {
    status_->setText(tr("Not tuned: %1").arg(outcome.error));
    return;
  }
  setParameterFields(outcome.parameters);
  tuning_ = outcome;
  tuning_chart_->setOutcome(tuning_);
  {
    QSignalBlocker block(candidates_);
    candidates_->clear();
    for (const TuningCandidateOutcome& c : tuning_.candidates) {
      QString line = c.label + QStringLiteral(": ");
      line += c.measured() ? QStringLiteral("%1 ms (%2\u00d7)")
                                 .arg(c.seconds * 1e3, 0, 'f', 2)
                                 .arg(tuning_.original_seconds / c.seconds, 0, 'f', 2)
                           : (c.problem.isEmpty() ? tr("not measured") : c.problem.section(QLatin1Char('\n'), 0, 0));
      candidates_->addItem(line);
    }
  }
  if (outcome.cancelled)
    status_->setText(tr("Tuning stopped: %n candidate(s) measured.", nullptr,
                        static_cast<int>(std::count_if(tuning_.candidates.begin(), tuning_.candidates.end(),
                                                       [](const TuningCandidateOutcome& c) { return c.measured(); }))));
  else if (tuning_.kept_original)
    status_->setText(tr("Tuned: none is faster than the original (%1 ms); the original order is kept.")
                         .arg(tuning_.original_seconds * 1e3, 0, 'f', 2));
  else if (tuning_.best >= 0 && !tuning_.script_path.isEmpty())
    status_->setText(tr("Tuned: %1 is the fastest, %2\u00d7 the original; written first in each knob of %3.")
                         .arg(tuning_.candidates[tuning_.best].label)
                         .arg(tuning_.original_seconds / tuning_.candidates[tuning_.best].seconds, 0, 'f', 2)
                         .arg(QFileInfo(tuning_.script_path).fileName()));
  else if (tuning_.best >= 0)
    status_->setText(tr("Tuned: %1 is the fastest, %2\u00d7 the original.")
                         .arg(tuning_.candidates[tuning_.best].label)
                         .arg(tuning_.original_seconds / tuning_.candidates[tuning_.best].seconds, 0, 'f', 2));
  selectCandidate(tuning_.best >= 0 ? tuning_.best : 0);
}

void RunView::selectCandidate(int k) {
  if (k < 0 || k >= tuning_.candidates.size()) return;
  selected_candidate_ = k;
  tuning_chart_->setSelected(k);
  {
    QSignalBlocker block(candidates_);
    candidates_->setCurrentRow(k);
  }
  const TuningCandidateOutcome& c = tuning_.candidates[k];
  apply_candidate_->setEnabled(!c.steps.isEmpty() && c.problem.isEmpty());
  renderCandidate();
}

void RunView::renderCandidate() {
  const TuningCandidateOutcome& c = tuning_.candidates[selected_candidate_];
  QString html = QStringLiteral("<p><b>%1</b>%2</p>")
                     .arg(c.label.toHtmlEscaped())
                     .arg(selected_candidate_ == tuning_.best
                              ? tr(tuning_.kept_original ? " (kept: none beats the original)" : " (the fastest)")
                              : QString());
  if (c.measured())
    html += tr("<p>%1 ms, %2\u00d7 the original schedule (%3 ms), median of the runs, Halide's JIT</p>")
                .arg(c.seconds * 1e3, 0, 'f', 3)
                .arg(tuning_.original_seconds / c.seconds, 0, 'f', 2)
                .arg(tuning_.original_seconds * 1e3, 0, 'f', 3);
  else
    html += QStringLiteral("<p style='color:#b00020'>%1</p>").arg((c.problem.isEmpty() ? tr("not measured") : c.problem).toHtmlEscaped());
  html += c.steps.isEmpty() ? tr("<p>No step: the session's schedule as it is.</p>")
                            : QStringLiteral("<pre>%1</pre>").arg(c.steps.join(QLatin1Char('\n')).toHtmlEscaped());
  if (!c.code.isEmpty()) html += tr("<p>OpenMP code:</p><pre>%1</pre>").arg(c.code.toHtmlEscaped());
  summary_->setHtml(html);
}

void RunView::render() {
  const auto per = measurements_.constFind(parameterKey());
  chart_->set(steps_, per == measurements_.constEnd() ? nullptr : &per.value(), current_);
  const RunOutcome* o = measurement(current_);
  if (!o) {
    summary_->setHtml(steps_.isEmpty() ? QString()
                                       : tr("<p>Step %1 (<tt>%2</tt>) is not measured at these parameter values.</p>")
                                             .arg(current_)
                                             .arg(steps_.value(current_).toHtmlEscaped()));
    return;
  }
  QString html = QStringLiteral("<p><b>%1</b> <tt>%2</tt></p>").arg(tr("Step %1").arg(o->step)).arg(o->step_label.toHtmlEscaped());
  if (!o->difference.isEmpty())
    html += QStringLiteral("<p style='color:#b00020'><b>%1</b> %2</p>")
                .arg(tr("Results differ from the original's:"))
                .arg(o->difference.toHtmlEscaped());
  html += QStringLiteral("<table cellpadding='2'>");
  const auto row = [&](const QString& what, const QString& value) {
    html += QStringLiteral("<tr><td>%1</td><td align='right'><b>%2</b></td></tr>").arg(what, value);
  };
  row(tr("run time (median)"), QStringLiteral("%1 ms").arg(o->seconds * 1e3, 0, 'f', 3));
  row(tr("GFLOP/s"), QString::number(o->gflops(), 'f', 2));
  if (o->peak_gflops > 0)
    row(tr("of this machine's measured peak (%1 GFLOP/s)").arg(o->peak_gflops, 0, 'f', 1),
        QStringLiteral("%1%").arg(100 * o->gflops() / o->peak_gflops, 0, 'f', 1));
  row(tr("speed-up over the original schedule"), QStringLiteral("%1\u00d7").arg(o->speedup(), 0, 'f', 2));
  row(tr("original schedule"), QStringLiteral("%1 ms").arg(o->original_seconds * 1e3, 0, 'f', 3));
  row(tr("compiled by LLVM in"), QStringLiteral("%1 ms").arg(o->compile_seconds * 1e3, 0, 'f', 0));
  row(tr("floating-point operations"), QString::number(o->flops, 'g', 4));
  html += QStringLiteral("</table>");
  if (o->peak_gflops > 0 && o->gflops() > o->peak_gflops)
    html += QStringLiteral("<p><small>%1</small></p>").arg(QString::fromUtf8(kAbovePeakExplanation).toHtmlEscaped());
  summary_->setHtml(html);
}

QString RunView::summaryText() const { return status_->text() + QLatin1Char('\n') + summary_->toPlainText(); }

}  // namespace loopscape

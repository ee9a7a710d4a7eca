// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Run dock: the current history step compiled in-process by Halide's
// LLVM back-end and run (Run, or after every click with "Run after each
// command"; every step of the history with "Run every step"), with its time, GFLOP/s, the fraction of this machine's measured
// peak and the speed-up over the original schedule; a result that differs
// from the original's is an error naming the first differing element. Every
// step keeps its measurement (per parameter values), and a bar chart over the
// steps shows whether each click helped. Tune measures the automatic
// schedule's candidates the same way (a progress bar, Cancel, a scatter plot
// and a list of the candidates; clicking one shows its steps and code, Apply
// adds its steps to the history). The widget never runs anything: it asks
// (runRequested, tuneRequested) and shows what comes back (showOutcome,
// showTuningProgress, showTuningOutcome).
#include <QMap>
#include <QWidget>

#include "run_outcome.h"
#include "tuning_outcome.h"

class QCheckBox;
class QHBoxLayout;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QSpinBox;
class QTextBrowser;

namespace loopscape {

class RunChart;
class TuningChart;

class RunView : public QWidget {
  Q_OBJECT

 public:
  explicit RunView(QWidget* parent = nullptr);

  // The session's steps: labels[0] is the original schedule; `current` the step shown.
  void setSteps(const QStringList& labels, int current);
  // A new program: every measurement and parameter field goes.
  void clear();
  bool runsAfterEachCommand() const;
  void setRunsAfterEachCommand(bool on);
  QMap<QString, qint64> parameters() const;
  int repetitions() const;
  // The measurement of `step` at the current parameters, if any.
  const RunOutcome* measurement(int step) const;
  QString summaryText() const;  // the result pane as plain text
  QString statusText() const;   // the line under the buttons: what runs, what came out
  QPushButton* runButton() const { return run_; }
  QPushButton* runEveryStepButton() const { return run_every_step_; }
  // The step being compiled and run, or -1.
  int runningStep() const { return running_ ? running_step_ : -1; }
  QPushButton* tuneButton() const { return tune_; }
  QPushButton* tuneKnobsButton() const { return tune_knobs_; }
  QPushButton* applyCandidateButton() const { return apply_candidate_; }
  bool tuning() const { return tuning_running_; }
  // The last tuning's outcome (no candidates before the first).
  const TuningOutcome& tuningOutcome() const { return tuning_; }
  int selectedCandidate() const { return selected_candidate_; }
  // Shows candidate `k`'s steps and code in the result pane.
  void selectCandidate(int k);

 public Q_SLOTS:
  void requestRun();
  // Measures, one after the other, every step not measured at these values.
  void requestRunEveryStep();
  void showOutcome(const loopscape::RunOutcome& outcome);
  // Measures the automatic schedule's candidates at these values.
  void requestTune();
  // Tunes the knobs of the script at `path` (its tune(...) arguments) as
  // Tune measures candidates; the Knobs button asks for the file first.
  void requestKnobTuning(const QString& path);
  void showTuningProgress(const QString& what, int done, int total);
  void showTuningOutcome(const loopscape::TuningOutcome& outcome);

 Q_SIGNALS:
  void runRequested(int step, const QMap<QString, qint64>& parameters, int repetitions);
  void cancelRequested();
  void tuneRequested(const QMap<QString, qint64>& parameters, int repetitions);
  void tuneKnobsRequested(const QString& script_path, const QMap<QString, qint64>& parameters, int repetitions);
  // Apply: the candidate's steps, to be added to the history.
  void applyCandidateRequested(const QStringList& steps, const QString& label);

 private:
  // Starts a tuning's progress display; false while a run or a tuning is on.
  bool beginTuning(const QString& status);
  void render();
  void startRun(int step);
  QString parameterKey() const;
  void setParameterFields(const QList<QPair<QString, qint64>>& values);
  void setBusy(bool busy);
  void renderCandidate();

  QPushButton* run_;
  QPushButton* cancel_;
  QPushButton* run_every_step_;
  QList<int> queued_steps_;  // still to measure after the current run (Run every step)
  QCheckBox* auto_;
  QSpinBox* repetitions_;
  QWidget* parameter_box_;
  QHBoxLayout* parameter_row_;
  QMap<QString, QSpinBox*> parameter_fields_;
  QLabel* status_;
  QTextBrowser* summary_;
  RunChart* chart_;
  QPushButton* tune_;
  QPushButton* tune_knobs_;
  QProgressBar* tune_progress_;
  QTabWidget* charts_;
  TuningChart* tuning_chart_;
  QListWidget* candidates_;
  QPushButton* apply_candidate_;
  TuningOutcome tuning_;
  bool tuning_running_ = false;
  int selected_candidate_ = -1;
  QStringList steps_;
  int current_ = 0;
  bool running_ = false;
  int running_step_ = -1;
  // Measurements per parameter values ("n=1000 m=1200"), then per step.
  QMap<QString, QMap<int, RunOutcome>> measurements_;
};

}  // namespace loopscape

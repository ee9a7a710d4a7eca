// SPDX-License-Identifier: Apache-2.0
#pragma once
// The engine, off the GUI thread. Every request runs on one worker thread, in
// order (isl contexts are not thread-safe); a newer request supersedes older
// ones: their snapshots are skipped or dropped (generation counter). After
// ~150 ms without an answer the worker says it is busy, so the window can show
// a quiet "computing…". Errors (front-end, isl quota) come back as messages;
// nothing here blocks the GUI.
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>
#include <atomic>
#include <functional>
#include <mutex>
#include <map>
#include <memory>
#include <optional>

#include "commands/availability.h"
#include "commands/command.h"
#include "lessons/lesson.h"
#include "model/program.h"
#include "snapshot/snapshot.h"
#include "tuning/jit_tuning.h"
#include "run_outcome.h"
#include "tuning_outcome.h"
#include "variant_comparison.h"
#include "scratchpad_outcome.h"

namespace loopscape {

struct EngineState;

struct EngineResult {
  enum class Kind { Open, Session, Show, Apply, Undo, Redo };
  Kind kind = Kind::Show;
  quint64 generation = 0;
  std::shared_ptr<const Snapshot> snapshot;  // null when superseded or failed
  std::shared_ptr<const Snapshot> previous;  // the step before (for the code diff), may be null
  // Which statement commands may apply where in `snapshot`'s schedule (menus);
  // null with it, and null until availabilityReady when not computed before.
  std::shared_ptr<const CommandAvailability> availability;
  QStringList history;                       // applied commands as script lines
  QStringList redo;                          // undone commands, next redo first
  // The other lines of work (Session::variants), each as script lines, and
  // how many first steps each shares with the current line.
  QList<QStringList> variants;
  QList<int> variant_shared;
  int step = 0;                              // the step `snapshot` shows
  bool changed = false;                      // the session changed (apply, undo, redo)
  bool ran_program = false;                  // opening built and ran a C++ program
  // Failure: a message for the status bar, with the front-end's location when known.
  QString error;
  int error_line = 0;
  int error_column = 0;
  bool quota = false;
  int failed_step = -1;  // Session: the 0-based command whose replay failed
  // A refused command: the session is unchanged.
  bool refused = false;
  // Refused as illegal (it breaks a dependence or a tag), not for its
  // arguments or a malformed script line.
  bool refused_illegal = false;
  QString report;          // Refusal::report()
  QString note;            // what a multi-step request did, for the status bar (automatic schedule)
  QString witness_source;  // "S0[2, 5]"
  QString witness_sink;
  QList<qint64> witness_source_point;  // the source instance's iterators
  QList<qint64> witness_sink_point;
  // Open and Session of a program file: the file its statements are located
  // in (a C++ program's .cpp, or the C file an exported session opens), the C
  // a C++ program carries (for the C++ export) and what to say about it.
  QString located_in;
  QString embedded_c;
  QString c_name;                   // Program::file: the C it reads, or the name its C carries
  CompileOptions program_options;   // what that C was read with
  QString open_note;
  // The snapshot came with its code pending: the views were delivered, the
  // code went out as codeReady (internal to the worker).
  bool code_follows = false;
};

struct PreviewResult {
  quint64 generation = 0;
  bool legal = false;
  QString text;  // what the command does, or why it is refused
};

class EngineWorker : public QObject {
  Q_OBJECT

 public:
  explicit EngineWorker(QObject* parent = nullptr);
  ~EngineWorker() override;

  // Loads a C file (then applies `script_lines`), shows the last step. A C++
  // program (cpp_program/program_file.h) is built and run first, here off the
  // GUI thread; its own commands come first, then `script_lines`, unless
  // `whole_history`: the lines are then all of it (a reopen keeping the history).
  // A newer open, or cancelOpen(), stops a build or run still going.
  // `script_name` names the lines' file in messages ("script" when typed).
  quint64 open(const QString& path, const CompileOptions& options, const QStringList& script_lines = {},
               bool whole_history = false, const QString& script_name = QStringLiteral("script"));
  void cancelOpen() { ++open_generation_; }
  // Replays a saved session in a fresh state: loads the program file (a C++
  // program's own commands are ignored: the session holds them), applies every
  // command and shows step `step` (-1: the last). The open session is replaced
  // only when all of it succeeds; otherwise it stays as it was and the result
  // carries the error (and failed_step when a command is refused).
  // `variants`: the other lines of work, each replayed and kept (one that is
  // refused is left out, and the result's note says so).
  quint64 openSession(const QString& path, const CompileOptions& options, const QStringList& commands, int step,
                      const QList<QStringList>& variants = {});
  // Makes variant `k` the current line (Session::switch_to_variant) and shows its last step.
  quint64 switchVariant(int k);
  // The current line and variant `k` side by side: steps, OpenMP code, and
  // both last schedules run with Halide's JIT at `parameters` (as runStep).
  // Answers as variantCompared.
  void compareVariant(int k, const QMap<QString, qint64>& parameters, int repetitions);
  // Shows step `step` of the session (0: the original schedule).
  quint64 showStep(int step);
  // Plot parameter values (empty: small defaults); re-shows step `step`.
  quint64 setPlotParameters(const std::map<std::string, long>& values, int step);
  // Ranks for the message table of distributed schedules; re-shows step `step`.
  quint64 setRanks(int ranks, int step);
  quint64 apply(const CommandCall& call);
  // One value of a spin box drag (`drag` names the drag, >= 0): the first value
  // is applied, each later one replaces the command this drag applied, unless
  // something else changed the session since; a refused value keeps the last.
  quint64 applyLive(const CommandCall& call, int drag);
  // isl's automatic schedule, planned and applied as ordinary commands (one
  // history step each); `note` says how many, and why a fallback was needed.
  quint64 autoSchedule();
  // Applies the calls, one history step each, up to the first refusal; `note`
  // says "<what>: k of n steps applied".
  quint64 applySteps(const std::vector<CommandCall>& calls, const QString& what);
  // Back to the original schedule (the current line stays as a variant),
  // then `calls`, one undo step each: an exercise's given steps.
  quint64 startFrom(const std::vector<CommandCall>& calls, const QString& what);
  // What each exercise of `lesson` shows beyond its text, and the engine's
  // model answers, for the open kernel; answered by exercisesBriefed.
  void briefExercises(std::shared_ptr<const Lesson> lesson);
  quint64 undo();
  quint64 redo();
  // Checks a command without applying it; the answer comes as previewReady.
  quint64 preview(const CommandCall& call);
  // Checks a lesson's exercise on the session's schedule; the answer comes as exerciseChecked.
  // Without `may_run_programs`, checks that run the kernel say they did not run.
  void checkExercise(int index, std::shared_ptr<const LessonExercise> exercise, const QString& answer = {},
                     bool may_run_programs = true);

  // Evaluates the isl scratchpad's text in a context of its own (on a thread of
  // its own, so a long engine request does not hold it up) and draws the
  // statement on `cursor_line` (or the last one before it) at `parameters`
  // (missing ones: 6). Only the newest request answers, as scratchpadEvaluated.
  quint64 evaluateScratchpad(const QString& text, int cursor_line, const QMap<QString, qint64>& parameters);
  // Measures history step `step`: it and the original schedule compiled by
  // Halide's LLVM back-end and run at `parameters` (empty: defaults that keep
  // every access in bounds), `repetitions` times each. The isl part runs on the
  // engine thread, the compilation and the runs on a thread of their own; the
  // original's measurement is kept per parameter values. Answers as runFinished.
  quint64 runStep(int step, const QMap<QString, qint64>& parameters, int repetitions);
  // The automatic schedule's candidates measured as runStep measures a step
  // (tuning/jit_tuning.h): planned, replayed and lowered on the engine thread,
  // run on the run thread; progress as tuningProgress, the end as
  // tuningFinished. cancelRun stops it between repetitions.
  quint64 tune(const QMap<QString, qint64>& parameters, int repetitions);
  // The same for the knobs of the script at `script_path` (session/knobs.h:
  // `tune(16, 32, 64)` arguments): one candidate per combination of values,
  // applied on top of the session's steps. The outcome's best is the fastest
  // combination, and its tuned_script the file's text with that combination's
  // values first (written back by the window).
  quint64 tuneKnobs(const QString& script_path, const QMap<QString, qint64>& parameters, int repetitions);
  // Stops the running measurement after its current repetition.
  void cancelRun() { cancel_run_ = true; }
  // The code tab in view: its code is generated before the other targets'.
  void setVisibleTarget(const QString& target);
  bool busy() const { return pending_.load() > 0; }
  // Runs the event loop until every request has answered (tests, screenshots).
  bool waitForIdle(int timeout_ms = 60000);

  // The last session's script (GUI thread copy, updated with each result).
  QString script() const { return history_.join(QLatin1Char('\n')); }

 Q_SIGNALS:
  // A result's views: tree, plot, dependences, legality. Its snapshot's code
  // entries may be pending; codeReady brings them.
  void resultReady(const loopscape::EngineResult& result);
  // The snapshot of result `generation` with one more target's code (the
  // last one has them all). Only for the newest request.
  void codeReady(quint64 generation, std::shared_ptr<const loopscape::Snapshot> snapshot);
  // Which commands apply where in result `generation`'s schedule (for the
  // menus), after its views and code. Only for the newest request.
  void availabilityReady(quint64 generation, std::shared_ptr<const loopscape::CommandAvailability> availability);
  void previewReady(const loopscape::PreviewResult& result);
  // `feedback`: one line per failing check (empty when it passes).
  void exerciseChecked(int index, bool passed, const QStringList& feedback);
  void exercisesBriefed(const loopscape::Lesson* lesson, const QStringList& briefings, const QStringList& model_answers);
  void busyChanged(bool busy);
  void scratchpadEvaluated(const loopscape::ScratchpadOutcome& outcome);
  void runFinished(const loopscape::RunOutcome& outcome);
  void tuningProgress(const QString& what, int done, int total);
  void tuningFinished(const loopscape::TuningOutcome& outcome);
  void variantCompared(const loopscape::VariantComparison& comparison);

 private:
  quint64 post(EngineResult::Kind kind, std::function<void(EngineState&, EngineResult&)> work, int step);
  // Plans on the engine thread (`make_plan`), runs on the run thread, then
  // lets `finish` (may be empty) adjust the outcome before it is answered.
  quint64 startTuning(const QMap<QString, qint64>& parameters, int repetitions,
                      std::function<JitTuningPlan(const Session&, const std::map<std::string, long>&)> make_plan,
                      std::function<void(const TuningResult&, TuningOutcome&)> finish);
  void finished(const EngineResult& result);
  void deliver(const EngineResult& result);  // resultReady, when the window wants it
  std::string visibleTarget() const;
  template <typename T>
  std::function<void(T)> answerWith(void (EngineWorker::*signal)(const T&));

  std::shared_ptr<EngineState> state_;
  QThreadPool pool_;
  QThreadPool scratchpad_pool_;
  QThreadPool run_pool_;
  std::atomic<bool> cancel_run_{false};
  std::atomic<quint64> run_generation_{0};
  std::atomic<quint64> scratchpad_generation_{0};
  QTimer busy_timer_;
  std::atomic<quint64> generation_{0};
  std::atomic<quint64> open_generation_{0};  // the newest open: older builds stop
  std::atomic<quint64> preview_generation_{0};
  std::atomic<int> pending_{0};
  bool busy_shown_ = false;
  QStringList history_;
  mutable std::mutex visible_target_mutex_;
  std::string visible_target_ = "openmp";
};

}  // namespace loopscape

Q_DECLARE_METATYPE(loopscape::EngineResult)
Q_DECLARE_METATYPE(loopscape::PreviewResult)

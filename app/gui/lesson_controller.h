// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's lessons: the ones shipped in resources/lessons, the lesson open
// (its text and exercises in the Lesson dock beside its kernel) and what the
// dock's buttons ask: check an answer (running code only with the user's
// consent, asked once per lesson), apply the solution, draw an answer in the
// isl scratchpad; start an exercise from its given steps; set the plot's
// parameter values and axes an exercise asks for; type a clicked point into a
// predict exercise and reveal the real order on the plot after a check.
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <set>

#include "model/program.h"
#include "trust.h"

namespace loopscape {

struct Lesson;
class DomainPlot;
class EngineWorker;
class SessionController;
class WindowDocks;

class LessonController : public QObject {
  Q_OBJECT

 public:
  // What the window does for a lesson: open its kernel with its compile
  // options and script lines (false and `error` when it cannot), and ask
  // whether code may run.
  using OpenKernel = std::function<bool(const QString& kernel, const CompileOptions& options,
                                        const QStringList& script_lines, QString* error)>;
  using MayRun = std::function<bool(const RunRequest&)>;
  LessonController(QObject* parent, WindowDocks* docks, DomainPlot* plot, EngineWorker* worker,
                   SessionController* session, OpenKernel open_kernel, MayRun may_run);

  // A course's lessons in its order, with their part, estimated time and
  // idea (lessons/course.h); "" for the bundled course
  // (resources/lessons/course.md). Without a readable course: the bundled
  // lesson files by name, with no parts. `error` says why a course did not read.
  struct Entry {
    QString path, title, part, about;
  };
  static QList<Entry> courseLessons(const QString& course = {}, QString* error = nullptr);
  static QString bundledCourse();
  // Opens a lesson (lessons/lesson.h): its kernel in the views, its text and
  // exercises in the Lesson dock; on failure sets `error` (file:line: why).
  bool open(const QString& path, QString* error, const QStringList& script_lines = {});
  // A restored session's lesson beside the kernel already open: "" when it
  // is shown, else why not (the session stays open without it).
  QString show(const QString& path);
  const std::shared_ptr<const Lesson>& lesson() const { return lesson_; }

 private:
  void adopt(std::shared_ptr<const Lesson> lesson);
  void check(int index, const QString& answer);
  void applySolution(int index);
  void startFromGiven(int index);
  void showExercise(int index);
  void revealOrder(int index, bool passed, const QStringList& feedback);

  WindowDocks* docks_;
  DomainPlot* plot_;
  QStringList pending_axes_;  // the exercise's axes, set once the plot has its loops
  EngineWorker* worker_;
  SessionController* session_;
  OpenKernel open_kernel_;
  MayRun may_run_;
  std::shared_ptr<const Lesson> lesson_;
  std::set<QString> run_once_;  // lessons whose run checks the user let run
};

}  // namespace loopscape

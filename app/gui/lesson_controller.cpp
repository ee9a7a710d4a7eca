// SPDX-License-Identifier: Apache-2.0
#include "lesson_controller.h"
#include "qt_text.h"

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>

#include "engine_worker.h"
#include "lesson_view.h"
#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "runner/runner.h"
#include "samples.h"
#include "scratchpad_view.h"
#include "session/script.h"
#include "session_controller.h"
#include "window_docks.h"

namespace loopscape {


LessonController::LessonController(QObject* parent, WindowDocks* docks, EngineWorker* worker,
                                   SessionController* session, OpenKernel open_kernel, MayRun may_run)
    : QObject(parent),
      docks_(docks),
      worker_(worker),
      session_(session),
      open_kernel_(std::move(open_kernel)),
      may_run_(std::move(may_run)) {
  connect(docks_->lesson, &LessonView::checkRequested, this, &LessonController::check);
  connect(worker_, &EngineWorker::exerciseChecked, docks_->lesson, &LessonView::setOutcome);
  connect(docks_->lesson, &LessonView::solutionRequested, this, &LessonController::applySolution);
  connect(docks_->lesson, &LessonView::drawAnswerRequested, this, [this](const QString& answer) {
    docks_->showScratchpad();
    docks_->scratchpad->appendStatement(tr("your answer"), answer);
  });
}

QList<QPair<QString, QString>> LessonController::bundledLessons() {
  QList<QPair<QString, QString>> out;
  const QDir dir(QDir(samplesDirectory()).filePath(QStringLiteral("../resources/lessons")));
  for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
    QString title = f.completeBaseName();
    try {
      title = qs(read_lesson(f.absoluteFilePath().toStdString()).title);
    } catch (const std::exception&) {
      // A broken lesson keeps its file name here; opening it says what is wrong.
    }
    out << qMakePair(f.absoluteFilePath(), title);
  }
  return out;
}

bool LessonController::open(const QString& path, QString* error, const QStringList& script_lines) {
  std::shared_ptr<const Lesson> lesson;
  try {
    lesson = std::make_shared<const Lesson>(read_lesson(path.toStdString()));
  } catch (const InputError& e) {
    if (error) *error = qs(e.what());
    return false;
  }
  if (!open_kernel_(qs(lesson->kernel), lesson->compile, script_lines, error)) return false;
  adopt(std::move(lesson));
  return true;
}

QString LessonController::show(const QString& path) {
  try {
    adopt(std::make_shared<const Lesson>(read_lesson(path.toStdString())));
  } catch (const std::exception& e) {
    return qs(e.what());
  }
  return {};
}

void LessonController::adopt(std::shared_ptr<const Lesson> lesson) {
  lesson_ = std::move(lesson);
  docks_->lesson->setLesson(lesson_);
  docks_->lesson_dock->show();
  docks_->applyDefaultSizes(true);
}

void LessonController::check(int index, const QString& answer) {
  const Lesson* lesson = docks_->lesson->lesson();
  if (!lesson || index < 0 || index >= static_cast<int>(lesson->exercises.size())) return;
  const LessonExercise& exercise = lesson->exercises[static_cast<std::size_t>(index)];
  bool may_run = true;
  if (exercise_runs_code(exercise)) {
    const QString file = qs(lesson->file);
    may_run = run_once_.count(file) > 0;
    if (!may_run) {
      RunRequest request;
      request.file = file;
      request.action = tr("build the lesson's kernel %1 and the code of your schedule, run both and compare "
                          "their results")
                           .arg(QFileInfo(qs(lesson->kernel)).fileName());
      const RunnerOptions runner;  // what check_exercise verifies with
      QStringList compile{qs(runner.compiler)};
      for (const std::string& flag : runner.compile_flags) compile << qs(flag);
      request.commands << tr("%1 %2 (the original)").arg(compile.join(QLatin1Char(' ')), qs(lesson->kernel))
                       << tr("%1 <the generated code> (your schedule)").arg(compile.join(QLatin1Char(' ')));
      may_run = may_run_(request);
      if (may_run) run_once_.insert(file);
    }
  }
  worker_->checkExercise(index, std::shared_ptr<const LessonExercise>(lesson_, &exercise), answer, may_run);
}

void LessonController::applySolution(int index) {
  const Lesson* lesson = docks_->lesson->lesson();
  if (!lesson || index < 0 || index >= static_cast<int>(lesson->exercises.size())) return;
  for (const std::string& line : lesson->exercises[static_cast<std::size_t>(index)].solution)
    if (const std::optional<CommandCall> call = parse_script_line(line, SourceLocation{lesson->file, 0, 0}))
      session_->apply(*call, -1);
}

}  // namespace loopscape

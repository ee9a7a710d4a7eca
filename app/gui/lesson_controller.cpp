// SPDX-License-Identifier: Apache-2.0
#include "lesson_controller.h"
#include "qt_text.h"

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTimer>

#include "domain_plot.h"
#include "engine_worker.h"
#include "lesson_view.h"
#include "lessons/course.h"
#include "lessons/lesson.h"
#include "lessons/lesson_check.h"
#include "runner/runner.h"
#include "samples.h"
#include "scratchpad_view.h"
#include "session/script.h"
#include "session_controller.h"
#include "window_docks.h"

namespace loopscape {


LessonController::LessonController(QObject* parent, WindowDocks* docks, DomainPlot* plot, EngineWorker* worker,
                                   SessionController* session, OpenKernel open_kernel, MayRun may_run)
    : QObject(parent),
      docks_(docks),
      plot_(plot),
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
  connect(docks_->lesson, &LessonView::startFromGivenRequested, this, &LessonController::startFromGiven);
  connect(docks_->lesson, &LessonView::exerciseShown, this, &LessonController::showExercise);
  connect(worker_, &EngineWorker::exercisesBriefed, docks_->lesson, &LessonView::setBriefings);
  connect(worker_, &EngineWorker::exerciseChecked, this, &LessonController::revealOrder);
  connect(plot_, &DomainPlot::pointSelected, this, [this](const QString& statement, const QList<qint64>& coordinates) {
    QStringList values;
    for (qint64 c : coordinates) values << QString::number(c);
    docks_->lesson->appendInstance(statement + QLatin1Char('[') + values.join(QStringLiteral(", ")) + QLatin1Char(']'));
  });
  // The axes an exercise names exist once the plot shows the kernel's loops.
  connect(worker_, &EngineWorker::resultReady, this, [this] {
    QTimer::singleShot(0, this, [this] {
      if (pending_axes_.size() == 2 && plot_->setAxes(pending_axes_[0], pending_axes_[1])) pending_axes_.clear();
    });
  });
}

QString LessonController::bundledCourse() {
  return QDir(samplesDirectory()).filePath(QStringLiteral("../resources/lessons/course.md"));
}

QList<LessonController::Entry> LessonController::courseLessons(const QString& course, QString* error) {
  QList<Entry> out;
  const QString file = course.isEmpty() ? bundledCourse() : course;
  try {
    const Course read = read_course(QDir::cleanPath(file).toStdString());
    for (const CoursePart& part : read.parts)
      for (const Lesson& lesson : part.lessons) {
        QString about = lesson.minutes ? tr("%1 min").arg(lesson.minutes) : QString();
        if (!lesson.idea.empty()) about += (about.isEmpty() ? QString() : QStringLiteral(" \u00b7 ")) + qs(lesson.idea);
        out << Entry{qs(lesson.file), qs(lesson.title), qs(part.title), about};
      }
    return out;
  } catch (const std::exception& e) {
    if (error) *error = qs(e.what());
  }
  // The lesson files by name: a course that does not read lists them all.
  const QDir dir(QFileInfo(file).absolutePath());
  for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
    if (f.fileName() == QStringLiteral("course.md")) continue;
    QString title = f.completeBaseName();
    try {
      title = qs(read_lesson(f.absoluteFilePath().toStdString()).title);
    } catch (const std::exception&) {
      // A broken lesson keeps its file name here; opening it says what is wrong.
    }
    out << Entry{f.absoluteFilePath(), title, {}, {}};
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
  worker_->briefExercises(lesson_);  // after the kernel's open: the worker runs one task at a time
}

void LessonController::showExercise(int index) {
  if (!lesson_ || index < 0 || index >= static_cast<int>(lesson_->exercises.size())) return;
  const LessonExercise& exercise = lesson_->exercises[static_cast<std::size_t>(index)];
  // A counting exercise's answer is not on the plot.
  plot_->setShowCounts(exercise.kind() != "count");
  if (!exercise.plot.empty()) {
    // The exercise's values over the plot's own for the other parameters.
    std::map<std::string, long> values;
    const QMap<QString, qint64> shown = plot_->parameterValues();
    for (auto it = shown.begin(); it != shown.end(); ++it) values[it.key().toStdString()] = static_cast<long>(it.value());
    for (const auto& [name, value] : exercise.plot) values[name] = value;
    worker_->setPlotParameters(values, -1);
  }
  pending_axes_.clear();
  if (exercise.axes.size() == 2 && !plot_->setAxes(qs(exercise.axes[0]), qs(exercise.axes[1])))
    pending_axes_ = {qs(exercise.axes[0]), qs(exercise.axes[1])};
  // A question about the given schedule (predict, choices) shows it at once
  // when the student has no steps of their own to keep.
  const std::string kind = exercise.kind();
  if (!exercise.given.empty() && (kind == "predict" || kind == "choices") && session_->history().isEmpty() &&
      session_->redoList().isEmpty())
    startFromGiven(index);
}

void LessonController::startFromGiven(int index) {
  if (!lesson_ || index < 0 || index >= static_cast<int>(lesson_->exercises.size())) return;
  const LessonExercise& exercise = lesson_->exercises[static_cast<std::size_t>(index)];
  std::vector<CommandCall> calls;
  try {
    for (std::size_t k = 0; k < exercise.given.size(); ++k)
      if (const std::optional<CommandCall> call = parse_script_line(
              exercise.given[k], k < exercise.given_where.size() ? exercise.given_where[k] : exercise.where))
        calls.push_back(*call);
  } catch (const InputError& e) {
    docks_->lesson->setOutcome(index, false, {qs(e.what())});
    return;
  }
  session_->requestStart(calls, tr("Exercise %1's given steps").arg(index + 1));
}

// After a predict exercise is checked, the plot plays the real order from
// the start and marks the instances the feedback names (the wrong one, the right one).
void LessonController::revealOrder(int index, bool passed, const QStringList& feedback) {
  if (!lesson_ || index < 0 || index >= static_cast<int>(lesson_->exercises.size())) return;
  if (lesson_->exercises[static_cast<std::size_t>(index)].kind() != "predict") return;
  plot_->clearHighlight();
  if (!passed && !feedback.isEmpty()) {
    static const QRegularExpression instance(QStringLiteral("(\\w+)\\[([-0-9, ]+)\\]"));
    QString statement;
    QList<QList<qint64>> points;
    for (auto it = instance.globalMatch(feedback.first()); it.hasNext() && points.size() < 2;) {
      const QRegularExpressionMatch m = it.next();
      if (!statement.isEmpty() && m.captured(1) != statement) continue;
      statement = m.captured(1);
      QList<qint64> coordinates;
      for (const QString& c : m.captured(2).split(QLatin1Char(','))) coordinates << c.trimmed().toLongLong();
      points << coordinates;
    }
    if (!points.isEmpty()) plot_->highlightPoints(statement, points);
  }
  plot_->setAnimationMode(PlotRenderer::AnimationMode::Sequential);
  plot_->setAnimationStep(0);
  plot_->play();
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

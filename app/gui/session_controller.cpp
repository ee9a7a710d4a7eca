// SPDX-License-Identifier: Apache-2.0
#include "session_controller.h"

#include <QTimer>
#include <QUndoStack>

#include "autosave.h"
#include "command_step.h"
#include "engine_worker.h"

namespace loopscape {

SessionController::SessionController(EngineWorker* worker, QObject* parent)
    : QObject(parent), worker_(worker), undo_stack_(new QUndoStack(this)) {}

SessionController::~SessionController() {
  if (autosave_) autosave_->remove();
}

void SessionController::enableAutosave(const QString& directory, int interval_ms,
                                       std::function<std::optional<SessionData>()> data) {
  autosave_ = std::make_unique<Autosave>(directory);
  autosave_data_ = std::move(data);
  if (!autosave_timer_) {
    autosave_timer_ = new QTimer(this);
    connect(autosave_timer_, &QTimer::timeout, this, &SessionController::autosaveNow);
  }
  autosave_timer_->start(interval_ms);
  autosaveNow();
}

void SessionController::autosaveNow() {
  if (!autosave_ || !autosave_data_) return;
  const std::optional<SessionData> session = autosave_data_();
  if (!session) return;
  QString error;
  if (!autosave_->write(sessionToJson(*session), &error)) Q_EMIT autosaveFailed(error);
}

quint64 SessionController::apply(const CommandCall& call, int merge_key) {
  return merge_key >= 0 ? worker_->applyLive(call, merge_key) : worker_->apply(call);
}

quint64 SessionController::requestAutoSchedule() {
  const quint64 generation = worker_->autoSchedule();
  pending_auto_schedules_.insert(generation);
  return generation;
}

quint64 SessionController::requestSteps(const std::vector<CommandCall>& calls, const QString& what) {
  const quint64 generation = worker_->applySteps(calls, what);
  pending_auto_schedules_.insert(generation);
  return generation;
}

quint64 SessionController::requestStart(const std::vector<CommandCall>& calls, const QString& what) {
  const quint64 generation = worker_->startFrom(calls, what);
  pending_auto_schedules_.insert(generation);
  return generation;
}

void SessionController::follow(const EngineResult& result) {
  history_ = result.history;
  redo_ = result.redo;
  variants_ = result.variants;
  variant_shared_ = result.variant_shared;
  const QStringList steps = history_ + redo_;
  bool same = undo_stack_->count() == steps.size();
  for (int k = 0; same && k < steps.size(); ++k) same = undo_stack_->text(k) == steps[k];
  if (same && undo_stack_->index() == history_.size()) return;
  // Rebuilt from the session: the steps it has done, then those it can redo.
  following_ = true;
  undo_stack_->clear();
  for (const QString& line : steps) undo_stack_->push(new CommandStep(this, worker_, line));
  undo_stack_->setIndex(int(history_.size()));
  following_ = false;
}

void SessionController::clear() {
  following_ = true;
  undo_stack_->clear();
  following_ = false;
  history_.clear();
  redo_.clear();
  variants_.clear();
  variant_shared_.clear();
}

}  // namespace loopscape

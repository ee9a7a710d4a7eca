// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's side of the engine's session: it sends the commands and keeps
// the undo stack a mirror of the session's own history. Every engine answer
// carries the history and the redo list; the stack is brought in line with
// them, so no step is recorded by hand and the two cannot drift apart (a
// spin box drag is one step because the session merges it).
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <set>

#include "commands/command.h"
#include "session_file.h"

class QTimer;
class QUndoStack;

namespace loopscape {

class Autosave;
class EngineWorker;
struct EngineResult;

class SessionController : public QObject {
  Q_OBJECT

 public:
  SessionController(EngineWorker* worker, QObject* parent = nullptr);
  // A clean end removes the autosave.
  ~SessionController() override;

  QUndoStack* undoStack() const { return undo_stack_; }
  // The session's commands as script lines, and the undone ones (next redo first).
  const QStringList& history() const { return history_; }
  const QStringList& redoList() const { return redo_; }
  // The other lines of work, each as script lines (Session::variants), and
  // how many first steps each shares with the current line.
  const QList<QStringList>& variants() const { return variants_; }
  const QList<int>& variantShared() const { return variant_shared_; }

  // Applies a call; `merge_key` >= 0 makes it one value of a spin box drag:
  // it replaces the last call with the same key while that is the last step.
  // Returns the worker's generation for the answer.
  quint64 apply(const CommandCall& call, int merge_key = -1);
  // Asks for isl's automatic schedule, as steps.
  quint64 requestAutoSchedule();
  // Applies several calls, one undo step each (a tuned candidate's steps);
  // answered like an automatic schedule, with a note.
  quint64 requestSteps(const std::vector<CommandCall>& calls, const QString& what);
  // The same from the original schedule: the current line stays as a variant.
  quint64 requestStart(const std::vector<CommandCall>& calls, const QString& what);
  // Whether `generation` answers an automatic-schedule request (asked once).
  bool takeAutoSchedule(quint64 generation) { return pending_auto_schedules_.erase(generation) > 0; }

  // An engine answer that carries the session (not an error): the history,
  // the redo list and the undo stack follow it.
  void follow(const EngineResult& result);
  // A new file: no history yet.
  void clear();

  // Keeps the session `data` describes in `directory` (Autosave) after every
  // change of the session and every `interval_ms`; `data` gives nothing while
  // no file is open.
  void enableAutosave(const QString& directory, int interval_ms, std::function<std::optional<SessionData>()> data);
  Autosave* autosave() const { return autosave_.get(); }
  // Writes the autosave now (when enabled and there is a session).
  void autosaveNow();

  // True while the stack is being brought in line: its steps then leave the
  // engine alone (commands/command_step.h).
  bool following() const { return following_; }

 Q_SIGNALS:
  // The autosave could not be written: why.
  void autosaveFailed(const QString& error);

 private:
  EngineWorker* worker_;
  QUndoStack* undo_stack_;
  QStringList history_;
  QStringList redo_;
  QList<QStringList> variants_;
  QList<int> variant_shared_;
  std::set<quint64> pending_auto_schedules_;
  bool following_ = false;
  std::unique_ptr<Autosave> autosave_;
  QTimer* autosave_timer_ = nullptr;
  std::function<std::optional<SessionData>()> autosave_data_;
};

}  // namespace loopscape

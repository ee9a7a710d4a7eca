// SPDX-License-Identifier: Apache-2.0
#pragma once
// One command of the session as an undo step: undo and redo go through the
// engine worker (Session::undo / redo), except while the SessionController
// brings the stack in line with the session, which has already moved.
#include <QUndoCommand>

namespace loopscape {

class EngineWorker;
class SessionController;

class CommandStep : public QUndoCommand {
 public:
  CommandStep(const SessionController* controller, EngineWorker* worker, const QString& script_line);

  void undo() override;
  void redo() override;

 private:
  const SessionController* controller_;
  EngineWorker* worker_;
};

}  // namespace loopscape

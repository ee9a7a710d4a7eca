// SPDX-License-Identifier: Apache-2.0
#pragma once
// One applied command as an undo step: undo and redo go through the engine
// worker (Session::undo / redo). Steps with the same merge key (>= 0) merge,
// so a spin box drag is one step.
#include <QUndoCommand>

namespace loopscape {

class EngineWorker;

class CommandStep : public QUndoCommand {
 public:
  // The command is already applied when the step is pushed.
  CommandStep(EngineWorker* worker, const QString& script_line, int merge_key);

  int id() const override { return merge_key_ >= 0 ? 0x10ad : -1; }
  bool mergeWith(const QUndoCommand* other) override;
  void undo() override;
  void redo() override;
  QString scriptLine() const { return line_; }

 private:
  EngineWorker* worker_;
  QString line_;
  int merge_key_;
  bool applied_ = true;
};

}  // namespace loopscape

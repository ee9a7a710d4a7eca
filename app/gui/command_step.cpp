// SPDX-License-Identifier: Apache-2.0
#include "command_step.h"

#include "engine_worker.h"

namespace loopscape {

CommandStep::CommandStep(EngineWorker* worker, const QString& script_line, int merge_key)
    : worker_(worker), line_(script_line), merge_key_(merge_key) {
  setText(script_line);
}

bool CommandStep::mergeWith(const QUndoCommand* other) {
  const auto* step = dynamic_cast<const CommandStep*>(other);
  if (!step || step->merge_key_ != merge_key_ || merge_key_ < 0) return false;
  line_ = step->line_;
  setText(line_);
  return true;
}

void CommandStep::undo() {
  worker_->undo();
  applied_ = false;
}

void CommandStep::redo() {
  if (applied_) return;
  worker_->redo();
  applied_ = true;
}

}  // namespace loopscape

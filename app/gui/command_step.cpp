// SPDX-License-Identifier: Apache-2.0
#include "command_step.h"

#include "engine_worker.h"
#include "session_controller.h"

namespace loopscape {

CommandStep::CommandStep(const SessionController* controller, EngineWorker* worker, const QString& script_line)
    : controller_(controller), worker_(worker) {
  setText(script_line);
}

void CommandStep::undo() {
  if (!controller_->following()) worker_->undo();
}

void CommandStep::redo() {
  if (!controller_->following()) worker_->redo();
}

}  // namespace loopscape

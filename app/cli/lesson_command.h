// SPDX-License-Identifier: Apache-2.0
#pragma once
// `loopscape-cli lesson check|list|grade`: a teacher's lessons and a class's answers.
#include "cli_options.h"

namespace loopscape::cli {

int run_lesson(const CliOptions& o);

}  // namespace loopscape::cli

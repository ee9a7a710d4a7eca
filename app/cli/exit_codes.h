// SPDX-License-Identifier: Apache-2.0
#pragma once
// loopscape-cli's exit statuses (cli.md lists them), shared by its commands.
#include "session/session.h"

namespace loopscape::cli {

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitIllegal = 3;
constexpr int kExitDiffer = 4;
constexpr int kExitNotRun = 5;  // built, not run (no CUDA device)

inline int refusal_exit(const Refusal& refusal) {
  return refusal.kind == Refusal::Kind::Illegal ? kExitIllegal : kExitBadInput;
}

}  // namespace loopscape::cli

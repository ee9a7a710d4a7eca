// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's sandbox settings, kept in the user's settings and given to the
// engine (runner/sandbox.h) at start and on every change. LOOPSCAPE_SANDBOX,
// when set, wins over the saved switch.
#include "runner/sandbox.h"

namespace loopscape {

SandboxSettings savedSandboxSettings();
void saveSandboxSettings(const SandboxSettings& settings);
void applySavedSandboxSettings();

}  // namespace loopscape

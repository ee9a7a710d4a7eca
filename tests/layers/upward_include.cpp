// SPDX-License-Identifier: Apache-2.0
// Compiled with the include view of engine/analysis: a header of a layer above
// (commands) must not be found, so the build of such a file stops.
#include "commands/command.h"

int main() { return 0; }

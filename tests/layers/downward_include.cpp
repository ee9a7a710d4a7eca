// SPDX-License-Identifier: Apache-2.0
// Compiled with the include view of engine/analysis: a header of a layer below
// (schedule) is found. The control for upward_include.cpp.
#include "schedule/loops.h"

int main() { return 0; }

// SPDX-License-Identifier: Apache-2.0
#pragma once
// <tiramisu/tiramisu.h> for Tiramisu programs built against Loopscape
// (CMake: find_package(Loopscape), target Loopscape::tiramisu). Namespace
// `tiramisu` is Loopscape's Layer I API (api/tiramisu.h), and this header
// brings in what Tiramisu's own does that its programs rely on: Halide's
// headers (Halide::Buffer) and the debugging helpers str_dump and ERROR.
// docs/guide/tiramisu.md says how a Tiramisu user switches.
#include <Halide.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "api/tiramisu.h"

namespace tiramisu = loopscape::tiramisu;

namespace loopscape::tiramisu {

namespace detail {
// A program that includes this header is a Tiramisu program: its accesses
// read memory, as Tiramisu's do (see access_meaning in api/tiramisu.h),
inline const bool tiramisu_programs_read_memory = (set_access_meaning(access_meaning::memory), true);
// and may give their buffers after their schedule (see schedule_timing).
inline const bool tiramisu_programs_defer_schedules = (set_schedule_timing(schedule_timing::deferred), true);
}  // namespace detail

inline void str_dump(const std::string& text) { std::cout << text; }
inline void str_dump(const std::string& text, const char* more) { std::cout << text << more; }
inline void str_dump(const char* text, const char* more) { std::cout << text << more; }

}  // namespace loopscape::tiramisu

// Tiramisu's error report: the place and the message on standard error, and
// the program ends (with status 1) when `exit_program` is true.
#ifndef ERROR
#define ERROR(message, exit_program)                                                             \
  do {                                                                                           \
    std::cerr << "Error in " << __FILE__ << ":" << __LINE__ << " - " << (message) << std::endl; \
    if (exit_program) std::exit(1);                                                              \
  } while (0)
#endif

// Tiramisu's debug tracing is for its compiler's own passes: nothing to trace here.
#ifndef DEBUG
#define DEBUG(LEVEL, STMT) \
  do {                     \
  } while (0)
#endif
#ifndef DEBUG_FCT_NAME
#define DEBUG_FCT_NAME(LEVEL) \
  do {                        \
  } while (0)
#endif
#ifndef DEBUG_INDENT
#define DEBUG_INDENT(x) \
  do {                  \
  } while (0)
#endif

// Tiramisu's header brings its buffer and timing helpers too.
#include "tiramisu/utils.h"

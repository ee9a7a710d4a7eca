// SPDX-License-Identifier: Apache-2.0
#pragma once
// The engine's flow in one place: C file -> Program -> original schedule -> dependences.
#include <isl/cpp.h>

#include <memory>
#include <string>

#include "analysis/dependences.h"
#include "model/program.h"

namespace loopscape {

// A program with what is derived from it once: its original schedule and
// exact dependences. Members are destroyed bottom-up, so the Program (and
// its isl context) outlives the isl objects of the others.
struct LoadedProgram {
  Program program;
  isl::schedule original_schedule;
  Dependences dependences;
};

// Throws InputError for C the model cannot represent, IslError at the quota.
LoadedProgram load_program(const std::string& path, const CompileOptions& options,
                           std::shared_ptr<IslContext> isl = std::make_shared<IslContext>());
LoadedProgram load_program_source(const std::string& source, const std::string& display_name,
                                  const CompileOptions& options,
                                  std::shared_ptr<IslContext> isl = std::make_shared<IslContext>());

// Derives the schedule and dependences of a program already parsed.
LoadedProgram analyse(Program program);

}  // namespace loopscape

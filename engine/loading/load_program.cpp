// SPDX-License-Identifier: Apache-2.0
#include "loading/load_program.h"

#include "frontend/frontend.h"
#include "schedule/original_schedule.h"

namespace loopscape {

LoadedProgram analyse(Program program) {
  isl::schedule original = build_original_schedule(program);
  Dependences dependences = compute_dependences(program, original);
  return LoadedProgram{std::move(program), std::move(original), std::move(dependences)};
}

LoadedProgram load_program(const std::string& path, const CompileOptions& options,
                           std::shared_ptr<IslContext> isl) {
  return analyse(parse_c_file(path, options, std::move(isl)));
}

LoadedProgram load_program_source(const std::string& source, const std::string& display_name,
                                  const CompileOptions& options, std::shared_ptr<IslContext> isl) {
  return analyse(parse_c_source(source, display_name, options, std::move(isl)));
}

}  // namespace loopscape

// SPDX-License-Identifier: Apache-2.0
// How long isl takes to build the loop AST of a schedule (issue 24:
// time-tiled wavefronts took seconds). For each FILE.c SCRIPT pair: the
// schedule after the script, then its AST as codegen/loop_ast builds it
// ("product": tile bands merged with the band below, codegen/common/ast_form.h),
// as isl builds the tree the commands leave ("bands apart", what the product
// did before), and with every band member's loop type forced to atomic or
// separate; the time and the size of the printed C of each. SHOW=1 prints
// the C.
//
//   loopscape-ast-bench FILE.c SCRIPT [-I DIR] [FILE.c SCRIPT ...]
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>

#include <chrono>
#include <cstdlib>
#include <optional>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "codegen/common/loop_ast.h"
#include "loading/load_program.h"
#include "session/script.h"
#include "session/session.h"
#include "support/error.h"

#include "../bench_cases.h"

using namespace loopscape;

namespace {

isl_schedule_node* set_loop_type(isl_schedule_node* node, void* user) {
  if (isl_schedule_node_get_type(node) != isl_schedule_node_band) return node;
  const auto type = *static_cast<isl_ast_loop_type*>(user);
  if (type == isl_ast_loop_default) return node;
  const isl_size n = isl_schedule_node_band_n_member(node);
  for (int k = 0; k < n; ++k) node = isl_schedule_node_band_member_set_ast_loop_type(node, k, type);
  return node;
}

// The AST of `schedule` with every band member of loop type `type`; seconds and C size.
std::pair<double, std::size_t> build(const Program& program, const isl::schedule& schedule,
                                     std::optional<isl_ast_loop_type> type) {
  const auto start = std::chrono::steady_clock::now();
  std::size_t size = 0;
  if (!type) {
    const isl::ast_node ast = build_isl_ast(program, schedule);
    size = ast.to_C_str().size();
    if (std::getenv("SHOW")) std::cout << ast.to_C_str() << "\n";
  } else {
    isl_schedule* s = isl_schedule_copy(schedule.get());
    isl_ast_loop_type t = *type;
    s = isl_schedule_map_schedule_node_bottom_up(s, &set_loop_type, &t);
    isl::union_set domains = schedule.domain();
    isl::set universe = isl::manage(isl_set_universe(isl_union_set_get_space(domains.get())));
    if (!program.context.is_null()) universe = universe.intersect(program.context);
    isl_ast_build* b = isl_ast_build_from_context(universe.release());
    isl_ast_node* node = isl_ast_build_node_from_schedule(b, s);
    isl_ast_build_free(b);
    char* text = isl_ast_node_to_C_str(node);
    size = text ? std::string(text).size() : 0;
    if (text && std::getenv("SHOW")) std::cout << text << "\n";
    free(text);
    isl_ast_node_free(node);
  }
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), size};
}

}  // namespace

int main(int argc, char** argv) {
  const BenchCases parsed = parse_bench_cases(argc, argv);
  const CompileOptions& options = parsed.options;
  const auto& cases = parsed.cases;
  std::printf("%-40s %-12s %10s %10s\n", "case", "loops", "seconds", "C bytes");
  for (const auto& [file, script] : cases) {
    try {
      Session session(load_program(file, options));
      const ScriptRun run = apply_script(session, read_script(script));
      if (run.refusal) {
        std::cerr << run.refusal->report() << "\n";
        continue;
      }
      const std::string name = file.substr(file.rfind('/') + 1) + " + " + script.substr(script.rfind('/') + 1);
      for (const auto& [label, type] : std::vector<std::pair<std::string, std::optional<isl_ast_loop_type>>>{
               {"product", std::nullopt}, {"bands apart", isl_ast_loop_default}, {"atomic", isl_ast_loop_atomic}, {"separate", isl_ast_loop_separate}}) {
        try {
          session.program().isl().bounded("bench", [&] {
            const auto [seconds, size] = build(session.program(), session.schedule(), type);
            std::printf("%-40s %-12s %10.3f %10zu\n", name.c_str(), label.c_str(), seconds, size);
          });
        } catch (const std::exception& e) {
          std::printf("%-40s %-12s %s\n", name.c_str(), label.c_str(), e.what());
        }
        std::fflush(stdout);
      }
    } catch (const std::exception& e) {
      std::cerr << file << ": " << e.what() << "\n";
    }
  }
  return 0;
}

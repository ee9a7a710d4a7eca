// SPDX-License-Identifier: Apache-2.0
// Why time-tiled wavefronts take seconds in isl's AST generator (issue 24):
// jacobi-2d after samples/scripts/time_tiling/jacobi-2d.ls, written as isl
// schedule trees in the form the commands build today (point loops as
// `t mod 16`, in one band with the wavefront's p) and in other forms with
// the same loops in the same order; the time of isl_ast_build_node_from_schedule
// for each. SHOW=1 prints the C. The forms with w and p in one band are
// fast, mod or not: a band of w alone is what makes isl slow.
//
//   loopscape-ast-forms
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/schedule.h>
#include <isl/set.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Band = std::vector<std::string>;  // members, each "{ S0[...] -> [...]; S1[...] -> [...] }"

// A member: the same expression for S0 and S1, with S1 shifted by one in i.
std::string member(const std::string& s0, const std::string& s1) {
  return "{ S0[t, i, j] -> [(" + s0 + ")]; S1[t, i, j] -> [(" + s1 + ")] }";
}

const std::string kW = member("floor((t)/16) + floor((2t + i)/64)", "floor((t)/16) + floor((1 + 2t + i)/64)");
const std::string kP = member("-floor((t)/16)", "-floor((t)/16)");
const std::string kT = member("floor((t)/16)", "floor((t)/16)");
const std::string kI = member("floor((2t + i)/64)", "floor((1 + 2t + i)/64)");
const std::string kTmod = member("t mod 16", "t mod 16");
const std::string kImod = member("(2t + i) mod 64", "(1 + 2t + i) mod 64");
const std::string kTpoint = member("t", "t");
const std::string kIpoint = member("2t + i", "1 + 2t + i");

// jacobi-2d's domain, `bands` nested, then S0 and S1 in sequence, each with its j loop.
std::string tree(const std::vector<Band>& bands) {
  std::string y =
      "domain: \"[tsteps, n] -> { S0[t, i, j] : 0 <= t < tsteps and 0 < i <= n - 2 and 0 < j <= n - 2; "
      "S1[t, i, j] : 0 <= t < tsteps and 0 < i <= n - 2 and 0 < j <= n - 2 }\"\n";
  std::string pad;
  for (const Band& band : bands) {
    std::string members;
    for (const std::string& m : band) members += (members.empty() ? "" : ", ") + m;
    y += pad + "child:\n" + pad + "  schedule: \"[" + members + "]\"\n";
    pad += "  ";
  }
  y += pad + "child:\n" + pad + "  sequence:\n";
  for (const char* s : {"S0", "S1"}) {
    const std::string j = std::string(s) == "S0" ? "j" : "1 + j";
    y += pad + "  - filter: \"{ " + s + "[t, i, j] }\"\n" + pad + "    child:\n" + pad + "      schedule: \"[{ " + s +
         "[t, i, j] -> [(" + j + ")] }]\"\n";
  }
  return y;
}

void run(isl_ctx* ctx, const char* label, const std::vector<Band>& bands) {
  isl_schedule* s = isl_schedule_read_from_str(ctx, tree(bands).c_str());
  if (!s) {
    std::printf("%s: parse error\n", label);
    return;
  }
  isl_ast_build* b = isl_ast_build_from_context(isl_set_read_from_str(ctx, "[tsteps, n] -> { : tsteps >= 1 and n >= 3 }"));
  const auto start = std::chrono::steady_clock::now();
  isl_ast_node* node = isl_ast_build_node_from_schedule(b, s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char* c = isl_ast_node_to_C_str(node);
  std::printf("== %s: %.3f s, %zu bytes\n", label, seconds, c ? std::string(c).size() : 0);
  if (std::getenv("SHOW") && c) std::printf("%s\n", c);
  std::free(c);
  isl_ast_node_free(node);
  isl_ast_build_free(b);
}

}  // namespace

int main() {
  isl_ctx* ctx = isl_ctx_alloc();
  run(ctx, "[w]; [p, t mod, i mod] (the commands' form)", {{kW}, {kP, kTmod, kImod}});
  run(ctx, "[w]; [p, t, 2t+i] unshifted", {{kW}, {kP, kTpoint, kIpoint}});
  run(ctx, "[w]; [p]; [t mod, i mod]", {{kW}, {kP}, {kTmod, kImod}});
  run(ctx, "[w]; [p]; [t mod]; [i mod]", {{kW}, {kP}, {kTmod}, {kImod}});
  run(ctx, "[w]; [p]; [t, 2t+i] unshifted", {{kW}, {kP}, {kTpoint, kIpoint}});
  run(ctx, "[w, p, t mod, i mod]", {{kW, kP, kTmod, kImod}});
  run(ctx, "[w, p, t, 2t+i]", {{kW, kP, kTpoint, kIpoint}});
  run(ctx, "[w, p]; [t mod, i mod]", {{kW, kP}, {kTmod, kImod}});
  run(ctx, "[w, p]; [t, 2t+i]", {{kW, kP}, {kTpoint, kIpoint}});
  run(ctx, "[T, I]; [t, 2t+i] (no wavefront, reference)", {{kT, kI}, {kTpoint, kIpoint}});
  isl_ctx_free(ctx);
  return 0;
}

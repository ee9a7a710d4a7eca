// Why time-tiled wavefronts take seconds in isl's AST generator (issue 24):
// jacobi-2d after samples/scripts/time_tiling/jacobi-2d.ls, written as isl
// schedule trees in the form the commands build today (point loops as
// `t mod 16`, in one band with the wavefront's p) and in other forms with
// the same loops in the same order; the time of isl_ast_build_node_from_schedule
// for each. SHOW=1 prints the C. The last four put the wavefront's w and p
// in one band: that alone makes the build fast, mod or not.
//
//   loopscape-ast-forms
#include <isl/ctx.h>
#include <isl/schedule.h>
#include <isl/ast_build.h>
#include <isl/ast.h>
#include <isl/set.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static void run(isl_ctx* ctx, const char* label, const char* text) {
  isl_schedule* s = isl_schedule_read_from_str(ctx, text);
  if (!s) { printf("%s: parse error\n", label); return; }
  isl_ast_build* b = isl_ast_build_from_context(isl_set_read_from_str(ctx, "[tsteps, n] -> { : tsteps >= 1 and n >= 3 }"));
  double t0 = now();
  isl_ast_node* node = isl_ast_build_node_from_schedule(b, s);
  double t1 = now();
  char* c = isl_ast_node_to_C_str(node);
  printf("== %s: %.3f s, %zu bytes\n", label, t1 - t0, c ? strlen(c) : 0);
  if (getenv("SHOW")) printf("%s\n", c);
  free(c); isl_ast_node_free(node); isl_ast_build_free(b);
}
#include <string.h>
int main() {
  isl_ctx* ctx = isl_ctx_alloc();
  const char* dom = "domain: \"[tsteps, n] -> { S0[t, i, j] : 0 <= t < tsteps and 0 < i <= n - 2 and 0 < j <= n - 2; S1[t, i, j] : 0 <= t < tsteps and 0 < i <= n - 2 and 0 < j <= n - 2 }\"\n";
  char buf[4096];
  /* today's form: point loops as mod */
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }, { S0[t, i, j] -> [(t mod 16)]; S1[t, i, j] -> [(t mod 16)] }, { S0[t, i, j] -> [((2t + i) mod 64)]; S1[t, i, j] -> [((1 + 2t + i) mod 64)] }]\"\n    permutable: 1\n    child:\n      sequence:\n      - filter: \"{ S0[t, i, j] }\"\n        child:\n          schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n      - filter: \"{ S1[t, i, j] }\"\n        child:\n          schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "mod point loops, one band", buf);
  /* point loops unshifted: t and 2t+i */
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }, { S0[t, i, j] -> [(t)]; S1[t, i, j] -> [(t)] }, { S0[t, i, j] -> [(2t + i)]; S1[t, i, j] -> [(1 + 2t + i)] }]\"\n    permutable: 1\n    child:\n      sequence:\n      - filter: \"{ S0[t, i, j] }\"\n        child:\n          schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n      - filter: \"{ S1[t, i, j] }\"\n        child:\n          schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "unshifted point loops, one band", buf);
  /* tile loops in their own band, point loops (unshifted) in a child band */
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }, { S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(t)]; S1[t, i, j] -> [(t)] }, { S0[t, i, j] -> [(2t + i)]; S1[t, i, j] -> [(1 + 2t + i)] }]\"\n    child:\n      sequence:\n      - filter: \"{ S0[t, i, j] }\"\n        child:\n          schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n      - filter: \"{ S1[t, i, j] }\"\n        child:\n          schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "w,p band; unshifted point band", buf);
  /* tiles as T, I (no wavefront skew) for reference */
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16))]; S1[t, i, j] -> [(floor((t)/16))] }, { S0[t, i, j] -> [(floor((2t + i)/64))]; S1[t, i, j] -> [(floor((1 + 2t + i)/64))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(t)]; S1[t, i, j] -> [(t)] }, { S0[t, i, j] -> [(2t + i)]; S1[t, i, j] -> [(1 + 2t + i)] }]\"\n    child:\n      sequence:\n      - filter: \"{ S0[t, i, j] }\"\n        child:\n          schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n      - filter: \"{ S1[t, i, j] }\"\n        child:\n          schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "T,I band (no wavefront); unshifted point band", buf);

  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }]\"\n    child:\n      schedule: \"[{ S0[t, i, j] -> [(t mod 16)]; S1[t, i, j] -> [(t mod 16)] }, { S0[t, i, j] -> [((2t + i) mod 64)]; S1[t, i, j] -> [((1 + 2t + i) mod 64)] }]\"\n      child:\n        sequence:\n        - filter: \"{ S0[t, i, j] }\"\n          child:\n            schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n        - filter: \"{ S1[t, i, j] }\"\n          child:\n            schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "w; p; mod point band", buf);
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }]\"\n    child:\n      schedule: \"[{ S0[t, i, j] -> [(t mod 16)]; S1[t, i, j] -> [(t mod 16)] }]\"\n      child:\n        schedule: \"[{ S0[t, i, j] -> [((2t + i) mod 64)]; S1[t, i, j] -> [((1 + 2t + i) mod 64)] }]\"\n        child:\n          sequence:\n          - filter: \"{ S0[t, i, j] }\"\n            child:\n              schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n          - filter: \"{ S1[t, i, j] }\"\n            child:\n              schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "every loop its own band, mod", buf);
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }, { S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }, { S0[t, i, j] -> [(t mod 16)]; S1[t, i, j] -> [(t mod 16)] }, { S0[t, i, j] -> [((2t + i) mod 64)]; S1[t, i, j] -> [((1 + 2t + i) mod 64)] }]\"\n  child:\n    sequence:\n    - filter: \"{ S0[t, i, j] }\"\n      child:\n        schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n    - filter: \"{ S1[t, i, j] }\"\n      child:\n        schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "[w,p,tmod,imod]", buf);
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }, { S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }, { S0[t, i, j] -> [(t)]; S1[t, i, j] -> [(t)] }, { S0[t, i, j] -> [(2t + i)]; S1[t, i, j] -> [(1 + 2t + i)] }]\"\n  child:\n    sequence:\n    - filter: \"{ S0[t, i, j] }\"\n      child:\n        schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n    - filter: \"{ S1[t, i, j] }\"\n      child:\n        schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "[w,p,t,i]", buf);
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }, { S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(t mod 16)]; S1[t, i, j] -> [(t mod 16)] }, { S0[t, i, j] -> [((2t + i) mod 64)]; S1[t, i, j] -> [((1 + 2t + i) mod 64)] }]\"\n    child:\n      sequence:\n      - filter: \"{ S0[t, i, j] }\"\n        child:\n          schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n      - filter: \"{ S1[t, i, j] }\"\n        child:\n          schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "[w,p];[tmod,imod]", buf);
  snprintf(buf, sizeof buf, "%schild:\n  schedule: \"[{ S0[t, i, j] -> [(floor((t)/16) + floor((2t + i)/64))]; S1[t, i, j] -> [(floor((t)/16) + floor((1 + 2t + i)/64))] }, { S0[t, i, j] -> [(-floor((t)/16))]; S1[t, i, j] -> [(-floor((t)/16))] }]\"\n  child:\n    schedule: \"[{ S0[t, i, j] -> [(t)]; S1[t, i, j] -> [(t)] }, { S0[t, i, j] -> [(2t + i)]; S1[t, i, j] -> [(1 + 2t + i)] }]\"\n    child:\n      sequence:\n      - filter: \"{ S0[t, i, j] }\"\n        child:\n          schedule: \"[{ S0[t, i, j] -> [(j)] }]\"\n      - filter: \"{ S1[t, i, j] }\"\n        child:\n          schedule: \"[{ S1[t, i, j] -> [(1 + j)] }]\"\n", dom);
  run(ctx, "[w,p];[t,i]", buf);
  isl_ctx_free(ctx);
  return 0;
}

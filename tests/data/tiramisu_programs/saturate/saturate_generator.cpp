// Tiramisu's older style: an explicit function, buffers naming it, the
// tag_*_level commands, expr(o_cast, ...), and code generation step by step.
#include <tiramisu/tiramisu.h>

#include "sizes.h"

int main() {
  tiramisu::global::set_default_tiramisu_options();
  tiramisu::function saturate("saturate");
  tiramisu::constant NN("NN", tiramisu::expr((int32_t)N), tiramisu::p_int32, true, NULL, 0, &saturate);
  tiramisu::var i("i", 0, NN), j("j", 0, M);
  tiramisu::input in("in", {i, j}, tiramisu::p_float32);
  tiramisu::computation scaled("scaled", {i, j}, tiramisu::expr(tiramisu::o_cast, tiramisu::p_int32, in(i, j) * 100.0f));
  tiramisu::computation clipped("clipped", {i, j},
                                tiramisu::expr(tiramisu::o_min, tiramisu::expr(tiramisu::o_max, scaled(i, j), 0), 255));
  scaled.then(clipped, j);
  tiramisu::var i0("i0"), i1("i1");
  clipped.split(i, 8, i0, i1);
  clipped.tag_parallel_level(i0);
  tiramisu::buffer b_in("b_in", {N, M}, tiramisu::p_float32, tiramisu::a_input, &saturate);
  tiramisu::buffer b_scaled("b_scaled", {N, M}, tiramisu::p_int32, tiramisu::a_temporary, &saturate);
  tiramisu::buffer b_out("b_out", {N, M}, tiramisu::p_int32, tiramisu::a_output, &saturate);
  in.store_in(&b_in);
  scaled.store_in(&b_scaled);
  clipped.store_in(&b_out);
  saturate.set_arguments({&b_in, &b_out});
  saturate.gen_time_space_domain();
  saturate.gen_isl_ast();
  saturate.gen_halide_stmt();
  saturate.gen_halide_obj("generated_saturate.o");
  return 0;
}

// C = A * B in the order of Tiramisu's tutorials: Layer II (the schedule)
// before Layer III (buffers, store_in). The two computations share their
// (i, j) loops and each is tiled with the same names, as Tiramisu programs
// tile a fused nest; the tile loop runs in parallel. Each command is checked
// against the dependences when the function is generated.
#include <tiramisu/tiramisu.h>

#include "sizes.h"

using namespace tiramisu;

int main() {
  tiramisu::init("tiled_mm");
  var i("i", 0, N), j("j", 0, N), k("k", 0, M);
  input A("A", {i, k}, p_float64);
  input B("B", {k, j}, p_float64);
  computation C_init("C_init", {i, j}, 0.0);
  computation C("C", {i, j, k}, p_float64);
  C.set_expression(C(i, j, k) + A(i, k) * B(k, j));

  // Layer II
  C_init.then(C, j);
  var i0("i0"), j0("j0"), i1("i1"), j1("j1");
  C_init.tile(i, j, 16, 16, i0, j0, i1, j1);
  C.tile(i, j, 16, 16, i0, j0, i1, j1);
  C.parallelize(i0);

  // Layer III
  buffer b_A("b_A", {N, M}, p_float64, a_input);
  buffer b_B("b_B", {M, N}, p_float64, a_input);
  buffer b_C("b_C", {N, N}, p_float64, a_output);
  A.store_in(&b_A);
  B.store_in(&b_B);
  C_init.store_in(&b_C);
  C.store_in(&b_C, {i, j});

  tiramisu::codegen({&b_A, &b_B, &b_C}, "generated_tiled_mm.o");
  return 0;
}

// A backward recurrence: x[n-1] = b[n-1], x[i] = b[i] - x[i+1] / 2 for i
// down to 0, then y[i] = x[i] * D[i][i]. The loop runs down because
// loop_reversal says so before the first schedule command (it shapes the
// original program); an input names its dimensions with a var that has no
// range, and a repeated one ({n, n}); set_access maps a computation to its buffer.
#include <tiramisu/tiramisu.h>

#include "sizes.h"

using namespace tiramisu;

int main() {
  tiramisu::init("backsolve");
  constant NN("NN", N);
  var i("i", 0, N - 1), k("k"), n("n", 0, N), i_down("i_down");
  input bv("bv", {k}, p_float64);
  input D("D", {n, n}, p_float64);
  input x("x", {n}, p_float64);

  computation x_last("[NN]->{x_last[n]: n = NN - 1}", expr(), true, p_float64, global::get_implicit_function());
  x_last.set_expression(bv(n));
  computation x_up("x_up", {i}, bv(i) - x(i + 1) / 2.0);
  x_up.loop_reversal(i, i_down);
  computation y("y", {n}, x(n) * D(n, n));

  x_last.then(x_up, computation::root).then(y, computation::root);

  buffer b_b("b_b", {N}, p_float64, a_input);
  buffer b_D("b_D", {N, N}, p_float64, a_input);
  buffer b_x("b_x", {N}, p_float64, a_temporary);
  buffer b_y("b_y", {N}, p_float64, a_output);
  bv.store_in(&b_b);
  D.store_in(&b_D);
  x.store_in(&b_x);
  x_last.set_access("{x_last[n] -> b_x[n]}");
  x_up.store_in(&b_x);
  y.store_in(&b_y);

  tiramisu::codegen({&b_b, &b_D, &b_y}, "generated_backsolve.o");
  return 0;
}

// The largest doubled element of each row, accumulated in a one-element
// buffer: domains as isl sets over valued constants, store_in(&b, {}),
// expr(o_max, ...), levels as loop depths, and reads of the accumulator as
// Tiramisu means them (the buffer as it is).
#include <tiramisu/tiramisu.h>

#include "sizes.h"

using namespace tiramisu;

int main() {
  tiramisu::init("rowmax");
  constant NN("NN", N), MM("MM", M);
  var i("i", 0, N), j("j", 0, M);
  input A("A", {i, j}, p_float64);
  input acc("acc", {}, p_float64);

  computation first("[NN]->{first[i]: 0<=i<NN}", expr(), true, p_float64, global::get_implicit_function());
  first.set_expression(A(i, 0) * 2.0);
  computation fold("[NN,MM]->{fold[i,j]: 0<=i<NN and 1<=j<MM}", expr(), true, p_float64,
                   global::get_implicit_function());
  fold.set_expression(expr(o_max, acc(0), A(i, j) * 2.0));
  computation row("row", {i}, acc(0));

  first.then(fold, 0).then(row, 0);

  buffer b_A("b_A", {N, M}, p_float64, a_input);
  buffer b_acc("b_acc", {1}, p_float64, a_temporary);
  buffer b_row("b_row", {N}, p_float64, a_output);
  A.store_in(&b_A);
  acc.store_in(&b_acc);
  first.store_in(&b_acc, {});
  fold.store_in(&b_acc, {});
  row.store_in(&b_row);

  tiramisu::codegen({&b_A, &b_row}, "generated_rowmax.o");
  return 0;
}

// A schedule command the dependences forbid: the report names this line.
#include <tiramisu/tiramisu.h>

using namespace tiramisu;

int main() {
  tiramisu::init("refused");
  var t("t", 1, 20), i("i", 1, 30);
  input u("u", {t, i}, p_float64);
  computation s("s", {t, i}, p_float64);
  s.set_expression(u(t - 1, i - 1) + u(t - 1, i + 1));
  buffer b_u("b_u", {20, 32}, p_float64, a_output);
  u.store_in(&b_u);
  s.store_in(&b_u);
  s.interchange(t, i);
  tiramisu::codegen({&b_u}, "generated_refused.o");
  return 0;
}

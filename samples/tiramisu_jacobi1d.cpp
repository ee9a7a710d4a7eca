// Loopscape sample: Jacobi 1-D over T time steps written with Tiramisu's Layer I API: two computations
// that read each other's instances of this and the previous time step, nested in one time loop.
//
// `tiramisu_jacobi1d [TARGET]` prints the code of the skewed and tiled program for TARGET (openmp by default).
#include <iostream>

#include "api/tiramisu.h"

using namespace loopscape::tiramisu;

// Layer I and III of jacobi-1d, in the current function.
void define_jacobi1d() {
  constant T("T"), N("N");
  var t("t", 0, T), i("i", 1, N - 1);
  computation sB("sB", {t, i}, p_float64);
  computation sA("sA", {t, i}, p_float64);
  // At t = 0, sA(t - 1, ...) reads the initial contents of A.
  sB.set_expression(0.33333 * (sA(t - 1, i - 1) + sA(t - 1, i) + sA(t - 1, i + 1)));
  sA.set_expression(0.33333 * (sB(t, i - 1) + sB(t, i) + sB(t, i + 1)));
  buffer A("A", {N}, p_float64, a_output), B("B", {N}, p_float64, a_output);
  sB.store_in(&B, {i});
  sA.store_in(&A, {i});
  sB.then(sA, t);  // both i loops inside one t loop
}

#ifndef LOOPSCAPE_SAMPLE_NO_MAIN
int main(int argc, char** argv) {
  try {
    function jacobi("jacobi1d");
    define_jacobi1d();
    std::cout << jacobi.code(argc > 1 ? argv[1] : "openmp");
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
#endif

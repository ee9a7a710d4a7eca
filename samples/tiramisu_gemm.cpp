// Loopscape sample: gemm (C = A * B) written with Tiramisu's Layer I API: a reduction as a computation
// that reads its own earlier instance, stored in the buffer of its initial value.
//
// Build against the engine (find_package(Loopscape), target Loopscape::engine) and run
// `tiramisu_gemm [TARGET]`: it prints the code of the scheduled program for TARGET (openmp by default).
#include <iostream>

#include "api/tiramisu.h"

using namespace loopscape::tiramisu;

// Layer I and III of gemm, in the current function.
void define_gemm() {
  constant N("N"), M("M"), K("K");
  var i("i", 0, N), j("j", 0, M), k("k", 0, K);
  input A("A", {i, k}, p_float64);
  input B("B", {k, j}, p_float64);
  computation c0("c0", {i, j}, expr(0.0));
  computation c1("c1", {i, j, k}, p_float64);
  c1.set_expression(c1(i, j, k - 1) + A(i, k) * B(k, j));
  buffer C("C", {N, M}, p_float64, a_output);
  c0.store_in(&C, {i, j});
  c1.store_in(&C, {i, j});
  c0.then(c1, j);  // c1's k loop runs inside c0's j loop, as in the usual C
}

#ifndef LOOPSCAPE_SAMPLE_NO_MAIN
int main(int argc, char** argv) {
  try {
    function gemm("gemm");
    define_gemm();
    // Layer II: tile i and j, run the tile rows in parallel.
    computation c1 = gemm.get_computation_by_name("c1");
    var i("i"), j("j"), i0("i0"), j0("j0"), i1("i1"), j1("j1");
    c1.tile(i, j, 32, 32, i0, j0, i1, j1);
    c1.parallelize(i0);
    std::cout << gemm.code(argc > 1 ? argv[1] : "openmp");
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
#endif

// Loopscape sample: spec 001's diamond, written with lappy's lazy arrays:
// k = A @ x feeds both sin and cos, and C = outer(sin(k), cos(k)).
//
//   lappy_diamond [TARGET] [fused|pin|cse]
//
// Fused (the default), the matrix-vector product is computed twice inside
// C's instruction; pinned, k is a temporary computed in C's loops; as a CSE,
// k is computed once in loops of its own. It prints the code for TARGET
// (openmp by default); for c and openmp, the file's opening comment lists the
// instructions and draws the loop domain's set expression.
#include <iostream>
#include <string>

#include "api/lappy.h"

using namespace loopscape::lappy;

program lappy_diamond(const std::string& mode) {
  ndarray A("A", "n, n");
  ndarray x("x", "n");
  ndarray k = matmul(A, x);
  if (mode == "pin") k.pin("k");
  if (mode == "cse") k.pin_cse("k");
  ndarray sk = sin(k);
  ndarray ck = cos(k);
  ndarray C = outer(sk, ck);
  return C.eval("c");
}

#ifndef LOOPSCAPE_SAMPLE_NO_MAIN
int main(int argc, char** argv) {
  try {
    program c = lappy_diamond(argc > 2 ? argv[2] : "fused");
    std::cout << c.code(argc > 1 ? argv[1] : "openmp");
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
#endif

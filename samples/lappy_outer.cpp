// Loopscape sample: the outer product of sin and cos of arange(n), spec 001's
// first example, written with lappy's lazy arrays, in its three modes:
//
//   lappy_outer [TARGET] [fused|pin|cse]
//
// prints the code for TARGET (openmp by default) of c = outer(sin(k), cos(k)) with k = arange(n)
// fused into c (the default), pinned as a temporary in c's loops, or a CSE;
// for c and openmp, the file's opening comment lists the instructions and
// draws the loop domain's set expression.
#include <iostream>
#include <string>

#include "api/lappy.h"

using namespace loopscape::lappy;

// c = outer(sin(k), cos(k)), k = arange(n), with k computed as `mode` says.
program lappy_outer(const std::string& mode) {
  Unsigned n("n");
  ndarray k = arange(n);
  if (mode == "pin") k.pin("k");
  if (mode == "cse") k.pin_cse("k");
  ndarray c = outer(sin(k), cos(k));
  return c.eval("c");
}

#ifndef LOOPSCAPE_SAMPLE_NO_MAIN
int main(int argc, char** argv) {
  try {
    program c = lappy_outer(argc > 2 ? argv[2] : "fused");
    std::cout << c.code(argc > 1 ? argv[1] : "openmp");
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
#endif

// Loopscape sample: Tiramisu's image pipeline (brighten 1.5 * img, clamp to [0, 255], 3-point blur
// along j) written with its Layer I API, then the CPU schedule of the Tiramisu paper: fuse b2 into
// b1's loops and run the rows in parallel.
//
// `tiramisu_blur [TARGET]` prints the code for TARGET (openmp by default).
#include <iostream>

#include "api/tiramisu.h"

using namespace loopscape::tiramisu;

// Layer I and III of the pipeline, in the current function.
void define_blur() {
  constant N("N"), M("M");
  var i("i", 0, N), j("j", 0, M), c("c", 0, 3);
  input img("img", {i, j, c}, p_float32);
  computation b1("b1", {i, j, c}, 1.5f * img(i, j, c));
  computation b2("b2", {i, j, c}, clamp(b1(i, j, c), 0.0f, 255.0f));
  var jb("j", 1, M - 1);  // the blur leaves the first and the last column out
  computation out("out", {i, jb, c}, (b2(i, jb - 1, c) + b2(i, jb, c) + b2(i, jb + 1, c)) / 3.0f);
  buffer buf_b2("buf_b2", {N, M, 3}, p_float32, a_temporary);
  b2.store_in(&buf_b2, {i, j, c});
  b1.then(b2, i).then(out, i);  // one row at a time: the loops of the unoptimized C
}

#ifndef LOOPSCAPE_SAMPLE_NO_MAIN
int main(int argc, char** argv) {
  try {
    function blur("blur");
    define_blur();
    computation b1 = blur.get_computation_by_name("b1"), b2 = blur.get_computation_by_name("b2");
    var i("i"), c("c");
    b2.after(b1, c);
    b1.parallelize(i);
    std::cout << blur.code(argc > 1 ? argv[1] : "openmp");
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
#endif

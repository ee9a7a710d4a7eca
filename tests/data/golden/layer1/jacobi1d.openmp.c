/* jacobi1d: a Tiramisu function written with Loopscape's C++ API, rendered as C. The region
   holds its original loops, each statement labelled with its computation's name. */
#include <math.h>

void jacobi1d(int T, int N, double A[N], double B[N]) {
#pragma scop
  for (int t = 0; t < T; t++) {
    // i runs once per iteration of t: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if ((long) (N - 2) >= 20000) {
      #pragma omp parallel for
      for (int i = 1; i < N - 1; i++)
        B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    } else {
      for (int i = 1; i < N - 1; i++)
        B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    }
    // i runs once per iteration of t: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if ((long) (N - 2) >= 20000) {
      #pragma omp parallel for
      for (int i = 1; i < N - 1; i++)
        A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    } else {
      for (int i = 1; i < N - 1; i++)
        A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
  }
#pragma endscop
}

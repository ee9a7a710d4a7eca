/* A 1-D convolution for the hls target's tests: out[i] = sum_k w[k] in[i + k],
   the taps as PEs (space k, time i). */
#include <stdio.h>
#define N 20
#define K 5

static void kernel(double out[N], double w[K], double in[N + K]) {
  int i, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (k = 0; k < K; k++)
      out[i] += w[k] * in[i + k];
#pragma endscop
}

int main(void) {
  static double out[N], w[K], in[N + K];
  for (int k = 0; k < K; k++) w[k] = k - 2;
  for (int i = 0; i < N + K; i++) in[i] = (i * 7) % 9 - 4;
  kernel(out, w, in);
  for (int i = 0; i < N; i++) printf("%g\n", out[i]);
  return 0;
}

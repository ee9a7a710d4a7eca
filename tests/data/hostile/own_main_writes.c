/* A C file with its own main whose kernel is harmless and whose main writes
   the file LOOPSCAPE_HOSTILE names (tests/test_sandbox.cpp: verify runs it). */
#include <stdio.h>
#include <stdlib.h>

#define N 64
static double A[N], B[N];

static void kernel(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    B[i] = 2.0 * A[i];
#pragma endscop
}

int main(void) {
  const char *target = getenv("LOOPSCAPE_HOSTILE");
  if (target) {
    FILE *f = fopen(target, "w");
    if (f) fclose(f);
  }
  for (int i = 0; i < N; i++) A[i] = i;
  kernel();
  double sum = 0;
  for (int i = 0; i < N; i++) sum += B[i];
  printf("%f\n", sum);
  return 0;
}

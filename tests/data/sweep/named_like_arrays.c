/* Statements named like the arrays they write (as Tiramisu's computations and
   lappy's outputs are): the second nest reads the first's rows in reverse, so a
   distributed i moves rows between ranks (issue 23, defect 1). */
#include <stdio.h>

#define N 24
#define M 20

static double A[N][M], C[N][M], E[N][M];

void kernel(int n, int m) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
    C: C[i][j] = A[i][j] * 2.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
    E: E[i][j] = C[n - 1 - i][j] + 0.5 * C[i][j];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = (double)((i * 7 + j * 3) % 11) / 5.0;
  kernel(N, M);
  for (int i = 0; i < N; i++) {
    double row = 0.0;
    for (int j = 0; j < M; j++) row += E[i][j] * (1 + (i + j) % 5);
    printf("E row %d: %.12e\n", i, row);
  }
  return 0;
}

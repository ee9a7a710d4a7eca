/* A first row kept apart and a triangular nest: OpenMP tiles neither
   (the loop starts at 1; j's bound names i), so the export refuses both. */
void triangle(int n, double A[n][n]) {
  int i, j;
#pragma scop
  for (i = 1; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = 0.5 * A[i][j] + 0.25 * A[j][i];
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      A[i][j] = A[i][j] * 0.5;
#pragma endscop
}

/* A 3-D perfect nest counting from 0: what OpenMP's 3-D tile and
   Loopscape's tile cut into the same tiles. */
void box3d(int n, double A[n][n][n], double B[n][n][n]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        B[i][j][k] = 0.5 * A[i][j][k] + 0.25 * B[i][j][k] - 0.125 * (i + j - k);
#pragma endscop
}

/* Runner test: a bare function (no main); the runner writes the harness. */
void kernel_axpy(int n, double alpha, double x[n], double y[n], int hist[8]) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
  for (int i = 0; i < n; i++)
    hist[i % 8] += i;
#pragma endscop
}

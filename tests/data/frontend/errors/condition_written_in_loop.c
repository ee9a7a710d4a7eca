#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    if (B[i] > 0.0)
      for (j = 0; j < n; j++)
        B[i] = B[i] * 0.5 + A[i][j];
#pragma endscop
}

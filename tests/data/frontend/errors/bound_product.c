#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < i * n; j++)
      A[i][j] = 1.0;
#pragma endscop
}

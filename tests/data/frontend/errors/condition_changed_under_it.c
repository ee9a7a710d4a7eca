#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    if (B[i] > 0.0) {
      B[i] = 0.0;
      A[i][0] = B[i];
    }
#pragma endscop
}

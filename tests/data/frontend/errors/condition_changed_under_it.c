#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    if (B[i] > 0.0) goto done;
    B[i] = 0.0;
    A[i][0] = B[i];
  done:
    A[i][1] = 1.0;
  }
#pragma endscop
}

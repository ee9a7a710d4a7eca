#define N 100
double A[N][N], B[N], x;
int idx[N];
double helper(double v);

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    B[i] = helper(B[i]);
#pragma endscop
}

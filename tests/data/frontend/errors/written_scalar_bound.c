#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  j = n / 2;
  for (i = 0; i < j; i++)
    B[i] = 0.0;
#pragma endscop
}

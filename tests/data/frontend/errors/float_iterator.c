#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (x = 0.0; x < 1.0; x += 0.5)
    B[0] = x;
#pragma endscop
}

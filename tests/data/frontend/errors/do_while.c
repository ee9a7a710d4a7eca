#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  do {
    x = x + 1.0;
  } while (x < 10.0);
#pragma endscop
}

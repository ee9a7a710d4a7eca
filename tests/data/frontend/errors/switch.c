#define N 100
double A[N][N], B[N], x;
int idx[N];

void kernel(int n, double *p) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    switch (i) { case 0: B[i] = 1.0; }
#pragma endscop
}

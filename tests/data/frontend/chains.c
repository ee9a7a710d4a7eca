/* Chained assignments: one statement per assignment, run right to left. */
#define N 64
#define ZERO 0.0

double A[N][N], B[N], C[N];
double a, b;
float f;
int count;

void kernel(int n) {
  int i, j;
#pragma scop
  a = b = ZERO;
  for (i = 0; i < n; i++) {
    C[i] = a;
    A[i][i] = B[i + 1] = C[i] = a * i;
    for (j = 0; j < i; j++)
      first: A[i][j] += (f = B[j]);
  }
  count = f = 2.5;
  double t = b = B[0];
  a = b *= t;
#pragma endscop
}

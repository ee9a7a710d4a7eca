/* Loop shapes the front-end must model: bounds with min/max and ternaries,
 * decreasing loops, strides, conditions, labels and scalars. */
#include <math.h>

#define N 64
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static int max(int a, int b) { return a > b ? a : b; }

double A[N][N], B[N], C[N];
double total;
int count;

void kernel(int n, int m, int k, double alpha) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = max(0, i - 2); j <= MIN(n - 1, i + 2); j++)
      A[i][j] = alpha * (i < j ? B[i] : B[j]);
  for (i = n - 1; i >= 0; i--)
    B[i] = B[i] + C[i];
  for (i = n; i > 0; i -= 2)
    C[i] = 0.5;
  for (i = 1; i <= n; i += 3)
    for (j = i; j < m; j = j + 2)
      A[i][j] = 1.0;
  for (int t = 0; t < (n < m ? n : m); ++t) {
    double tmp = B[t] * 2.0;
    if (t % 2 == 0 || t == m - 1)
      update: C[t] = tmp;
    else if (!(t > k))
      C[t] = -tmp;
    else
      C[t] = fabs(tmp);
  }
  total = 0.0;
  for (i = 0; i < n; i++)
    if (i != k)
      total += B[i] * k;
  count++;
#pragma endscop
}

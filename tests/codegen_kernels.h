// SPDX-License-Identifier: Apache-2.0
#pragma once
// The hand-built kernels of the schedule and codegen tests. Each source is a
// complete C program (a harness): it fills its arrays deterministically, runs
// the scop region and prints every output value, so a generated variant can be
// compiled and compared with the original numerically.
#include <functional>
#include <string>
#include <vector>

#include "codegen_programs.h"

namespace loopscape::testing {

struct Kernel {
  std::string name;
  std::function<Program()> make;
};

inline Program mvt_program() {
  const std::string src = R"(#include <stdio.h>
#define N 37
static double A[N][N], X1[N], X2[N], Y1[N], Y2[N];
static void kernel(int n, double a[N][N], double x1[N], double x2[N], double y1[N], double y2[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + a[i][j] * y1[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + a[j][i] * y2[j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) {
    X1[i] = i * 0.5; X2[i] = 1.0 / (i + 1); Y1[i] = (i % 7) * 0.25; Y2[i] = (i % 5) - 2.0;
    for (int j = 0; j < N; j++) A[i][j] = ((i * 13 + j * 7) % 17) / 17.0;
  }
  kernel(N, A, X1, X2, Y1, Y2);
  for (int i = 0; i < N; i++) printf("%.17g %.17g\n", X1[i], X2[i]);
  return 0;
}
)";
  const std::string d = "0 <= i < n and 0 <= j < n";
  return make_program(src, {"n"}, "[n] -> { : n >= 0 }",
                      {{"a", "double", {"N", "N"}}, {"x1", "double", {"N"}}, {"x2", "double", {"N"}},
                       {"y1", "double", {"N"}}, {"y2", "double", {"N"}}},
                      {{"S0", {{"i", 0}, {"j", 1}}, {0, 0, 0}, "[n] -> { S0[i, j] : " + d + " }", "x1[i]", "=",
                        "x1[i] + a[i][j] * y1[j]",
                        {"[n] -> { S0[i, j] -> x1[i] }", "[n] -> { S0[i, j] -> a[i, j] }", "[n] -> { S0[i, j] -> y1[j] }"},
                        {"[n] -> { S0[i, j] -> x1[i] }"}},
                       {"S1", {{"i", 2}, {"j", 3}}, {1, 0, 0}, "[n] -> { S1[i, j] : " + d + " }", "x2[i]", "=",
                        "x2[i] + a[j][i] * y2[j]",
                        {"[n] -> { S1[i, j] -> x2[i] }", "[n] -> { S1[i, j] -> a[j, i] }", "[n] -> { S1[i, j] -> y2[j] }"},
                        {"[n] -> { S1[i, j] -> x2[i] }"}}});
}

inline Program matmul_program() {
  const std::string src = R"(#include <stdio.h>
#define NI 29
#define NJ 31
#define NK 23
static double A[NI][NK], B[NK][NJ], C[NI][NJ];
static void kernel(int ni, int nj, int nk, double c[NI][NJ], double a[NI][NK], double b[NK][NJ]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      c[i][j] = 0.0;
      for (k = 0; k < nk; k++)
        c[i][j] += a[i][k] * b[k][j];
    }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++) A[i][k] = ((i + 2 * k) % 11) / 11.0;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++) B[k][j] = ((3 * k + j) % 13) / 13.0 - 0.5;
  kernel(NI, NJ, NK, C, A, B);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) printf("%.17g\n", C[i][j]);
  return 0;
}
)";
  const std::string p = "[ni, nj, nk] -> ";
  return make_program(src, {"ni", "nj", "nk"}, p + "{ : ni >= 0 and nj >= 0 and nk >= 0 }",
                      {{"a", "double", {"NI", "NK"}}, {"b", "double", {"NK", "NJ"}}, {"c", "double", {"NI", "NJ"}}},
                      {{"S0", {{"i", 0}, {"j", 1}}, {0, 0, 0}, p + "{ S0[i, j] : 0 <= i < ni and 0 <= j < nj }", "c[i][j]",
                        "=", "0.0", {}, {p + "{ S0[i, j] -> c[i, j] }"}},
                       {"S1", {{"i", 0}, {"j", 1}, {"k", 2}}, {0, 0, 1, 0},
                        p + "{ S1[i, j, k] : 0 <= i < ni and 0 <= j < nj and 0 <= k < nk }", "c[i][j]", "+=",
                        "a[i][k] * b[k][j]",
                        {p + "{ S1[i, j, k] -> c[i, j] }", p + "{ S1[i, j, k] -> a[i, k] }", p + "{ S1[i, j, k] -> b[k, j] }"},
                        {p + "{ S1[i, j, k] -> c[i, j] }"}}});
}

inline Program reverse_program() {
  const std::string src = R"(#include <stdio.h>
#define N 41
static double X[N], Y[N], B[N][N];
static void kernel(int n, double x[N], double y[N], double b[N][N]) {
  int i, j;
#pragma scop
  for (i = n - 1; i >= 1; i--)
    x[i] = x[i] + x[i - 1] * 0.5;
  for (i = n - 1; i >= 0; i--)
    for (j = n - 1; j >= 0; j--)
      y[i] = y[i] * 0.5 + b[i][j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) {
    X[i] = (i % 9) - 4.0; Y[i] = i * 0.125;
    for (int j = 0; j < N; j++) B[i][j] = ((i * j) % 7) * 0.5;
  }
  kernel(N, X, Y, B);
  for (int i = 0; i < N; i++) printf("%.17g %.17g\n", X[i], Y[i]);
  return 0;
}
)";
  return make_program(src, {"n"}, "[n] -> { : n >= 0 }",
                      {{"x", "double", {"N"}}, {"y", "double", {"N"}}, {"b", "double", {"N", "N"}}},
                      {{"S0", {{"i", 0, -1}}, {0, 0}, "[n] -> { S0[i] : 1 <= i <= n - 1 }", "x[i]", "=",
                        "x[i] + x[i - 1] * 0.5", {"[n] -> { S0[i] -> x[i] }", "[n] -> { S0[i] -> x[i - 1] }"},
                        {"[n] -> { S0[i] -> x[i] }"}},
                       {"S1", {{"i", 1, -1}, {"j", 2, -1}}, {1, 0, 0}, "[n] -> { S1[i, j] : 0 <= i < n and 0 <= j < n }",
                        "y[i]", "=", "y[i] * 0.5 + b[i][j]", {"[n] -> { S1[i, j] -> y[i] }", "[n] -> { S1[i, j] -> b[i, j] }"},
                        {"[n] -> { S1[i, j] -> y[i] }"}}});
}

inline Program stencil_if_program() {
  const std::string src = R"(#include <stdio.h>
#define N 24
#define TSTEPS 5
static double A[N][N], B[N][N];
static void kernel(int tsteps, int n, double a[N][N], double b[N][N]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        if (i + j >= n - 1)
          b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        if (i + j >= n - 1)
          a[i][j] = b[i][j];
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { A[i][j] = ((i * 5 + j * 3) % 17) / 17.0; B[i][j] = 0.0; }
  kernel(TSTEPS, N, A, B);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%.17g %.17g\n", A[i][j], B[i][j]);
  return 0;
}
)";
  const std::string p = "[tsteps, n] -> ";
  const std::string dom = "0 <= t < tsteps and 1 <= i < n - 1 and 1 <= j < n - 1 and i + j >= n - 1";
  return make_program(
      src, {"tsteps", "n"}, p + "{ : tsteps >= 0 and n >= 0 }", {{"a", "double", {"N", "N"}}, {"b", "double", {"N", "N"}}},
      {{"S0", {{"t", 0}, {"i", 1}, {"j", 2}}, {0, 0, 0, 0}, p + "{ S0[t, i, j] : " + dom + " }", "b[i][j]", "=",
        "0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1])",
        {p + "{ S0[t, i, j] -> a[i, j] }", p + "{ S0[t, i, j] -> a[i - 1, j] }", p + "{ S0[t, i, j] -> a[i + 1, j] }",
         p + "{ S0[t, i, j] -> a[i, j - 1] }", p + "{ S0[t, i, j] -> a[i, j + 1] }"},
        {p + "{ S0[t, i, j] -> b[i, j] }"}},
       {"S1", {{"t", 0}, {"i", 3}, {"j", 4}}, {0, 1, 0, 0}, p + "{ S1[t, i, j] : " + dom + " }", "a[i][j]", "=", "b[i][j]",
        {p + "{ S1[t, i, j] -> b[i, j] }"}, {p + "{ S1[t, i, j] -> a[i, j] }"}}});
}

inline Program scalar_program() {
  const std::string src = R"(#include <stdio.h>
#include <math.h>
#define N 53
static double X[N], R[2];
static void kernel(int n, double x[N], double r[2]) {
  int i;
  double s;
#pragma scop
  s = 0.0;
  for (i = 0; i < n; i++)
    s = s + x[i] * x[i];
  r[0] = sqrt(s);
  r[1] = s / n;
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) X[i] = ((i * 7) % 10) * 0.1 - 0.3;
  kernel(N, X, R);
  printf("%.17g %.17g\n", R[0], R[1]);
  return 0;
}
)";
  return make_program(src, {"n"}, "[n] -> { : n >= 1 }",
                      {{"x", "double", {"N"}}, {"r", "double", {"2"}}, {"s", "double", {}}},
                      {{"S0", {}, {0}, "[n] -> { S0[] }", "s", "=", "0.0", {}, {"[n] -> { S0[] -> s[] }"}},
                       {"S1", {{"i", 0}}, {1, 0}, "[n] -> { S1[i] : 0 <= i < n }", "s", "=", "s + x[i] * x[i]",
                        {"[n] -> { S1[i] -> s[] }", "[n] -> { S1[i] -> x[i] }"}, {"[n] -> { S1[i] -> s[] }"}},
                       {"S2", {}, {2}, "[n] -> { S2[] }", "r[0]", "=", "sqrt(s)", {"[n] -> { S2[] -> s[] }"},
                        {"[n] -> { S2[] -> r[0] }"}},
                       {"S3", {}, {3}, "[n] -> { S3[] }", "r[1]", "=", "s / n", {"[n] -> { S3[] -> s[] }"},
                        {"[n] -> { S3[] -> r[1] }"}}});
}

inline Program triangular_program() {
  const std::string src = R"(#include <stdio.h>
#define N 33
static double L[N][N];
static void kernel(int n, double l[N][N]) {
  int i, j;
#pragma scop
  for (i = 1; i < n; i++)
    for (j = 0; j < i; j++)
      l[i][j] = l[i][j] + l[i - 1][j] * 0.5;
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) L[i][j] = ((i + 3 * j) % 7) * 0.25;
  kernel(N, L);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%.17g\n", L[i][j]);
  return 0;
}
)";
  return make_program(src, {"n"}, "[n] -> { : n >= 0 }", {{"l", "double", {"N", "N"}}},
                      {{"S0", {{"i", 0}, {"j", 1}}, {0, 0, 0}, "[n] -> { S0[i, j] : 1 <= i < n and 0 <= j < i }", "l[i][j]",
                        "=", "l[i][j] + l[i - 1][j] * 0.5",
                        {"[n] -> { S0[i, j] -> l[i, j] }", "[n] -> { S0[i, j] -> l[i - 1, j] }"},
                        {"[n] -> { S0[i, j] -> l[i, j] }"}}});
}

inline std::vector<Kernel> all_kernels() {
  return {{"mvt", mvt_program},           {"matmul", matmul_program},   {"reverse", reverse_program},
          {"stencil_if", stencil_if_program}, {"scalar", scalar_program}, {"triangular", triangular_program}};
}

}  // namespace loopscape::testing

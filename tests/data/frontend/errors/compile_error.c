double A[100];

void kernel(int n) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = undeclared_value + 1.0;
#pragma endscop
}

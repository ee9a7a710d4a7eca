struct pt { double x, y; };
struct pt P[100];

void kernel(int n) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    P[i].x = 0.0;
#pragma endscop
}

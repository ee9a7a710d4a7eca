/*
 * conv3x3.c -- OUT := IN convolved with the 3x3 weights K (a reduction over
 * the window, as a convolution layer or a sharpening filter computes it).
 */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include <polybench.h>
#include "conv3x3.h"


static
void init_array(int w, int h,
                DATA_TYPE POLYBENCH_2D(K,3,3,3,3),
                DATA_TYPE POLYBENCH_2D(IN,H,W,h,w),
                DATA_TYPE POLYBENCH_2D(OUT,H,W,h,w))
{
  int i, j;

  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      K[i][j] = (DATA_TYPE) ((i * 3 + j) % 5 - 2) / 8;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++) {
      IN[i][j] = (DATA_TYPE) ((i * 7 + j * 13) % 256) / 16;
      OUT[i][j] = SCALAR_VAL(0.0);
    }
}


static
void print_array(int w, int h,
                 DATA_TYPE POLYBENCH_2D(OUT,H,W,h,w))
{
  int i, j;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("OUT");
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++) {
      if ((i * w + j) % 20 == 0) fprintf (POLYBENCH_DUMP_TARGET, "\n");
      fprintf (POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, OUT[i][j]);
    }
  POLYBENCH_DUMP_END("OUT");
  POLYBENCH_DUMP_FINISH;
}


static
void kernel_conv3x3(int w, int h,
                    DATA_TYPE POLYBENCH_2D(K,3,3,3,3),
                    DATA_TYPE POLYBENCH_2D(IN,H,W,h,w),
                    DATA_TYPE POLYBENCH_2D(OUT,H,W,h,w))
{
  int i, j, a, b;

#pragma scop
  for (i = 1; i < _PB_H - 1; i++)
    for (j = 1; j < _PB_W - 1; j++) {
      OUT[i][j] = SCALAR_VAL(0.0);
      for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
          OUT[i][j] += K[a][b] * IN[i + a - 1][j + b - 1];
    }
#pragma endscop
}


int main(int argc, char** argv)
{
  int w = W;
  int h = H;

  POLYBENCH_2D_ARRAY_DECL(K,DATA_TYPE,3,3,3,3);
  POLYBENCH_2D_ARRAY_DECL(IN,DATA_TYPE,H,W,h,w);
  POLYBENCH_2D_ARRAY_DECL(OUT,DATA_TYPE,H,W,h,w);

  init_array (w, h, POLYBENCH_ARRAY(K), POLYBENCH_ARRAY(IN), POLYBENCH_ARRAY(OUT));

  polybench_start_instruments;

  kernel_conv3x3 (w, h, POLYBENCH_ARRAY(K), POLYBENCH_ARRAY(IN), POLYBENCH_ARRAY(OUT));

  polybench_stop_instruments;
  polybench_print_instruments;

  /* Live-out: OUT. */
  polybench_prevent_dce(print_array(w, h, POLYBENCH_ARRAY(OUT)));

  POLYBENCH_FREE_ARRAY(K);
  POLYBENCH_FREE_ARRAY(IN);
  POLYBENCH_FREE_ARRAY(OUT);

  return 0;
}

/*
 * blur.c -- the two-stage 3x3 box blur (Halide's introductory pipeline):
 * T is IN blurred along rows, OUT is T blurred along columns. T is a
 * temporary of the kernel, as the row blur is a stage inside Halide's
 * pipeline: a schedule may keep as little of it as the column blur needs.
 * At LARGE it is 200 MB on the stack: run with `ulimit -s unlimited`
 * (bench/polybench_speed.sh does).
 */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include <polybench.h>
#include "blur.h"


static
void init_array(int w, int h,
                DATA_TYPE POLYBENCH_2D(IN,H,W,h,w),
                DATA_TYPE POLYBENCH_2D(OUT,H,W,h,w))
{
  int i, j;

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
void kernel_blur(int w, int h,
                 DATA_TYPE POLYBENCH_2D(IN,H,W,h,w),
                 DATA_TYPE POLYBENCH_2D(OUT,H,W,h,w))
{
  int i, j;
  DATA_TYPE T[H][W];

#pragma scop
  for (i = 0; i < _PB_H; i++)
    for (j = 1; j < _PB_W - 1; j++)
      T[i][j] = (IN[i][j - 1] + IN[i][j] + IN[i][j + 1]) / SCALAR_VAL(3.0);
  for (i = 1; i < _PB_H - 1; i++)
    for (j = 1; j < _PB_W - 1; j++)
      OUT[i][j] = (T[i - 1][j] + T[i][j] + T[i + 1][j]) / SCALAR_VAL(3.0);
#pragma endscop
}


int main(int argc, char** argv)
{
  int w = W;
  int h = H;

  POLYBENCH_2D_ARRAY_DECL(IN,DATA_TYPE,H,W,h,w);
  POLYBENCH_2D_ARRAY_DECL(OUT,DATA_TYPE,H,W,h,w);

  init_array (w, h, POLYBENCH_ARRAY(IN), POLYBENCH_ARRAY(OUT));

  /* Untimed first call: the 200 MB temporary's pages are mapped before the
     timed one, as they are in a program that runs the blur more than once. */
  kernel_blur (w, h, POLYBENCH_ARRAY(IN), POLYBENCH_ARRAY(OUT));

  polybench_start_instruments;

  kernel_blur (w, h, POLYBENCH_ARRAY(IN), POLYBENCH_ARRAY(OUT));

  polybench_stop_instruments;
  polybench_print_instruments;

  /* Live-out: OUT. */
  polybench_prevent_dce(print_array(w, h, POLYBENCH_ARRAY(OUT)));

  POLYBENCH_FREE_ARRAY(IN);
  POLYBENCH_FREE_ARRAY(OUT);

  return 0;
}

/* TSVC_2 kernel s3110: reductions / if to max with index reductio 2 dimensions / similar to S315.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s3110(real_t aa[LEN_2D][LEN_2D], real_t result[1])
{
    int xindex, yindex;
    real_t max, chksum;
#pragma scop
    max = aa[(0)][0];
    xindex = 0;
    yindex = 0;
    for (int i = 0; i < LEN_2D; i++) {
        for (int j = 0; j < LEN_2D; j++) {
            if (aa[i][j] > max) {
                max = aa[i][j];
                xindex = i;
                yindex = j;
            }
        }
    }
    chksum = max + (real_t) xindex + (real_t) yindex;
    result[0] = chksum;
#pragma endscop
}

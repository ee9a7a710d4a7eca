/* TSVC_2 kernel vpvts: control loops / vector plus vector times scalar.
   Arguments from TSVC_2's main(): s = *(int*)&s1 (TSVC_2 reads the real_t 1.0 as an int).
   (verify cannot set real_t s: --param takes integers; its harness passes 1.5)
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void vpvts(real_t a[LEN_1D], real_t b[LEN_1D], real_t s)
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        a[i] += b[i] * s;
    }
#pragma endscop
}

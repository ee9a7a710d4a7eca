// Problem sizes of the test suite, chosen by -DTIRAMISU_SMALL or -DTIRAMISU_MEDIUM (as PolyBench-Tiramisu does).
#pragma once
#if TIRAMISU_MEDIUM
#define N 181
#define M 97
#else
#define N 37
#define M 23
#endif

/*
 * polybench.c -- run-time part of Loopscape's PolyBench/C 4.2 stand-in.
 *
 * Independent re-implementation for Loopscape's test corpus: page-aligned
 * array allocation (with optional inter-array padding), cache trashing
 * before timing, and a wall-clock / TSC timer.  See polybench.h.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sched.h>

#include "polybench.h"

#ifndef POLYBENCH_CACHE_SIZE_KB
#  define POLYBENCH_CACHE_SIZE_KB 32770 /* a little over 32 MiB */
#endif

#define PB_ALIGNMENT 4096

double polybench_program_total_flops = 0;

static double pb_t_start, pb_t_end;
static unsigned long long pb_c_start, pb_c_end;

/* ---------------------------------------------------------------- */
/* Allocation.                                                       */
/* ---------------------------------------------------------------- */

/* With inter-array padding the pointer handed to the user is shifted
   from the one malloc returned; remember both so polybench_free_data
   can release the right block.  A small singly-linked list suffices:
   benchmarks allocate a handful of arrays. */
struct pb_block
{
  void* user;
  void* real;
  struct pb_block* next;
};
static struct pb_block* pb_blocks = NULL;
static unsigned long long pb_padding_so_far = 0;

static void* pb_aligned_malloc(size_t bytes)
{
  void* p = NULL;
  if (bytes == 0)
    bytes = 1;
  if (posix_memalign(&p, PB_ALIGNMENT, bytes) != 0 || p == NULL)
    {
      fprintf(stderr, "[PolyBench] cannot allocate %lu bytes\n",
              (unsigned long) bytes);
      exit(1);
    }
  return p;
}

void* polybench_alloc_data(unsigned long long int n, int elt_size)
{
  size_t bytes = (size_t) n * (size_t) elt_size;
#ifdef POLYBENCH_ENABLE_INTARRAY_PAD
  /* Each successive array is shifted a further PADDING_FACTOR bytes. */
  pb_padding_so_far += POLYBENCH_INTER_ARRAY_PADDING_FACTOR;
  {
    char* real = (char*) pb_aligned_malloc(bytes + pb_padding_so_far);
    struct pb_block* b = (struct pb_block*) malloc(sizeof *b);
    if (b == NULL)
      {
        fprintf(stderr, "[PolyBench] out of memory\n");
        exit(1);
      }
    b->real = real;
    b->user = real + pb_padding_so_far;
    b->next = pb_blocks;
    pb_blocks = b;
    return b->user;
  }
#else
  (void) pb_blocks;
  (void) pb_padding_so_far;
  return pb_aligned_malloc(bytes);
#endif
}

void polybench_free_data(void* ptr)
{
  struct pb_block** link = &pb_blocks;
  while (*link != NULL)
    {
      struct pb_block* b = *link;
      if (b->user == ptr)
        {
          *link = b->next;
          free(b->real);
          free(b);
          return;
        }
      link = &b->next;
    }
  /* Not a padded block: it came straight from posix_memalign. */
  free(ptr);
}

/* ---------------------------------------------------------------- */
/* Cache trashing and scheduling.                                    */
/* ---------------------------------------------------------------- */

void polybench_flush_cache(void)
{
  size_t count = (size_t) POLYBENCH_CACHE_SIZE_KB * 1024 / sizeof(double);
  double* buf = (double*) calloc(count, sizeof(double));
  volatile double acc = 0.0;
  size_t i;
  if (buf == NULL)
    return;
  for (i = 0; i < count; i++)
    acc += buf[i];
  if (acc > 10.0)
    fprintf(stderr, "[PolyBench] cache flush buffer was not zero\n");
  free(buf);
}

#ifdef POLYBENCH_LINUX_FIFO_SCHEDULER
static void pb_set_scheduler(int policy)
{
  struct sched_param sp;
  memset(&sp, 0, sizeof sp);
  sp.sched_priority = sched_get_priority_max(policy);
  (void) sched_setscheduler(0, policy, &sp);
}
#endif

void polybench_prepare_instruments(void)
{
#ifndef POLYBENCH_NO_FLUSH_CACHE
  polybench_flush_cache();
#endif
#ifdef POLYBENCH_LINUX_FIFO_SCHEDULER
  pb_set_scheduler(SCHED_FIFO);
#endif
}

/* ---------------------------------------------------------------- */
/* Timing.                                                           */
/* ---------------------------------------------------------------- */

static double pb_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1.0e-9;
}

static unsigned long long pb_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
  unsigned int lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long) hi << 32) | lo;
#else
  return (unsigned long long) (pb_now() * 1.0e9);
#endif
}

void polybench_timer_start(void)
{
  polybench_prepare_instruments();
#ifdef POLYBENCH_CYCLE_ACCURATE_TIMER
  pb_c_start = pb_cycles();
#else
  pb_t_start = pb_now();
#endif
}

void polybench_timer_stop(void)
{
#ifdef POLYBENCH_CYCLE_ACCURATE_TIMER
  pb_c_end = pb_cycles();
#else
  pb_t_end = pb_now();
#endif
#ifdef POLYBENCH_LINUX_FIFO_SCHEDULER
  pb_set_scheduler(SCHED_OTHER);
#endif
}

void polybench_timer_print(void)
{
#if defined(POLYBENCH_GFLOPS)
  double secs = pb_t_end - pb_t_start;
  if (polybench_program_total_flops == 0)
    {
      printf("[PolyBench][WARNING] Program flops not defined, "
             "use polybench_set_program_flops(value)\n");
      printf("%0.6lf\n", secs);
    }
  else
    printf("%0.2lf\n", polybench_program_total_flops / secs / 1.0e9);
#elif defined(POLYBENCH_CYCLE_ACCURATE_TIMER)
  printf("%llu\n", pb_c_end - pb_c_start);
#else
  printf("%0.6f\n", pb_t_end - pb_t_start);
#endif
  (void) pb_cycles;
  (void) pb_c_start; (void) pb_c_end;
}

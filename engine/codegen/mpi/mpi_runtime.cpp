// SPDX-License-Identifier: Apache-2.0
#include "codegen/mpi/mpi_runtime.h"

namespace loopscape {

std::string mpi_runtime_prelude() {
  return R"(#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef LOOPSCAPE_MPI_RUNTIME
#define LOOPSCAPE_MPI_RUNTIME
/* Loopscape's MPI runtime: distributed loops run in blocks, exchanges are non-blocking. */
static int ls_mpi_started_here = 0;
static long long ls_mpi_bytes = 0, ls_mpi_messages = 0;
static MPI_Request *ls_mpi_requests = 0;
static void **ls_mpi_buffers = 0;
static int *ls_mpi_is_receive = 0;
static int ls_mpi_pending = 0, ls_mpi_capacity = 0;

static void ls_mpi_finalize(void) {
  int done = 0;
  MPI_Finalized(&done);
  if (!done) MPI_Finalize();
}

/* Starts MPI when the program has not, and finalises it at exit. */
static void ls_mpi_start(void) {
  int ready = 0;
  MPI_Initialized(&ready);
  if (!ready) {
    MPI_Init(NULL, NULL);
    ls_mpi_started_here = 1;
    atexit(ls_mpi_finalize);
  }
}

/* MPI starts before main, so that neither the region's time nor the program's
   own timers count its start-up; define LOOPSCAPE_MPI_LAZY_INIT for programs
   that start MPI themselves. */
#ifndef LOOPSCAPE_MPI_LAZY_INIT
__attribute__((constructor)) static void ls_mpi_start_early(void) { ls_mpi_start(); }
#endif

static inline void ls_mpi_begin(int *rank, int *size) {
  ls_mpi_start();
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
}

/* Rank `rank` of `size` runs the values [*lo, *hi] of [lower, upper]. */
static inline void ls_mpi_block(long lower, long upper, int rank, int size, long *lo, long *hi) {
  long count = upper - lower + 1;
  if (count < 0) count = 0;
  const long block = (count + size - 1) / size;
  *lo = lower + rank * block;
  *hi = *lo + block - 1;
  if (*hi > upper) *hi = upper;
}

/* The rank that runs value v of the distributed loops; -1 when no rank does. */
static inline int ls_mpi_owner(long lower, long upper, long v, int size) {
  if (v < lower || v > upper) return -1;
  const long block = (upper - lower + size) / size;
  return (int)((v - lower) / block);
}

static inline void ls_mpi_track(MPI_Request request, void *buffer, int is_receive) {
  if (ls_mpi_pending == ls_mpi_capacity) {
    ls_mpi_capacity = ls_mpi_capacity ? 2 * ls_mpi_capacity : 16;
    ls_mpi_requests = (MPI_Request *)realloc(ls_mpi_requests, ls_mpi_capacity * sizeof(MPI_Request));
    ls_mpi_buffers = (void **)realloc(ls_mpi_buffers, ls_mpi_capacity * sizeof(void *));
    ls_mpi_is_receive = (int *)realloc(ls_mpi_is_receive, ls_mpi_capacity * sizeof(int));
    if (!ls_mpi_requests || !ls_mpi_buffers || !ls_mpi_is_receive) MPI_Abort(MPI_COMM_WORLD, 1);
  }
  ls_mpi_requests[ls_mpi_pending] = request;
  ls_mpi_buffers[ls_mpi_pending] = buffer;
  ls_mpi_is_receive[ls_mpi_pending] = is_receive;
  ls_mpi_pending++;
}

static inline void *ls_mpi_buffer(long bytes) {
  void *buffer = malloc(bytes > 0 ? (size_t)bytes : 1);
  if (!buffer) MPI_Abort(MPI_COMM_WORLD, 1);
  return buffer;
}

static inline void ls_mpi_isend(void *buffer, long bytes, int to, int tag) {
  MPI_Request request;
  MPI_Isend(buffer, (int)bytes, MPI_BYTE, to, tag, MPI_COMM_WORLD, &request);
  ls_mpi_track(request, buffer, 0);
  ls_mpi_bytes += bytes;
  ls_mpi_messages++;
}

/* A message the program's own send/receive commands sent. */
static inline void ls_mpi_count(long bytes) {
  ls_mpi_bytes += bytes;
  ls_mpi_messages++;
}

static inline void ls_mpi_irecv(long bytes, int from, int tag) {
  void *buffer = ls_mpi_buffer(bytes);
  MPI_Request request;
  MPI_Irecv(buffer, (int)bytes, MPI_BYTE, from, tag, MPI_COMM_WORLD, &request);
  ls_mpi_track(request, buffer, 1);
}

/* Waits for every posted message; send buffers are freed, receive buffers kept. */
static inline void ls_mpi_wait(void) {
  MPI_Waitall(ls_mpi_pending, ls_mpi_requests, MPI_STATUSES_IGNORE);
  for (int k = 0; k < ls_mpi_pending; k++)
    if (!ls_mpi_is_receive[k]) {
      free(ls_mpi_buffers[k]);
      ls_mpi_buffers[k] = 0;
    }
}

/* The k-th receive posted since the last release, in posting order. */
static inline void *ls_mpi_received(int k) {
  for (int m = 0; m < ls_mpi_pending; m++)
    if (ls_mpi_is_receive[m] && k-- == 0) return ls_mpi_buffers[m];
  MPI_Abort(MPI_COMM_WORLD, 1);
  return 0;
}

static inline void ls_mpi_release(void) {
  for (int k = 0; k < ls_mpi_pending; k++) free(ls_mpi_buffers[k]);
  ls_mpi_pending = 0;
}

/* The region is over: rank 0 reports the traffic; when Loopscape started MPI,
   the other ranks stay silent, so the program's output is rank 0's. */
static inline void ls_mpi_end(int rank) {
  long long mine[2] = {ls_mpi_bytes, ls_mpi_messages}, all[2] = {0, 0};
  MPI_Reduce(mine, all, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  const char *report = getenv(")" + std::string(kMpiReportVariable) + R"(");
  if (rank == 0 && report && *report) {
    FILE *f = fopen(report, "w");
    if (f) {
      fprintf(f, "%lld %lld\n", all[0], all[1]);
      fclose(f);
    }
  }
  if (rank != 0 && ls_mpi_started_here) {
    fflush(stdout);
    fflush(stderr);
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) MPI_Abort(MPI_COMM_WORLD, 1);
  }
}
#endif
)";
}

}  // namespace loopscape

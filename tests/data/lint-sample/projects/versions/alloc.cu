#include <cstdio>
#include "features.h"

void *device_alloc(size_t bytes, cudaStream_t s) {
  void *p = nullptr;
#if CUDART_VERSION >= 11020
  cudaMallocAsync(&p, bytes, s);
#else
  cudaMalloc(&p, bytes);
#endif
  return p;
}

bool supports_graph_update() {
  int runtimeVersion = 0;
  cudaRuntimeGetVersion(&runtimeVersion);
  return runtimeVersion >= 11010;
}

void print_versions() {
  int rt = 0, drv = 0;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  printf("runtime %d.%d driver %d.%d\n", rt / 1000, (rt % 1000) / 10, drv / 1000, (drv % 1000) / 10);
  if (drv < rt) fprintf(stderr, "driver older than runtime\n");
}

int pick_kernel() {
  int v = 0;
  cudaDriverGetVersion(&v);
  if (v >= 12030) return 2;
  if (v >= 11080) return 1;
  return 0;
}

#if CUDART_VERSION >= 11000 && !defined(PROJ_USE_HIP)
static const bool kGraphs = true;
#else
static const bool kGraphs = false;
#endif

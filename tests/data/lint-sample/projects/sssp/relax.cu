#include <cuda_runtime.h>
#include <cfloat>

// Distance relaxation: the toolkit has no double atomicMin.
__device__ double atomicMin(double *addr, double value) {
  unsigned long long *p = (unsigned long long *)addr;
  unsigned long long cur = *p;
  while (value < __longlong_as_double(cur)) {
    unsigned long long prev = atomicCAS(p, cur, __double_as_longlong(value));
    if (prev == cur) break;
    cur = prev;
  }
  return __longlong_as_double(cur);
}

__device__ int __ffsll(unsigned long long mask) {
  return mask == 0 ? 0 : __ffs((unsigned)(mask & 0xffffffffu)) ? __ffs((unsigned)mask) : 32 + __ffs((unsigned)(mask >> 32));
}

__global__ void relax(const int *rowptr, const int *col, const double *w, double *dist,
                      const unsigned long long *frontier, int words) {
  int wid = blockIdx.x * blockDim.x + threadIdx.x;
  if (wid >= words) return;
  unsigned long long bits = frontier[wid];
  while (bits) {
    int b = __ffsll(bits) - 1;
    bits &= bits - 1;
    int u = wid * 64 + b;
    for (int e = rowptr[u]; e < rowptr[u + 1]; ++e) atomicMin(&dist[col[e]], dist[u] + w[e]);
  }
}

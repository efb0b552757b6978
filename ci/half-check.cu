// Compares the half-precision definitions hipify-rs inserts below HIP 5.5/5.7 (shim_body.h, written
// by ci/half-check from its own output) with CUDA's, on an NVIDIA GPU: __hmax/__hmin on every pair of
// __half bit patterns (NaNs, signed zeros, infinities, subnormals), __hmax2/__hmin2 on both lanes of
// every pair, and atomicAdd on __half/__half2: one add per element with its neighbour in the same
// 32-bit word updated at once (old values and final words), and 2^20 adds of 1.0 to 8 elements.
#include <cstdio>
#include <cuda_fp16.h>
#include "shim_body.h"

#define U unsigned

__global__ void bounds(unsigned long long *bad) {
  U a = blockIdx.x;
  for (U b = threadIdx.x; b < 65536; b += blockDim.x) {
    __half x = __ushort_as_half(a), y = __ushort_as_half(b);
    __half2 p = __halves2half2(x, y), q = __halves2half2(y, x);
    __half2 M = hipify_rs_hmax2(p, q), m = hipify_rs_hmin2(p, q), CM = __hmax2(p, q), Cm = __hmin2(p, q);
    U got[6] = {__half_as_ushort(hipify_rs_half_max(x, y)), __half_as_ushort(hipify_rs_half_min(x, y)),
                __half_as_ushort(__low2half(M)) | (U)__half_as_ushort(__high2half(M)) << 16,
                __half_as_ushort(__low2half(m)) | (U)__half_as_ushort(__high2half(m)) << 16};
    U want[6] = {__half_as_ushort(__hmax(x, y)), __half_as_ushort(__hmin(x, y)),
                 __half_as_ushort(__low2half(CM)) | (U)__half_as_ushort(__high2half(CM)) << 16,
                 __half_as_ushort(__low2half(Cm)) | (U)__half_as_ushort(__high2half(Cm)) << 16};
    for (int k = 0; k < 4; ++k)
      if (got[k] != want[k]) atomicAdd(&bad[k], 1ull);
  }
}

// m: CUDA's atomics, n: the shims', on the same words.
__global__ void atomics(U *m, U *n, unsigned long long *bad, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  U r = i * 2654435761u;
  __half v = __ushort_as_half(r >> 16);
  __half o1 = atomicAdd((__half *)m + i, v), o2 = hipify_rs_atomicAdd((__half *)n + i, v);
  if (__half_as_ushort(o1) != __half_as_ushort(o2)) atomicAdd(&bad[4], 1ull);
  __half2 w = __halves2half2(v, __ushort_as_half(r));
  __half2 p1 = atomicAdd((__half2 *)m + N + i, w), p2 = hipify_rs_atomicAdd((__half2 *)n + N + i, w);
  if (*(U *)&p1 != *(U *)&p2) atomicAdd(&bad[4], 1ull);
  __half one = __float2half(1.0f);
  atomicAdd((__half *)m + 4 * N + (i & 7), one);
  hipify_rs_atomicAdd((__half *)n + 4 * N + (i & 7), one);
  atomicAdd((__half2 *)m + 3 * N + (i & 7), __halves2half2(one, one));
  hipify_rs_atomicAdd((__half2 *)n + 3 * N + (i & 7), __halves2half2(one, one));
}

int main() {
  const int N = 1 << 20;
  unsigned long long *bad;
  U *m, *n;
  cudaMallocManaged(&bad, 6 * sizeof(unsigned long long));
  cudaMallocManaged(&m, 4 * N * sizeof(U));
  cudaMallocManaged(&n, 4 * N * sizeof(U));
  for (int k = 0; k < 6; ++k) bad[k] = 0;
  for (int i = 0; i < 4 * N; ++i) m[i] = n[i] = i * 40503u;
  bounds<<<65536, 256>>>(bad);
  atomics<<<N / 256, 256>>>(m, n, bad, N);
  cudaError_t e = cudaDeviceSynchronize();
  for (int i = 0; i < 4 * N; ++i) bad[5] += m[i] != n[i];
  const char *names[6] = {"__hmax", "__hmin", "__hmax2", "__hmin2", "atomicAdd old values", "atomicAdd final words"};
  unsigned long long total = 0;
  for (int k = 0; k < 6; ++k) {
    printf("%-22s %llu differ\n", names[k], bad[k]);
    total += bad[k];
  }
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess || total != 0;
}

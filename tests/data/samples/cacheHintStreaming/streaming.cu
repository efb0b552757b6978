// Streaming kernels with cache-operator load/store intrinsics (CUDA C++
// Programming Guide, "Load Functions Using Cache Hints" / "Store Functions
// Using Cache Hints"): data read once is loaded with evict-first hints so it
// does not displace reused data in L2, and results are written through.

#include <cstdio>
#include <cuda_runtime.h>
#include "helper_cuda.h"

__global__ void stream_triad(const float4 *__restrict__ a, const float4 *__restrict__ b,
                             float4 *__restrict__ c, float s, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
    float4 x = __ldcs(&a[i]);  // streaming: used once
    float4 y = __ldcs(&b[i]);
    float4 r = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
    __stcs(&c[i], r);
  }
}

__global__ void gather_reuse(const int *__restrict__ idx, const float *__restrict__ table,
                             float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j = __ldcg(&idx[i]);         // cache in L2 only
    float v = __ldca(&table[j]);     // cache at all levels: reused
    float w = __ldlu(&table[(j + 1) % n]);
    __stwt(&out[i], v + w);          // write through
    __stcg(&out[i], __ldcv(&out[i]) * 0.5f);
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 22, n4 = n / 4;
  float *a, *b, *c, *t, *o;
  int *idx;
  checkCudaErrors(cudaMalloc(&a, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&b, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&c, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&t, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&o, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&idx, n * sizeof(int)));
  checkCudaErrors(cudaMemset(a, 0, n * sizeof(float)));
  checkCudaErrors(cudaMemset(b, 0, n * sizeof(float)));
  checkCudaErrors(cudaMemset(t, 0, n * sizeof(float)));
  checkCudaErrors(cudaMemset(idx, 0, n * sizeof(int)));

  stream_triad<<<1024, 256>>>((const float4 *)a, (const float4 *)b, (float4 *)c, 3.0f, n4);
  gather_reuse<<<(n + 255) / 256, 256>>>(idx, t, o, n);
  getLastCudaError("streaming kernels failed");
  checkCudaErrors(cudaDeviceSynchronize());
  printf("done\n");
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(t); cudaFree(o); cudaFree(idx);
  return 0;
}

// Streaming loads and stores with cache hints (as in fused elementwise
// kernels): HIP declares __ldcs/__ldcg for half types only.
#include <cuda_fp16.h>
#include "common.cuh"

__global__ void axpy_stream(const float *__restrict__ x, const float4 *__restrict__ y4,
                            float4 *out4, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  float4 y = __ldcs(&y4[i]);
  float s = __ldcg(x + i);
  out4[i] = make_float4(a * s + y.x, a * s + y.y, a * s + y.z, a * s + y.w);
}

__global__ void half_copy(const __half *__restrict__ src, __half *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = __ldcs(src + i);
}

__global__ void ro_gather(const int *__restrict__ idx, const double *__restrict__ v,
                          double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __ldg(&v[__ldca(idx + i)]);
}

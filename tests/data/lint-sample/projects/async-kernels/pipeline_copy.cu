// Ampere-style double buffering with the primitives API (CUDA Programming
// Guide, "Asynchronous Data Copies using cuda::pipeline", primitives form).
#include <cuda_pipeline.h>

__global__ void stage_sum(const float* __restrict__ in, float* out, int tiles) {
  __shared__ float buf[2][256];
  float acc = 0.f;
  __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      __pipeline_memcpy_async(&buf[(t + 1) & 1][threadIdx.x], &in[(t + 1) * 256 + threadIdx.x], sizeof(float));
    }
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += buf[t & 1][threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

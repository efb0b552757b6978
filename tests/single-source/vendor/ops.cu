#include <cstdio>
#include <cstdlib>
#include "common.cuh"

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

void run(float *x, int n, cudaStream_t s) {
  float *tmp;
  cudaStreamAttrValue attr = {};  // the project's HIP layer maps it
  (void)attr;
  CUDA_CHECK(cudaMalloc(&tmp, n * sizeof(float)));
  scale<<<(n + 255) / 256, 256, 0, s>>>(x, 2.0f, n);
  CUDA_CHECK(cudaStreamSynchronize(s));
  CUDA_CHECK(cudaFree(tmp));
}

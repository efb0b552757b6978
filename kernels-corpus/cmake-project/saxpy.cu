// corpus: cmake; saxpy kernel of the CMake project (self-test main unless SAXPY_LIBRARY)
#include <cstdio>
#include <cuda_runtime.h>

#include "saxpy.h"

__global__ void saxpy_kernel(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    y[i] = a * x[i] + y[i];
  }
}

cudaError_t launch_saxpy(int n, float a, const float* x, float* y, cudaStream_t stream) {
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  if (blocks > 1024) blocks = 1024;
  saxpy_kernel<<<blocks, threads, 0, stream>>>(n, a, x, y);
  return cudaGetLastError();
}

#ifndef SAXPY_LIBRARY
#define CHECK(call)                                                      \
  do {                                                                   \
    cudaError_t e_ = (call);                                             \
    if (e_ != cudaSuccess) {                                             \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
      return 1;                                                          \
    }                                                                    \
  } while (0)

int main() {
  const int n = 1 << 16;
  static float hx[n], hy[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i % 7);
    hy[i] = 1.0f;
  }
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(launch_saxpy(n, 2.0f, dx, dy, 0));
  CHECK(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += hy[i] != 2.0f * float(i % 7) + 1.0f;
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  std::printf("saxpy: %d mismatches\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
#endif

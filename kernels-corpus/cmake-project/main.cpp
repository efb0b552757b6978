// corpus: cmake; host program of the CMake project: plain C++ on the runtime API
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "saxpy.h"

static int check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::printf("%s failed: %s\nFAIL\n", what, cudaGetErrorString(e));
    return 1;
  }
  return 0;
}

int main() {
  const int n = 4096;
  std::vector<float> x(n), y(n, 3.0f);
  for (int i = 0; i < n; ++i) x[i] = float(i % 5);
  float *dx = nullptr, *dy = nullptr;
  cudaStream_t stream;
  if (check(cudaStreamCreate(&stream), "cudaStreamCreate") ||
      check(cudaMalloc(&dx, n * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc(&dy, n * sizeof(float)), "cudaMalloc") ||
      check(cudaMemcpyAsync(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream), "copy x") ||
      check(cudaMemcpyAsync(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream), "copy y") ||
      check(launch_saxpy(n, 0.5f, dx, dy, stream), "launch_saxpy") ||
      check(cudaMemcpyAsync(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost, stream), "copy back") ||
      check(cudaStreamSynchronize(stream), "cudaStreamSynchronize"))
    return 1;
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += y[i] != 0.5f * float(i % 5) + 3.0f;
  (void)cudaFree(dx);
  (void)cudaFree(dy);
  (void)cudaStreamDestroy(stream);
  std::printf("saxpy_demo: %d mismatches\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}

// corpus: kernel; __launch_bounds__ (max threads, min blocks) checked through cudaFuncGetAttributes
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

#define MAX_THREADS 256
#define MIN_BLOCKS 2

__global__ void __launch_bounds__(MAX_THREADS, MIN_BLOCKS)
polyKernel(const float* __restrict__ x, float* __restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = ((2.0f * v + 3.0f) * v - 1.0f) * v + 0.5f;
  }
}

__global__ void __launch_bounds__(128) smallBlockKernel(int* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x - (int)threadIdx.x;
}

int main() {
  cudaFuncAttributes attr;
  CUDA_CHECK(cudaFuncGetAttributes(&attr, polyKernel));
  printf("polyKernel maxThreadsPerBlock <= %d: %s\n", MAX_THREADS,
         attr.maxThreadsPerBlock > 0 && attr.maxThreadsPerBlock <= MAX_THREADS ? "ok" : "FAIL");
  cudaFuncAttributes attr2;
  CUDA_CHECK(cudaFuncGetAttributes(&attr2, smallBlockKernel));
  printf("smallBlockKernel maxThreadsPerBlock <= 128: %s\n",
         attr2.maxThreadsPerBlock > 0 && attr2.maxThreadsPerBlock <= 128 ? "ok" : "FAIL");
  bool ok = attr.maxThreadsPerBlock <= MAX_THREADS && attr2.maxThreadsPerBlock <= 128;

  const int n = 5000;
  float *x, *y;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = (float)(i % 10) * 0.5f;
  polyKernel<<<(n + MAX_THREADS - 1) / MAX_THREADS, MAX_THREADS>>>(x, y, n);
  CUDA_CHECK(cudaGetLastError());
  int* out;
  CUDA_CHECK(cudaMallocManaged(&out, 4 * 128 * sizeof(int)));
  smallBlockKernel<<<4, 128>>>(out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  double sum = 0;
  for (int i = 0; i < n; ++i) {
    float v = x[i];
    float e = ((2.0f * v + 3.0f) * v - 1.0f) * v + 0.5f;  // exact for these inputs
    if (y[i] != e) ok = false;
    sum += y[i];
  }
  long long s2 = 0;
  for (int i = 0; i < 512; ++i) s2 += out[i];
  printf("poly sum = %.2f, small-block sum = %lld\n", sum, s2);
  ok = ok && s2 == 128LL * (0 + 1 + 2 + 3) - 4LL * (127 * 128 / 2);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

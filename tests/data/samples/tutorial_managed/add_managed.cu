// "An Even Easier Introduction to CUDA" (NVIDIA developer blog), updated:
// unified memory with prefetching and a grid-stride loop, plus the
// Stack Overflow style gpuErrchk() error check everybody copies.

#include <iostream>
#include <math.h>
#include <cstdio>
#include <cuda_runtime.h>

#define gpuErrchk(ans) \
  { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line,
                      bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file,
            line);
    if (abort) exit(code);
  }
}

// Kernel function to add the elements of two arrays
__global__ void add(int n, float *x, float *y) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}

// Kernel to initialize the arrays on the GPU
__global__ void init(int n, float *x, float *y) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = index; i < n; i += stride) {
    x[i] = 1.0f;
    y[i] = 2.0f;
  }
}

int main(void) {
  int N = 1 << 20;
  float *x, *y;

  // Allocate Unified Memory -- accessible from CPU or GPU
  gpuErrchk(cudaMallocManaged(&x, N * sizeof(float)));
  gpuErrchk(cudaMallocManaged(&y, N * sizeof(float)));

  int device = -1;
  gpuErrchk(cudaGetDevice(&device));

  // Prefetch the data to the GPU
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = device;
  gpuErrchk(cudaMemPrefetchAsync(x, N * sizeof(float), loc, 0));
  gpuErrchk(cudaMemPrefetchAsync(y, N * sizeof(float), loc, 0));

  // Launch kernel on 1M elements on the GPU
  int blockSize = 256;
  int numBlocks = (N + blockSize - 1) / blockSize;
  init<<<numBlocks, blockSize>>>(N, x, y);
  add<<<numBlocks, blockSize>>>(N, x, y);
  gpuErrchk(cudaPeekAtLastError());

  // Wait for GPU to finish before accessing on host
  gpuErrchk(cudaDeviceSynchronize());

  // prefetch back to the host before reading
  cudaMemLocation host = {};
  host.type = cudaMemLocationTypeHost;
  gpuErrchk(cudaMemPrefetchAsync(y, N * sizeof(float), host, 0));
  gpuErrchk(cudaDeviceSynchronize());

  // Check for errors (all values should be 3.0f)
  float maxError = 0.0f;
  for (int i = 0; i < N; i++) maxError = fmax(maxError, fabs(y[i] - 3.0f));
  std::cout << "Max error: " << maxError << std::endl;

  // Free memory
  cudaFree(x);
  cudaFree(y);

  return 0;
}

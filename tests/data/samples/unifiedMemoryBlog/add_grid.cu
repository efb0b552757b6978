// "An Even Easier Introduction to CUDA" / "Unified Memory for CUDA
// Beginners" (NVIDIA developer blog, Mark Harris), as the posts' code reads
// with CUDA 13's location-based prefetch and advice: a grid-stride add over
// cudaMallocManaged memory, prefetched to the GPU before the launch and back
// to the CPU before the check, a read-mostly hint, and the
// concurrentManagedAccess attribute that decides whether to prefetch.
#include <iostream>
#include <math.h>

// Kernel function to add the elements of two arrays
__global__ void add(int n, float *x, float *y) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}

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
  cudaMallocManaged(&x, N * sizeof(float));
  cudaMallocManaged(&y, N * sizeof(float));

  int device = -1;
  cudaGetDevice(&device);
  int concurrentAccess = 0;
  cudaDeviceGetAttribute(&concurrentAccess, cudaDevAttrConcurrentManagedAccess, device);

  int blockSize = 256;
  int numBlocks = (N + blockSize - 1) / blockSize;

  if (concurrentAccess) {
    // Prefetch the data to the GPU
    cudaMemLocation gpu = {};
    gpu.type = cudaMemLocationTypeDevice;
    gpu.id = device;
    cudaMemAdvise(x, N * sizeof(float), cudaMemAdviseSetReadMostly, gpu);
    cudaMemPrefetchAsync(x, N * sizeof(float), gpu, 0, 0);
    cudaMemPrefetchAsync(y, N * sizeof(float), gpu, 0, 0);
  }
  init<<<numBlocks, blockSize>>>(N, x, y);

  // Run kernel on 1M elements on the GPU
  add<<<numBlocks, blockSize>>>(N, x, y);

  if (concurrentAccess) {
    cudaMemLocation cpu = {};
    cpu.type = cudaMemLocationTypeHost;
    cudaMemPrefetchAsync(y, N * sizeof(float), cpu, 0, 0);
  }

  // Wait for GPU to finish before accessing on host
  cudaDeviceSynchronize();

  // Check for errors (all values should be 3.0f)
  float maxError = 0.0f;
  for (int i = 0; i < N; i++) maxError = fmax(maxError, fabs(y[i] - 3.0f));
  std::cout << "Max error: " << maxError << std::endl;

  // Free memory
  cudaFree(x);
  cudaFree(y);
  return 0;
}

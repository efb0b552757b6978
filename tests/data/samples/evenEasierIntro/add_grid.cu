// "An Even Easier Introduction to CUDA" (NVIDIA developer blog, 2017; revised
// for CUDA 13): add() over unified memory with a grid-stride loop, the
// location-based prefetch the revised post adds, and the error check in std::cout.
#include <cmath>
#include <iostream>

// Kernel function to add the elements of two arrays
__global__ void add(int n, float *x, float *y) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}

int main(void) {
  int N = 1 << 20;
  float *x, *y;

  // Allocate Unified Memory -- accessible from CPU or GPU
  cudaMallocManaged(&x, N * sizeof(float));
  cudaMallocManaged(&y, N * sizeof(float));

  // initialize x and y arrays on the host
  for (int i = 0; i < N; i++) {
    x[i] = 1.0f;
    y[i] = 2.0f;
  }

  // Prefetch the x and y arrays to the GPU
  int device = -1;
  cudaGetDevice(&device);
  cudaMemLocation location;
  location.type = cudaMemLocationTypeDevice;
  location.id = device;
  cudaMemPrefetchAsync(x, N * sizeof(float), location, 0);
  cudaMemPrefetchAsync(y, N * sizeof(float), location, 0);

  // Run kernel on 1M elements on the GPU
  int blockSize = 256;
  int numBlocks = (N + blockSize - 1) / blockSize;
  add<<<numBlocks, blockSize>>>(N, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) std::cout << "Launch error: " << cudaGetErrorString(err) << std::endl;

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

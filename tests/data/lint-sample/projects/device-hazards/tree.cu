// Adaptive refinement with dynamic parallelism: a cell kernel launches its
// children from the device.
#include <cstdio>
#include "common.cuh"

__global__ void refine(float *cells, int depth, int n);

__device__ void spawn(float *cells, int depth, int n) {
  if (depth < 4 && n > 64) {
    refine<<<n / 64, 64>>>(cells, depth + 1, n / 2);
  }
}

__global__ void refine(float *cells, int depth, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) cells[i] *= 0.5f;
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    refine<<<(n + 127) / 128, 128, 0, s>>>(cells + n / 2, depth + 1, n / 2);
    spawn(cells, depth, n);
  }
}

template <typename T>
__global__ void scale(T *v, T f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= f;
}

template <typename T>
__global__ void scale_all(T *v, T f, int n) {
  if (threadIdx.x == 0) scale<T><<<(n + BLOCK_THREADS - 1) / BLOCK_THREADS, BLOCK_THREADS>>>(v, f, n);
}

// The host launches: nothing to say.
void run(float *d, int n) {
  refine<<<(n + 127) / 128, 128>>>(d, 0, n);
  scale_all<float><<<1, 32>>>(d, 2.0f, n);
  CUDA_CHECK(cudaDeviceSynchronize());
}

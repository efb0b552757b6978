// A project that names nvcc and hipcc apart (Eigen 3.4's Macros.h): its
// CUDA include sits in a branch hipcc does not take, so the compat header
// is also included at the file's top, where HIP reads it.
#if defined(__CUDACC__)
#define PROJ_CUDACC __CUDACC__
#endif
#if defined(__HIPCC__)
#define PROJ_HIPCC __HIPCC__
#endif

#if defined(PROJ_CUDACC)
#include <cuda_runtime.h>
#elif defined(PROJ_HIPCC)
#include <hip/hip_runtime.h>
#endif

__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 1.0f;
}

int run(int n) {
  float *x;
  if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess) return 1;
  fill<<<(n + 255) / 256, 256>>>(x, n);
  return cudaFree(x) != cudaSuccess;
}

// "Using Shared Memory in CUDA C/C++" (NVIDIA developer blog, Mark Harris):
// static and dynamic shared arrays, and several dynamic arrays carved out of
// one extern __shared__ buffer; an inline checkCuda() over every call.
#include <assert.h>
#include <stdio.h>

inline cudaError_t checkCuda(cudaError_t result) {
#if defined(DEBUG) || defined(_DEBUG)
  if (result != cudaSuccess) {
    fprintf(stderr, "CUDA Runtime Error: %s\n", cudaGetErrorString(result));
    assert(result == cudaSuccess);
  }
#endif
  return result;
}

__global__ void staticReverse(int *d, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int tr = n - t - 1;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[tr];
}

__global__ void dynamicReverse(int *d, int n) {
  extern __shared__ int s[];
  int t = threadIdx.x;
  int tr = n - t - 1;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[tr];
}

// Several arrays in one dynamic allocation: the launch gives the total size.
__global__ void partitionedReverse(int *d, float *f, int n) {
  extern __shared__ int shared[];
  int *integerData = shared;                      // n ints
  float *floatData = (float *)&integerData[n];    // n floats
  int t = threadIdx.x;
  integerData[t] = d[t];
  floatData[t] = f[t];
  __syncthreads();
  d[t] = integerData[n - t - 1];
  f[t] = floatData[n - t - 1];
}

int main(void) {
  const int n = 64;
  int a[n], r[n], d[n];
  float fa[n];
  for (int i = 0; i < n; i++) {
    a[i] = i;
    r[i] = n - i - 1;
    d[i] = 0;
    fa[i] = 0.5f * i;
  }

  int *d_d;
  float *d_f;
  checkCuda(cudaMalloc(&d_d, n * sizeof(int)));
  checkCuda(cudaMalloc(&d_f, n * sizeof(float)));

  // run version with static shared memory
  checkCuda(cudaMemcpy(d_d, a, n * sizeof(int), cudaMemcpyHostToDevice));
  staticReverse<<<1, n>>>(d_d, n);
  checkCuda(cudaMemcpy(d, d_d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (d[i] != r[i]) printf("Error: d[%d]!=r[%d] (%d, %d)\n", i, i, d[i], r[i]);

  // run dynamic shared memory version
  checkCuda(cudaMemcpy(d_d, a, n * sizeof(int), cudaMemcpyHostToDevice));
  dynamicReverse<<<1, n, n * sizeof(int)>>>(d_d, n);
  checkCuda(cudaMemcpy(d, d_d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (d[i] != r[i]) printf("Error: d[%d]!=r[%d] (%d, %d)\n", i, i, d[i], r[i]);

  // two arrays in one dynamic allocation
  checkCuda(cudaMemcpy(d_d, a, n * sizeof(int), cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(d_f, fa, n * sizeof(float), cudaMemcpyHostToDevice));
  partitionedReverse<<<1, n, n * sizeof(int) + n * sizeof(float)>>>(d_d, d_f, n);
  checkCuda(cudaGetLastError());
  checkCuda(cudaMemcpy(d, d_d, n * sizeof(int), cudaMemcpyDeviceToHost));

  // the bank size, as the post's "shared memory bank conflicts" section reads it
  cudaSharedMemConfig config;
  checkCuda(cudaDeviceGetSharedMemConfig(&config));
  printf("bank size: %s\n", config == cudaSharedMemBankSizeEightByte ? "8 bytes" : "4 bytes");

  checkCuda(cudaFree(d_f));
  checkCuda(cudaFree(d_d));
  return 0;
}

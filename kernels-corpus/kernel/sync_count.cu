// corpus: kernel; block-wide predicates __syncthreads_count, __syncthreads_and, __syncthreads_or
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

// Per block: how many elements are positive, are all even, is any zero.
__global__ void blockPredicates(const int* data, int n, int3* result) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? data[i] : 2;  // padding lanes count as even, never positive or zero
  int positive = (i < n) && v > 0;
  int even = (v % 2) == 0;
  int zero = (i < n) && v == 0;
  int count = __syncthreads_count(positive);
  int allEven = __syncthreads_and(even);
  int anyZero = __syncthreads_or(zero);
  if (threadIdx.x == 0) result[blockIdx.x] = make_int3(count, allEven != 0, anyZero != 0);
}

int main() {
  const int threads = 256, blocks = 6, n = blocks * threads - 100;
  int* h = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) {
    int b = i / threads;
    // block 0: all even; block 1: has a zero; others: mixed
    if (b == 0) h[i] = 2 * (i % 5) - 4;
    else if (b == 1) h[i] = (i == 300) ? 0 : 2 * i + 1;
    else h[i] = (i % 3) - 1;
  }
  int* d;
  int3* d_res;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_res, blocks * sizeof(int3)));
  CUDA_CHECK(cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice));
  blockPredicates<<<blocks, threads>>>(d, n, d_res);
  CUDA_CHECK(cudaGetLastError());
  int3 res[blocks];
  CUDA_CHECK(cudaMemcpy(res, d_res, sizeof(res), cudaMemcpyDeviceToHost));

  bool ok = true;
  for (int b = 0; b < blocks; ++b) {
    int cnt = 0, allEven = 1, anyZero = 0;
    for (int t = 0; t < threads; ++t) {
      int i = b * threads + t;
      int v = i < n ? h[i] : 2;
      cnt += (i < n) && v > 0;
      allEven &= (v % 2) == 0;
      anyZero |= (i < n) && v == 0;
    }
    bool match = res[b].x == cnt && res[b].y == allEven && res[b].z == anyZero;
    ok = ok && match;
    printf("block %d: count(positive)=%d and(even)=%d or(zero)=%d %s\n", b, res[b].x, res[b].y,
           res[b].z, match ? "ok" : "FAIL");
  }
  CUDA_CHECK(cudaFree(d));
  CUDA_CHECK(cudaFree(d_res));
  free(h);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

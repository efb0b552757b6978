// corpus: hazards; hard-coded warp size 32: threadIdx.x % 32, threadIdx.x / 32, __shared__ float warpSums[32], shuffle offsets from 16
// expected diagnostics: hard-coded warp size 32 (literal 32 in lane/warp index arithmetic, warpSums[32], reduction starting at offset 16): wrong on 64-wide AMD wavefronts; use warpSize
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

__inline__ __device__ float warpReduce(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void blockSum(const float* in, float* out, int n) {
  __shared__ float warpSums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int warpId = threadIdx.x / 32;
  float v = i < n ? in[i] : 0.0f;
  v = warpReduce(v);
  if (lane == 0) warpSums[warpId] = v;
  __syncthreads();
  if (warpId == 0) {
    v = lane < blockDim.x / 32 ? warpSums[lane] : 0.0f;
    v = warpReduce(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

int main() {
  const int n = 100000, threads = 1024, blocks = (n + threads - 1) / threads;
  float *in, *out;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, blocks * sizeof(float)));
  for (int i = 0; i < n; ++i) in[i] = (float)(i % 4);
  blockSum<<<blocks, threads>>>(in, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double total = 0;
  for (int b = 0; b < blocks; ++b) total += out[b];
  double expect = 0;
  for (int i = 0; i < n; ++i) expect += i % 4;
  printf("block sums total = %.0f (expected %.0f)\n", total, expect);
  bool ok = total == expect;
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// corpus: hazards; ballot result kept in a 32-bit unsigned and counted with __popc, lane bit tests with 1u << lane
// expected diagnostics: warp mask stored in 32-bit 'unsigned' (__ballot_sync result, __popc, 1u << lane): truncates on 64-wide AMD wavefronts (gfx90a); use a 64-bit mask and __popcll
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

// Stream compaction inside a warp using the ballot mask.
__global__ void countAndRank(const int* in, int n, int* warpCounts, int* ranks) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  bool pred = i < n && (in[i] & 1);
  unsigned mask = __ballot_sync(0xffffffff, pred);
  int count = __popc(mask);
  unsigned lowerLanes = mask & ((1u << lane) - 1u);
  if (pred) ranks[i] = __popc(lowerLanes);
  else if (i < n) ranks[i] = -1;
  if (lane == 0) warpCounts[i / 32] = count;
}

int main() {
  const int n = 1024;
  int *in, *counts, *ranks;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&counts, n / 32 * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&ranks, n * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = (i * 7) % 10;
  countAndRank<<<n / 128, 128>>>(in, n, counts, ranks);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  bool ok = true;
  int total = 0;
  for (int w = 0; w < n / 32; ++w) {
    int c = 0;
    for (int l = 0; l < 32; ++l) {
      int i = w * 32 + l;
      if (in[i] & 1) {
        ok = ok && ranks[i] == c;
        ++c;
      } else {
        ok = ok && ranks[i] == -1;
      }
    }
    ok = ok && counts[w] == c;
    total += counts[w];
  }
  printf("odd elements = %d, warp0 count = %d\n", total, counts[0]);
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(counts));
  CUDA_CHECK(cudaFree(ranks));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// corpus: hazards; __activemask() for the set of converged lanes, inside and outside a divergent branch
// expected diagnostics: __activemask has no HIP 5.2 equivalent (HIP 5.2 offers __ballot(1)); its 32-bit unsigned result also truncates on 64-wide wavefronts
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

// blockDim.x is a multiple of the warp size, so every warp is full.
__global__ void activeKernel(int* fullWarps, int* branchLanes) {
  int lane = threadIdx.x % warpSize;
  unsigned long long all = __activemask();
  if (lane == 0 && __popcll(all) == warpSize) atomicAdd(fullWarps, 1);
  if (lane < 8) {
    unsigned long long some = __activemask();
    // converged lanes of this branch: at most the 8 that took it, including this one
    if (lane == 0 && __popcll(some) >= 1 && __popcll(some) <= 8 && (some & 1ull)) atomicAdd(branchLanes, 1);
  }
}

int main() {
  const int threads = 256, blocks = 4;
  int* d;
  CUDA_CHECK(cudaMalloc(&d, 2 * sizeof(int)));
  CUDA_CHECK(cudaMemset(d, 0, 2 * sizeof(int)));
  activeKernel<<<blocks, threads>>>(d, d + 1);
  CUDA_CHECK(cudaGetLastError());
  int h[2];
  CUDA_CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  int warpSizeHost = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&warpSizeHost, cudaDevAttrWarpSize, 0));
  int warps = blocks * threads / warpSizeHost;
  printf("full warps seen: %s\n", h[0] == warps ? "ok" : "FAIL");
  printf("branch masks sane: %s\n", h[1] == warps ? "ok" : "FAIL");
  bool ok = h[0] == warps && h[1] == warps;
  CUDA_CHECK(cudaFree(d));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// corpus: hazards; inline PTX asm (%laneid, %warpid-free lane math) inside a device helper
// expected diagnostics: inline PTX assembly (asm volatile with "mov.u32 %0, %%laneid;") cannot be translated to HIP; AMD needs __lane_id() or threadIdx.x % warpSize
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

__device__ __forceinline__ unsigned int laneId() {
  unsigned int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ __forceinline__ int addViaPtx(int a, int b) {
  int r;
  asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__global__ void laneKernel(int* mismatches, int* sum) {
  unsigned int lane = laneId();
  if (lane != threadIdx.x % warpSize) atomicAdd(mismatches, 1);
  atomicAdd(sum, addViaPtx((int)lane, 1) > 0 ? 1 : 0);
}

int main() {
  int* d;
  CUDA_CHECK(cudaMalloc(&d, 2 * sizeof(int)));
  CUDA_CHECK(cudaMemset(d, 0, 2 * sizeof(int)));
  laneKernel<<<4, 256>>>(d, d + 1);
  CUDA_CHECK(cudaGetLastError());
  int h[2];
  CUDA_CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  printf("lane id mismatches = %d, threads counted = %d\n", h[0], h[1]);
  bool ok = h[0] == 0 && h[1] == 1024;
  CUDA_CHECK(cudaFree(d));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

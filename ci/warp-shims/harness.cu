// The warp shims hipify-rs writes for AMD GPUs (__match_*_sync below HIP 6.2,
// __reduce_*_sync), checked against CUDA's own builtins on an NVIDIA GPU (32-lane
// warps): hip_ballot/hip_shfl stand for HIP's __ballot/__shfl over the active lanes.
// Built and run by ci/warp-shims/run.
#include <cstdio>
#include <cstdlib>
__device__ inline unsigned long long hip_ballot(int p) { return __ballot_sync(__activemask(), p); }
__device__ inline unsigned long long hip_shfl(unsigned long long v, int src) { return __shfl_sync(__activemask(), v, src); }
__device__ inline unsigned int hip_shfl(unsigned int v, int src) { return __shfl_sync(__activemask(), v, src); }
__device__ inline int hip_shfl(int v, int src) { return __shfl_sync(__activemask(), v, src); }
#include "shims.inc"

__global__ void check(const int *keys, const float *fk, const double *dk, int *bad, int pattern) {
  int lane = threadIdx.x % 32;
  // active lanes: a pattern of early exits
  if ((pattern >> (lane % 8)) & 1 && pattern != 0 && (lane % 3 == 0)) return;
  unsigned m = __activemask();
  int k = keys[threadIdx.x];
  if ((unsigned)shim__match_any_sync(m, k) != __match_any_sync(m, k)) atomicAdd(bad, 1);
  if ((unsigned)shim__match_any_sync(m, fk[threadIdx.x]) != __match_any_sync(m, fk[threadIdx.x])) atomicAdd(bad + 1, 1);
  if ((unsigned)shim__match_any_sync(m, dk[threadIdx.x]) != __match_any_sync(m, dk[threadIdx.x])) atomicAdd(bad + 1, 1);
  int p1 = 0, p2 = 0;
  unsigned a1 = (unsigned)shim__match_all_sync(m, k % 2, &p1), a2 = __match_all_sync(m, k % 2, &p2);
  if (a1 != a2 || p1 != p2) atomicAdd(bad + 2, 1);
  unsigned b1 = (unsigned)shim__match_all_sync(m, 7, &p1), b2 = __match_all_sync(m, 7, &p2);
  if (b1 != b2 || p1 != p2) atomicAdd(bad + 2, 1);
  unsigned u = (unsigned)k * 2654435761u;
  if (shim__reduce_add_sync(m, u) != __reduce_add_sync(m, u)) atomicAdd(bad + 3, 1);
  if (shim__reduce_add_sync(m, k - 50) != __reduce_add_sync(m, k - 50)) atomicAdd(bad + 3, 1);
  if (shim__reduce_min_sync(m, k - 50) != __reduce_min_sync(m, k - 50)) atomicAdd(bad + 3, 1);
  if (shim__reduce_max_sync(m, u) != __reduce_max_sync(m, u)) atomicAdd(bad + 3, 1);
  if (shim__reduce_and_sync(m, u) != __reduce_and_sync(m, u)) atomicAdd(bad + 3, 1);
  if (shim__reduce_or_sync(m, u) != __reduce_or_sync(m, u)) atomicAdd(bad + 3, 1);
  if (shim__reduce_xor_sync(m, u) != __reduce_xor_sync(m, u)) atomicAdd(bad + 3, 1);
  // partial masks: even and odd lanes each reduce their own half, at once
  unsigned half = m & ((lane % 2) ? 0xaaaaaaaau : 0x55555555u);
  if (shim__reduce_add_sync(half, u) != __reduce_add_sync(half, u)) atomicAdd(bad + 4, 1);
  if (shim__reduce_min_sync(half, k) != __reduce_min_sync(half, k)) atomicAdd(bad + 4, 1);
  if ((unsigned)shim__match_any_sync(half, k) != __match_any_sync(half, k)) atomicAdd(bad + 4, 1);
  atomicAdd(bad + 5, 1);
}

int main() {
  const int n = 256;
  int *keys, *bad; float *fk; double *dk;
  if (cudaMallocManaged(&keys, n * sizeof(int)) != cudaSuccess) {
    printf("no CUDA device: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 2;
  }
  cudaMallocManaged(&fk, n * sizeof(float));
  cudaMallocManaged(&dk, n * sizeof(double)); cudaMallocManaged(&bad, 6 * sizeof(int));
  long total[6] = {0};
  for (int trial = 0; trial < 200; trial++) {
    int distinct = 1 + trial % 9;
    for (int i = 0; i < n; i++) {
      keys[i] = rand() % distinct;
      fk[i] = (keys[i] == 3) ? __builtin_nanf("") : (keys[i] == 4 ? -0.0f : (float)keys[i]);
      dk[i] = keys[i] == 5 ? 0.0 : keys[i] * 0.5;
    }
    for (int j = 0; j < 6; j++) bad[j] = 0;
    check<<<2, 128>>>(keys, fk, dk, bad, trial % 256);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("error %s\n", cudaGetErrorString(e)); return 1; }
    for (int j = 0; j < 6; j++) total[j] += bad[j];
  }
  printf("mismatches: match_any %ld, match_any float/double %ld, match_all %ld, reduce %ld, partial masks %ld; lane-checks %ld\n",
         total[0], total[1], total[2], total[3], total[4], total[5]);
  return (total[0] + total[1] + total[2] + total[3] + total[4]) != 0;
}

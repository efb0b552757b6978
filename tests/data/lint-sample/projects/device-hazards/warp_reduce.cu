// The warp constant comes from common.cuh.
#include "common.cuh"

__device__ float warp_sum(float v) {
  for (unsigned o = WARP_SIZE / 2; o > 0; o /= 2)
    v += __shfl_down_sync(FULL_MASK, v, o);
  return v;
}

__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[BLOCK_THREADS / WARP_SIZE];
  int lane = threadIdx.x % WARP_SIZE;
  int warp = threadIdx.x / WARP_SIZE;
  float v = warp_sum(in[blockIdx.x * BLOCK_THREADS + threadIdx.x]);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < BLOCK_THREADS / WARP_SIZE ? partial[lane] : 0.f;
    v = warp_sum(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

__device__ unsigned lane_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__device__ float fast_rcp(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

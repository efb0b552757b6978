#include <cstdio>
#include <cstdlib>
#include "common.h"

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__inline__ __device__ float warpReduceMax(float val) {
  for (int mask = 16; mask > 0; mask >>= 1)
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask, 32));
  return val;
}

__global__ void row_sum(const float *in, float *out, int cols) {
  __shared__ float partial[WARPS_PER_BLOCK];
  int lane = threadIdx.x % WARP_SIZE;
  int wid = threadIdx.x / WARP_SIZE;
  float s = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += in[blockIdx.x * cols + c];
  s = warpReduceSum(s);
  if (lane == 0) partial[wid] = s;
  __syncthreads();
  if (wid == 0) {
    s = lane < WARPS_PER_BLOCK ? partial[lane] : 0.f;
    s = warpReduceSum(s);
    if (lane == 0) out[blockIdx.x] = s;
  }
}

__global__ void count_positive(const float *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool pred = i < n && in[i] > 0.f;
  unsigned ballot = __ballot_sync(FULL_MASK, pred);
  if ((threadIdx.x & 31) == 0) atomicAdd(count, __popc(ballot));
}

__global__ void compact(const int *in, int *out, int *pos, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 0x1f;
  int keep = i < n && in[i] != 0;
  unsigned int mask = __activemask();
  unsigned int votes = __ballot_sync(mask, keep);
  int leader = __ffs(votes) - 1;
  int offset = __popc(votes & ((1u << lane) - 1));
  int base = 0;
  if (lane == leader) base = atomicAdd(pos, __popc(votes));
  base = __shfl_sync(mask, base, leader);
  if (keep) out[base + offset] = in[i];
}

__global__ void segmented_max(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : -INFINITY;
  v = warpReduceMax(v);
  if (threadIdx.x % 32 == 0) out[i >> 5] = v;
}

__global__ void transpose_tile(const float *in, float *out, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

int launch(const float *d_in, float *d_out, int rows, int cols) {
  int dev = 0;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  if (prop.warpSize != 32) {
    fprintf(stderr, "this kernel assumes 32-thread warps\n");
    return 1;
  }
  row_sum<<<rows, BLOCK_SIZE>>>(d_in, d_out, cols);
  return 0;
}

// Warp and block reductions in the style of LeetCUDA (CUDA-Learn-Notes):
// WARP_SIZE and access macros over reinterpret_cast (FLOAT4, HALF2, BFLOAT2,
// LDST128BITS), __shfl_xor_sync reductions templated on kWarpSize, and
// half2/bf162 arithmetic with float accumulation.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define WARP_SIZE 32
#define INT4(value) (reinterpret_cast<int4 *>(&(value))[0])
#define FLOAT4(value) (reinterpret_cast<float4 *>(&(value))[0])
#define HALF2(value) (reinterpret_cast<half2 *>(&(value))[0])
#define BFLOAT2(value) (reinterpret_cast<__nv_bfloat162 *>(&(value))[0])
#define LDST128BITS(value) (reinterpret_cast<float4 *>(&(value))[0])

template <const int kWarpSize = WARP_SIZE>
__device__ __forceinline__ float warp_reduce_sum_f32(float val) {
#pragma unroll
  for (int mask = kWarpSize >> 1; mask >= 1; mask >>= 1) {
    val += __shfl_xor_sync(0xffffffff, val, mask);
  }
  return val;
}

template <const int kWarpSize = WARP_SIZE>
__device__ __forceinline__ half warp_reduce_sum_f16_f16(half val) {
#pragma unroll
  for (int mask = kWarpSize >> 1; mask >= 1; mask >>= 1) {
    val = __hadd(val, __shfl_xor_sync(0xffffffff, val, mask));
  }
  return val;
}

template <const int NUM_THREADS = 256>
__device__ float block_reduce_sum_f32(float val) {
  constexpr int NUM_WARPS = (NUM_THREADS + WARP_SIZE - 1) / WARP_SIZE;
  int warp = threadIdx.x / WARP_SIZE;
  int lane = threadIdx.x % WARP_SIZE;
  static __shared__ float shared[NUM_WARPS];
  val = warp_reduce_sum_f32<WARP_SIZE>(val);
  if (lane == 0) shared[warp] = val;
  __syncthreads();
  val = (lane < NUM_WARPS) ? shared[lane] : 0.0f;
  val = warp_reduce_sum_f32<NUM_WARPS>(val);
  return val;
}

// Each thread reads four floats with one 128-bit load.
template <const int NUM_THREADS = 256 / 4>
__global__ void block_all_reduce_sum_f32x4_f32_kernel(float *a, float *y, int N) {
  int idx = (blockIdx.x * NUM_THREADS + threadIdx.x) * 4;
  float4 reg_a = FLOAT4(a[idx]);
  float sum = (idx < N) ? (reg_a.x + reg_a.y + reg_a.z + reg_a.w) : 0.0f;
  sum = block_reduce_sum_f32<NUM_THREADS>(sum);
  if (threadIdx.x == 0) atomicAdd(y, sum);
}

// Eight halves per thread through LDST128BITS, added as half2 pairs.
template <const int NUM_THREADS = 256 / 8>
__global__ void block_all_reduce_sum_f16x8_pack_f32_kernel(half *a, float *y, int N) {
  int idx = (blockIdx.x * NUM_THREADS + threadIdx.x) * 8;
  half pack_a[8];
  LDST128BITS(pack_a[0]) = LDST128BITS(a[idx]);
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i += 2) {
    half2 v = HALF2(pack_a[i]);
    sum += (idx + i < N) ? __half2float(v.x) + __half2float(v.y) : 0.0f;
  }
  sum = block_reduce_sum_f32<NUM_THREADS>(sum);
  if (threadIdx.x == 0) atomicAdd(y, sum);
}

// bf16 pairs multiplied then summed: a dot product.
__global__ void dot_prod_bf16x2_f32_kernel(__nv_bfloat16 *a, __nv_bfloat16 *b, float *y, int N) {
  int idx = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  float prod = 0.0f;
  if (idx + 1 < N) {
    __nv_bfloat162 p = __hmul2(BFLOAT2(a[idx]), BFLOAT2(b[idx]));
    prod = __bfloat162float(p.x) + __bfloat162float(p.y);
  }
  prod = block_reduce_sum_f32<256>(prod);
  if (threadIdx.x == 0) atomicAdd(y, prod);
}

int main() {
  const int N = 1 << 20;
  float *a, *y;
  half *h;
  __nv_bfloat16 *b0, *b1;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&h, N * sizeof(half));
  cudaMalloc(&b0, N * sizeof(__nv_bfloat16));
  cudaMalloc(&b1, N * sizeof(__nv_bfloat16));
  cudaMalloc(&y, sizeof(float));
  cudaMemset(a, 0, N * sizeof(float));
  cudaMemset(y, 0, sizeof(float));
  block_all_reduce_sum_f32x4_f32_kernel<64><<<N / 256, 64>>>(a, y, N);
  block_all_reduce_sum_f16x8_pack_f32_kernel<32><<<N / 256, 32>>>(h, y, N);
  dot_prod_bf16x2_f32_kernel<<<N / 512, 256>>>(b0, b1, y, N);
  float result = 0.0f;
  cudaMemcpy(&result, y, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum = %f (%s)\n", result, cudaGetErrorString(cudaGetLastError()));
  cudaFree(a);
  cudaFree(h);
  cudaFree(b0);
  cudaFree(b1);
  cudaFree(y);
  return 0;
}

// Attention's softmax and activations in the style of llm.c's dev/cuda
// kernels: one warp per row through cg::tiled_partition<32>, its maximum and
// sum by cg::reduce with cg::greater and cg::plus, streaming loads (__ldcs),
// an autoregressive mask; and bf16 pairs as its train_gpt2.cu writes them
// for activations: ReLU and a clamp by __hmax2/__hmin2, a scale by '/',
// a mask compared with __hgt2, GELU in float per lane.
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

void cuda_check(cudaError_t error, const char *file, int line) {
  if (error != cudaSuccess) {
    printf("[CUDA ERROR] at file %s:%d:\n%s\n", file, line, cudaGetErrorString(error));
    exit(EXIT_FAILURE);
  }
}
#define cudaCheck(err) (cuda_check(err, __FILE__, __LINE__))

// softmax_forward_kernel5: scores of one query against keys up to its own
// position (autoregressive), exp of each minus the row maximum, normalised.
__global__ void softmax_forward_kernel5(float *out, float inv_temperature, const float *inp, int N, int T) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = (gridDim.x - blockIdx.x - 1) * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N * T) return;
  int own_pos = idx % T;
  const float *x = inp + idx * T;
  float maxval = -FLT_MAX;
  for (int i = warp.thread_rank(); i <= own_pos; i += warp.size()) {
    maxval = fmaxf(maxval, __ldcs(x + i));
  }
  maxval = cg::reduce(warp, maxval, cg::greater<float>{});
  float sumval = 0.0f;
  for (int i = warp.thread_rank(); i <= own_pos; i += warp.size()) {
    sumval += expf(inv_temperature * (__ldcs(x + i) - maxval));
  }
  sumval = cg::reduce(warp, sumval, cg::plus<float>{});
  float norm = 1.f / sumval;
  for (int i = warp.thread_rank(); i < T; ++i) {
    float ev = i <= own_pos ? expf(inv_temperature * (__ldcs(x + i) - maxval)) : 0.f;
    __stcs(out + idx * T + i, ev * norm);
  }
}

typedef __nv_bfloat16 floatX;
typedef __nv_bfloat162 floatX2;

__global__ void relu_clamp_bf16x2(floatX2 *act, floatX2 cap, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    floatX2 zero = __float2bfloat162_rn(0.0f);
    act[i] = __hmin2(__hmax2(act[i], zero), cap);
  }
}

__global__ void scale_mask_bf16x2(floatX2 *scores, const floatX2 *keep, floatX2 scale, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    floatX2 s = scores[i] / scale;
    floatX2 m = __hgt2(keep[i], __float2bfloat162_rn(0.5f));
    scores[i] = s * m;
  }
}

__global__ void gelu_forward_bf16x2(floatX2 *out, const floatX2 *inp, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    float2 x = __bfloat1622float2(inp[i]);
    float cx = x.x * x.x * x.x, cy = x.y * x.y * x.y;
    float gx = 0.5f * x.x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x.x + 0.044715f * cx)));
    float gy = 0.5f * x.y * (1.0f + tanhf(GELU_SCALING_FACTOR * (x.y + 0.044715f * cy)));
    out[i] = __floats2bfloat162_rn(gx, gy);
  }
}

__global__ void row_absmax_bf16(const floatX *x, floatX *out, int cols) {
  const floatX *row = x + blockIdx.x * cols;
  floatX m = __float2bfloat16(0.0f);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = __hmax(m, __habs(row[c]));
  out[blockIdx.x * blockDim.x + threadIdx.x] = m;
}

int main() {
  int B = 4, NH = 12, T = 64;
  int N = B * NH;
  float *d_inp, *d_out;
  cudaCheck(cudaMalloc(&d_inp, N * T * T * sizeof(float)));
  cudaCheck(cudaMalloc(&d_out, N * T * T * sizeof(float)));
  cudaCheck(cudaMemset(d_inp, 0, N * T * T * sizeof(float)));
  int block_size = 256;
  int grid_size = CEIL_DIV(N * T * 32, block_size);
  softmax_forward_kernel5<<<grid_size, block_size>>>(d_out, 1.0f / sqrtf(64.0f), d_inp, N, T);
  cudaCheck(cudaGetLastError());

  int n2 = 1 << 16;
  floatX2 *d_act, *d_keep;
  cudaCheck(cudaMalloc(&d_act, n2 * sizeof(floatX2)));
  cudaCheck(cudaMalloc(&d_keep, n2 * sizeof(floatX2)));
  relu_clamp_bf16x2<<<CEIL_DIV(n2, 256), 256>>>(d_act, __float2bfloat162_rn(6.0f), n2);
  scale_mask_bf16x2<<<CEIL_DIV(n2, 256), 256>>>(d_act, d_keep, __float2bfloat162_rn(8.0f), n2);
  gelu_forward_bf16x2<<<CEIL_DIV(n2, 256), 256>>>(d_act, d_act, n2);
  cudaCheck(cudaDeviceSynchronize());
  float h0;
  cudaCheck(cudaMemcpy(&h0, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  printf("out[0] = %f\n", h0);
  cudaCheck(cudaFree(d_inp));
  cudaCheck(cudaFree(d_out));
  cudaCheck(cudaFree(d_act));
  cudaCheck(cudaFree(d_keep));
  return 0;
}

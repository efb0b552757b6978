// Fused attention with WMMA tiles; libcu++ for atomics and spans.
#include <mma.h>
#include <cuda/std/atomic>
#include <cuda/std/span>
#include <cuda/barrier>
#include <cuda_fp16.h>

using namespace nvcuda;

__global__ void qk_tile(const half *q, const half *k, float *s, int d) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int i = 0; i < d; i += 16) {
    wmma::load_matrix_sync(a, q + i, d);
    wmma::load_matrix_sync(b, k + i, d);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(s, acc, 16, wmma::mem_row_major);
}

__global__ void count_rows(cuda::std::atomic<int> *counter, int rows) {
  if (blockIdx.x * blockDim.x + threadIdx.x < rows) counter->fetch_add(1, cuda::std::memory_order_relaxed);
}

__device__ float sum(cuda::std::span<const float> xs) {
  float s = 0.f;
  for (float x : xs) s += x;
  return s;
}

__global__ void producer(float *buf) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  buf[threadIdx.x] = 1.f;
  bar.arrive_and_wait();
}

// corpus: kernel; cooperative groups: thread_block, tiled_partition<16> and dynamic tiled_partition, coalesced_threads aggregation
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

template <typename Group>
__device__ int groupReduceSum(Group g, int val) {
  for (int offset = g.size() / 2; offset > 0; offset /= 2) val += g.shfl_down(val, offset);
  return val;  // valid in rank 0
}

__global__ void tileSums(const int* in, int* tile16Sums, int* blockSums) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int partial[64];
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  int v = in[i];

  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int s = groupReduceSum(tile, v);
  if (tile.thread_rank() == 0) {
    tile16Sums[i / 16] = s;
    partial[block.thread_rank() / 16] = s;
  }
  block.sync();

  // dynamic partition into groups of 4 threads: each group's rank-0 sums 4 partials
  cg::thread_group quad = cg::tiled_partition(block, 4);
  int numPartials = block.size() / 16;
  if (block.thread_rank() == 0) {
    int total = 0;
    for (int k = 0; k < numPartials; ++k) total += partial[k];
    blockSums[blockIdx.x] = total;
  }
  quad.sync();
}

// Warp-aggregated atomic increment: the active threads elect a leader.
__device__ int atomicAggInc(int* counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int prev = 0;
  if (active.thread_rank() == 0) prev = atomicAdd(counter, (int)active.size());
  prev = active.shfl(prev, 0);
  return prev + active.thread_rank();
}

__global__ void filterPositive(const int* in, int n, int* out, int* counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) out[atomicAggInc(counter)] = in[i];
}

int main() {
  const int threads = 256, blocks = 10, n = threads * blocks;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 29) % 41 - 20;
  int *d_in, *d_t16, *d_bs, *d_out, *d_cnt;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_t16, n / 16 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_bs, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_cnt, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_cnt, 0, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  tileSums<<<blocks, threads>>>(d_in, d_t16, d_bs);
  CUDA_CHECK(cudaGetLastError());
  filterPositive<<<blocks, threads>>>(d_in, n, d_out, d_cnt);
  CUDA_CHECK(cudaGetLastError());

  std::vector<int> t16(n / 16), bs(blocks);
  int cnt = 0;
  CUDA_CHECK(cudaMemcpy(t16.data(), d_t16, n / 16 * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(bs.data(), d_bs, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&cnt, d_cnt, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> out(cnt > 0 && cnt <= n ? cnt : 0);
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, out.size() * sizeof(int), cudaMemcpyDeviceToHost));

  bool ok = true;
  for (int k = 0; k < n / 16; ++k) {
    int s = 0;
    for (int j = 0; j < 16; ++j) s += h[k * 16 + j];
    ok = ok && t16[k] == s;
  }
  for (int b = 0; b < blocks; ++b) {
    int s = 0;
    for (int t = 0; t < threads; ++t) s += h[b * threads + t];
    ok = ok && bs[b] == s;
  }
  std::vector<int> expect;
  for (int v : h)
    if (v > 0) expect.push_back(v);
  std::sort(out.begin(), out.end());  // order of the compaction is not deterministic
  std::sort(expect.begin(), expect.end());
  ok = ok && out == expect;
  long long filteredSum = 0;
  for (int v : out) filteredSum += v;
  printf("tile16 sums[0..3] = %d %d %d %d\n", t16[0], t16[1], t16[2], t16[3]);
  printf("block sums[0..1] = %d %d\n", bs[0], bs[1]);
  printf("filtered count = %d, filtered sum = %lld\n", cnt, filteredSum);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_t16));
  CUDA_CHECK(cudaFree(d_bs));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_cnt));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

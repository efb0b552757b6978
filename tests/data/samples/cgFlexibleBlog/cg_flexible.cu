// "Cooperative Groups: Flexible CUDA Thread Programming" (NVIDIA developer
// blog): a reduction written once over the generic thread_group and called
// with a whole block, a dynamic 32-thread partition and a static tile; a
// grid-stride int4 thread sum; and atomic aggregation over
// coalesced_threads() with the leader's result broadcast by shfl.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

using namespace cooperative_groups;
namespace cg = cooperative_groups;

__device__ int reduce_sum(thread_group g, int *temp, int val) {
  int lane = g.thread_rank();

  // Each iteration halves the number of active threads
  // Each thread adds its partial sum[i] to sum[lane+i]
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();  // wait for all threads to store
    if (lane < i) val += temp[lane + i];
    g.sync();  // wait for all threads to load
  }
  return val;  // note: only thread 0 will return full sum
}

template <unsigned int tile_sz>
__device__ int reduce_sum_tile_shfl(thread_block_tile<tile_sz> g, int val) {
  // Each iteration halves the number of active threads
  // Each thread adds its partial sum[i] to sum[lane+i]
  for (int i = g.size() / 2; i > 0; i /= 2) {
    val += g.shfl_down(val, i);
  }
  return val;  // note: only thread 0 will return full sum
}

__device__ int thread_sum(int *input, int n) {
  int sum = 0;

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4;
       i += blockDim.x * gridDim.x) {
    int4 in = ((int4 *)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}

__global__ void sum_kernel_block(int *sum, int *input, int n) {
  int my_sum = thread_sum(input, n);

  extern __shared__ int temp[];
  auto g = this_thread_block();
  int block_sum = reduce_sum(g, temp, my_sum);

  if (g.thread_rank() == 0) atomicAdd(sum, block_sum);
}

__global__ void sum_kernel_tiles(int *sum, int *input, int n) {
  int my_sum = thread_sum(input, n);

  extern __shared__ int temp[];
  thread_block block = this_thread_block();
  thread_group tile32 = tiled_partition(block, 32);
  int *tile_temp = temp + (block.thread_rank() / 32) * 32;
  int tile_sum = reduce_sum(tile32, tile_temp, my_sum);

  if (tile32.thread_rank() == 0) atomicAdd(sum, tile_sum);
}

__global__ void sum_kernel_static(int *sum, int *input, int n) {
  int my_sum = thread_sum(input, n);

  thread_block_tile<32> tile32 = tiled_partition<32>(this_thread_block());
  int tile_sum = reduce_sum_tile_shfl<32>(tile32, my_sum);

  if (tile32.thread_rank() == 0) atomicAdd(sum, tile_sum);
}

__device__ int atomicAggInc(int *ptr) {
  cg::coalesced_group g = cg::coalesced_threads();
  int prev;

  // elect the first active thread to perform atomic add
  if (g.thread_rank() == 0) {
    prev = atomicAdd(ptr, g.size());
  }

  // broadcast previous value within the warp
  // and add each active thread's rank to it
  prev = g.thread_rank() + g.shfl(prev, 0);
  return prev;
}

__global__ void filter_k(int *dst, int *nres, const int *src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}

int main(int argc, char **argv) {
  int devID = findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 24;
  const int blockSize = 256;
  const int nBlocks = (n / 4 + blockSize - 1) / blockSize;
  const int sharedBytes = blockSize * sizeof(int);

  int *h_in = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h_in[i] = (i % 3) - 1;

  int *d_in, *d_sum, *d_out, *d_count;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_sum, sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_count, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));

  int h_sum[3];
  checkCudaErrors(cudaMemset(d_sum, 0, sizeof(int)));
  sum_kernel_block<<<nBlocks, blockSize, sharedBytes>>>(d_sum, d_in, n);
  checkCudaErrors(cudaMemcpy(&h_sum[0], d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemset(d_sum, 0, sizeof(int)));
  sum_kernel_tiles<<<nBlocks, blockSize, sharedBytes>>>(d_sum, d_in, n);
  checkCudaErrors(cudaMemcpy(&h_sum[1], d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemset(d_sum, 0, sizeof(int)));
  sum_kernel_static<<<nBlocks, blockSize>>>(d_sum, d_in, n);
  getLastCudaError("sum_kernel_static failed");
  checkCudaErrors(cudaMemcpy(&h_sum[2], d_sum, sizeof(int), cudaMemcpyDeviceToHost));

  checkCudaErrors(cudaMemset(d_count, 0, sizeof(int)));
  filter_k<<<(n + blockSize - 1) / blockSize, blockSize>>>(d_out, d_count, d_in, n);
  getLastCudaError("filter_k failed");
  int h_count = 0;
  checkCudaErrors(cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost));

  printf("device %d: sums %d %d %d, %d positive\n", devID, h_sum[0], h_sum[1], h_sum[2], h_count);
  bool ok = h_sum[0] == h_sum[1] && h_sum[1] == h_sum[2];

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_sum));
  checkCudaErrors(cudaFree(d_count));
  free(h_in);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

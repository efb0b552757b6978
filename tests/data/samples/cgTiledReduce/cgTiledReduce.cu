// Cooperative groups the way the "Cooperative Groups: Flexible CUDA Thread
// Programming" post and the CG samples use them: static and dynamic tiles,
// tile collectives, cg::reduce, coalesced groups, labeled partitions and a
// grid-wide sync launched with cudaLaunchCooperativeKernel.

#include <stdio.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
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
__device__ int reduce_sum_tile_shfl(cg::thread_block_tile<tile_sz> g, int val) {
  // Each iteration halves the number of active threads
  // Each thread adds its partial sum[i] to sum[lane+i]
  for (int i = g.size() / 2; i > 0; i /= 2) {
    val += g.shfl_down(val, i);
  }
  return val;  // note: only thread 0 will return full sum
}

__device__ int thread_sum(const int *input, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4;
       i += blockDim.x * gridDim.x) {
    int4 in = ((const int4 *)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}

__global__ void sum_kernel_block(int *sum, const int *input, int n) {
  int my_sum = thread_sum(input, n);

  extern __shared__ int temp[];
  auto g = cg::this_thread_block();
  int block_sum = reduce_sum(g, temp, my_sum);

  if (g.thread_rank() == 0) atomicAdd(sum, block_sum);
}

__global__ void sum_kernel_tile32(int *sum, const int *input, int n) {
  int my_sum = thread_sum(input, n);

  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int tile_sum = reduce_sum_tile_shfl<32>(tile32, my_sum);

  if (tile32.thread_rank() == 0) atomicAdd(sum, tile_sum);
}

__global__ void sum_kernel_cg_reduce(int *sum, const int *input, int n) {
  int my_sum = thread_sum(input, n);
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<16>(block);
  int tile_sum = cg::reduce(tile, my_sum, cg::plus<int>());
  if (tile.thread_rank() == 0) atomicAdd(sum, tile_sum);
  int tile_max = cg::reduce(tile, my_sum, cg::greater<int>());
  if (tile.meta_group_rank() == 0 && tile.thread_rank() == 0)
    atomicMax(sum + 1, tile_max);
}

__global__ void dynamic_tiles(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile4 = cg::tiled_partition(block, 4);
  if (tile4.thread_rank() == 0) atomicAdd(out, 1);
  tile4.sync();
}

// Count with coalesced groups: only the active threads take part.
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

__global__ void labeled(const int *keys, int *counts, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  int key = i < n ? keys[i] & 7 : 0;
  cg::coalesced_group same = cg::labeled_partition(warp, key);
  if (same.thread_rank() == 0) atomicAdd(&counts[key], same.size());
  unsigned any = warp.ballot(key == 0);
  if (warp.thread_rank() == 0 && any) atomicAdd(&counts[8], __popc(any));
}

__global__ void gridSum(const int *input, int *partial, int *total, int n) {
  cg::grid_group grid = cg::this_grid();
  int my_sum = thread_sum(input, n);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  my_sum = cg::reduce(tile, my_sum, cg::plus<int>());
  if (tile.thread_rank() == 0) atomicAdd(&partial[blockIdx.x], my_sum);
  grid.sync();
  if (grid.thread_rank() == 0) {
    int s = 0;
    for (int b = 0; b < gridDim.x; ++b) s += partial[b];
    *total = s;
  }
}

int main(int argc, char **argv) {
  int devID = findCudaDevice(argc, (const char **)argv);
  int n = 1 << 24;
  int blockSize = 256;
  int nBlocks = (n + blockSize - 1) / blockSize;
  int sharedBytes = blockSize * sizeof(int);

  int *sum, *data;
  checkCudaErrors(cudaMallocManaged(&sum, 2 * sizeof(int)));
  checkCudaErrors(cudaMallocManaged(&data, n * sizeof(int)));
  for (int i = 0; i < n; ++i) data[i] = 1;
  *sum = 0;

  sum_kernel_block<<<nBlocks, blockSize, sharedBytes>>>(sum, data, n);
  sum_kernel_tile32<<<nBlocks, blockSize>>>(sum, data, n);
  sum_kernel_cg_reduce<<<nBlocks, blockSize>>>(sum, data, n);
  dynamic_tiles<<<1, 64>>>(sum);
  int *dst, *nres, *counts;
  checkCudaErrors(cudaMalloc(&dst, n * sizeof(int)));
  checkCudaErrors(cudaMallocManaged(&nres, sizeof(int)));
  checkCudaErrors(cudaMallocManaged(&counts, 9 * sizeof(int)));
  filter_k<<<nBlocks, blockSize>>>(dst, nres, data, n);
  labeled<<<nBlocks, blockSize>>>(data, counts, n);
  checkCudaErrors(cudaDeviceSynchronize());

  int supportsCoopLaunch = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&supportsCoopLaunch,
                                         cudaDevAttrCooperativeLaunch, devID));
  if (supportsCoopLaunch) {
    int numBlocksPerSm = 0;
    cudaDeviceProp deviceProp;
    checkCudaErrors(cudaGetDeviceProperties(&deviceProp, devID));
    checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &numBlocksPerSm, gridSum, blockSize, 0));
    dim3 dimGrid(deviceProp.multiProcessorCount * numBlocksPerSm, 1, 1),
        dimBlock(blockSize, 1, 1);
    int *partial, *total;
    checkCudaErrors(cudaMalloc(&partial, dimGrid.x * sizeof(int)));
    checkCudaErrors(cudaMemset(partial, 0, dimGrid.x * sizeof(int)));
    checkCudaErrors(cudaMallocManaged(&total, sizeof(int)));
    void *kernelArgs[] = {(void *)&data, (void *)&partial, (void *)&total,
                          (void *)&n};
    checkCudaErrors(cudaLaunchCooperativeKernel((void *)gridSum, dimGrid,
                                                dimBlock, kernelArgs, 0, 0));
    checkCudaErrors(cudaDeviceSynchronize());
    printf("grid sum = %d\n", *total);
    checkCudaErrors(cudaFree(partial));
    checkCudaErrors(cudaFree(total));
  }

  printf("sum = %d, filtered = %d\n", *sum, *nres);
  checkCudaErrors(cudaFree(sum));
  checkCudaErrors(cudaFree(data));
  checkCudaErrors(cudaFree(dst));
  checkCudaErrors(cudaFree(nres));
  checkCudaErrors(cudaFree(counts));
  return 0;
}

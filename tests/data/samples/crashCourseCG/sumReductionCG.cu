// Sum reduction with cooperative groups, in the style of the CUDA Crash Course
// (CoffeeBeforeArch): vectorised int4 loads in a grid-stride loop, a block
// reduction over a thread_group in dynamic shared memory, one atomicAdd per
// block, unified memory prefetched to the GPU and back.
#include <cooperative_groups.h>
#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <numeric>

using namespace cooperative_groups;

// Reduces a thread group to a single element
__device__ int reduce_sum(thread_group g, int *temp, int val) {
  int lane = g.thread_rank();

  // Each thread adds its partial sum[i] to sum[lane+i]
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    // wait for all threads to store
    g.sync();
    if (lane < i) {
      val += temp[lane + i];
    }
    // wait for all threads to load
    g.sync();
  }
  // note: only thread 0 will return full sum
  return val;
}

// Creates partials sums from the original array
__device__ int thread_sum(int *input, int n) {
  int sum = 0;
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  for (int i = tid; i < n / 4; i += blockDim.x * gridDim.x) {
    // Cast as int4
    int4 in = ((int4 *)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}

__global__ void sum_reduction(int *sum, int *input, int n) {
  // Create partial sums from the array
  int my_sum = thread_sum(input, n);

  // Dynamic shared memory allocation
  extern __shared__ int temp[];

  // Identifier for a TB
  auto g = this_thread_block();

  // Reudce each TB
  int block_sum = reduce_sum(g, temp, my_sum);

  // Collect the partial result from each TB
  if (g.thread_rank() == 0) {
    atomicAdd(sum, block_sum);
  }
}

// Warp-level variant: the tile of 32 from the block, its shuffles and its
// rank among the block's warps.
__global__ void sum_reduction_tiles(int *sum, int *input, int n) {
  __shared__ int warp_sums[32];
  int my_sum = thread_sum(input, n);
  thread_block_tile<32> warp = tiled_partition<32>(this_thread_block());
  for (int offset = warp.size() / 2; offset > 0; offset /= 2)
    my_sum += warp.shfl_down(my_sum, offset);
  if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = my_sum;
  this_thread_block().sync();
  if (this_thread_block().thread_rank() == 0) {
    int block_sum = 0;
    for (int w = 0; w < (int)warp.meta_group_size(); w++) block_sum += warp_sums[w];
    atomicAdd(sum, block_sum);
  }
}

void initialize_vector(int *v, int n) {
  for (int i = 0; i < n; i++) {
    v[i] = 1;  // rand() % 10;
  }
}

int main() {
  // Vector size
  int n = 1 << 13;
  size_t bytes = n * sizeof(int);

  // Original vector and result vector
  int *sum;
  int *data;

  // Allocate using unified memory
  cudaMallocManaged(&sum, sizeof(int));
  cudaMallocManaged(&data, bytes);

  // Initialize vector
  std::generate(data, data + n, []() { return 1; });
  *sum = 0;

  int id = cudaGetDevice(&id);
  cudaMemLocation gpu = {};
  gpu.type = cudaMemLocationTypeDevice;
  gpu.id = id;
  cudaMemPrefetchAsync(data, bytes, gpu, 0);

  // TB Size
  int TB_SIZE = 256;

  // Grid Size (cut in half)
  int GRID_SIZE = (n + TB_SIZE - 1) / TB_SIZE;

  // Call kernel with dynamic shared memory (Could decrease this to fit larger
  // data)
  sum_reduction<<<GRID_SIZE, TB_SIZE, n * sizeof(int)>>>(sum, data, n);
  sum_reduction_tiles<<<GRID_SIZE, TB_SIZE>>>(sum, data, n);

  // Synchronize the kernel
  cudaDeviceSynchronize();

  cudaMemLocation host = {};
  host.type = cudaMemLocationTypeHost;
  cudaMemPrefetchAsync(sum, sizeof(int), host, 0);
  cudaDeviceSynchronize();

  printf("Result is %d \n", *sum);
  assert(*sum == 2 * std::accumulate(data, data + n, 0));

  printf("COMPLETED SUCCESSFULLY\n");

  cudaFree(sum);
  cudaFree(data);
  return 0;
}

// CUB in the way tutorials and course code use it: a block-wide reduction and
// scan through BlockLoad/BlockReduce/BlockScan with a union of TempStorage,
// then the device-wide two-phase calls (size query with a null temp buffer,
// then the real call) for DeviceReduce::Sum, DeviceRadixSort::SortPairs and
// DeviceSelect::If with a functor, memory from a CachingDeviceAllocator.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

#include <cub/cub.cuh>
#include <cub/util_allocator.cuh>

#define CubDebugExit2(e)                                                   \
  if (cub::Debug((cudaError_t)(e), __FILE__, __LINE__)) {                  \
    exit(1);                                                               \
  }

cub::CachingDeviceAllocator g_allocator(true);  // Caching allocator for device memory

template <int BLOCK_THREADS, int ITEMS_PER_THREAD, cub::BlockReduceAlgorithm ALGORITHM>
__global__ void BlockSumKernel(const int *d_in, int *d_out, int *d_prefix) {
  typedef cub::BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, cub::BLOCK_LOAD_WARP_TRANSPOSE> BlockLoadT;
  typedef cub::BlockReduce<int, BLOCK_THREADS, ALGORITHM> BlockReduceT;
  typedef cub::BlockScan<int, BLOCK_THREADS> BlockScanT;

  __shared__ union {
    typename BlockLoadT::TempStorage load;
    typename BlockReduceT::TempStorage reduce;
    typename BlockScanT::TempStorage scan;
  } temp_storage;

  int data[ITEMS_PER_THREAD];
  int block_offset = blockIdx.x * (BLOCK_THREADS * ITEMS_PER_THREAD);
  BlockLoadT(temp_storage.load).Load(d_in + block_offset, data);
  __syncthreads();

  int aggregate = BlockReduceT(temp_storage.reduce).Sum(data);
  __syncthreads();

  BlockScanT(temp_storage.scan).ExclusiveSum(data, data);

  if (threadIdx.x == 0) d_out[blockIdx.x] = aggregate;
  cub::StoreDirectBlocked(threadIdx.x, d_prefix + block_offset, data);
}

struct GreaterThan {
  int compare;
  __host__ __device__ __forceinline__ GreaterThan(int compare) : compare(compare) {}
  __host__ __device__ __forceinline__ bool operator()(const int &a) const { return (a > compare); }
};

int main(int argc, char **argv) {
  const int BLOCK_THREADS = 128;
  const int ITEMS_PER_THREAD = 4;
  const int TILE = BLOCK_THREADS * ITEMS_PER_THREAD;
  const int num_items = TILE * 64;

  std::vector<int> h_in(num_items);
  std::vector<float> h_vals(num_items);
  for (int i = 0; i < num_items; ++i) {
    h_in[i] = rand() % 1000;
    h_vals[i] = (float)i;
  }

  int *d_in = NULL, *d_out = NULL, *d_prefix = NULL;
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_in, sizeof(int) * num_items));
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_out, sizeof(int) * (num_items / TILE)));
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_prefix, sizeof(int) * num_items));
  CubDebugExit2(cudaMemcpy(d_in, h_in.data(), sizeof(int) * num_items, cudaMemcpyHostToDevice));

  BlockSumKernel<BLOCK_THREADS, ITEMS_PER_THREAD, cub::BLOCK_REDUCE_RAKING>
      <<<num_items / TILE, BLOCK_THREADS>>>(d_in, d_out, d_prefix);
  CubDebugExit2(cudaPeekAtLastError());
  CubDebugExit2(cudaDeviceSynchronize());

  // Device-wide sum: query the temporary storage, allocate it, run.
  int *d_sum = NULL;
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_sum, sizeof(int)));
  void *d_temp_storage = NULL;
  size_t temp_storage_bytes = 0;
  CubDebugExit2(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_sum, num_items));
  CubDebugExit2(g_allocator.DeviceAllocate(&d_temp_storage, temp_storage_bytes));
  CubDebugExit2(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_sum, num_items));
  CubDebugExit2(g_allocator.DeviceFree(d_temp_storage));

  // Radix sort of key/value pairs through DoubleBuffers.
  int *d_keys_alt = NULL;
  float *d_vals = NULL, *d_vals_alt = NULL;
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_keys_alt, sizeof(int) * num_items));
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_vals, sizeof(float) * num_items));
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_vals_alt, sizeof(float) * num_items));
  CubDebugExit2(cudaMemcpy(d_vals, h_vals.data(), sizeof(float) * num_items, cudaMemcpyHostToDevice));
  cub::DoubleBuffer<int> d_keys(d_in, d_keys_alt);
  cub::DoubleBuffer<float> d_values(d_vals, d_vals_alt);
  d_temp_storage = NULL;
  temp_storage_bytes = 0;
  CubDebugExit2(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items));
  CubDebugExit2(g_allocator.DeviceAllocate(&d_temp_storage, temp_storage_bytes));
  CubDebugExit2(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items));
  CubDebugExit2(g_allocator.DeviceFree(d_temp_storage));

  // Select the items above a threshold.
  int *d_selected = NULL, *d_num_selected = NULL;
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_selected, sizeof(int) * num_items));
  CubDebugExit2(g_allocator.DeviceAllocate((void **)&d_num_selected, sizeof(int)));
  GreaterThan select_op(500);
  d_temp_storage = NULL;
  temp_storage_bytes = 0;
  CubDebugExit2(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_selected,
                                      d_num_selected, num_items, select_op));
  CubDebugExit2(g_allocator.DeviceAllocate(&d_temp_storage, temp_storage_bytes));
  CubDebugExit2(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_selected,
                                      d_num_selected, num_items, select_op));

  int h_sum = 0, h_num_selected = 0;
  CubDebugExit2(cudaMemcpy(&h_sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  CubDebugExit2(cudaMemcpy(&h_num_selected, d_num_selected, sizeof(int), cudaMemcpyDeviceToHost));
  long long ref = 0;
  for (int v : h_in) ref += v;
  printf("sum %d (ref %lld), %d selected\n", h_sum, ref, h_num_selected);

  if (d_in) CubDebugExit2(g_allocator.DeviceFree(d_in));
  if (d_out) CubDebugExit2(g_allocator.DeviceFree(d_out));
  if (d_prefix) CubDebugExit2(g_allocator.DeviceFree(d_prefix));
  if (d_sum) CubDebugExit2(g_allocator.DeviceFree(d_sum));
  if (d_keys_alt) CubDebugExit2(g_allocator.DeviceFree(d_keys_alt));
  if (d_vals) CubDebugExit2(g_allocator.DeviceFree(d_vals));
  if (d_vals_alt) CubDebugExit2(g_allocator.DeviceFree(d_vals_alt));
  if (d_selected) CubDebugExit2(g_allocator.DeviceFree(d_selected));
  if (d_num_selected) CubDebugExit2(g_allocator.DeviceFree(d_num_selected));
  if (d_temp_storage) CubDebugExit2(g_allocator.DeviceFree(d_temp_storage));
  return h_sum == ref ? 0 : 1;
}

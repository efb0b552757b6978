// Warp-level primitives as the "Using CUDA Warp-Level Primitives" and
// "Faster Parallel Reductions on Kepler" posts write them: shuffle
// reductions with full masks, ballot-based compaction, match_any
// aggregation and the sm_80 __reduce_*_sync intrinsics.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define FULL_MASK 0xffffffff

__inline__ __device__ int warpReduceSum(int val) {
#pragma unroll
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__inline__ __device__ int warpAllReduceSum(int val) {
  for (int mask = warpSize / 2; mask > 0; mask /= 2)
    val += __shfl_xor_sync(FULL_MASK, val, mask);
  return val;
}

__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];  // Shared mem for 32 partial sums
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;

  val = warpReduceSum(val);  // Each warp performs partial reduction

  if (lane == 0) shared[wid] = val;  // Write reduced value to shared memory

  __syncthreads();  // Wait for all partial reductions

  // read from shared memory only if that warp existed
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;

  if (wid == 0) val = warpReduceSum(val);  // Final reduce within first warp

  return val;
}

__global__ void deviceReduceWarpAtomicKernel(int *in, int *out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N;
       i += blockDim.x * gridDim.x) {
    sum += in[i];
  }
  sum = warpReduceSum(sum);
  if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, sum);
}

__global__ void deviceReduceBlockKernel(int *in, int *out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N;
       i += blockDim.x * gridDim.x) {
    sum += in[i];
  }
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// Stream compaction within a warp: ballot the predicate, popc the prefix.
__global__ void compactPositive(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  bool keep = (i < n) && in[i] > 0;
  unsigned ballot = __ballot_sync(FULL_MASK, keep);
  int warpCount = __popc(ballot);
  int warpBase = 0;
  if (lane == 0 && warpCount) warpBase = atomicAdd(count, warpCount);
  warpBase = __shfl_sync(FULL_MASK, warpBase, 0);
  unsigned lanemask_lt = (1u << lane) - 1;
  if (keep) out[warpBase + __popc(ballot & lanemask_lt)] = in[i];
}

// Opportunistic aggregation of atomics on equal keys (histogram).
__global__ void histogramMatch(const int *keys, int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int key = keys[i];
  unsigned active = __activemask();
  unsigned peers = __match_any_sync(active, key);
  int leader = __ffs(peers) - 1;
  int lane = threadIdx.x % 32;
  if (lane == leader) atomicAdd(&bins[key], __popc(peers));
  __syncwarp(active);
}

// sm_80 reduction intrinsics.
__global__ void warpReduceIntrinsic(const unsigned *in, unsigned *out,
                                    unsigned *ormask) {
  unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned s = __reduce_add_sync(FULL_MASK, v);
  unsigned o = __reduce_or_sync(FULL_MASK, v);
  if ((threadIdx.x % 32) == 0) {
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = s;
    ormask[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = o;
  }
  if (__all_sync(FULL_MASK, v == 0) || __any_sync(FULL_MASK, v > 1000)) {
    __syncwarp();
  }
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  const int N = 1 << 22;
  std::vector<int> h(N);
  for (int i = 0; i < N; ++i) h[i] = (i % 7) - 3;

  int *d_in, *d_out, *d_count;
  checkCudaErrors(cudaMalloc(&d_in, N * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_out, N * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_count, sizeof(int)));
  checkCudaErrors(
      cudaMemcpy(d_in, h.data(), N * sizeof(int), cudaMemcpyHostToDevice));

  int threads = 512;
  int blocks = min((N + threads - 1) / threads, 1024);
  checkCudaErrors(cudaMemset(d_out, 0, sizeof(int)));
  deviceReduceWarpAtomicKernel<<<blocks, threads>>>(d_in, d_out, N);
  getLastCudaError("deviceReduceWarpAtomicKernel failed");

  deviceReduceBlockKernel<<<blocks, threads>>>(d_in, d_out, N);
  deviceReduceBlockKernel<<<1, 1024>>>(d_out, d_out, blocks);
  int sum = 0;
  checkCudaErrors(cudaMemcpy(&sum, d_out, sizeof(int), cudaMemcpyDeviceToHost));
  printf("sum = %d\n", sum);

  checkCudaErrors(cudaMemset(d_count, 0, sizeof(int)));
  compactPositive<<<(N + 255) / 256, 256>>>(d_in, d_out, d_count, N);

  int *d_bins;
  checkCudaErrors(cudaMalloc(&d_bins, 16 * sizeof(int)));
  checkCudaErrors(cudaMemset(d_bins, 0, 16 * sizeof(int)));
  histogramMatch<<<(N + 255) / 256, 256>>>(d_in, d_bins, N);

  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  if (prop.major >= 8) {
    unsigned *d_sums, *d_or;
    checkCudaErrors(cudaMalloc(&d_sums, N / 32 * sizeof(unsigned)));
    checkCudaErrors(cudaMalloc(&d_or, N / 32 * sizeof(unsigned)));
    warpReduceIntrinsic<<<N / 256, 256>>>((const unsigned *)d_in, d_sums, d_or);
    checkCudaErrors(cudaFree(d_sums));
    checkCudaErrors(cudaFree(d_or));
  }
  checkCudaErrors(cudaDeviceSynchronize());

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_count));
  checkCudaErrors(cudaFree(d_bins));
  return 0;
}

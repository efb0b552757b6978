// In the style of the NVIDIA developer blog: "CUDA Pro Tip: Increase Performance with
// Vectorized Memory Access" (int2/int4 loads through reinterpret_cast) and "Faster Parallel
// Reductions on Kepler" (warpReduceSum with shuffles, a block reduction in shared memory and
// the warp-atomic device reduction), timed with events.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

inline cudaError_t checkCuda(cudaError_t result) {
  if (result != cudaSuccess) {
    fprintf(stderr, "CUDA Runtime Error: %s\n", cudaGetErrorString(result));
    exit(1);
  }
  return result;
}

__global__ void device_copy_scalar_kernel(int *d_in, int *d_out, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = idx; i < N; i += blockDim.x * gridDim.x) {
    d_out[i] = d_in[i];
  }
}

__global__ void device_copy_vector2_kernel(int *d_in, int *d_out, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = idx; i < N / 2; i += blockDim.x * gridDim.x) {
    reinterpret_cast<int2 *>(d_out)[i] = reinterpret_cast<int2 *>(d_in)[i];
  }
  // in only one thread, process final element (if there is one)
  if (idx == N / 2 && N % 2 == 1) d_out[N - 1] = d_in[N - 1];
}

__global__ void device_copy_vector4_kernel(int *d_in, int *d_out, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = idx; i < N / 4; i += blockDim.x * gridDim.x) {
    reinterpret_cast<int4 *>(d_out)[i] = reinterpret_cast<int4 *>(d_in)[i];
  }
  // in only one thread, process final elements (if there are any)
  int remainder = N % 4;
  if (idx == N / 4 && remainder != 0) {
    while (remainder) {
      int idx = N - remainder--;
      d_out[idx] = d_in[idx];
    }
  }
}

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceKernel(int *in, int *out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N / 4; i += blockDim.x * gridDim.x) {
    int4 val = reinterpret_cast<int4 *>(in)[i];
    sum += (val.x + val.y) + (val.z + val.w);
  }
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void deviceReduceWarpAtomicKernel(int *in, int *out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = warpReduceSum(sum);
  if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, sum);
}

void deviceReduce(int *in, int *out, int N) {
  int threads = 512;
  int blocks = min((N + threads - 1) / threads, 1024);
  deviceReduceKernel<<<blocks, threads>>>(in, out, N);
  deviceReduceKernel<<<1, 1024>>>(out, out, blocks);
}

int main() {
  const int N = 1 << 24;
  int *d_in, *d_out, *d_sum;
  checkCuda(cudaMalloc(&d_in, N * sizeof(int)));
  checkCuda(cudaMalloc(&d_out, N * sizeof(int)));
  checkCuda(cudaMalloc(&d_sum, 1024 * sizeof(int)));
  int *h_in = (int *)malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) h_in[i] = 1;
  checkCuda(cudaMemcpy(d_in, h_in, N * sizeof(int), cudaMemcpyHostToDevice));

  cudaEvent_t startEvent, stopEvent;
  checkCuda(cudaEventCreate(&startEvent));
  checkCuda(cudaEventCreate(&stopEvent));
  int numSMs;
  checkCuda(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, 0));
  float ms;

  checkCuda(cudaEventRecord(startEvent, 0));
  device_copy_scalar_kernel<<<32 * numSMs, 256>>>(d_in, d_out, N);
  checkCuda(cudaEventRecord(stopEvent, 0));
  checkCuda(cudaEventSynchronize(stopEvent));
  checkCuda(cudaEventElapsedTime(&ms, startEvent, stopEvent));
  printf("scalar copy: %f GB/s\n", 2 * N * sizeof(int) * 1e-6 / ms);

  checkCuda(cudaEventRecord(startEvent, 0));
  device_copy_vector2_kernel<<<32 * numSMs, 256>>>(d_in, d_out, N);
  checkCuda(cudaEventRecord(stopEvent, 0));
  checkCuda(cudaEventSynchronize(stopEvent));
  checkCuda(cudaEventElapsedTime(&ms, startEvent, stopEvent));
  printf("vector2 copy: %f GB/s\n", 2 * N * sizeof(int) * 1e-6 / ms);

  checkCuda(cudaEventRecord(startEvent, 0));
  device_copy_vector4_kernel<<<32 * numSMs, 256>>>(d_in, d_out, N);
  checkCuda(cudaEventRecord(stopEvent, 0));
  checkCuda(cudaEventSynchronize(stopEvent));
  checkCuda(cudaEventElapsedTime(&ms, startEvent, stopEvent));
  printf("vector4 copy: %f GB/s\n", 2 * N * sizeof(int) * 1e-6 / ms);

  deviceReduce(d_in, d_sum, N);
  checkCuda(cudaGetLastError());
  int sum = 0;
  checkCuda(cudaMemcpy(&sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemset(d_sum, 0, sizeof(int)));
  deviceReduceWarpAtomicKernel<<<32 * numSMs, 256>>>(d_in, d_sum, N);
  checkCuda(cudaGetLastError());
  int sum2 = 0;
  checkCuda(cudaMemcpy(&sum2, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  printf("sum %d (warp atomic %d), expected %d\n", sum, sum2, N);

  checkCuda(cudaEventDestroy(startEvent));
  checkCuda(cudaEventDestroy(stopEvent));
  checkCuda(cudaFree(d_in));
  checkCuda(cudaFree(d_out));
  checkCuda(cudaFree(d_sum));
  free(h_in);
  return 0;
}

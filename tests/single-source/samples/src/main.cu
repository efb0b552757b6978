#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cub/cub.cuh>
#include "../common/helper_cuda.h"
#include "reduce.cuh"

#ifdef __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif

__constant__ float c_scale[4];

template <int BLOCK>
__global__ void sum_kernel(const float *in, float *out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  float v = i < n ? in[i] * c_scale[0] : 0.0f;
  v = warp_reduce_sum(v);
  if (lane_id() == 0) atomicAdd(out, v);
}

#define LAUNCH_SUM(B, grid, stream, ...) sum_kernel<B><<<grid, B, 0, stream>>>(__VA_ARGS__)

int main(int argc, char **argv) {
  gpuDeviceInit(0);
  const int n = 1 << 20;
  float *d_in, *d_out, *h_pinned;
  cudaStream_t stream;
  cudaEvent_t start, stop;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop, cudaEventBlockingSync));
  checkCudaErrors(cudaMalloc((void **)&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, sizeof(float)));
  checkCudaErrors(cudaMallocHost(&h_pinned, n * sizeof(float)));
  float scale[4] = {1, 1, 1, 1};
  checkCudaErrors(cudaMemcpyToSymbol(c_scale, scale, sizeof(scale)));
  std::vector<float> host(n, 1.0f);
  checkCudaErrors(cudaMemcpyAsync(d_in, host.data(), n * sizeof(float),
                                  cudaMemcpyHostToDevice, stream));
  checkCudaErrors(cudaMemsetAsync(d_out, 0, sizeof(float), stream));
  cudaEventRecord(start, stream);
  LAUNCH_SUM(256, (n + 255) / 256, stream, d_in, d_out, n);
  cudaEventRecord(stop, stream);
  checkCudaErrors(cudaStreamSynchronize(stream));
#if CUDART_VERSION >= 11000
  cudaStreamAttrValue attr = {};
  (void)attr;
#endif
  float ms = 0, result = 0;
  cudaEventElapsedTime(&ms, start, stop);
  checkCudaErrors(cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  printf("sum = %f (%s)\n", result, result == n ? "PASS" : "FAIL");
  size_t temp = 0;
  cub::DeviceReduce::Sum(nullptr, temp, d_in, d_out, n, stream);
  cudaFreeHost(h_pinned);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}

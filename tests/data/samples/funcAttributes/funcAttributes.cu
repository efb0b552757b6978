// Kernel attributes, cache and shared-memory configuration, occupancy
// queries and launches through cudaLaunchKernel, as tuning code in samples
// and tutorials writes them (dynamic shared memory above 48 KB needs the
// opt-in attribute).

#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }

  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

// specialize for double to avoid unaligned memory access compile errors
template <>
struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }

  __device__ inline operator const double *() const {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK, 2)
    stencil1d(const T *__restrict__ in, T *__restrict__ out, int n, int radius) {
  T *smem = SharedMemory<T>();
  int g = blockIdx.x * BLOCK + threadIdx.x;
  int l = threadIdx.x + radius;
  smem[l] = g < n ? in[g] : T(0);
  if (threadIdx.x < radius) {
    smem[l - radius] = g >= radius ? in[g - radius] : T(0);
    smem[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : T(0);
  }
  __syncthreads();
  T acc = 0;
  for (int o = -radius; o <= radius; ++o) acc += smem[l + o];
  if (g < n) out[g] = acc;
}

__global__ void bigSmemKernel(float *out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

#define LAUNCH_STENCIL(T, B)                                                 \
  stencil1d<T, B><<<(n + B - 1) / B, B, (B + 2 * radius) * sizeof(T)>>>( \
      (const T *)d_in, (T *)d_out, n, radius)

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 20;
  int radius = 3;

  cudaFuncAttributes attr;
  checkCudaErrors(cudaFuncGetAttributes(&attr, stencil1d<float, 256>));
  printf("stencil1d<float,256>: %d regs, %zu B static smem, %zu B local, max %d threads, PTX %d, binary %d\n",
         attr.numRegs, attr.sharedSizeBytes, attr.localSizeBytes,
         attr.maxThreadsPerBlock, attr.ptxVersion, attr.binaryVersion);

  checkCudaErrors(cudaFuncSetCacheConfig(stencil1d<float, 256>,
                                         cudaFuncCachePreferShared));
  checkCudaErrors(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
  checkCudaErrors(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));

  int smemOptin = 0, smemPerBlock = 0, smemPerSM = 0, l2 = 0, regsPerBlock = 0;
  checkCudaErrors(cudaDeviceGetAttribute(
      &smemOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&smemPerBlock,
                                         cudaDevAttrMaxSharedMemoryPerBlock, dev));
  checkCudaErrors(cudaDeviceGetAttribute(
      &smemPerSM, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  checkCudaErrors(cudaDeviceGetAttribute(&regsPerBlock,
                                         cudaDevAttrMaxRegistersPerBlock, dev));
  printf("smem/block %d (opt-in %d), smem/SM %d, L2 %d, regs/block %d\n",
         smemPerBlock, smemOptin, smemPerSM, l2, regsPerBlock);

  int bigSmem = smemOptin > 64 * 1024 ? 64 * 1024 : smemOptin;
  checkCudaErrors(cudaFuncSetAttribute(
      bigSmemKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bigSmem));
  checkCudaErrors(cudaFuncSetAttribute(
      bigSmemKernel, cudaFuncAttributePreferredSharedMemoryCarveout,
      cudaSharedmemCarveoutMaxShared));

  int minGridSize = 0, blockSize = 0;
  checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(
      &minGridSize, &blockSize, bigSmemKernel, bigSmem, 0));
  int numBlocks = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &numBlocks, bigSmemKernel, blockSize, bigSmem));
  size_t availSmem = 0;
  checkCudaErrors(cudaOccupancyAvailableDynamicSMemPerBlock(
      &availSmem, bigSmemKernel, numBlocks, blockSize));
  printf("block %d, min grid %d, %d blocks/SM, %zu B dynamic smem available\n",
         blockSize, minGridSize, numBlocks, availSmem);

  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(double)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(double)));
  checkCudaErrors(cudaMemset(d_in, 0, n * sizeof(double)));

  LAUNCH_STENCIL(float, 256);
  LAUNCH_STENCIL(double, 128);
  getLastCudaError("stencil1d failed");

  // Launch through the runtime entry point with an argument array.
  void *args[] = {&d_out};
  dim3 grid(n / 1024), block(1024);
  if (bigSmem >= 1024 * (int)sizeof(float)) {
    checkCudaErrors(cudaLaunchKernel((const void *)bigSmemKernel, grid, block,
                                     args, 1024 * sizeof(float), 0));
  }
  checkCudaErrors(cudaDeviceSynchronize());

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  return 0;
}

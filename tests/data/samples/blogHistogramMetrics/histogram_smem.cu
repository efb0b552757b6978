// NVIDIA developer blog posts in one program:
//  - "GPU Pro Tip: Fast Histograms Using Shared Atomics" (per-block
//    histograms in shared memory over a 2D grid, templated on the channel
//    and bin counts and on the pixel type, then a final accumulation kernel;
//    the global-atomics variant for comparison),
//  - "How to Query Device Properties and Handle Errors in CUDA C/C++"
//    (cudaGetDeviceCount, peak bandwidth from the memory clock and bus
//    width, synchronous and asynchronous errors checked separately),
//  - "How to Implement Performance Metrics in CUDA C/C++" (events around a
//    kernel, effective bandwidth).
#include <stdio.h>
#include <assert.h>
#include <cuda_runtime.h>

// Convenience function for checking CUDA runtime API results
// can be wrapped around any runtime API call. No-op in release builds.
inline
cudaError_t checkCuda(cudaError_t result)
{
#if defined(DEBUG) || defined(_DEBUG)
  if (result != cudaSuccess) {
    fprintf(stderr, "CUDA Runtime Error: %s\n", cudaGetErrorString(result));
    assert(result == cudaSuccess);
  }
#endif
  return result;
}

#define NUM_BINS 256
#define NUM_PARTS 1024

__device__ __forceinline__ int decode(unsigned char v) { return v; }
__device__ __forceinline__ int decode(float v) { return (int)(__saturatef(v) * 255.0f); }

template <int ACTIVE_CHANNELS, int BINS, typename PIXEL, typename T>
__global__ void histogram_gmem_atomics(const PIXEL *in, int width, int height, unsigned int *out)
{
  // pixel coordinates
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;

  // grid dimensions
  int nx = blockDim.x * gridDim.x;
  int ny = blockDim.y * gridDim.y;

  // linear thread index within 2D block
  int t = threadIdx.x + threadIdx.y * blockDim.x;

  // total threads in 2D block
  int nt = blockDim.x * blockDim.y;

  // linear block index within 2D grid
  int g = blockIdx.x + blockIdx.y * gridDim.x;

  // initialize temporary accumulation array in global memory
  unsigned int *gmem = out + g * ACTIVE_CHANNELS * BINS;
  for (int i = t; i < ACTIVE_CHANNELS * BINS; i += nt) gmem[i] = 0;

  // process pixels
  // updates our block's partial histogram in global memory
  for (int col = x; col < width; col += nx)
    for (int row = y; row < height; row += ny) {
      PIXEL p = in[row * width + col];
      unsigned int r = decode((T)p.x);
      unsigned int gr = decode((T)p.y);
      unsigned int b = decode((T)p.z);
      atomicAdd(&gmem[BINS * 0 + r], 1);
      atomicAdd(&gmem[BINS * 1 + gr], 1);
      atomicAdd(&gmem[BINS * 2 + b], 1);
    }
}

template <int ACTIVE_CHANNELS, int BINS, typename PIXEL, typename T>
__global__ void histogram_smem_atomics(const PIXEL *in, int width, int height, unsigned int *out)
{
  // pixel coordinates
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;

  // grid dimensions
  int nx = blockDim.x * gridDim.x;
  int ny = blockDim.y * gridDim.y;

  // linear thread index within 2D block
  int t = threadIdx.x + threadIdx.y * blockDim.x;

  // total threads in 2D block
  int nt = blockDim.x * blockDim.y;

  // linear block index within 2D grid
  int g = blockIdx.x + blockIdx.y * gridDim.x;

  // initialize temporary accumulation array in shared memory
  __shared__ unsigned int smem[ACTIVE_CHANNELS * BINS + ACTIVE_CHANNELS];
  for (int i = t; i < ACTIVE_CHANNELS * BINS + ACTIVE_CHANNELS; i += nt) smem[i] = 0;
  __syncthreads();

  // process pixels
  // updates our block's partial histogram in shared memory
  for (int col = x; col < width; col += nx)
    for (int row = y; row < height; row += ny) {
      PIXEL p = in[row * width + col];
      unsigned int r = decode((T)p.x);
      unsigned int gr = decode((T)p.y);
      unsigned int b = decode((T)p.z);
      atomicAdd(&smem[BINS * 0 + r + 0], 1);
      atomicAdd(&smem[BINS * 1 + gr + 1], 1);
      atomicAdd(&smem[BINS * 2 + b + 2], 1);
    }
  __syncthreads();

  // write partial histogram into the global memory
  out += g * ACTIVE_CHANNELS * BINS;
  for (int i = t; i < BINS; i += nt) {
    out[i + BINS * 0] = smem[i + BINS * 0];
    out[i + BINS * 1] = smem[i + BINS * 1 + 1];
    out[i + BINS * 2] = smem[i + BINS * 2 + 2];
  }
}

template <int ACTIVE_CHANNELS, int BINS>
__global__ void histogram_final_accum(const unsigned int *in, int n, unsigned int *out)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < ACTIVE_CHANNELS * BINS) {
    unsigned int total = 0;
    for (int j = 0; j < n; j++)
      total += in[i + ACTIVE_CHANNELS * BINS * j];
    out[i] = total;
  }
}

int main(int argc, char **argv)
{
  int nDevices;
  checkCuda( cudaGetDeviceCount(&nDevices) );
  for (int i = 0; i < nDevices; i++) {
    cudaDeviceProp prop;
    checkCuda( cudaGetDeviceProperties(&prop, i) );
    int memoryClockRate = 0;
    checkCuda( cudaDeviceGetAttribute(&memoryClockRate, cudaDevAttrMemoryClockRate, i) );
    printf("Device Number: %d\n", i);
    printf("  Device name: %s\n", prop.name);
    printf("  Memory Clock Rate (KHz): %d\n", memoryClockRate);
    printf("  Memory Bus Width (bits): %d\n", prop.memoryBusWidth);
    printf("  Peak Memory Bandwidth (GB/s): %f\n\n",
           2.0 * memoryClockRate * (prop.memoryBusWidth / 8) / 1.0e6);
  }

  const int width = 1920, height = 1080;
  uchar4 *d_image;
  float4 *d_imagef;
  unsigned int *d_partial, *d_hist;
  unsigned int h_hist[3 * NUM_BINS];
  checkCuda( cudaMalloc(&d_image, width * height * sizeof(uchar4)) );
  checkCuda( cudaMalloc(&d_imagef, width * height * sizeof(float4)) );
  checkCuda( cudaMalloc(&d_partial, NUM_PARTS * 3 * NUM_BINS * sizeof(unsigned int)) );
  checkCuda( cudaMalloc(&d_hist, 3 * NUM_BINS * sizeof(unsigned int)) );
  checkCuda( cudaMemset(d_image, 0x40, width * height * sizeof(uchar4)) );
  checkCuda( cudaMemset(d_imagef, 0, width * height * sizeof(float4)) );

  dim3 block(32, 4);
  dim3 grid(16, 64);
  cudaEvent_t start, stop;
  checkCuda( cudaEventCreate(&start) );
  checkCuda( cudaEventCreate(&stop) );

  checkCuda( cudaEventRecord(start, 0) );
  histogram_smem_atomics<3, NUM_BINS, uchar4, unsigned char><<<grid, block>>>(d_image, width, height, d_partial);
  histogram_final_accum<3, NUM_BINS><<<(3 * NUM_BINS + 255) / 256, 256>>>(d_partial, grid.x * grid.y, d_hist);
  checkCuda( cudaEventRecord(stop, 0) );

  cudaError_t errSync  = cudaGetLastError();
  cudaError_t errAsync = cudaDeviceSynchronize();
  if (errSync != cudaSuccess)
    printf("Sync kernel error: %s\n", cudaGetErrorString(errSync));
  if (errAsync != cudaSuccess)
    printf("Async kernel error: %s\n", cudaGetErrorString(errAsync));

  float milliseconds = 0;
  checkCuda( cudaEventElapsedTime(&milliseconds, start, stop) );
  printf("smem atomics (uchar4): %f ms, effective bandwidth (GB/s): %f\n", milliseconds,
         width * height * sizeof(uchar4) / milliseconds / 1e6);

  checkCuda( cudaEventRecord(start, 0) );
  histogram_gmem_atomics<3, NUM_BINS, float4, float><<<grid, block>>>(d_imagef, width, height, d_partial);
  histogram_final_accum<3, NUM_BINS><<<(3 * NUM_BINS + 255) / 256, 256>>>(d_partial, grid.x * grid.y, d_hist);
  checkCuda( cudaEventRecord(stop, 0) );
  checkCuda( cudaEventSynchronize(stop) );
  checkCuda( cudaEventElapsedTime(&milliseconds, start, stop) );
  printf("gmem atomics (float4): %f ms, effective bandwidth (GB/s): %f\n", milliseconds,
         width * height * sizeof(float4) / milliseconds / 1e6);

  checkCuda( cudaMemcpy(h_hist, d_hist, sizeof(h_hist), cudaMemcpyDeviceToHost) );
  printf("bin 0x40 of red: %u (expected %d)\n", h_hist[0x40], width * height);

  checkCuda( cudaEventDestroy(start) );
  checkCuda( cudaEventDestroy(stop) );
  checkCuda( cudaFree(d_image) );
  checkCuda( cudaFree(d_imagef) );
  checkCuda( cudaFree(d_partial) );
  checkCuda( cudaFree(d_hist) );
  return 0;
}

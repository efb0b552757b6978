// The runtime API as tutorials call it: leaning on CUDA's C++ overloads and
// default arguments (cuda_runtime.h's templates over T**, kernel-function
// overloads of the occupancy, attribute and launch calls, symbol overloads),
// which HIP declares with other parameter types or without the defaults.
#include <stdio.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__constant__ float coeffs[16];
__device__ int counter;

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] * coeffs[i % 16] + y[i];
  if (i == 0) atomicAdd(&counter, 1);
}

template <typename T>
__global__ void fill(T *p, T v, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 20;
  float *x, *y, *h_pinned, *h_mapped, *d_mapped;
  double *d_buf;
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreate(&stream));

  // Templates over T** and default flags.
  checkCudaErrors(cudaMallocManaged(&x, n * sizeof(float)));
  checkCudaErrors(cudaMallocManaged(&y, n * sizeof(float), cudaMemAttachHost));
  checkCudaErrors(cudaStreamAttachMemAsync(stream, y));
  checkCudaErrors(cudaMallocHost(&h_pinned, n * sizeof(float)));
  checkCudaErrors(cudaHostAlloc(&h_mapped, n * sizeof(float), cudaHostAllocMapped));
  checkCudaErrors(cudaHostGetDevicePointer(&d_mapped, h_mapped, 0));
  checkCudaErrors(cudaMallocAsync(&d_buf, n * sizeof(double), stream));

  // Symbols through their overloads and default offset/kind.
  float h_coeffs[16];
  for (int i = 0; i < 16; i++) h_coeffs[i] = 1.0f / (i + 1);
  checkCudaErrors(cudaMemcpyToSymbol(coeffs, h_coeffs, sizeof(h_coeffs)));
  checkCudaErrors(cudaMemcpyToSymbolAsync(coeffs, h_coeffs, sizeof(h_coeffs), 0,
                                          cudaMemcpyHostToDevice, stream));
  int *d_counter;
  size_t counter_size;
  checkCudaErrors(cudaGetSymbolAddress((void **)&d_counter, counter));
  checkCudaErrors(cudaGetSymbolSize(&counter_size, counter));
  checkCudaErrors(cudaMemsetAsync(d_counter, 0, counter_size));

  // Kernel-function overloads.
  cudaFuncAttributes attr;
  checkCudaErrors(cudaFuncGetAttributes(&attr, saxpy));
  checkCudaErrors(cudaFuncSetCacheConfig(saxpy, cudaFuncCachePreferL1));
  int minGridSize = 0, blockSize = 0;
  checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, saxpy));
  int blocksPerSm = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, fill<double>, 256, 0));
  printf("saxpy: %d regs, block %d (min grid %d), fill: %d blocks/SM\n", attr.numRegs, blockSize,
         minGridSize, blocksPerSm);

  // A launch through cudaLaunchKernel's template, stream and shared memory defaulted.
  int nn = n;
  float a = 2.0f;
  void *args[] = {&nn, &a, &x, &y};
  dim3 grid((n + blockSize - 1) / blockSize), block(blockSize);
  checkCudaErrors(cudaLaunchKernel(saxpy, grid, block, args));
  fill<double><<<(n + 255) / 256, 256, 0, stream>>>(d_buf, 1.0, n);
  getLastCudaError("fill failed");

  cudaEvent_t done;
  checkCudaErrors(cudaEventCreate(&done));
  checkCudaErrors(cudaEventRecord(done));
  checkCudaErrors(cudaEventSynchronize(done));
  int h_counter = 0;
  checkCudaErrors(cudaMemcpyFromSymbol(&h_counter, counter, sizeof(int)));
  printf("y[0] = %f, counter = %d\n", y[0], h_counter);

  checkCudaErrors(cudaFreeAsync(d_buf, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  checkCudaErrors(cudaEventDestroy(done));
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFreeHost(h_pinned));
  checkCudaErrors(cudaFreeHost(h_mapped));
  checkCudaErrors(cudaFree(x));
  checkCudaErrors(cudaFree(y));
  return 0;
}

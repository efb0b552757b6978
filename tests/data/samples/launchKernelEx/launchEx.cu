// Launching kernels without the triple-chevron syntax: cudaLaunchKernel with an
// argument array, and CUDA 12's cudaLaunchKernelEx with a launch config and
// attributes (after the CUDA C++ Programming Guide's examples).

#include <cstdio>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t err_ = (call);                                                \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "CUDA error %s (%s) at %s:%d\n", cudaGetErrorName(err_), \
              cudaGetErrorString(err_), __FILE__, __LINE__);                 \
      exit(EXIT_FAILURE);                                                     \
    }                                                                         \
  } while (0)

template <typename T>
__global__ void scale(T *data, T factor, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    data[i] *= factor;
}

__global__ void addOne(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}

int main() {
  const int n = 1 << 20;
  float *d;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(float)));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  // query the kernel's attributes before choosing a block size
  cudaFuncAttributes attr;
  CUDA_CHECK(cudaFuncGetAttributes(&attr, scale<float>));
  printf("scale<float>: %d regs, %zu B shared, %zu B local, max %d threads, ptx %d, binary %d\n",
         attr.numRegs, attr.sharedSizeBytes, attr.localSizeBytes, attr.maxThreadsPerBlock,
         attr.ptxVersion, attr.binaryVersion);

  int numBlocksPerSm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, scale<float>, 256, 0));
  int dev, sms;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));

  // 1. cudaLaunchKernel with a void* argument array
  float factor = 2.0f;
  int count = n;
  void *args[] = {&d, &factor, &count};
  dim3 grid(sms * numBlocksPerSm), block(256);
  CUDA_CHECK(cudaLaunchKernel((const void *)scale<float>, grid, block, args, 0, stream));

  // 2. cudaLaunchKernelEx with a config (CUDA 12)
  cudaLaunchConfig_t config = {0};
  config.gridDim = dim3((n + 255) / 256);
  config.blockDim = dim3(256);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  CUDA_CHECK(cudaLaunchKernelEx(&config, addOne, d, n));

  CUDA_CHECK(cudaStreamSynchronize(stream));
  float h = 0;
  CUDA_CHECK(cudaMemcpy(&h, d, sizeof(float), cudaMemcpyDeviceToHost));
  printf("d[0] = %f (expected 1)\n", h);

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(d));
  return 0;
}

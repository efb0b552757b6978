// The CUDA C++ Programming Guide's programmatic dependent launch: a
// secondary kernel launched with cudaLaunchKernelEx and the programmatic
// stream serialization attribute overlaps its preamble with the primary
// kernel, which signals with cudaTriggerProgrammaticLaunchCompletion; the
// secondary waits with cudaGridDependencySynchronize before reading.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void primary_kernel(float *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) buf[i] = sqrtf((float)i);
  // Trigger the secondary kernel
  cudaTriggerProgrammaticLaunchCompletion();
  // Work that can coincide with the secondary kernel
}

__global__ void secondary_kernel(const float *buf, float *out, int n) {
  __shared__ float scale;
  // Independent work
  if (threadIdx.x == 0) scale = 0.5f;
  // Will block until all primary kernels the secondary kernel is dependent on
  // have completed and flushed results to global memory
  cudaGridDependencySynchronize();
  __syncthreads();
  // Dependent work
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = buf[i] * scale;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 20, block_dim = 256, grid_dim = (n + block_dim - 1) / block_dim;
  float *buf, *out;
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreate(&stream));
  checkCudaErrors(cudaMalloc(&buf, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, n * sizeof(float)));

  primary_kernel<<<grid_dim, block_dim, 0, stream>>>(buf, n);

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {0};
  config.gridDim = grid_dim;
  config.blockDim = block_dim;
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  config.attrs = attribute;
  config.numAttrs = 1;
  checkCudaErrors(cudaLaunchKernelEx(&config, secondary_kernel, (const float *)buf, out, n));

  float h_out[4];
  checkCudaErrors(cudaMemcpyAsync(h_out, out, sizeof(h_out), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  printf("%f %f %f %f\n", h_out[0], h_out[1], h_out[2], h_out[3]);
  checkCudaErrors(cudaFree(buf));
  checkCudaErrors(cudaFree(out));
  checkCudaErrors(cudaStreamDestroy(stream));
  return 0;
}

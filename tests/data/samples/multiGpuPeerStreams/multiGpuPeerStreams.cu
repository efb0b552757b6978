// Split work over every GPU (a cudaSetDevice loop), enable peer access
// where the devices allow it, gather the partial results on device 0 with
// cudaMemcpyPeerAsync, and report each device's completion through a stream
// callback, the way "Professional CUDA C Programming" and cuda-samples'
// simpleMultiGPU/simpleP2P write it.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define MAX_GPUS 8

__global__ void partialSum(const float *in, float *out, int n) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) v += in[i];
  s[tid] = v;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, s[0]);
}

struct CallbackData {
  int device;
  float *host;
};

void CUDART_CB deviceDone(cudaStream_t stream, cudaError_t status, void *userData) {
  CallbackData *d = (CallbackData *)userData;
  checkCudaErrors(status);
  printf("device %d finished\n", d->device);
}

int main() {
  int gpuCount = 0;
  checkCudaErrors(cudaGetDeviceCount(&gpuCount));
  if (gpuCount > MAX_GPUS) gpuCount = MAX_GPUS;
  const int perGpu = 1 << 22;
  float *dIn[MAX_GPUS], *dOut[MAX_GPUS], *hIn[MAX_GPUS];
  cudaStream_t streams[MAX_GPUS];
  CallbackData cb[MAX_GPUS];

  for (int i = 0; i < gpuCount; i++) {
    checkCudaErrors(cudaSetDevice(i));
    checkCudaErrors(cudaStreamCreateWithPriority(&streams[i], cudaStreamNonBlocking, 0));
    checkCudaErrors(cudaMalloc((void **)&dIn[i], perGpu * sizeof(float)));
    checkCudaErrors(cudaMalloc((void **)&dOut[i], sizeof(float)));
    checkCudaErrors(cudaMallocHost((void **)&hIn[i], perGpu * sizeof(float)));
    for (int k = 0; k < perGpu; k++) hIn[i][k] = 1.0f;
    if (i > 0) {
      int canAccess = 0;
      checkCudaErrors(cudaDeviceCanAccessPeer(&canAccess, i, 0));
      if (canAccess) {
        cudaError_t e = cudaDeviceEnablePeerAccess(0, 0);
        if (e == cudaErrorPeerAccessAlreadyEnabled) cudaGetLastError();
      }
    }
  }
  for (int i = 0; i < gpuCount; i++) {
    checkCudaErrors(cudaSetDevice(i));
    checkCudaErrors(cudaMemsetAsync(dOut[i], 0, sizeof(float), streams[i]));
    checkCudaErrors(cudaMemcpyAsync(dIn[i], hIn[i], perGpu * sizeof(float), cudaMemcpyHostToDevice, streams[i]));
    partialSum<<<64, 256, 0, streams[i]>>>(dIn[i], dOut[i], perGpu);
    getLastCudaError("partialSum failed");
    cb[i].device = i;
    cb[i].host = hIn[i];
    checkCudaErrors(cudaStreamAddCallback(streams[i], deviceDone, &cb[i], 0));
  }
  // Gather on device 0.
  checkCudaErrors(cudaSetDevice(0));
  float *dAll;
  checkCudaErrors(cudaMalloc((void **)&dAll, gpuCount * sizeof(float)));
  for (int i = 0; i < gpuCount; i++) {
    checkCudaErrors(cudaStreamSynchronize(streams[i]));
    checkCudaErrors(cudaMemcpyPeerAsync(dAll + i, 0, dOut[i], i, sizeof(float), streams[0]));
  }
  std::vector<float> sums(gpuCount);
  checkCudaErrors(cudaMemcpyAsync(sums.data(), dAll, gpuCount * sizeof(float), cudaMemcpyDeviceToHost, streams[0]));
  checkCudaErrors(cudaStreamSynchronize(streams[0]));
  double total = 0;
  for (float s : sums) total += s;
  printf("total %.0f (expected %.0f)\n", total, (double)perGpu * gpuCount);

  checkCudaErrors(cudaFree(dAll));
  for (int i = 0; i < gpuCount; i++) {
    checkCudaErrors(cudaSetDevice(i));
    checkCudaErrors(cudaFree(dIn[i]));
    checkCudaErrors(cudaFree(dOut[i]));
    checkCudaErrors(cudaFreeHost(hIn[i]));
    checkCudaErrors(cudaStreamDestroy(streams[i]));
    checkCudaErrors(cudaDeviceReset());
  }
  return total == (double)perGpu * gpuCount ? EXIT_SUCCESS : EXIT_FAILURE;
}

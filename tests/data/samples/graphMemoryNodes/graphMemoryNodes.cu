/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 *
 * In the style of cuda-samples' graphMemoryNodes: a graph that allocates,
 * uses and frees its own memory through memory nodes, built once by hand
 * (cudaGraphAddMemAllocNode / cudaGraphAddMemFreeNode) and once by stream
 * capture of cudaMallocAsync / cudaFreeAsync; instantiated with the
 * auto-free flag, the graph memory footprint queried and trimmed.
 */
#include <cstdio>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#define NUM_ITER 4

__global__ void clearKernel(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 0.0f;
}

__global__ void addKernel(float *dst, const float *src, float scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] += scale * src[i];
}

void prepareRefArrays(float **a, float **b, int n) {
  checkCudaErrors(cudaMalloc(a, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(b, n * sizeof(float)));
  checkCudaErrors(cudaMemset(*a, 0, n * sizeof(float)));
  checkCudaErrors(cudaMemset(*b, 0, n * sizeof(float)));
}

// A graph of four nodes: allocate a scratch buffer, clear it, add it into
// the output, free it.
void createGraphWithAllocFree(cudaGraphExec_t *graphExec, float *d_out, int n,
                              int device) {
  cudaGraph_t graph;
  cudaGraphNode_t allocNode, clearNode, addNode, freeNode;
  checkCudaErrors(cudaGraphCreate(&graph, 0));

  cudaMemAllocNodeParams allocParams;
  memset(&allocParams, 0, sizeof(allocParams));
  allocParams.bytesize = n * sizeof(float);
  allocParams.poolProps.allocType = cudaMemAllocationTypePinned;
  allocParams.poolProps.location.id = device;
  allocParams.poolProps.location.type = cudaMemLocationTypeDevice;
  checkCudaErrors(cudaGraphAddMemAllocNode(&allocNode, graph, NULL, 0, &allocParams));
  float *d_scratch = (float *)allocParams.dptr;

  dim3 block(256), grid((n + block.x - 1) / block.x);
  cudaKernelNodeParams kp = {0};
  void *clearArgs[2] = {(void *)&d_scratch, (void *)&n};
  kp.func = (void *)clearKernel;
  kp.gridDim = grid;
  kp.blockDim = block;
  kp.sharedMemBytes = 0;
  kp.kernelParams = clearArgs;
  kp.extra = NULL;
  checkCudaErrors(cudaGraphAddKernelNode(&clearNode, graph, &allocNode, 1, &kp));

  float scale = 2.0f;
  void *addArgs[4] = {(void *)&d_out, (void *)&d_scratch, (void *)&scale, (void *)&n};
  kp.func = (void *)addKernel;
  kp.kernelParams = addArgs;
  checkCudaErrors(cudaGraphAddKernelNode(&addNode, graph, &clearNode, 1, &kp));

  checkCudaErrors(cudaGraphAddMemFreeNode(&freeNode, graph, &addNode, 1, (void *)d_scratch));

  checkCudaErrors(cudaGraphInstantiateWithFlags(graphExec, graph,
                                                cudaGraphInstantiateFlagAutoFreeOnLaunch));
  checkCudaErrors(cudaGraphDestroy(graph));
}

// The same graph captured from a stream.
void createGraphByCapture(cudaGraphExec_t *graphExec, cudaStream_t stream,
                          float *d_out, int n) {
  cudaGraph_t graph;
  float *d_scratch;
  checkCudaErrors(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  checkCudaErrors(cudaMallocAsync((void **)&d_scratch, n * sizeof(float), stream));
  clearKernel<<<(n + 255) / 256, 256, 0, stream>>>(d_scratch, n);
  addKernel<<<(n + 255) / 256, 256, 0, stream>>>(d_out, d_scratch, 1.0f, n);
  checkCudaErrors(cudaFreeAsync(d_scratch, stream));
  checkCudaErrors(cudaStreamEndCapture(stream, &graph));
  checkCudaErrors(cudaGraphInstantiate(graphExec, graph, 0));
  checkCudaErrors(cudaGraphDestroy(graph));
}

void printFootprint(int device, const char *when) {
  size_t used = 0, reserved = 0;
  checkCudaErrors(cudaDeviceGetGraphMemAttribute(device, cudaGraphMemAttrUsedMemCurrent, &used));
  checkCudaErrors(cudaDeviceGetGraphMemAttribute(device, cudaGraphMemAttrReservedMemCurrent, &reserved));
  printf("%s: graph memory used %zu, reserved %zu bytes\n", when, used, reserved);
}

int main(int argc, char **argv) {
  int device = findCudaDevice(argc, (const char **)argv);
  int driverVersion = 0;
  checkCudaErrors(cudaDriverGetVersion(&driverVersion));
  int poolsSupported = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&poolsSupported, cudaDevAttrMemoryPoolsSupported, device));
  if (driverVersion < 11040 || !poolsSupported) {
    printf("Waiving execution as device does not support graph memory nodes\n");
    return 0;
  }

  const int n = 1 << 20;
  float *d_a, *d_b;
  prepareRefArrays(&d_a, &d_b, n);
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  cudaGraphExec_t manual, captured;
  createGraphWithAllocFree(&manual, d_a, n, device);
  createGraphByCapture(&captured, stream, d_b, n);

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  for (int i = 0; i < NUM_ITER; i++) {
    checkCudaErrors(cudaGraphLaunch(manual, stream));
    checkCudaErrors(cudaGraphLaunch(captured, stream));
  }
  checkCudaErrors(cudaStreamSynchronize(stream));
  sdkStopTimer(&timer);
  printf("%d launches of two graphs: %.3f ms\n", NUM_ITER, sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  printFootprint(device, "after launches");
  checkCudaErrors(cudaDeviceGraphMemTrim(device));
  printFootprint(device, "after trim");

  checkCudaErrors(cudaGraphExecDestroy(manual));
  checkCudaErrors(cudaGraphExecDestroy(captured));
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_b));
  printf("PASSED\n");
  return 0;
}

/* Copyright (c) 2024, NVIDIA CORPORATION. All rights reserved.
 *
 * In the style of cuda-samples' graphConditionalNodes: a while loop in a
 * CUDA graph. A conditional handle is created with a default value, a
 * WHILE conditional node added through cudaGraphAddNode with
 * cudaGraphNodeParams, its body graph filled by stream capture
 * (cudaStreamBeginCaptureToGraph), and a kernel in the body sets the
 * condition with cudaGraphSetConditional.
 */
#include <cstdio>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void loopKernel(cudaGraphConditionalHandle handle, int *count) {
  // Decrement the counter; stop the loop when it reaches zero.
  if (--(*count) == 0) {
    cudaGraphSetConditional(handle, 0);
  }
}

__global__ void loopSetup(int *count, int n) { *count = n; }

__global__ void workKernel(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}

void simpleWhileGraph(float *d_data, int n, int *d_count, int iterations) {
  cudaGraph_t graph;
  cudaGraphExec_t graphExec;
  cudaGraphNode_t node;

  checkCudaErrors(cudaGraphCreate(&graph, 0));

  cudaGraphConditionalHandle handle;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault));

  cudaGraphNodeParams cParams = {cudaGraphNodeTypeConditional};
  cParams.conditional.handle = handle;
  cParams.conditional.type = cudaGraphCondTypeWhile;
  cParams.conditional.size = 1;
  checkCudaErrors(cudaGraphAddNode(&node, graph, NULL, NULL, 0, &cParams));

  cudaGraph_t bodyGraph = cParams.conditional.phGraph_out[0];

  cudaStream_t captureStream;
  checkCudaErrors(cudaStreamCreate(&captureStream));

  checkCudaErrors(cudaStreamBeginCaptureToGraph(captureStream, bodyGraph, nullptr, nullptr, 0,
                                                cudaStreamCaptureModeRelaxed));
  workKernel<<<(n + 255) / 256, 256, 0, captureStream>>>(d_data, n);
  loopKernel<<<1, 1, 0, captureStream>>>(handle, d_count);
  checkCudaErrors(cudaStreamEndCapture(captureStream, nullptr));
  checkCudaErrors(cudaStreamDestroy(captureStream));

  checkCudaErrors(cudaGraphInstantiate(&graphExec, graph, NULL, NULL, 0));

  loopSetup<<<1, 1>>>(d_count, iterations);
  checkCudaErrors(cudaGraphLaunch(graphExec, 0));
  checkCudaErrors(cudaDeviceSynchronize());

  checkCudaErrors(cudaGraphExecDestroy(graphExec));
  checkCudaErrors(cudaGraphDestroy(graph));
}

int main(int argc, char **argv) {
  int device = findCudaDevice(argc, (const char **)argv);
  int driverVersion = 0;
  checkCudaErrors(cudaDriverGetVersion(&driverVersion));
  printf("Driver version is: %d.%d\n", driverVersion / 1000, (driverVersion % 100) / 10);
  if (driverVersion < 12030) {
    printf("Skipping execution as driver does not support Graph Conditional Nodes\n");
    return 0;
  }

  const int n = 1 << 16, iterations = 10;
  float *d_data;
  int *d_count;
  checkCudaErrors(cudaMalloc(&d_data, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_count, sizeof(int)));
  checkCudaErrors(cudaMemset(d_data, 0, n * sizeof(float)));
  simpleWhileGraph(d_data, n, d_count, iterations);

  float h_first = 0.0f;
  checkCudaErrors(cudaMemcpy(&h_first, d_data, sizeof(float), cudaMemcpyDeviceToHost));
  printf("device %d: data[0] = %.0f after the loop (expected %d)\n", device, h_first, iterations);
  checkCudaErrors(cudaFree(d_data));
  checkCudaErrors(cudaFree(d_count));
  return h_first == (float)iterations ? 0 : 1;
}

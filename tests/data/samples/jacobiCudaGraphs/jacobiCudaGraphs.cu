/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Jacobi iterations launched through CUDA graphs, as jacobiCudaGraphs does:
// the iteration is captured from a stream, instantiated with the CUDA 12
// signature, and on later iterations re-captured and patched in place with
// cudaGraphExecUpdate (falling back to a fresh instantiation); a second
// variant edits one kernel node's parameters in the executable graph.

#include <stdio.h>
#include <math.h>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

#define N_ROWS 512
#define ROWS_PER_CTA 8

// 32 threads per row: each warp handles one row of the dense system.
__global__ void JacobiMethod(const float *A, const double *b,
                             const float conv_threshold, double *x,
                             double *x_new, double *sum) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ double x_shared[N_ROWS];
  __shared__ double b_shared[ROWS_PER_CTA + 1];

  for (int i = threadIdx.x; i < N_ROWS; i += blockDim.x) x_shared[i] = x[i];
  if (threadIdx.x < ROWS_PER_CTA) {
    int k = threadIdx.x;
    for (int i = k + (blockIdx.x * ROWS_PER_CTA); i < N_ROWS; i += ROWS_PER_CTA)
      b_shared[i % (ROWS_PER_CTA + 1)] = b[i];
  }
  cg::sync(cta);

  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  for (int k = 0, i = blockIdx.x * ROWS_PER_CTA;
       (k < ROWS_PER_CTA) && (i < N_ROWS); k++, i++) {
    double rowThreadSum = 0.0;
    for (int j = threadIdx.x; j < N_ROWS; j += blockDim.x)
      rowThreadSum += (A[i * N_ROWS + j] * x_shared[j]);
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
      rowThreadSum += tile32.shfl_down(rowThreadSum, offset);
    if (tile32.thread_rank() == 0) {
      double xi = (b_shared[i % (ROWS_PER_CTA + 1)] - rowThreadSum +
                   A[i * N_ROWS + i] * x_shared[i]) / A[i * N_ROWS + i];
      x_new[i] = xi;
      atomicAdd(sum, fabs(xi - x_shared[i]));
    }
  }
  (void)conv_threshold;
}

double JacobiMethodGpuCudaGraphExecKernelSetParams(
    const float *A, const double *b, const float conv_threshold,
    const int max_iter, double *x, double *x_new, cudaStream_t stream) {
  dim3 nthreads(256, 1, 1);
  dim3 nblocks((N_ROWS / ROWS_PER_CTA) + 2, 1, 1);
  cudaGraph_t graph;
  cudaGraphExec_t graphExec = NULL;
  double sum = 0.0;
  double *d_sum = NULL;
  checkCudaErrors(cudaMalloc(&d_sum, sizeof(double)));

  std::vector<cudaGraphNode_t> nodeDependencies;
  cudaGraphNode_t memcpyNode, jacobiKernelNode, memsetNode;
  cudaMemsetParams memsetParams = {0};
  memsetParams.dst = (void *)d_sum;
  memsetParams.value = 0;
  memsetParams.pitch = 0;
  // elementSize can be max 4 bytes, so we take sizeof(float) and width=2
  memsetParams.elementSize = sizeof(float);
  memsetParams.width = 2;
  memsetParams.height = 1;

  checkCudaErrors(cudaGraphCreate(&graph, 0));
  checkCudaErrors(cudaGraphAddMemsetNode(&memsetNode, graph, NULL, 0, &memsetParams));
  nodeDependencies.push_back(memsetNode);

  cudaKernelNodeParams NodeParams0, NodeParams1;
  NodeParams0.func = (void *)JacobiMethod;
  NodeParams0.gridDim = nblocks;
  NodeParams0.blockDim = nthreads;
  NodeParams0.sharedMemBytes = 0;
  void *kernelArgs0[6] = {(void *)&A, (void *)&b, (void *)&conv_threshold,
                          (void *)&x, (void *)&x_new, (void *)&d_sum};
  NodeParams0.kernelParams = kernelArgs0;
  NodeParams0.extra = NULL;

  checkCudaErrors(cudaGraphAddKernelNode(&jacobiKernelNode, graph,
                                         nodeDependencies.data(),
                                         nodeDependencies.size(), &NodeParams0));

  nodeDependencies.clear();
  nodeDependencies.push_back(jacobiKernelNode);

  cudaMemcpy3DParms memcpyParams = {0};
  memcpyParams.srcArray = NULL;
  memcpyParams.srcPos = make_cudaPos(0, 0, 0);
  memcpyParams.srcPtr = make_cudaPitchedPtr(d_sum, sizeof(double), 1, 1);
  memcpyParams.dstArray = NULL;
  memcpyParams.dstPos = make_cudaPos(0, 0, 0);
  memcpyParams.dstPtr = make_cudaPitchedPtr(&sum, sizeof(double), 1, 1);
  memcpyParams.extent = make_cudaExtent(sizeof(double), 1, 1);
  memcpyParams.kind = cudaMemcpyDeviceToHost;

  checkCudaErrors(cudaGraphAddMemcpyNode(&memcpyNode, graph,
                                         nodeDependencies.data(),
                                         nodeDependencies.size(), &memcpyParams));

  checkCudaErrors(cudaGraphInstantiate(&graphExec, graph, 0));

  NodeParams1.func = (void *)JacobiMethod;
  NodeParams1.gridDim = nblocks;
  NodeParams1.blockDim = nthreads;
  NodeParams1.sharedMemBytes = 0;
  void *kernelArgs1[6] = {(void *)&A, (void *)&b, (void *)&conv_threshold,
                          (void *)&x_new, (void *)&x, (void *)&d_sum};
  NodeParams1.kernelParams = kernelArgs1;
  NodeParams1.extra = NULL;

  int k = 0;
  for (k = 0; k < max_iter; k++) {
    checkCudaErrors(cudaGraphExecKernelNodeSetParams(
        graphExec, jacobiKernelNode,
        ((k & 1) == 0) ? &NodeParams0 : &NodeParams1));
    checkCudaErrors(cudaGraphLaunch(graphExec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));

    if (sum <= conv_threshold) break;
  }
  printf("GPU iterations : %d, sum : %f\n", k + 1, sum);
  checkCudaErrors(cudaGraphExecDestroy(graphExec));
  checkCudaErrors(cudaGraphDestroy(graph));
  checkCudaErrors(cudaFree(d_sum));
  return sum;
}

double JacobiMethodGpuCudaGraphExecUpdate(const float *A, const double *b,
                                          const float conv_threshold,
                                          const int max_iter, double *x,
                                          double *x_new, cudaStream_t stream) {
  dim3 nthreads(256, 1, 1);
  dim3 nblocks((N_ROWS / ROWS_PER_CTA) + 2, 1, 1);
  cudaGraph_t graph;
  cudaGraphExec_t graphExec = NULL;
  double sum = 0.0;
  double *d_sum;
  checkCudaErrors(cudaMalloc(&d_sum, sizeof(double)));

  int k = 0;
  for (k = 0; k < max_iter; k++) {
    checkCudaErrors(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
    checkCudaErrors(cudaMemsetAsync(d_sum, 0, sizeof(double), stream));
    if ((k & 1) == 0) {
      JacobiMethod<<<nblocks, nthreads, 0, stream>>>(A, b, conv_threshold, x,
                                                     x_new, d_sum);
    } else {
      JacobiMethod<<<nblocks, nthreads, 0, stream>>>(A, b, conv_threshold,
                                                     x_new, x, d_sum);
    }
    checkCudaErrors(cudaMemcpyAsync(&sum, d_sum, sizeof(double),
                                    cudaMemcpyDeviceToHost, stream));
    checkCudaErrors(cudaStreamEndCapture(stream, &graph));

    if (graphExec == NULL) {
      checkCudaErrors(cudaGraphInstantiate(&graphExec, graph, 0));
    } else {
      cudaGraphExecUpdateResultInfo updateResultInfo;
      checkCudaErrors(cudaGraphExecUpdate(graphExec, graph, &updateResultInfo));
      if (updateResultInfo.result != cudaGraphExecUpdateSuccess) {
        if (graphExec != NULL) {
          checkCudaErrors(cudaGraphExecDestroy(graphExec));
        }
        printf("k = %d graph update failed with error - %d\n", k,
               updateResultInfo.result);
        checkCudaErrors(cudaGraphInstantiateWithFlags(
            &graphExec, graph, cudaGraphInstantiateFlagAutoFreeOnLaunch));
      }
    }
    checkCudaErrors(cudaGraphUpload(graphExec, stream));
    checkCudaErrors(cudaGraphLaunch(graphExec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    checkCudaErrors(cudaGraphDestroy(graph));

    if (sum <= conv_threshold) break;
  }
  printf("GPU iterations : %d, sum : %f\n", k + 1, sum);
  checkCudaErrors(cudaGraphExecDestroy(graphExec));
  checkCudaErrors(cudaFree(d_sum));
  return sum;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  float *A, *d_A;
  double *b, *d_b, *d_x, *d_x_new;
  checkCudaErrors(cudaMallocHost(&A, N_ROWS * N_ROWS * sizeof(float)));
  checkCudaErrors(cudaMallocHost(&b, N_ROWS * sizeof(double)));
  for (int i = 0; i < N_ROWS; i++) {
    b[i] = 2.0 * N_ROWS;
    for (int j = 0; j < N_ROWS; j++) A[i * N_ROWS + j] = (i == j) ? N_ROWS + 1.0f : 1.0f;
  }
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  checkCudaErrors(cudaMalloc(&d_A, sizeof(float) * N_ROWS * N_ROWS));
  checkCudaErrors(cudaMalloc(&d_b, sizeof(double) * N_ROWS));
  checkCudaErrors(cudaMalloc(&d_x, sizeof(double) * N_ROWS));
  checkCudaErrors(cudaMalloc(&d_x_new, sizeof(double) * N_ROWS));
  checkCudaErrors(cudaMemsetAsync(d_x, 0, sizeof(double) * N_ROWS, stream));
  checkCudaErrors(cudaMemsetAsync(d_x_new, 0, sizeof(double) * N_ROWS, stream));
  checkCudaErrors(cudaMemcpyAsync(d_A, A, sizeof(float) * N_ROWS * N_ROWS,
                                  cudaMemcpyHostToDevice, stream));
  checkCudaErrors(cudaMemcpyAsync(d_b, b, sizeof(double) * N_ROWS,
                                  cudaMemcpyHostToDevice, stream));

  const float conv_threshold = 1.0e-2f;
  const int max_iter = 4 * N_ROWS * N_ROWS;
  JacobiMethodGpuCudaGraphExecKernelSetParams(d_A, d_b, conv_threshold, max_iter,
                                              d_x, d_x_new, stream);
  JacobiMethodGpuCudaGraphExecUpdate(d_A, d_b, conv_threshold, max_iter, d_x,
                                     d_x_new, stream);

  checkCudaErrors(cudaFree(d_b));
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_x));
  checkCudaErrors(cudaFree(d_x_new));
  checkCudaErrors(cudaFreeHost(A));
  checkCudaErrors(cudaFreeHost(b));
  checkCudaErrors(cudaStreamDestroy(stream));
  return 0;
}

// corpus: runtime; explicit CUDA graph: cudaGraphAddKernelNode with cudaKernelNodeParams, dependencies, root-node query, exec update of params
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(EXIT_FAILURE);                                               \
    }                                                                        \
  } while (0)

__global__ void initKernel(int* a, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = value;
}

__global__ void axpyKernel(int* y, const int* x, int n, int alpha) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += alpha * x[i];
}

int main() {
  const int n = 1000;
  int *d_x, *d_y;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(int)));

  cudaGraph_t graph;
  CUDA_CHECK(cudaGraphCreate(&graph, 0));

  int n_ = n, xv = 3, yv = 10, alpha = 5;
  void* initXArgs[] = {&d_x, &n_, &xv};
  void* initYArgs[] = {&d_y, &n_, &yv};
  void* axpyArgs[] = {&d_y, &d_x, &n_, &alpha};

  cudaKernelNodeParams p = {};
  p.gridDim = dim3((n + 127) / 128);
  p.blockDim = dim3(128);
  p.sharedMemBytes = 0;
  p.extra = nullptr;

  cudaGraphNode_t initX, initY, axpy;
  p.func = (void*)initKernel;
  p.kernelParams = initXArgs;
  CUDA_CHECK(cudaGraphAddKernelNode(&initX, graph, nullptr, 0, &p));
  p.kernelParams = initYArgs;
  CUDA_CHECK(cudaGraphAddKernelNode(&initY, graph, nullptr, 0, &p));

  cudaGraphNode_t deps[] = {initX, initY};
  p.func = (void*)axpyKernel;
  p.kernelParams = axpyArgs;
  CUDA_CHECK(cudaGraphAddKernelNode(&axpy, graph, deps, 2, &p));

  size_t numNodes = 0, numRoots = 0;
  CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  CUDA_CHECK(cudaGraphGetRootNodes(graph, nullptr, &numRoots));
  printf("nodes = %zu, root nodes = %zu\n", numNodes, numRoots);

  cudaGraphExec_t exec;
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_CHECK(cudaGraphLaunch(exec, 0));
  CUDA_CHECK(cudaDeviceSynchronize());

  int h[n];
  CUDA_CHECK(cudaMemcpy(h, d_y, sizeof(h), cudaMemcpyDeviceToHost));
  long long sum1 = 0;
  for (int i = 0; i < n; ++i) sum1 += h[i];
  printf("first launch: y[0] = %d, sum = %lld\n", h[0], sum1);

  // change alpha of the axpy node in the executable graph and launch again
  int alpha2 = -2;
  void* axpyArgs2[] = {&d_y, &d_x, &n_, &alpha2};
  p.kernelParams = axpyArgs2;
  CUDA_CHECK(cudaGraphExecKernelNodeSetParams(exec, axpy, &p));
  CUDA_CHECK(cudaGraphLaunch(exec, 0));
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h, d_y, sizeof(h), cudaMemcpyDeviceToHost));
  long long sum2 = 0;
  for (int i = 0; i < n; ++i) sum2 += h[i];
  printf("second launch: y[0] = %d, sum = %lld\n", h[0], sum2);

  bool ok = numNodes == 3 && numRoots == 2 && sum1 == 25LL * n && sum2 == 4LL * n;
  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

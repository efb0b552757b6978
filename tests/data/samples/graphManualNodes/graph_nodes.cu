// CUDA Graphs built node by node, as the developer blog shows them: a
// memcpy node, two kernel nodes with cudaKernelNodeParams, a host node, the
// CUDA 12 cudaGraphInstantiate(&exec, graph, flags), parameters updated in
// the executable graph, and a second graph captured into an existing graph
// with cudaStreamBeginCaptureToGraph (CUDA 12.3).
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define checkCuda(expr)                                                              \
  do {                                                                               \
    cudaError_t e_ = (expr);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "%s failed at %s:%d: %s\n", #expr, __FILE__, __LINE__,         \
              cudaGetErrorName(e_));                                                 \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

__global__ void offset(float *x, float b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) x[i] += b;
}

struct Report {
  const float *host;
  int n;
};

static void CUDART_CB report(void *data) {
  Report *r = static_cast<Report *>(data);
  printf("host node: x[0] = %f of %d\n", r->host[0], r->n);
}

int main() {
  const int n = 1 << 20;
  std::vector<float> h(n, 1.0f);
  float *d;
  checkCuda(cudaMalloc(&d, n * sizeof(float)));
  cudaStream_t stream;
  checkCuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  cudaGraph_t graph;
  checkCuda(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t copyIn, scaleNode, offsetNode, copyOut, hostNode;
  checkCuda(cudaGraphAddMemcpyNode1D(&copyIn, graph, nullptr, 0, d, h.data(), n * sizeof(float),
                                     cudaMemcpyHostToDevice));

  float a = 2.0f, b = 0.5f;
  int count = n;
  void *scaleArgs[] = {&d, &a, &count};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3((n + 255) / 256);
  kp.blockDim = dim3(256);
  kp.sharedMemBytes = 0;
  kp.kernelParams = scaleArgs;
  kp.extra = nullptr;
  checkCuda(cudaGraphAddKernelNode(&scaleNode, graph, &copyIn, 1, &kp));

  void *offsetArgs[] = {&d, &b, &count};
  cudaKernelNodeParams op = kp;
  op.func = (void *)offset;
  op.gridDim = dim3(128);
  op.kernelParams = offsetArgs;
  checkCuda(cudaGraphAddKernelNode(&offsetNode, graph, &scaleNode, 1, &op));
  checkCuda(cudaGraphAddMemcpyNode1D(&copyOut, graph, &offsetNode, 1, h.data(), d, n * sizeof(float),
                                     cudaMemcpyDeviceToHost));
  Report rep = {h.data(), n};
  cudaHostNodeParams hp = {};
  hp.fn = report;
  hp.userData = &rep;
  checkCuda(cudaGraphAddHostNode(&hostNode, graph, &copyOut, 1, &hp));

  size_t numNodes = 0;
  checkCuda(cudaGraphGetNodes(graph, nullptr, &numNodes));
  printf("graph has %zu nodes\n", numNodes);

  cudaGraphExec_t exec;
  checkCuda(cudaGraphInstantiate(&exec, graph, 0));
  checkCuda(cudaGraphLaunch(exec, stream));
  checkCuda(cudaStreamSynchronize(stream));

  // Change the scale factor in the instantiated graph and run it again.
  a = 3.0f;
  checkCuda(cudaGraphExecKernelNodeSetParams(exec, scaleNode, &kp));
  checkCuda(cudaGraphLaunch(exec, stream));
  checkCuda(cudaStreamSynchronize(stream));

  // Capture more work into a graph created beforehand.
  cudaGraph_t captured;
  checkCuda(cudaGraphCreate(&captured, 0));
  checkCuda(cudaStreamBeginCaptureToGraph(stream, captured, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, 0.5f, n);
  offset<<<128, 256, 0, stream>>>(d, -0.25f, n);
  checkCuda(cudaStreamEndCapture(stream, &captured));
  cudaGraphExec_t capturedExec;
  checkCuda(cudaGraphInstantiateWithFlags(&capturedExec, captured, cudaGraphInstantiateFlagAutoFreeOnLaunch));
  checkCuda(cudaGraphLaunch(capturedExec, stream));
  checkCuda(cudaStreamSynchronize(stream));
  checkCuda(cudaMemcpy(h.data(), d, sizeof(float), cudaMemcpyDeviceToHost));
  printf("x[0] = %f\n", h[0]);

  checkCuda(cudaGraphExecDestroy(capturedExec));
  checkCuda(cudaGraphDestroy(captured));
  checkCuda(cudaGraphExecDestroy(exec));
  checkCuda(cudaGraphDestroy(graph));
  checkCuda(cudaStreamDestroy(stream));
  checkCuda(cudaFree(d));
  return 0;
}

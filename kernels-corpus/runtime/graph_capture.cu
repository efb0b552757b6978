// corpus: runtime; CUDA graph built by stream capture (kernels + memset + memcpy), instantiated and replayed
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

__global__ void addScalar(float* x, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += v;
}

__global__ void mulScalar(float* x, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= v;
}

int main() {
  const int n = 1 << 14;
  const int threads = 256, blocks = (n + threads - 1) / threads;
  float *d_x, *d_acc, *h_out;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_acc, n * sizeof(float)));
  CUDA_CHECK(cudaMallocHost(&h_out, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_acc, 0, n * sizeof(float)));

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  cudaGraph_t graph;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus captureStatus;
  CUDA_CHECK(cudaStreamIsCapturing(stream, &captureStatus));
  bool capturing = captureStatus == cudaStreamCaptureStatusActive;
  CUDA_CHECK(cudaMemsetAsync(d_x, 0, n * sizeof(float), stream));
  addScalar<<<blocks, threads, 0, stream>>>(d_x, n, 3.0f);
  mulScalar<<<blocks, threads, 0, stream>>>(d_x, n, 2.0f);
  addScalar<<<blocks, threads, 0, stream>>>(d_acc, n, 1.0f);
  CUDA_CHECK(cudaMemcpyAsync(h_out, d_x, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  printf("stream was capturing: %s\n", capturing ? "ok" : "FAIL");

  size_t numNodes = 0;
  CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  printf("captured nodes = %zu\n", numNodes);

  cudaGraphExec_t exec;
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  const int replays = 5;
  for (int r = 0; r < replays; ++r) CUDA_CHECK(cudaGraphLaunch(exec, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  float acc0 = 0.0f;
  CUDA_CHECK(cudaMemcpy(&acc0, d_acc, sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = capturing && numNodes == 5 && acc0 == (float)replays;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    if (h_out[i] != 6.0f) ok = false;
    sum += h_out[i];
  }
  printf("x sum = %.1f, acc[0] after %d replays = %.1f\n", sum, replays, acc0);

  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_acc));
  CUDA_CHECK(cudaFreeHost(h_out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// OLCF/NERSC cuda-training-series homework style: managed memory with
// cudaMemPrefetchAsync and cudaMemAdvise (CUDA 13's locations, the device
// ids before), a stream captured into a graph
// (CUDA 12's three-argument cudaGraphInstantiate) and launched in a loop,
// with cudaCheckErrors after each step.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define cudaCheckErrors(msg)                                                   \
  do {                                                                         \
    cudaError_t __err = cudaGetLastError();                                    \
    if (__err != cudaSuccess) {                                                \
      fprintf(stderr, "Fatal error: %s (%s at %s:%d)\n", msg,                  \
              cudaGetErrorString(__err), __FILE__, __LINE__);                  \
      fprintf(stderr, "*** FAILED - ABORTING\n");                              \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

const size_t DSIZE = 1ULL << 22;
const int N_STEPS = 3;
const int N_GRAPH_LAUNCHES = 10;

__global__ void kernel_a(float *x, float *y) {
  size_t idx = threadIdx.x + (size_t)blockDim.x * blockIdx.x;
  if (idx < DSIZE) y[idx] = 2.0f * x[idx] + y[idx];
}

__global__ void kernel_b(float *x, float *y) {
  size_t idx = threadIdx.x + (size_t)blockDim.x * blockIdx.x;
  if (idx < DSIZE) x[idx] = x[idx] * 0.5f + y[idx];
}

int main() {
  float *x, *y;
  cudaMallocManaged(&x, DSIZE * sizeof(float));
  cudaMallocManaged(&y, DSIZE * sizeof(float));
  cudaCheckErrors("cudaMallocManaged failure");
  for (size_t i = 0; i < DSIZE; ++i) {
    x[i] = 1.0f;
    y[i] = 2.0f;
  }
  int device = -1;
  cudaGetDevice(&device);
#if CUDART_VERSION >= 13000
  cudaMemLocation gpu = {cudaMemLocationTypeDevice, device};
  cudaMemLocation cpu = {cudaMemLocationTypeHost, 0};
  cudaMemAdvise(x, DSIZE * sizeof(float), cudaMemAdviseSetPreferredLocation, gpu);
  cudaMemAdvise(y, DSIZE * sizeof(float), cudaMemAdviseSetAccessedBy, cpu);
  cudaMemPrefetchAsync(x, DSIZE * sizeof(float), gpu, 0);
  cudaMemPrefetchAsync(y, DSIZE * sizeof(float), gpu, 0);
#else
  cudaMemAdvise(x, DSIZE * sizeof(float), cudaMemAdviseSetPreferredLocation, device);
  cudaMemAdvise(y, DSIZE * sizeof(float), cudaMemAdviseSetAccessedBy, cudaCpuDeviceId);
  cudaMemPrefetchAsync(x, DSIZE * sizeof(float), device);
  cudaMemPrefetchAsync(y, DSIZE * sizeof(float), device);
#endif
  cudaCheckErrors("prefetch failure");

  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaGraph_t graph;
  cudaGraphExec_t instance;
  bool graphCreated = false;
  const int threads = 512;
  const int blocks = (DSIZE + threads - 1) / threads;
  for (int launch = 0; launch < N_GRAPH_LAUNCHES; ++launch) {
    if (!graphCreated) {
      cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
      for (int step = 0; step < N_STEPS; ++step) {
        kernel_a<<<blocks, threads, 0, stream>>>(x, y);
        kernel_b<<<blocks, threads, 0, stream>>>(x, y);
      }
      cudaStreamEndCapture(stream, &graph);
      cudaCheckErrors("stream capture failure");
      cudaGraphInstantiate(&instance, graph, 0);
      cudaCheckErrors("instantiation failure");
      graphCreated = true;
    }
    cudaGraphLaunch(instance, stream);
    cudaCheckErrors("graph launch failure");
  }
  cudaStreamSynchronize(stream);
#if CUDART_VERSION >= 13000
  cudaMemPrefetchAsync(x, DSIZE * sizeof(float), cpu, 0);
#else
  cudaMemPrefetchAsync(x, DSIZE * sizeof(float), cudaCpuDeviceId);
#endif
  cudaDeviceSynchronize();
  printf("x[0] = %f\n", x[0]);
  cudaGraphExecDestroy(instance);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(stream);
  cudaFree(x);
  cudaFree(y);
  return 0;
}

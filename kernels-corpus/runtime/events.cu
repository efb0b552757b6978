// corpus: runtime; events: record/synchronize/query/elapsed time, cross-stream wait, timing a kernel
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                   \
  do {                                                                     \
    cudaError_t e = call;                                                  \
    if (e != cudaSuccess) {                                                \
      printf("CUDA failure %s:%d '%s'\n", __FILE__, __LINE__,              \
             cudaGetErrorString(e));                                       \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

__global__ void busy(float* data, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = data[i];
  for (int k = 0; k < iters; ++k) v = v * 0.999f + 0.001f;
  data[i] = v;
}

__global__ void consume(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] > 0.0f ? 1.0f : 0.0f;
}

int main() {
  const int n = 1 << 16;
  float *d_a, *d_b;
  CUDA_CHECK(cudaMalloc(&d_a, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, n * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_a, 0, n * sizeof(float)));

  cudaEvent_t start, stop, handoff;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventCreateWithFlags(&handoff, cudaEventDisableTiming));

  cudaStream_t s1, s2;
  CUDA_CHECK(cudaStreamCreate(&s1));
  CUDA_CHECK(cudaStreamCreate(&s2));

  CUDA_CHECK(cudaEventRecord(start, s1));
  busy<<<n / 256, 256, 0, s1>>>(d_a, n, 2000);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(handoff, s1));
  // s2 must see busy's results: wait on the event recorded in s1
  CUDA_CHECK(cudaStreamWaitEvent(s2, handoff, 0));
  consume<<<n / 256, 256, 0, s2>>>(d_a, d_b, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop, s2));
  CUDA_CHECK(cudaEventSynchronize(stop));

  cudaError_t q = cudaEventQuery(stop);
  printf("event query after sync: %s\n", q == cudaSuccess ? "complete ok" : "FAIL");

  float ms = -1.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("events: elapsed>=0 %s\n", ms >= 0.0f ? "ok" : "FAIL");

  float* h = (float*)malloc(n * sizeof(float));
  CUDA_CHECK(cudaMemcpy(h, d_b, n * sizeof(float), cudaMemcpyDeviceToHost));
  int ones = 0;
  for (int i = 0; i < n; ++i) ones += h[i] == 1.0f;
  printf("consumer saw producer results: %d/%d\n", ones, n);

  bool ok = q == cudaSuccess && ms >= 0.0f && ones == n;
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaEventDestroy(handoff));
  CUDA_CHECK(cudaStreamDestroy(s1));
  CUDA_CHECK(cudaStreamDestroy(s2));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  free(h);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// corpus: apps; chunked H2D/kernel/D2H pipeline over several streams with pinned memory and events (copy/compute overlap pattern)
#include <vector>
#include "helper_cuda.cuh"

#define NSTREAMS 4

__global__ void process(float* data, int n, float gain) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = data[i];
    data[i] = v * gain + sqrtf(v * v);  // = |v| + gain*v; exact for these inputs
  }
}

int main() {
  const int n = 1 << 20, chunks = 16, chunk = n / chunks;
  float* h;
  CUDA_CHECK(cudaMallocHost(&h, n * sizeof(float)));
  for (int i = 0; i < n; ++i) h[i] = (float)(i % 64) - 32.0f;
  app::DeviceBuffer<float> d(n);
  cudaStream_t streams[NSTREAMS];
  cudaEvent_t done[NSTREAMS];
  for (int s = 0; s < NSTREAMS; ++s) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking));
    CUDA_CHECK(cudaEventCreateWithFlags(&done[s], cudaEventDisableTiming));
  }
  app::GpuTimer timer;
  timer.start();
  for (int c = 0; c < chunks; ++c) {
    cudaStream_t s = streams[c % NSTREAMS];
    float* hp = h + (size_t)c * chunk;
    float* dp = d.get() + (size_t)c * chunk;
    CUDA_CHECK(cudaMemcpyAsync(dp, hp, chunk * sizeof(float), cudaMemcpyHostToDevice, s));
    process<<<app::ceilDiv(chunk, 256), 256, 0, s>>>(dp, chunk, 2.0f);
    CHECK_LAST("process");
    CUDA_CHECK(cudaMemcpyAsync(hp, dp, chunk * sizeof(float), cudaMemcpyDeviceToHost, s));
  }
  for (int s = 0; s < NSTREAMS; ++s) {
    CUDA_CHECK(cudaEventRecord(done[s], streams[s]));
    CUDA_CHECK(cudaStreamWaitEvent(0, done[s], 0));  // legacy stream joins all workers
  }
  timer.stop();
  float ms = timer.elapsedMs();
  CUDA_CHECK(cudaDeviceSynchronize());

  bool ok = ms >= 0.0f;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    float v = (float)(i % 64) - 32.0f;
    float e = v * 2.0f + (v < 0 ? -v : v);
    ok = ok && h[i] == e;
    sum += h[i];
  }
  printf("pipeline chunks=%d streams=%d sum=%.0f timing sane: %s\n", chunks, NSTREAMS, sum,
         ms >= 0.0f ? "ok" : "FAIL");
  for (int s = 0; s < NSTREAMS; ++s) {
    CUDA_CHECK(cudaStreamDestroy(streams[s]));
    CUDA_CHECK(cudaEventDestroy(done[s]));
  }
  CUDA_CHECK(cudaFreeHost(h));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// Non-blocking streams with host work queued behind device work, in the
// style of the CUDA Pro Tip and Professional CUDA C Programming's chapter 6:
// cudaStreamCreateWithFlags(cudaStreamNonBlocking), a CUDART_CB stream
// callback (legacy form) and cudaLaunchHostFunc (current form), per-stream
// events timed with cudaEventElapsedTime, a CHECK macro over every call.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                          \
  {                                                                          \
    const cudaError_t error = call;                                          \
    if (error != cudaSuccess) {                                              \
      fprintf(stderr, "Error: %s:%d, ", __FILE__, __LINE__);                 \
      fprintf(stderr, "code: %d, reason: %s\n", error,                       \
              cudaGetErrorString(error));                                    \
      exit(1);                                                               \
    }                                                                        \
  }

#define NSTREAM 4

struct Progress {
  int stream;
  volatile int done;
};

__global__ void kernel_1(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double sum = 0.0;
  for (int k = 0; k < 1000 && i < n; k++) sum = sum + tan(0.1) * tan(0.1);
  if (i < n) x[i] = (float)sum;
}

void CUDART_CB my_callback(cudaStream_t stream, cudaError_t status, void *data) {
  Progress *p = (Progress *)data;
  printf("callback from stream %d (%s)\n", p->stream, cudaGetErrorString(status));
}

void CUDART_CB mark_done(void *data) {
  Progress *p = static_cast<Progress *>(data);
  p->done = 1;
}

int main(int argc, char **argv) {
  int n_streams = NSTREAM;
  int dev = 0;
  cudaDeviceProp deviceProp;
  CHECK(cudaGetDeviceProperties(&deviceProp, dev));
  printf("> Using Device %d: %s with num_streams=%d\n", dev, deviceProp.name, n_streams);
  CHECK(cudaSetDevice(dev));

  const int n = 1 << 18;
  float *d_x;
  CHECK(cudaMalloc((void **)&d_x, n_streams * n * sizeof(float)));

  cudaStream_t *streams = (cudaStream_t *)malloc(n_streams * sizeof(cudaStream_t));
  cudaEvent_t *starts = (cudaEvent_t *)malloc(n_streams * sizeof(cudaEvent_t));
  cudaEvent_t *stops = (cudaEvent_t *)malloc(n_streams * sizeof(cudaEvent_t));
  Progress *progress = (Progress *)calloc(n_streams, sizeof(Progress));
  for (int i = 0; i < n_streams; i++) {
    CHECK(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&starts[i]));
    CHECK(cudaEventCreateWithFlags(&stops[i], cudaEventBlockingSync));
    progress[i].stream = i;
  }

  dim3 block(256);
  dim3 grid((n + block.x - 1) / block.x);
  for (int i = 0; i < n_streams; i++) {
    CHECK(cudaEventRecord(starts[i], streams[i]));
    kernel_1<<<grid, block, 0, streams[i]>>>(d_x + i * n, n);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamAddCallback(streams[i], my_callback, (void *)&progress[i], 0));
    CHECK(cudaLaunchHostFunc(streams[i], mark_done, &progress[i]));
    CHECK(cudaEventRecord(stops[i], streams[i]));
  }

  for (int i = 0; i < n_streams; i++) {
    CHECK(cudaEventSynchronize(stops[i]));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, starts[i], stops[i]));
    printf("stream %d: %.3f ms, done=%d\n", i, ms, progress[i].done);
  }
  CHECK(cudaDeviceSynchronize());

  for (int i = 0; i < n_streams; i++) {
    CHECK(cudaStreamDestroy(streams[i]));
    CHECK(cudaEventDestroy(starts[i]));
    CHECK(cudaEventDestroy(stops[i]));
  }
  CHECK(cudaFree(d_x));
  free(streams);
  free(starts);
  free(stops);
  free(progress);
  CHECK(cudaDeviceReset());
  return 0;
}

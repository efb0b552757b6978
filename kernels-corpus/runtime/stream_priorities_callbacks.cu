// corpus: runtime; streams with priorities, cudaLaunchHostFunc and cudaStreamAddCallback ordering
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\"\n", __FILE__,     \
              __LINE__, (int)err, #call);                                   \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

struct CallbackLog {
  int order[8];
  int count;
  long long observedSum;
  const int* hostBuf;
  int n;
};

static void CUDART_CB hostFunc(void* userData) {
  CallbackLog* log = static_cast<CallbackLog*>(userData);
  long long s = 0;
  for (int i = 0; i < log->n; ++i) s += log->hostBuf[i];
  log->observedSum = s;
  log->order[log->count++] = 1;
}

static void CUDART_CB streamCallback(cudaStream_t stream, cudaError_t status, void* userData) {
  (void)stream;
  CallbackLog* log = static_cast<CallbackLog*>(userData);
  log->order[log->count++] = status == cudaSuccess ? 2 : -2;
}

__global__ void iota(int* out, int n, int start) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = start + i;
}

int main() {
  int leastPriority = 0, greatestPriority = 0;
  CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&leastPriority, &greatestPriority));
  printf("priority range greatest<=least: %s\n", greatestPriority <= leastPriority ? "ok" : "FAIL");

  cudaStream_t high, low;
  CUDA_CHECK(cudaStreamCreateWithPriority(&high, cudaStreamNonBlocking, greatestPriority));
  CUDA_CHECK(cudaStreamCreateWithPriority(&low, cudaStreamNonBlocking, leastPriority));
  int pHigh = 0, pLow = 0;
  CUDA_CHECK(cudaStreamGetPriority(high, &pHigh));
  CUDA_CHECK(cudaStreamGetPriority(low, &pLow));
  bool prioOk = pHigh >= greatestPriority && pHigh <= leastPriority && pLow >= greatestPriority &&
                pLow <= leastPriority && pHigh <= pLow;
  printf("stream priorities within range: %s\n", prioOk ? "ok" : "FAIL");

  const int n = 4096;
  int *dHigh, *dLow, *hBuf;
  CUDA_CHECK(cudaMalloc(&dHigh, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dLow, n * sizeof(int)));
  CUDA_CHECK(cudaMallocHost(&hBuf, n * sizeof(int)));

  CallbackLog log = {};
  log.hostBuf = hBuf;
  log.n = n;

  iota<<<n / 256, 256, 0, low>>>(dLow, n, 1000);
  iota<<<n / 256, 256, 0, high>>>(dHigh, n, 1);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(hBuf, dHigh, n * sizeof(int), cudaMemcpyDeviceToHost, high));
  CUDA_CHECK(cudaLaunchHostFunc(high, hostFunc, &log));
  CUDA_CHECK(cudaStreamAddCallback(high, streamCallback, &log, 0));
  CUDA_CHECK(cudaStreamSynchronize(high));
  CUDA_CHECK(cudaStreamSynchronize(low));

  long long expectSum = (long long)n * (n + 1) / 2;
  printf("callbacks ran: %d, order: %d %d\n", log.count, log.order[0], log.order[1]);
  printf("host func observed sum = %lld\n", log.observedSum);

  int lastLow = 0;
  CUDA_CHECK(cudaMemcpy(&lastLow, dLow + n - 1, sizeof(int), cudaMemcpyDeviceToHost));
  printf("low-priority stream last = %d\n", lastLow);

  bool ok = greatestPriority <= leastPriority && prioOk && log.count == 2 && log.order[0] == 1 &&
            log.order[1] == 2 && log.observedSum == expectSum && lastLow == 1000 + n - 1;
  CUDA_CHECK(cudaStreamDestroy(high));
  CUDA_CHECK(cudaStreamDestroy(low));
  CUDA_CHECK(cudaFree(dHigh));
  CUDA_CHECK(cudaFree(dLow));
  CUDA_CHECK(cudaFreeHost(hBuf));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

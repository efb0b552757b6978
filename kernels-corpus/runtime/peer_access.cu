// corpus: runtime; peer-to-peer queries (cudaDeviceCanAccessPeer) and copies, working with one GPU too
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

int main() {
  int count = 0;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  printf("at least one device: %s\n", count >= 1 ? "ok" : "FAIL");

  // A device can never be its own peer: the query must answer 0.
  int self = -1;
  CUDA_CHECK(cudaDeviceCanAccessPeer(&self, 0, 0));
  printf("device 0 is not its own peer: %s\n", self == 0 ? "ok" : "FAIL");

  int pairsChecked = 0, pairsEnabled = 0;
  for (int a = 0; a < count; ++a) {
    for (int b = 0; b < count; ++b) {
      if (a == b) continue;
      int can = 0;
      CUDA_CHECK(cudaDeviceCanAccessPeer(&can, a, b));
      ++pairsChecked;
      if (can) {
        CUDA_CHECK(cudaSetDevice(a));
        cudaError_t e = cudaDeviceEnablePeerAccess(b, 0);
        if (e == cudaErrorPeerAccessAlreadyEnabled) cudaGetLastError();
        else CUDA_CHECK(e);
        ++pairsEnabled;
      }
    }
  }
  CUDA_CHECK(cudaSetDevice(0));

  // cudaMemcpyPeer works whether or not peer access is possible (and with
  // src == dst device on a single-GPU machine).
  const int n = 1024;
  int last = count - 1;
  int *src = nullptr, *dst = nullptr;
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaMalloc(&src, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(src, 1, n * sizeof(int)));
  CUDA_CHECK(cudaSetDevice(last));
  CUDA_CHECK(cudaMalloc(&dst, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpyPeer(dst, last, src, 0, n * sizeof(int)));
  int h[n];
  CUDA_CHECK(cudaMemcpy(h, dst, sizeof(h), cudaMemcpyDeviceToHost));
  bool copyOk = true;
  for (int i = 0; i < n; ++i) copyOk = copyOk && h[i] == 0x01010101;
  printf("cudaMemcpyPeer data: %s\n", copyOk ? "ok" : "FAIL");
  printf("pairs checked == count*(count-1): %s\n",
         pairsChecked == count * (count - 1) ? "ok" : "FAIL");
  printf("enabled pairs <= checked pairs: %s\n", pairsEnabled <= pairsChecked ? "ok" : "FAIL");

  CUDA_CHECK(cudaFree(dst));
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(src));
  bool ok = count >= 1 && self == 0 && copyOk && pairsChecked == count * (count - 1);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

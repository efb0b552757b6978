#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \
  do {                                                                      \
    cudaError_t err_ = (call);                                              \
    if (err_ != cudaSuccess) {                                              \
      fprintf(stderr, "%s\n", cudaGetErrorString(err_));                    \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

__global__ void reduce(const int* in, int* out, int n) {
  int v = threadIdx.x < n ? in[threadIdx.x] : 0;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, \
                          v, o);
  if (threadIdx.x == 0) *out = v;
}

int main() {
  int n = 32, *in, *out;
  CHECK(cudaMallocHost((void**)&in, n *            \
      sizeof(int)));
  CHECK(cudaMalloc((void**)&out, sizeof(int)));
  reduce<<<1, 32>>>(in, \
                    out, n);
  CHECK(cudaGetLastError());
  return 0;
}

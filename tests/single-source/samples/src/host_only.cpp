// Host code compiled by the C++ compiler: runtime API, no kernels.
#include <cuda_runtime_api.h>
#include <cstdio>

int device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) return 0;
  return n;
}

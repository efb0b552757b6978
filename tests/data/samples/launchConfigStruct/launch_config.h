#ifndef LAUNCH_CONFIG_H
#define LAUNCH_CONFIG_H
// A solver's launch configuration, as a small project keeps it: the shape
// in uint3 members, the launch dims cached in dim3 members.
#include <cuda_runtime.h>

struct LaunchConfig {
  uint3 gridShape;
  uint3 blockShape;
  dim3 grid;
  dim3 block;
  size_t sharedBytes;
  cudaStream_t stream;
};

#define CUDA_CHECK(call)                                                         \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),      \
              __FILE__, __LINE__);                                               \
      exit(EXIT_FAILURE);                                                        \
    }                                                                            \
  } while (0)

#endif

// HeCBench rotary-cuda/main.cu, lines 1-20
#include <chrono>
#include <cstdio>
#include <thrust/tuple.h>

#define C10_WARP_SIZE 32
#define C10_HOST_DEVICE __host__ __device__

#include "Array.h"
#include "FunctionTraits.h"

#ifndef GPU_LAMBDA
#define GPU_LAMBDA __host__ __device__
#endif

constexpr int num_threads() {
  return C10_WARP_SIZE * 4;
}

constexpr int thread_work_size() { return 4; }
constexpr int block_work_size() { return thread_work_size() * num_threads(); }

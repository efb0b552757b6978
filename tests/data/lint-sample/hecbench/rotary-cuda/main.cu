// HeCBench rotary-cuda/main.cu, lines 1-8
#include <chrono>
#include <cstdio>
#include <thrust/tuple.h>

#define C10_WARP_SIZE 32
#define C10_HOST_DEVICE __host__ __device__

#include "Array.h"
// HeCBench f8cast-cuda/main.cu, lines 1-11
#include <chrono>
#include <random>
#include <cstdio>
#include <cmath>
#include <cuda.h>
#include <cuda_fp8.h>
#include "kernels.h"
#include "utils.h"

#define CUDA_CHECK(ans)                                                                  \
    {                                                                                    \
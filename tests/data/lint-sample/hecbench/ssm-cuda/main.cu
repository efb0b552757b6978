// HeCBench ssm-cuda/main.cu, lines 1-13
// Modified codes from Claude Free

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <chrono>
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include "reference.h"

#define GPU_CHECK(call)                                                        \
    do {                                                                        \
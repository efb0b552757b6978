// HeCBench quantVLLM-cuda/main.cu, lines 1-12
#include <chrono>
#include <cmath>
#include <cstring>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cub/util_type.cuh>
#include <cub/cub.cuh>
#include "utils.h"
#include "reference.h"

template <typename scalar_t, typename scale_type>
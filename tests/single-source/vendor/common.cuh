#pragma once
#if defined(PROJ_USE_HIP)
#include "vendors/hip.h"
#else
#include "vendors/cuda.h"
#endif

#define CUDA_CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s\n", cudaGetErrorString(e_)); abort(); } } while (0)

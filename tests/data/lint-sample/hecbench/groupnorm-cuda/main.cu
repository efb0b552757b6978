// HeCBench groupnorm-cuda/main.cu, lines 1-13
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include "reference.h"
#include "common.h"

// GPU thread block size
#define TPB 1024
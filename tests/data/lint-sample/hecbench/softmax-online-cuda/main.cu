// HeCBench softmax-online-cuda/main.cu, lines 1-16
/*
   Kernels for softmax forward pass.
 */

#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/cub.cuh>
#include "common.h"
#include "reference.h"

struct Max
{
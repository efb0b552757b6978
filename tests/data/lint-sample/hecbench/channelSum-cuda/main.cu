// HeCBench channelSum-cuda/main.cu, lines 1-11
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <chrono>
#include <cuda.h>
#include <cub/cub.cuh>
#include "reference.h"

#define NUM_THREADS 256

// choose integer type to avoid floating-point rounding errors
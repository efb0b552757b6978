// HeCBench scan3-cuda/main.cu, lines 1-10
#include <chrono>
#include <cuda.h>
#include <thrust/scan.h>
#include <thrust/device_vector.h>
#include <cub/cub.cuh>
#include "scan.h"

// Binary sum operator, returns `t + u`
struct Sum
{
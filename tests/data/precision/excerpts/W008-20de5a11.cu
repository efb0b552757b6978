#include <cstdio>
#include <thrust/tuple.h>

#define C10_WARP_SIZE 32
#define C10_HOST_DEVICE __host__ __device__

#include "Array.h"

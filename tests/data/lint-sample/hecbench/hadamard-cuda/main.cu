// HeCBench hadamard-cuda/main.cu, lines 1-16
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "utils.h"
#include "specials.h"
#include "reference.h"
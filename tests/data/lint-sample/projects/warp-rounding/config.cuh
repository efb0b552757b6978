// Tuning constants shared by the solver's files (as in hexciton's utils.hpp).
#pragma once
#include <cuda_runtime.h>
#ifndef WARP_SIZE
#define WARP_SIZE 32
#endif
#ifndef CHUNK_SIZE
#define CHUNK_SIZE 16
#endif

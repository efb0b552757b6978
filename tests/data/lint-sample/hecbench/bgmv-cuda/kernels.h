// HeCBench bgmv-cuda/kernels.h, lines 1-6
#include <cub/cub.cuh>

// ============================================================
// BGMV-Shrink kernel
//
//   output[token, r] += scaling * sum_k( input[token, k] * W[lora_id, r, k] )
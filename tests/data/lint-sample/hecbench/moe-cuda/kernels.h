// HeCBench moe-cuda/kernels.h, lines 1-7
#include <float.h>
#include <cub/cub.cuh>
#include <cub/util_type.cuh>

struct Sum
{
  template <typename T, typename U>
// HeCBench rle-cuda/test_util.h, lines 35-55
#else
    #include <sys/resource.h>
#endif

#include <cstdio>
#include <cfloat>
#include <cmath>
#include <cstddef>

#include <string>
#include <vector>
#include <sstream>
#include <iostream>
#include <limits>

#include <cub/util_debug.cuh>
#include <cub/util_macro.cuh>

/**
 * Helper for casting character types to integers for cout printing
 */
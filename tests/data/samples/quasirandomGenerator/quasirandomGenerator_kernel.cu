// The GPU half: the kernels live in a .cuh this unit includes.
#include "quasirandomGenerator_kernel.cuh"

// Fuzz (issue 22): a fragment that ends a group its includer opened, its
// `#endif` followed by the name it closes, an old style compilers accept
// with a warning. The translation renames that name, and no `#if … #else
// … #endif` block can hold the stray `#endif`: the lines from the file's
// start to it stay as they are, with a note, and a second run agrees.
#include <cuda_runtime.h>
__global__ void fill(float *p) { p[threadIdx.x] = 0.0f; }
#endif __CUDACC__
void g(float *p) { fill<<<1, 32>>>(p); }

// Fuzz (issue 22): a macro continued to the end of the file: its last line
// ends in a backslash, which would join the `#else` or `#endif` after a
// side to it; a line of the mark takes the splice instead.
#include <cuda_runtime.h>
#define ALLOC(p, n) \
  cudaMallocHost(p, n); \

// The last line changes and has no newline: the branch ends it with one,
// and the #line after it counts that line (fuzz, single_source).
#include <cuda_runtime.h>
void f(float **h, size_t n) { cudaMallocHost(h, n); }
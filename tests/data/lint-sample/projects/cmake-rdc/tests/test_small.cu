__device__ float twice(float x) { return 2 * x; }
__global__ void small(float* p) { p[threadIdx.x] = twice(p[threadIdx.x]); }

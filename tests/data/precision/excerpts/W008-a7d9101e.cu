}

__global__ void blockSum(const float* in, float* out, int n) {
  __shared__ float warpSums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int warpId = threadIdx.x / 32;
